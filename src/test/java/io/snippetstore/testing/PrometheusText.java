package io.snippetstore.testing;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads samples out of what {@code GET /api/v1/metrics} answers (the Prometheus text format). */
public final class PrometheusText {

    private PrometheusText() {}

    /** The value of the sample {@code name} whose labels include every one of {@code labels} (a route's template holds braces). */
    public static Optional<Double> value(String exposition, String name, String... labels) {
        Matcher sample = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{.*\\})? (\\S+)$")
                .matcher(exposition);
        while (sample.find()) {
            String found = sample.group(1) == null ? "" : sample.group(1);
            if (List.of(labels).stream().allMatch(found::contains)) {
                return Optional.of(Double.parseDouble(sample.group(2)));
            }
        }
        return Optional.empty();
    }
}
