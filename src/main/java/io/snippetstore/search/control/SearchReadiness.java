package io.snippetstore.search.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the search index is open and complete (not while it is being built at start-up or after a restore). */
@Readiness
@ApplicationScoped
public class SearchReadiness implements HealthCheck {

    @Inject
    SearchIndex index;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("search").status(index.isReady()).build();
    }
}
