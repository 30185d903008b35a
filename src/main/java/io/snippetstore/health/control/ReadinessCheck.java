package io.snippetstore.health.control;

import io.snippetstore.storage.control.DatabaseMigrations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the database answers a query and its schema is migrated to this build's version. */
@Readiness
@ApplicationScoped
public class ReadinessCheck implements HealthCheck {

    @Inject
    DatabaseMigrations migrations;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("database")
                .status(migrations.isSchemaCurrent())
                .build();
    }
}
