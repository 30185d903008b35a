package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * For what the service does after it answers (clean-up of abandoned uploads and imports, the
 * meanings of snippets made in the background): waits for it, up to 30 s.
 */
public final class Eventually {

    private Eventually() {}

    /** The value, once {@code done} holds for it (asked again every 50 ms, up to 30 s). */
    public static <T> T gives(Supplier<T> value, Predicate<T> done, String what) {
        List<T> last = new ArrayList<>(List.of());
        holds(
                () -> {
                    T now = value.get();
                    last.clear();
                    last.add(now);
                    return done.test(now);
                },
                what);
        return last.get(0);
    }

    public static void holds(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited 30 s for: " + what);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
