package io.snippetstore.health.control;

import io.snippetstore.storage.control.DiskSpace;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready for new data while the data directory's disk is below its free-space floor: reads,
 * downloads, deletes and sign-ins still work, writes answer 503 until space is freed. Liveness is
 * not affected: restarting would not help.
 */
@Readiness
@ApplicationScoped
public class DiskSpaceCheck implements HealthCheck {

    @Inject
    DiskSpace disk;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("disk-space")
                .status(!disk.isLow())
                .withData("freeBytes", disk.freeBytes())
                .withData("minFreeBytes", disk.minFreeBytes())
                .build();
    }
}
