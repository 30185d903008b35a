package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.snippetstore.testing.Eventually;
import org.junit.jupiter.api.Test;

class ConcurrencyLimitTest {

    @Test
    void oneAddressGetsAtMostItsShareAndAnotherAddressStillGetsIn() {
        ConcurrencyLimit limiter = new ConcurrencyLimit(2, 1, Duration.ZERO);

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
        ConcurrencyLimit limiter = new ConcurrencyLimit(1, 1, Duration.ZERO);
        var permit = limiter.tryEnter("a").orElseThrow();

        permit.close();
        permit.close();

        var next = limiter.tryEnter("b");
        assertTrue(next.isPresent());
        assertFalse(limiter.tryEnter("c").isPresent(), "the double close did not make room for two");
    }

    @Test
    void aRefusalForWantOfRoomInAllLeavesNoCountBehindForItsAddress() {
        ConcurrencyLimit limiter = new ConcurrencyLimit(1, 1, Duration.ZERO);
        var held = limiter.tryEnter("a").orElseThrow();

        assertFalse(limiter.tryEnter("b").isPresent());
        held.close();

        assertTrue(limiter.tryEnter("b").isPresent(), "b's refused attempt left no place taken");
        assertEquals(1, limiter.trackedKeys());
    }

    @Test
    void manyThreadsNeverExceedTheBoundsAndEveryAddressIsForgottenAtTheEnd() throws Exception {
        ConcurrencyLimit limiter = new ConcurrencyLimit(3, 2, Duration.ZERO);
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
        assertEquals(0, limiter.trackedKeys());
    }

    @Test
    void aRunWithinItsKeysShareWaitsForAPlaceInAllAndGetsTheFirstOneGivenBack() throws Exception {
        ConcurrencyLimit limiter = new ConcurrencyLimit(1, 1, Duration.ofSeconds(10));
        var storm = limiter.tryEnter("storm").orElseThrow();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> waiting = thread.submit(() -> limiter.tryEnter("other")
                    .map(permit -> {
                        permit.close();
                        return true;
                    })
                    .isPresent());
            assertFalse(limiter.tryEnter("storm").isPresent(), "the storm's key is at its share: refused at once");
            Eventually.holds(() -> limiter.waiting() == 1, "the other key waits while the place is taken");
            assertFalse(waiting.isDone());

            storm.close();

            assertTrue(waiting.get(5, TimeUnit.SECONDS), "the place given back went to the key that waited");
        } finally {
            thread.shutdownNow();
        }
    }

    @Test
    void aRunThatFindsNoPlaceWithinTheWaitIsRefusedAndLeavesNothingBehind() throws Exception {
        ConcurrencyLimit limiter = new ConcurrencyLimit(1, 1, Duration.ofSeconds(2));
        var held = limiter.tryEnter("a").orElseThrow();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> admitted = thread.submit(() -> limiter.tryEnter("b").isPresent());

            Eventually.holds(() -> limiter.waiting() == 1, "b waits for a place, not refused at once");
            assertFalse(admitted.get(5, TimeUnit.SECONDS), "no place came free within the wait: refused");
            assertEquals(0, limiter.waiting(), "it waits no longer");
            held.close();

            assertEquals(0, limiter.trackedKeys());
        } finally {
            thread.shutdownNow();
        }
    }
}
