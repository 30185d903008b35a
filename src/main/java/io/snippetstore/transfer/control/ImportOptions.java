package io.snippetstore.transfer.control;

import java.util.Arrays;
import java.util.Locale;

import io.snippetstore.platform.ApiException;

/**
 * How an import treats a snippet the importer already has (the same title and code): keeps both
 * ({@code keep}, the default: what an import always did), skips the archive's ({@code skip}), or
 * brings the one here up to date with it as a new version ({@code update}); and whether it only
 * says what it would do ({@code dryRun}), writing nothing.
 */
public record ImportOptions(Duplicates duplicates, boolean dryRun) {

    public static final ImportOptions DEFAULT = new ImportOptions(Duplicates.KEEP, false);

    public enum Duplicates {
        KEEP,
        SKIP,
        UPDATE;

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The query parameters {@code duplicates} and {@code dryRun} as sent (null when absent): 400 for any other value. */
    public static ImportOptions parse(String duplicates, String dryRun) {
        Duplicates policy = duplicates == null || duplicates.isEmpty()
                ? Duplicates.KEEP
                : Arrays.stream(Duplicates.values())
                        .filter(value -> value.apiName().equals(duplicates))
                        .findFirst()
                        .orElseThrow(() -> ApiException.badRequest("duplicates must be one of keep, skip, update."));
        if (dryRun != null && !dryRun.isEmpty() && !dryRun.equals("true") && !dryRun.equals("false")) {
            throw ApiException.badRequest("dryRun must be true or false.");
        }
        return new ImportOptions(policy, "true".equals(dryRun));
    }
}
