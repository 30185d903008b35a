package io.snippetstore.snippets.boundary;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.snippetstore.platform.ApiException;
import jakarta.ws.rs.core.MultivaluedMap;

/** The values of a rendering as its query string gives them: one per name ({@code ?name=value&…}). */
final class VariableValues {

    private VariableValues() {}

    static Map<String, String> of(MultivaluedMap<String, String> query) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
            if (parameter.getValue().size() > 1) {
                throw ApiException.badRequest("The variable " + parameter.getKey() + " is given more than one value.");
            }
            values.put(
                    parameter.getKey(),
                    parameter.getValue().isEmpty() ? "" : parameter.getValue().get(0));
        }
        return values;
    }
}
