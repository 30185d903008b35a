package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.OpenApiDocumentTest;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Reply;
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
     * Payara adds a top-level {@code endpoints} map (its own extension, without the {@code x-}
     * prefix the specification asks for; not configurable): the one deviation the parser may report.
     */
    private static final Set<String> PAYARA_ADDITION = Set.of("attribute endpoints is unexpected");

    @Test
    void theServerServesTheDocumentWithEveryOperationAtTheStandardPath() throws IOException {
        Reply served = new ApiClient().get("/openapi");

        assertEquals(200, served.status(), served::toString);
        assertEquals(OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(bundled())),
                OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(served.text(), PAYARA_ADDITION)));
    }

    @Test
    void theApiBrowserComesFromTheWarNotACdn() {
        Reply page = new ApiClient().get("/api-docs/");

        assertEquals(200, page.status(), page::toString);
        Matcher assets = Pattern.compile("(?:src|href)=\"\\.\\./(webjars/[^\"]+)\"").matcher(page.text());
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
        int operations = OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(bundled())).size();
        try (Browser browser = new Browser()) {
            browser.open("/api-docs/");
            new WebDriverWait(browser.driver(), Duration.ofSeconds(30))
                    .until(driver -> driver.findElements(By.cssSelector(".opblock")).size() >= operations);

            assertEquals(operations, browser.driver().findElements(By.cssSelector(".opblock")).size());
            List<String> errors = browser.consoleErrors();
            assertEquals(List.of(), errors, "no script error, no blocked resource");
        }
    }
}
