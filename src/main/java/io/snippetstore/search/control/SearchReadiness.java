package io.snippetstore.search.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the search index is open and complete (not while it is being built at start-up or after
 * a restore); says too what search by meaning is doing.
 */
@Readiness
@ApplicationScoped
public class SearchReadiness implements HealthCheck {

    @Inject
    SearchIndex index;

    @Override
    public HealthCheckResponse call() {
        // search by meaning never holds readiness back: word search answers while meanings are made
        return HealthCheckResponse.named("search")
                .status(index.isReady())
                .withData("meaning", index.meaningState())
                .build();
    }
}
