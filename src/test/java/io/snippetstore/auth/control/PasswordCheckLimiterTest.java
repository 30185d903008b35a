package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class PasswordCheckLimiterTest {

    @Test
    void oneAddressGetsAtMostItsShareAndAnotherAddressStillGetsIn() {
        PasswordCheckLimiter limiter = new PasswordCheckLimiter(2, 1);

        var first = limiter.tryEnter("203.0.113.7");
        assertTrue(first.isPresent());
        assertFalse(limiter.tryEnter("203.0.113.7").isPresent(), "a second check from the same address");
        var other = limiter.tryEnter("198.51.100.1");
        assertTrue(other.isPresent(), "another address has room");
        assertFalse(limiter.tryEnter("192.0.2.9").isPresent(), "no room left in all");

        first.get().close();
        assertTrue(limiter.tryEnter("192.0.2.9").isPresent(), "a place given back is free again");
    }

    @Test
    void closingAPermitTwiceGivesItsPlaceBackOnce() {
        PasswordCheckLimiter limiter = new PasswordCheckLimiter(1, 1);
        var permit = limiter.tryEnter("a").orElseThrow();

        permit.close();
        permit.close();

        var next = limiter.tryEnter("b");
        assertTrue(next.isPresent());
        assertFalse(limiter.tryEnter("c").isPresent(), "the double close did not make room for two");
    }

    @Test
    void aRefusalForWantOfRoomInAllLeavesNoCountBehindForItsAddress() {
        PasswordCheckLimiter limiter = new PasswordCheckLimiter(1, 1);
        var held = limiter.tryEnter("a").orElseThrow();

        assertFalse(limiter.tryEnter("b").isPresent());
        held.close();

        assertTrue(limiter.tryEnter("b").isPresent(), "b's refused attempt left no place taken");
        assertEquals(1, limiter.trackedAddresses());
    }

    @Test
    void manyThreadsNeverExceedTheBoundsAndEveryAddressIsForgottenAtTheEnd() throws Exception {
        PasswordCheckLimiter limiter = new PasswordCheckLimiter(3, 2);
        AtomicInteger inAll = new AtomicInteger();
        AtomicInteger inA = new AtomicInteger();
        AtomicInteger maxAll = new AtomicInteger();
        AtomicInteger maxA = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(16);
        List<Future<?>> runs = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            String address = i % 2 == 0 ? "a" : "b" + (i % 7);
            runs.add(threads.submit(() -> limiter.tryEnter(address).ifPresent(permit -> {
                try (permit) {
                    maxAll.accumulateAndGet(inAll.incrementAndGet(), Math::max);
                    if (address.equals("a")) {
                        maxA.accumulateAndGet(inA.incrementAndGet(), Math::max);
                        inA.decrementAndGet();
                    }
                    Thread.onSpinWait();
                    inAll.decrementAndGet();
                }
            })));
        }
        for (Future<?> run : runs) {
            run.get();
        }
        threads.shutdown();

        assertTrue(maxAll.get() <= 3, "in all: " + maxAll.get());
        assertTrue(maxA.get() <= 2, "from a: " + maxA.get());
        assertEquals(0, limiter.trackedAddresses());
    }
}
