package io.snippetstore.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.whitelist.ValidationErrorsWhitelist;
import com.atlassian.oai.validator.whitelist.rule.WhitelistRules;

/**
 * The API's document ({@code META-INF/openapi.yaml} as the build has it) as the contract every
 * exchange of the HTTP suite is checked against. An answer must be declared: its status, its
 * content type and its body's schema. A request the document calls invalid must not succeed:
 * tests send bad input on purpose, and what the document refuses the service must refuse too.
 * Paths the document does not describe (pages, static files, the servers' own endpoints) are not
 * checked here.
 */
public final class OpenApiContract {

    /** Messages that say the exchange is outside the document, not that it breaks it. */
    private static final Set<String> NOT_DESCRIBED =
            Set.of("validation.request.path.missing", "validation.request.operation.notAllowed");

    private static final OpenApiInteractionValidator VALIDATOR =
            OpenApiInteractionValidator.createForInlineApiSpecification(document())
                    // an allOf of object schemas is checked as one schema: the validator forbids unknown properties in
                    // each part otherwise
                    .withResolveCombinators(true)
                    .withLevelResolver(LevelResolver.create()
                            // a security requirement is the service's to enforce (tests send no credential on purpose)
                            .withLevel("validation.request.security", ValidationReport.Level.IGNORE)
                            // a body where none is read (the tests' client posts {} to such operations) is ignored by
                            // the service
                            .withLevel("validation.request.body.unexpected", ValidationReport.Level.IGNORE)
                            .build())
                    // the document declares a rendering's values as one free-form query object (values), which this
                    // validator cannot match
                    .withWhitelist(ValidationErrorsWhitelist.create()
                            .withRule(
                                    "a rendering's values",
                                    WhitelistRules.allOf(
                                            WhitelistRules.messageHasKey(
                                                    "validation.request.parameter.query.unexpected"),
                                            WhitelistRules.pathContainsRegexp("/render$"))))
                    .build();

    private OpenApiContract() {}

    /**
     * Checks one exchange; throws {@link AssertionError} naming what the document does not allow.
     *
     * @param body the request's body: {@code null} when it is empty, or when it was read from a
     *     file as it was sent ({@code fromFile}), so that only the rest of the request is checked
     */
    public static void check(
            String method,
            URI uri,
            Map<String, List<String>> requestHeaders,
            byte[] body,
            boolean fromFile,
            Reply reply) {
        Request request = request(method, uri, requestHeaders, body);
        ValidationReport requestReport = VALIDATOR.validateRequest(request);
        if (fromFile) {
            requestReport = without(requestReport, "validation.request.body");
        }
        if (requestReport.getMessages().stream().anyMatch(message -> NOT_DESCRIBED.contains(message.getKey()))
                || isRefusalOfTheHttpLayer(reply)) {
            return;
        }
        ValidationReport responseReport =
                VALIDATOR.validateResponse(uri.getRawPath(), request.getMethod(), response(reply));
        if (reply.body().length == 0
                && !isJson(reply.headers().firstValue("Content-Type").orElse(""))) {
            // an empty file is an empty binary body, which the validator takes for a missing one
            responseReport = without(responseReport, "validation.response.body.missing");
        }
        StringBuilder broken = new StringBuilder();
        if (responseReport.hasErrors()) {
            broken.append("\n the answer breaks the document: ").append(messages(responseReport));
        }
        if (requestReport.hasErrors() && reply.status() < 400) {
            broken.append("\n the document refuses the request, the service accepted it: ")
                    .append(messages(requestReport));
        }
        if (!broken.isEmpty()) {
            throw new AssertionError(method + " " + uri.getRawPath() + " → " + reply.status() + broken + "\n answer: "
                    + abbreviated(reply));
        }
    }

    /**
     * A {@code 400} of the server's own HTTP layer, which refuses some request targets before any
     * application code runs (docs/API.md, Errors): Payara a NUL in the path or a URL over its limit,
     * with an empty body; Open Liberty a NUL or an encoded slash, with its HTML page. Such an answer
     * never passed the service's filters, so it lacks the header every answer of the service has.
     */
    public static boolean isRefusalOfTheHttpLayer(Reply reply) {
        return reply.status() == 400
                && reply.headers().firstValue("X-Content-Type-Options").isEmpty()
                && !isJson(reply.headers().firstValue("Content-Type").orElse(""));
    }

    private static ValidationReport without(ValidationReport report, String keyPrefix) {
        return ValidationReport.from(report.getMessages().stream()
                .filter(message -> !message.getKey().startsWith(keyPrefix))
                .toList());
    }

    private static Request request(String method, URI uri, Map<String, List<String>> headers, byte[] body) {
        SimpleRequest.Builder request = new SimpleRequest.Builder(method.toUpperCase(Locale.ROOT), uri.getRawPath());
        headers.forEach(request::withHeader);
        if (body != null) {
            request.withBody(body);
        }
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int equals = pair.indexOf('=');
                String name = decoded(equals < 0 ? pair : pair.substring(0, equals));
                request.withQueryParam(name, equals < 0 ? "" : decoded(pair.substring(equals + 1)));
            }
        }
        return request.build();
    }

    private static SimpleResponse response(Reply reply) {
        SimpleResponse.Builder response = new SimpleResponse.Builder(reply.status());
        HttpHeaders headers = reply.headers();
        headers.map().forEach(response::withHeader);
        if (reply.body().length > 0) {
            response.withBody(reply.body());
        }
        return response.build();
    }

    private static boolean isJson(String contentType) {
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.startsWith("application/json") || type.contains("+json");
    }

    /** A query part decoded; as sent when it is no valid percent-encoding (hostile tests send such). */
    private static String decoded(String part) {
        try {
            return URLDecoder.decode(part, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return part;
        }
    }

    private static String messages(ValidationReport report) {
        return report.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .map(message -> "[" + message.getKey() + "] " + message.getMessage())
                .collect(Collectors.joining("; "));
    }

    private static String abbreviated(Reply reply) {
        String text = isJson(reply.headers().firstValue("Content-Type").orElse(""))
                ? reply.text()
                : "(" + reply.body().length + " bytes)";
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }

    private static String document() {
        try (InputStream in = OpenApiContract.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            if (in == null) {
                throw new IllegalStateException("META-INF/openapi.yaml is not on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
