package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.loginForm;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.sizeOf;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The account page: tokens, sessions, export and import. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class AccountPageInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    @Test
    void tokensAreCreatedShownOnceAndRevokedAndSigningOutEndsTheSession() {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);

            driver.findElement(By.id("nav-tokens")).click();
            visible(wait, "create-token").click();
            assertTrue(
                    visible(wait, "token-name-error").getText().startsWith("Give the token a name"),
                    "a plain sentence beside the field, before anything is sent");
            driver.findElement(By.id("token-expiry")).sendKeys("0");
            driver.findElement(By.id("token-name")).sendKeys("laptop cli");
            driver.findElement(By.id("create-token")).click();
            assertTrue(visible(wait, "token-expiry-error").getText().startsWith("A whole number of days"));
            driver.findElement(By.id("token-expiry")).sendKeys(Keys.BACK_SPACE);
            assertTrue(
                    driver.findElements(By.id("token-scope-admin")).isEmpty(),
                    "administration is not offered to a user who is not an administrator");
            for (String scope : List.of("snippets-read", "snippets-write", "sharing", "account")) {
                WebElement box = driver.findElement(By.id("token-scope-" + scope));
                if (box.isSelected()) {
                    box.click();
                }
            }
            driver.findElement(By.id("create-token")).click();
            assertTrue(visible(wait, "token-scopes-error").getText().startsWith("Pick at least one"));
            driver.findElement(By.id("token-scope-snippets-read")).click();
            driver.findElement(By.id("token-scope-account")).click();
            driver.findElement(By.id("create-token")).click();
            String token = visible(wait, "new-token-value").getText();
            assertTrue(token.startsWith("sst_"), token);
            ApiClient tokenClient = new ApiClient().withBearer(token);
            JsonObject whoami = tokenClient.get("/api/v1/auth/whoami").data();
            assertEquals(user.id(), whoami.getString("userId"));
            assertEquals(
                    List.of("snippets:read", "account"),
                    whoami.getJsonArray("scopes").getValuesAs(JsonString.class).stream()
                            .map(JsonString::getString)
                            .toList(),
                    "the token carries what was ticked, and nothing else");
            wait.until(textToBePresentInElementLocated(By.id("tokens"), "laptop cli"));
            assertTrue(driver.findElement(By.id("tokens")).getText().contains("Read snippets"), "its scopes in words");
            browser.screenshot("tokens");

            driver.findElement(By.cssSelector("#tokens button[aria-label='Narrow token laptop cli']"))
                    .click();
            visible(wait, "narrow-scope-account").click();
            visible(wait, "confirm-ok").click();
            // the table is drawn anew when the answer comes: a row read meanwhile may be gone
            wait.ignoring(StaleElementReferenceException.class)
                    .until(ignored -> driver.findElements(By.cssSelector("#tokens tr")).stream()
                            .map(WebElement::getText)
                            .anyMatch(row -> row.contains("laptop cli") && !row.contains("Manage my tokens")));
            assertEquals(403, tokenClient.get("/api/v1/auth/tokens").status(), "narrowed, as the page shows");
            assertEquals(200, tokenClient.get("/api/v1/auth/whoami").status());

            driver.findElement(By.cssSelector("#tokens button[aria-label='Revoke token laptop cli']"))
                    .click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> !driver.findElement(By.id("tokens")).getText().contains("laptop cli"));
            assertEquals(401, tokenClient.get("/api/v1/auth/whoami").status(), "revoked at once");
            assertTrue(
                    driver.findElements(By.id("new-token-value")).isEmpty()
                            && !driver.findElement(By.id("new-token")).isDisplayed(),
                    "a revoked token's value and its Copy button leave the page");

            driver.findElement(By.id("sign-out")).click();
            loginForm(wait);
            browser.open("/");
            loginForm(wait);
            assertTrue(driver.getCurrentUrl().contains("/login?next="), driver.getCurrentUrl());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aTokenLimitedToACollectionIsMadeOnTheAccountPageAndReachesOnlyThatCollectionsSnippets() {
        String name = TestUsers.uniqueName("runbooks");
        String runbooks = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", name).build())
                .data()
                .getString("id");
        String inside = create(api, snippet("restart the queue", "shell", "systemctl restart queue"))
                .getString("id");
        create(api, snippet("restart the cache", "shell", "systemctl restart cache"));
        assertEquals(
                200,
                api.post(
                                "/api/v1/collections/" + runbooks + "/snippets",
                                Json.createObjectBuilder()
                                        .add(
                                                "snippetIds",
                                                Json.createArrayBuilder().add(inside))
                                        .build())
                        .status());
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);

            driver.findElement(By.id("nav-tokens")).click();
            visible(wait, "token-name").sendKeys("ci runbooks");
            wait.until(ignored -> !new Select(driver.findElement(By.id("token-collections")))
                    .getOptions()
                    .isEmpty());
            new Select(driver.findElement(By.id("token-collections"))).selectByVisibleText(name);
            driver.findElement(By.id("create-token")).click();
            ApiClient limited =
                    new ApiClient().withBearer(visible(wait, "new-token-value").getText());

            assertEquals(
                    List.of(inside),
                    limited.get("/api/v1/snippets?query=restart").json().getJsonArray("data").stream()
                            .map(item -> item.asJsonObject().getString("id"))
                            .toList(),
                    "the token reaches the collection's snippet and not the other");
            wait.until(textToBePresentInElementLocated(By.id("tokens"), "only in " + name));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theAccountPageNamesSessionsSignsOutEveryOtherOneAndSaysWhatIsWrongInPlainWords() {
        TestUser someone = TestUsers.create();
        ApiClient elsewhere = TestUsers.signedIn(someone);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, someone);
            driver.findElement(By.id("nav-tokens")).click();
            wait.until(textToBePresentInElementLocated(By.id("sessions"), "Chromium on Linux, this one"));
            assertEquals(
                    "127.0.0.1",
                    driver.findElement(By.cssSelector("#sessions tbody tr:first-child td[data-label='From']"))
                            .getText(),
                    "where it signed in from");
            visible(wait, "sign-out-others").click();
            visible(wait, "confirm-ok").click();
            wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("sign-out-others")));
            assertEquals(401, elsewhere.get("/api/v1/auth/whoami").status(), "the other session is signed out");
            assertEquals(
                    1, driver.findElements(By.cssSelector("#sessions tbody tr")).size());

            driver.findElement(By.id("current-password")).sendKeys("not the password at all");
            driver.findElement(By.id("new-password")).sendKeys("a brand new password");
            driver.findElement(By.id("change-password")).click();
            wait.until(textToBePresentInElementLocated(By.id("password-status"), "The current password is not right."));
            assertFalse(driver.findElement(By.id("password-status")).getText().contains("currentPassword"));
            assertEquals(
                    200,
                    TestUsers.signedIn(someone).get("/api/v1/auth/whoami").status(),
                    "still signed in here, password unchanged");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static int exported(ApiClient client) {
        return client.get("/api/v1/snippets?query=exported")
                .json()
                .getJsonArray("data")
                .size();
    }

    @Test
    void aUserExportsTheirSnippetsAndReImportsTheArchiveSeeingWhatItHoldsSkippingWhatIsHereAndUndoingIt()
            throws IOException {
        TestUser someone = TestUsers.create();
        ApiClient their = TestUsers.withToken(someone);
        create(their, snippet("Exported and back", "sql", "select 1"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, someone);
            driver.findElement(By.id("nav-tokens")).click();
            visible(wait, "export").click();
            WebDriverWait slow = new WebDriverWait(driver, Duration.ofSeconds(60));
            Path archive = slow.until(ignored -> {
                try (var files = Files.list(browser.downloads())) {
                    return files.filter(file -> file.toString().endsWith(".zip"))
                            .findFirst()
                            .orElse(null);
                } catch (IOException e) {
                    return null;
                }
            });
            slow.until(ignored -> sizeOf(archive) > 0
                    && new String(readQuietly(archive), java.nio.charset.StandardCharsets.ISO_8859_1)
                            .contains("manifest.json"));

            driver.findElement(By.id("import-file")).sendKeys(archive.toString());
            String asked = visible(wait, "confirm-question").getText();
            assertTrue(asked.contains("It holds 1 snippet, 0 attachments and 0 collections."), asked);
            assertEquals(
                    "1 snippet of them is here already (the same title and code): Exported and back.",
                    driver.findElement(By.id("import-already-here")).getText());
            assertEquals(
                    "skip",
                    new Select(driver.findElement(By.id("import-duplicates")))
                            .getFirstSelectedOption()
                            .getAttribute("value"),
                    "re-importing one's own export makes no copies unless asked");
            driver.findElement(By.id("confirm-ok")).click();
            slow.until(textToBePresentInElementLocated(
                    By.id("import-status"), "0 snippets and 0 attachments created, 1 already here skipped."));
            assertEquals(1, exported(their), "nothing twice");

            driver.findElement(By.id("import-file")).sendKeys(archive.toString());
            new Select(visible(wait, "import-duplicates")).selectByValue("keep");
            driver.findElement(By.id("confirm-ok")).click();
            slow.until(textToBePresentInElementLocated(By.id("import-status"), "1 snippet and 0 attachments created."));
            assertEquals(2, exported(their), "the original and its import, as asked");
            driver.findElement(By.id("undo-import")).click();
            wait.until(
                    textToBePresentInElementLocated(By.id("import-status"), "Undone: 1 snippet moved to the trash."));
            assertEquals(1, exported(their), "the import taken back");

            driver.findElement(By.id("import-file")).sendKeys(archive.toString());
            visible(wait, "confirm-cancel").click();
            wait.until(textToBePresentInElementLocated(By.id("import-status"), "Nothing was imported."));
            assertEquals(1, exported(their));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static byte[] readQuietly(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
