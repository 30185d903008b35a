package io.snippetstore.platform;

import jakarta.json.spi.JsonProvider;

/**
 * The one JSON-P provider of the application. {@code jakarta.json.Json}'s static methods look the
 * provider up through the class loader on every call, which profiling showed costing about half
 * of the CPU time of a snippet list; this looks it up once.
 */
public final class JsonProviders {

    public static final JsonProvider SHARED = JsonProvider.provider();

    private JsonProviders() {}
}
