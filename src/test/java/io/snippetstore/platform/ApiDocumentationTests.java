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
     * What the servers add to the document, which a strict parser reports and no setting turns off:
     * Payara a top-level {@code endpoints} map (its extension, without the {@code x-} prefix),
     * WildFly (SmallRye) empty {@code info.license} and {@code externalDocs} objects. Nothing else may differ.
     */
    private static final Set<String> SERVER_ADDITIONS = Set.of("attribute endpoints is unexpected",
            "attribute info.license.name is missing", "attribute externalDocs.url is missing");

    @Test
    void theServerServesTheDocumentWithEveryOperationAtTheStandardPath() throws IOException {
        Reply served = new ApiClient().get("/openapi");

        assertEquals(200, served.status(), served::toString);
        assertEquals(OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(bundled())),
                OpenApiDocumentTest.operations(OpenApiDocumentTest.parsed(served.text(), SERVER_ADDITIONS)));
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
