package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.OpenApiDocumentTest;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Reply;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Contact;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The OpenAPI document as the server serves it at /openapi, and the API browser over it. */
public abstract class ApiDocumentationTests {

    private static String bundled() throws IOException {
        try (InputStream in = ApiDocumentationTests.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * What the servers add to the document, which a strict parser reports and no setting turns off:
     * Payara a top-level {@code endpoints} map (its extension, without the {@code x-} prefix),
     * WildFly (SmallRye) empty {@code info.license}, {@code info.contact} and {@code externalDocs}
     * objects. Nothing else may differ.
     */
    private static final Set<String> SERVER_ADDITIONS = Set.of(
            "attribute endpoints is unexpected",
            "attribute info.license.name is missing",
            "attribute externalDocs.url is missing");

    @Test
    void theServerServesTheDocumentAtTheStandardPathMeaningWhatTheFileSays() throws IOException {
        Reply served = new ApiClient().get("/openapi");

        assertEquals(200, served.status(), served::toString);
        OpenAPI file = OpenApiDocumentTest.parsed(bundled());
        OpenAPI answer = withoutServerAdditions(OpenApiDocumentTest.parsed(served.text(), SERVER_ADDITIONS));
        assertEquals(OpenApiDocumentTest.operations(file), OpenApiDocumentTest.operations(answer));
        List<String> differences = new ArrayList<>();
        file.getPaths()
                .forEach((path, item) ->
                        difference(item, answer.getPaths().get(path), path).ifPresent(differences::add));
        file.getComponents()
                .getSchemas()
                .forEach((name, schema) -> difference(
                                schema, answer.getComponents().getSchemas().get(name), name)
                        .ifPresent(differences::add));
        file.getComponents()
                .getResponses()
                .forEach((name, response) -> difference(
                                response, answer.getComponents().getResponses().get(name), name)
                        .ifPresent(differences::add));
        file.getComponents()
                .getSecuritySchemes()
                .forEach((name, scheme) -> difference(
                                scheme,
                                answer.getComponents().getSecuritySchemes().get(name),
                                name)
                        .ifPresent(differences::add));
        difference(file.getSecurity(), answer.getSecurity(), "the default security")
                .ifPresent(differences::add);
        difference(file.getInfo(), answer.getInfo(), "info").ifPresent(differences::add);
        assertEquals(List.of(), differences);
        // in any order: the servers sort some maps
        assertEquals(
                new TreeSet<>(file.getComponents().getSchemas().keySet()),
                new TreeSet<>(answer.getComponents().getSchemas().keySet()));
        assertEquals(
                new TreeSet<>(file.getComponents().getResponses().keySet()),
                new TreeSet<>(answer.getComponents().getResponses().keySet()));
        assertEquals(
                new TreeSet<>(file.getComponents().getSecuritySchemes().keySet()),
                new TreeSet<>(answer.getComponents().getSecuritySchemes().keySet()));
    }

    @Test
    void theDocumentAsWrittenIsServedBesideTheApiBrowserOnEveryServer() throws IOException {
        Reply document = new ApiClient().get("/api-docs/openapi.yaml");

        assertEquals(200, document.status(), document::toString);
        assertTrue(document.header("Content-Type").startsWith("application/yaml"), document.header("Content-Type"));
        assertEquals(bundled(), document.text());
    }

    @Test
    void theDocumentIsAlsoServedAsJson() throws IOException {
        Reply json = new ApiClient().send("GET", "/openapi", null, null, Map.of("Accept", "application/json"));

        assertEquals(200, json.status(), json::toString);
        assertTrue(json.header("Content-Type").startsWith("application/json"), json.header("Content-Type"));
        assertEquals(
                OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(bundled())),
                OpenApiDocumentTest.operations(
                        OpenApiDocumentTest.parsed(json.json().toString(), SERVER_ADDITIONS)));
    }

    @Test
    void publicOperationsStayPublicInTheServedDocument() {
        OpenAPI served =
                OpenApiDocumentTest.parsed(new ApiClient().get("/openapi").text(), SERVER_ADDITIONS);

        for (String path : List.of("/api/v1/auth/login", "/api/health", "/api/v1/shared/{secret}")) {
            Operation operation = path.equals("/api/v1/auth/login")
                    ? served.getPaths().get(path).getPost()
                    : served.getPaths().get(path).getGet();
            List<SecurityRequirement> security = operation.getSecurity();
            assertNotNull(security, path + " declares its own security, not the document's default");
            assertTrue(
                    security.stream().allMatch(SecurityRequirement::isEmpty),
                    path + " needs no credential: " + security);
        }
    }

    /** Empty when both are equal as the parser reads them; otherwise the first lines that differ. */
    private static Optional<String> difference(Object file, Object served, String what) {
        List<String> expected = Json.pretty(file).lines().toList();
        List<String> actual = Json.pretty(served).lines().toList();
        int line = 0;
        while (line < Math.min(expected.size(), actual.size())
                && expected.get(line).equals(actual.get(line))) {
            line++;
        }
        return line < Math.max(expected.size(), actual.size())
                ? Optional.of(what + " differs at line " + (line + 1) + ":\n the file:\n" + around(expected, line)
                        + "\n the server:\n" + around(actual, line))
                : Optional.empty();
    }

    private static String around(List<String> lines, int line) {
        return String.join("\n", lines.subList(Math.max(0, line - 3), Math.min(lines.size(), line + 3)));
    }

    /** WildFly's empty {@code info.license}, {@code info.contact} and {@code externalDocs}: nothing a reader of the file would miss. */
    private static OpenAPI withoutServerAdditions(OpenAPI served) {
        Contact contact = served.getInfo().getContact();
        if (contact != null && contact.getName() == null && contact.getEmail() == null && contact.getUrl() == null) {
            served.getInfo().setContact(null);
        }
        if (served.getInfo().getLicense() != null
                && served.getInfo().getLicense().getName() == null) {
            served.getInfo().setLicense(null);
        }
        if (served.getExternalDocs() != null && served.getExternalDocs().getUrl() == null) {
            served.setExternalDocs(null);
        }
        return served;
    }

    @Test
    void theApiBrowserComesFromTheWarNotACdn() {
        Reply page = new ApiClient().get("/api-docs/");

        assertEquals(200, page.status(), page::toString);
        Matcher assets =
                Pattern.compile("(?:src|href)=\"\\.\\./(webjars/[^\"]+)\"").matcher(page.text());
        int found = 0;
        while (assets.find()) {
            Reply asset = new ApiClient().get("/" + assets.group(1));
            assertEquals(200, asset.status(), assets.group(1));
            found++;
        }
        assertEquals(2, found, "the script and the style sheet of Swagger UI: " + page.text());
        assertTrue(!page.text().contains("https://"), "nothing from elsewhere");
    }

    @Test
    void theApiBrowserShowsEveryOperationInChromium() throws IOException {
        int operations = OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(bundled()))
                .size();
        try (Browser browser = new Browser()) {
            browser.open("/api-docs/");
            new WebDriverWait(browser.driver(), Duration.ofSeconds(30))
                    .until(driver ->
                            driver.findElements(By.cssSelector(".opblock")).size() >= operations);

            assertEquals(
                    operations,
                    browser.driver().findElements(By.cssSelector(".opblock")).size());
            List<String> errors = browser.consoleErrors();
            assertEquals(List.of(), errors, "no script error, no blocked resource");
        }
    }
}
