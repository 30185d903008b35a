package io.snippetstore.health.boundary;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /api/health} (liveness) and {@code /api/ready} (readiness) in the MicroProfile Health
 * format, outside the versioned API. They run the same CDI health checks that the server's own
 * {@code /health} endpoints run, so both views always agree.
 */
@Path("")
@Produces(MediaType.APPLICATION_JSON)
public class HealthResource {

    @JsonbPropertyOrder({"status", "checks"})
    public record Report(String status, List<Check> checks) {}

    @JsonbPropertyOrder({"name", "status", "data"})
    public record Check(String name, String status, Map<String, Object> data) {}

    @Inject
    @Liveness
    Instance<HealthCheck> liveness;

    @Inject
    @Readiness
    Instance<HealthCheck> readiness;

    @GET
    @Path("health")
    public Response health() {
        return report(liveness);
    }

    @GET
    @Path("ready")
    public Response ready() {
        return report(readiness);
    }

    private static Response report(Instance<HealthCheck> checks) {
        List<Check> results = checks.stream().map(HealthResource::run).toList();
        boolean up = results.stream().allMatch(check -> "UP".equals(check.status()));
        return Response.status(up ? Response.Status.OK : Response.Status.SERVICE_UNAVAILABLE)
                .entity(new Report(up ? "UP" : "DOWN", results))
                .build();
    }

    private static Check run(HealthCheck check) {
        HealthCheckResponse response;
        try {
            response = check.call();
        } catch (RuntimeException e) {
            return new Check(check.getClass().getSimpleName(), "DOWN", null);
        }
        return new Check(
                response.getName(),
                response.getStatus().name(),
                response.getData().orElse(null));
    }
}
