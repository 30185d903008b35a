package io.snippetstore.audit.control;

import java.time.Instant;
import java.util.Optional;

import io.snippetstore.platform.ApiException;

/**
 * Which records of the trail a reader asks for: of one user, of one action, and from when
 * ({@code since}, inclusive) until when ({@code until}, exclusive); each absent for any.
 */
public record AuditFilter(
        Optional<String> userId, Optional<String> action, Optional<Instant> since, Optional<Instant> until) {

    public AuditFilter {
        if (since.isPresent() && until.isPresent() && since.get().isAfter(until.get())) {
            throw ApiException.badRequest("since must not be after until.");
        }
    }
}
