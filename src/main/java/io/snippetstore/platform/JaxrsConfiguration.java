package io.snippetstore.platform;

import java.util.Map;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Every resource lives under {@code /api}: the versioned API under {@code /api/v1}, health beside it. */
@ApplicationPath("api")
public class JaxrsConfiguration extends Application {

    @Override
    public Map<String, Object> getProperties() {
        // Jersey (Payara) only: no generated WADL (/api/application.wadl, the body of every OPTIONS); the
        // API is described by its OpenAPI document. Other runtimes ignore the property.
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
