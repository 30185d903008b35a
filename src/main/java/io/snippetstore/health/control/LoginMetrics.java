package io.snippetstore.health.control;

import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** Counts login attempts by outcome from the events the audit trail records: one source for both. */
@ApplicationScoped
public class LoginMetrics {

    @Inject
    Metrics metrics;

    void count(@Observes AuditEvent event) {
        if (AuditEvent.LOGIN.equals(event.action())) {
            metrics.loginAttempted(event.outcome().apiName());
        }
    }
}
