package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {

    @Path("v1/things")
    static class ThingsResource {

        @GET
        @Path("{thingId}/parts")
        public String parts() {
            return "";
        }

        @GET
        public String list() {
            return "";
        }
    }

    /** What a CDI container hands out: a subclass without the annotations, overriding every method. */
    static class ThingsResourceProxy extends ThingsResource {

        @Override
        public String parts() {
            return "";
        }
    }

    @Test
    void theRouteIsTheApplicationPathAndTheClassAndMethodTemplates() throws NoSuchMethodException {
        assertEquals(
                "/api/v1/things/{thingId}/parts",
                RequestMetrics.route(ThingsResource.class, ThingsResource.class.getMethod("parts")));
        assertEquals(
                "/api/v1/things", RequestMetrics.route(ThingsResource.class, ThingsResource.class.getMethod("list")));
    }

    @Test
    void theTemplatesAreFoundBehindAProxySubclass() throws NoSuchMethodException {
        assertEquals(
                "/api/v1/things/{thingId}/parts",
                RequestMetrics.route(ThingsResourceProxy.class, ThingsResourceProxy.class.getMethod("parts")));
    }
}
