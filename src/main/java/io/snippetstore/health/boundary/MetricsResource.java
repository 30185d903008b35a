package io.snippetstore.health.boundary;

import io.snippetstore.health.control.StoreGauges;
import io.snippetstore.platform.Metrics;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/**
 * The service's metrics in the Prometheus text format, for administrators (a token in the
 * scraper's configuration): behind a reverse proxy every client would come from loopback, so
 * loopback alone proves nothing.
 */
@Path("v1/metrics")
@Authenticated
@AdminOnly
public class MetricsResource {

    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    @Inject
    Metrics metrics;

    @Inject
    StoreGauges gauges;

    @GET
    @Produces(PROMETHEUS_TEXT)
    public String scrape() {
        gauges.refresh();
        return metrics.scrape();
    }
}
