package io.snippetstore.snippets.control;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which revisions are kept besides a snippet's current version, as {@code SNIPPETS_REVISIONS_KEEP}
 * says: {@code all}, the newest {@code N} versions, or those made in the last {@code Nd} days.
 */
record RevisionRetention(Optional<Integer> versions, Optional<Integer> days) {

    static final RevisionRetention ALL = new RevisionRetention(Optional.empty(), Optional.empty());

    static RevisionRetention parse(String setting) {
        String value = setting.strip().toLowerCase(Locale.ROOT);
        if (value.equals("all")) {
            return ALL;
        }
        boolean inDays = value.endsWith("d");
        try {
            int amount = Integer.parseInt(inDays ? value.substring(0, value.length() - 1) : value);
            if (amount >= 1) {
                return inDays
                        ? new RevisionRetention(Optional.empty(), Optional.of(amount))
                        : new RevisionRetention(Optional.of(amount), Optional.empty());
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new IllegalArgumentException(
                "SNIPPETS_REVISIONS_KEEP must be all, a number of versions (1 or more) or a number of days "
                        + "such as 30d; it is " + setting);
    }

    /** The oldest version kept of a snippet at {@code currentVersion}, when older ones are to go by number. */
    OptionalLong oldestKept(long currentVersion) {
        return versions.filter(count -> currentVersion - count + 1 > 1)
                .map(count -> OptionalLong.of(currentVersion - count + 1))
                .orElse(OptionalLong.empty());
    }

    /** The time before which revisions go (the current version's always stays), when they go by age. */
    Optional<Instant> keptSince(Instant now) {
        return days.map(count -> now.minus(Duration.ofDays(count)));
    }
}
