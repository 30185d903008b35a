package io.snippetstore.platform;

import java.util.Optional;

/**
 * One field of a merge-patch request (RFC 7396): absent (leave unchanged), or present with a
 * value or with {@code null} (clear). Only {@link JsonRecordBinder} creates present ones.
 */
public final class Patch<T> {

    private static final Patch<?> ABSENT = new Patch<>(false, null);

    private final boolean present;
    private final T value;

    private Patch(boolean present, T value) {
        this.present = present;
        this.value = value;
    }

    @SuppressWarnings("unchecked")
    public static <T> Patch<T> absent() {
        return (Patch<T>) ABSENT;
    }

    public static <T> Patch<T> of(T valueOrNull) {
        return new Patch<>(true, valueOrNull);
    }

    public boolean isPresent() {
        return present;
    }

    public boolean isNull() {
        return present && value == null;
    }

    /** The value sent, empty when the field was absent or {@code null}. */
    public Optional<T> value() {
        return Optional.ofNullable(value);
    }
}
