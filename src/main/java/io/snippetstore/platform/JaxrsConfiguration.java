package io.snippetstore.platform;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Every resource lives under {@code /api}: the versioned API under {@code /api/v1}, health beside it. */
@ApplicationPath("api")
public class JaxrsConfiguration extends Application {}
