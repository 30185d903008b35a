package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.urlContains;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chromium.ChromiumDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The web interface as a person uses it, in a real headless Chromium against the real service. */
public abstract class WebInterfaceInChromiumTests {

    private static final String CODE = "int binarySearch(int[] sortedValues, int key) {\n    return -1;\n}\n";

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    private static WebElement visible(WebDriverWait wait, String id) {
        return wait.until(visibilityOfElementLocated(By.id(id)));
    }

    /**
     * The form a signed-out visitor is sent to. The page sends them there by script after it has
     * loaded, so the form is looked for only once that navigation has landed; looking earlier races it.
     */
    private static WebElement loginForm(WebDriverWait wait) {
        wait.until(urlContains("/login"));
        return visible(wait, "username");
    }

    private static void signIn(Browser browser, WebDriverWait wait, TestUser user) {
        browser.open("/");
        loginForm(wait).sendKeys(user.username());
        browser.driver().findElement(By.id("password")).sendKeys(user.password());
        browser.driver().findElement(By.id("sign-in")).click();
        visible(wait, "search");
        wait.until(textToBePresentInElementLocated(By.id("whoami"), user.username()));
    }

    /** The titles listed, read in one script call, so that a list being re-rendered is never half read. */
    @SuppressWarnings("unchecked")
    private static List<String> resultTitles(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#results h2')].map(title => title.textContent)");
    }

    /** Clicks an element once it is scrolled to the window's middle: at the bottom, the editor's save bar stays over it, as a person would see. */
    private static void clickInMiddle(WebDriver driver, WebElement element) {
        script(driver, "arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
    }

    /** The numbers shown beside the code's lines (drawn by CSS from each line's data-line). */
    @SuppressWarnings("unchecked")
    private static List<String> lineNumbers(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#code .line')]"
                + ".map(line => getComputedStyle(line, '::before').content.replaceAll('\"', ''))");
    }

    private static Object script(WebDriver driver, String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    /** Script errors and blocked loads; the API's own 4xx answers are expected in these flows. */
    private static List<String> scriptErrors(Browser browser) {
        return browser.consoleErrors().stream()
                .filter(message -> !message.contains("Failed to load resource: the server responded with a status of"))
                .toList();
    }

    @Test
    void aPersonWritesFindsFiltersEditsAndAttachesInTheBrowser() throws IOException {
        create(api, snippet("Cache warm-up", "python", "def warm(cache):\n    return cache", "cache"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);

            driver.findElement(By.id("nav-new")).click();
            visible(wait, "title");
            driver.findElement(By.id("save")).click();
            assertTrue(visible(wait, "title-error").getText().startsWith("Title "), "the API's message sits beside its field");
            assertTrue(visible(wait, "code-error").isDisplayed());

            driver.findElement(By.id("title")).sendKeys("Binary search in Java");
            driver.findElement(By.id("language")).sendKeys("java");
            driver.findElement(By.id("tags")).sendKeys("algorithms, search");
            driver.findElement(By.id("description")).sendKeys("Find an index fast.");
            driver.findElement(By.id("code")).sendKeys(CODE);
            driver.findElement(By.id("notes")).sendKeys("<b>not bold</b> & <script>alert(1)</script>");
            assertFalse(driver.findElement(By.id("title-error")).isDisplayed(), "a field's message goes once the field is edited");
            script(driver, "window.scrollTo(0, 0)");
            browser.screenshot("editor");
            driver.findElement(By.id("save")).click();

            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Binary search in Java"));
            assertEquals("<b>not bold</b> & <script>alert(1)</script>", driver.findElement(By.id("notes")).getText(),
                    "notes are shown as text, never as HTML");
            assertTrue(driver.findElements(By.cssSelector("#notes b, #notes script")).isEmpty());
            WebElement code = driver.findElement(By.id("code"));
            assertTrue(code.getAttribute("class").contains("language-java"), code.getAttribute("class"));
            assertFalse(code.findElements(By.cssSelector(".hljs-keyword")).isEmpty(), "the code is highlighted");
            assertEquals(CODE.strip(), code.getText().strip());
            String snippetId = URI.create(driver.getCurrentUrl()).getFragment().substring("/s/".length());

            Path file = Files.createTempFile("attachment", ".bin");
            byte[] bytes = new byte[300_000];
            new Random(42).nextBytes(bytes);
            Files.write(file, bytes);
            driver.findElement(By.id("file-input")).sendKeys(file.toString());
            WebElement link = wait.until(visibilityOfElementLocated(By.cssSelector("#attachments a.download")));
            assertEquals(file.getFileName().toString(), link.getText());
            browser.screenshot("snippet");
            link.click();
            Path downloaded = browser.downloads().resolve(file.getFileName().toString());
            wait.until(ignored -> Files.exists(downloaded) && sizeOf(downloaded) == bytes.length);
            assertArrayEquals(bytes, Files.readAllBytes(downloaded), "the download has the uploaded bytes");

            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(By.id("copy-status"), "Copied."));

            driver.findElement(By.cssSelector("#attachments button[aria-label^='Delete attachment']")).click();
            visible(wait, "confirm-ok").click();
            wait.until(textToBePresentInElementLocated(By.id("attachments"), "No attachments yet."));
            assertEquals(0, api.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));

            driver.findElement(By.id("nav-home")).click();
            visible(wait, "search").sendKeys("sortedVal");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Binary search in Java")));
            browser.screenshot("list");

            driver.findElement(By.id("search")).sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            driver.findElement(By.cssSelector("#results button.chip[aria-label='Filter by tag cache']")).click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Cache warm-up")));
            assertEquals(1, driver.findElements(By.cssSelector("#active-tags .chip")).size());
            assertTrue(driver.getCurrentUrl().endsWith("#/?tag=cache"), driver.getCurrentUrl());
            driver.navigate().refresh();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Cache warm-up")));
            assertEquals(1, driver.findElements(By.cssSelector("#active-tags .chip")).size(), "a reload keeps the filters");
            driver.findElement(By.cssSelector("#active-tags .chip")).click();
            wait.until(ignored -> resultTitles(driver).size() == 2);

            browser.open("/#/s/" + snippetId);
            visible(wait, "tags").findElement(By.linkText("algorithms")).click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Binary search in Java")));

            driver.findElement(By.id("nav-home")).click();
            wait.until(ignored -> resultTitles(driver).size() == 2);
            driver.findElement(By.id("language-filter")).sendKeys("Python");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Cache warm-up")));

            browser.open("/#/s/" + snippetId + "/edit");
            WebElement title = visible(wait, "title");
            wait.until(ignored -> !title.getAttribute("value").isEmpty());
            title.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Binary search, iterative");
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Binary search, iterative"));
            assertEquals("Binary search, iterative", api.get("/api/v1/snippets/" + snippetId).data().getString("title"));

            browser.open("/#/s/" + snippetId + "/edit");
            visible(wait, "title");
            Reply meanwhile = api.patch("/api/v1/snippets/" + snippetId, Json.createObjectBuilder().add("notes", "changed elsewhere").build());
            assertEquals(200, meanwhile.status(), meanwhile::toString);
            driver.findElement(By.id("description")).sendKeys(" Mine.");
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("description"), "Mine."));
            JsonObject merged = api.get("/api/v1/snippets/" + snippetId).data();
            assertEquals("changed elsewhere", merged.getString("notes"), "their change to another field was merged, not overwritten");
            assertEquals("Find an index fast. Mine.", merged.getString("description"));

            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void deletingAsksFirstCanBeUndoneForAMinuteAndTheTrashRestoresOrPurgesAndErrorsReachTheUserAsText() {
        JsonObject doomed = create(api, snippet("Doomed", "sql", "select 1"));
        String id = doomed.getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);

            browser.open("/#/s/" + id);
            visible(wait, "delete").click();
            visible(wait, "confirm-cancel").click();
            assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "cancel keeps it");
            driver.findElement(By.id("delete")).click();
            assertTrue(visible(wait, "confirm-question").getText().contains("trash"), "the question says where it goes");
            visible(wait, "confirm-ok").click();
            visible(wait, "search");
            assertTrue(visible(wait, "notice").getText().startsWith("Deleted “Doomed”."), "the list says what just happened");
            assertEquals(404, api.get("/api/v1/snippets/" + id).status());
            visible(wait, "undo-delete").click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Doomed"));
            assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "Undo brought it back");
            assertTrue(visible(wait, "notice").getText().contains("Restored “Doomed”."));

            driver.findElement(By.id("delete")).click();
            visible(wait, "confirm-ok").click();
            visible(wait, "search");
            driver.findElement(By.id("nav-trash")).click();
            WebElement item = wait.until(visibilityOfElementLocated(By.cssSelector("#trash li[data-id='" + id + "']")));
            assertTrue(item.getText().contains("Doomed") && item.getText().contains("purged"), item.getText());
            item.findElement(By.cssSelector("button[aria-label='Restore Doomed']")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Doomed"));
            assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "restored from the trash page");
            driver.findElement(By.id("delete")).click();
            visible(wait, "confirm-ok").click();
            visible(wait, "search");
            browser.open("/#/trash");
            wait.until(visibilityOfElementLocated(By.cssSelector("#trash li[data-id='" + id + "']")))
                    .findElement(By.cssSelector("button.danger")).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> driver.findElements(By.cssSelector("#trash li[data-id='" + id + "']")).isEmpty());
            assertEquals(404, api.post("/api/v1/trash/" + id + "/restore", Json.createObjectBuilder().build()).status(), "purged for good");

            browser.open("/#/s/no-such-snippet");
            visible(wait, "not-found");
            assertEquals("Not found — Snippet Store", driver.getTitle());
            assertTrue(driver.findElements(By.id("results")).isEmpty(), "not the list that was there before");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theHistoryShowsEachVersionWhatItChangedAndRestoresOneAfterAsking() {
        String id = create(api, snippet("Versioned", "text", "first line\nsecond line\n")).getString("id");
        assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("code", "first line\nsecond LINE\n").build()).status());
        assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("title", "Versioned again").build()).status());
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id);
            visible(wait, "history").click();

            wait.until(ignored -> driver.findElements(By.cssSelector("#versions li")).size() == 3);
            WebElement titleChange = wait.until(visibilityOfElementLocated(By.cssSelector(".field-diff[data-field='title']")));
            assertTrue(titleChange.getText().contains("Versioned") && titleChange.getText().contains("Versioned again"), titleChange.getText());
            visible(wait, "version-2").click();
            WebElement codeChange = wait.until(visibilityOfElementLocated(By.cssSelector(".field-diff[data-field='code'] .diff")));
            assertEquals(List.of("@@ −1,2 +1,2 @@", "first line", "− second line", "+ second LINE"),
                    java.util.Arrays.stream(codeChange.getText().split("\n")).map(String::strip).toList());
            browser.screenshot("history");

            visible(wait, "version-1").click();
            visible(wait, "restore-version").click();
            visible(wait, "confirm-cancel").click();
            assertEquals(3, api.get("/api/v1/snippets/" + id).data().getInt("version"), "cancel restores nothing");
            visible(wait, "restore-version").click();
            visible(wait, "confirm-ok").click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Versioned"));
            JsonObject restored = api.get("/api/v1/snippets/" + id).data();
            assertEquals(4, restored.getInt("version"));
            assertEquals("Versioned", restored.getString("title"));
            assertEquals("first line\nsecond line\n", restored.getString("code"));
            assertTrue(visible(wait, "notice").getText().contains("Restored version 1 as version 4"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aFileOverTheUploadLimitIsRefusedWithTheApisMessage() throws IOException {
        JsonObject target = create(api, snippet("Target", "text", "x"));
        Path tooLarge = Files.createTempFile("too-large", ".bin");
        Files.write(tooLarge, new byte[Math.toIntExact(Long.getLong("snippets.maxUploadBytes") + 100 * 1024)]);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
            signIn(browser, wait, user);

            browser.open("/#/s/" + target.getString("id"));
            visible(wait, "file-input").sendKeys(tooLarge.toString());

            assertEquals("An upload may have at most " + Long.getLong("snippets.maxUploadBytes") + " bytes.", visible(wait, "notice").getText());
            assertEquals(0, api.get("/api/v1/snippets/" + target.getString("id")).data().getInt("attachmentCount"));
        } finally {
            Files.delete(tooLarge);
        }
    }

    @Test
    void tokensAreCreatedShownOnceAndRevokedAndSigningOutEndsTheSession() {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);

            driver.findElement(By.id("nav-tokens")).click();
            visible(wait, "create-token").click();
            assertTrue(visible(wait, "token-name-error").getText().startsWith("Give the token a name"),
                    "a plain sentence beside the field, before anything is sent");
            driver.findElement(By.id("token-expiry")).sendKeys("0");
            driver.findElement(By.id("token-name")).sendKeys("laptop cli");
            driver.findElement(By.id("create-token")).click();
            assertTrue(visible(wait, "token-expiry-error").getText().startsWith("A whole number of days"));
            driver.findElement(By.id("token-expiry")).sendKeys(Keys.BACK_SPACE);
            driver.findElement(By.id("create-token")).click();
            String token = visible(wait, "new-token-value").getText();
            assertTrue(token.startsWith("sst_"), token);
            ApiClient tokenClient = new ApiClient().withBearer(token);
            assertEquals(user.id(), tokenClient.get("/api/v1/auth/whoami").data().getString("userId"));
            wait.until(textToBePresentInElementLocated(By.id("tokens"), "laptop cli"));
            browser.screenshot("tokens");

            driver.findElement(By.cssSelector("#tokens button[aria-label='Revoke token laptop cli']")).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> !driver.findElement(By.id("tokens")).getText().contains("laptop cli"));
            assertEquals(401, tokenClient.get("/api/v1/auth/whoami").status(), "revoked at once");
            assertTrue(driver.findElements(By.id("new-token-value")).isEmpty() && !driver.findElement(By.id("new-token")).isDisplayed(),
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
    void slashFocusesSearchAndThePagesFitANarrowPhoneAndLoadNothingFromElsewhere() {
        for (int i = 1; i <= 21; i++) {
            create(api, snippet("Snippet number " + i, "text", "line " + i));
        }
        create(api, snippet("A snippet with a rather long title that has to wrap on a small phone screen", "text", "x".repeat(300), "one", "two"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).size() == 20);
            visible(wait, "load-more").click();
            wait.until(ignored -> resultTitles(driver).size() == 22);
            assertFalse(driver.findElement(By.id("load-more")).isDisplayed(), "nothing more to load");
            assertEquals(22, resultTitles(driver).stream().distinct().count());

            driver.findElement(By.tagName("body")).sendKeys("/");
            assertEquals("search", driver.switchTo().activeElement().getAttribute("id"));

            driver.manage().window().setSize(new Dimension(360, 780));
            browser.open("/#/");
            visible(wait, "search");
            double header = ((Number) script(driver, "return document.querySelector('.topbar').getBoundingClientRect().height")).doubleValue();
            assertTrue(header < 70, "the phone header is " + header + " px high");
            for (String page : List.of("/#/tokens", "/#/new", "/#/")) {
                browser.open(page);
                visible(wait, "view");
                wait.until(ignored -> !driver.findElement(By.id("view")).getText().contains("Loading"));
                assertEquals(Boolean.TRUE, script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"),
                        page + " scrolls sideways at 360 px");
                assertEquals(List.of(), script(driver, "return [...document.querySelectorAll('input, select, textarea')]"
                        + ".filter(control => control.labels.length === 0 && !control.getAttribute('aria-label')).map(control => control.id)"),
                        page + " has controls without a label");
            }
            browser.screenshot("list-narrow");

            String lightBackground = (String) script(driver, "return getComputedStyle(document.body).backgroundColor");
            ((ChromiumDriver) driver).executeCdpCommand("Emulation.setEmulatedMedia",
                    Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
            String darkBackground = (String) script(driver, "return getComputedStyle(document.body).backgroundColor");
            assertFalse(lightBackground.equals(darkBackground), "the dark theme follows the system setting: " + darkBackground);
            browser.screenshot("list-dark");
            assertEquals(Boolean.TRUE, script(driver,
                    "return performance.getEntriesByType('resource').every(entry => entry.name.startsWith(location.origin))"),
                    "every script, style and request stays on this service");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anOwnerSharesASnippetByLinkThatOpensSignedOutInAFreshBrowser() {
        JsonObject snippet = create(api, snippet("Shared retry loop", "java", "for (int attempt = 0; attempt < 3; attempt++) {}", "retry")
                .add("notes", "Backs off between attempts."));
        String url;
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + snippet.getString("id"));
            visible(wait, "share").click();
            visible(wait, "share-dialog");
            assertTrue(driver.findElement(By.id("share-state")).getText().contains("Only you"));
            driver.findElement(By.id("create-link")).click();
            url = visible(wait, "new-link-url").getText();
            wait.until(ignored -> driver.findElements(By.cssSelector("#share-links button")).size() == 1);
            browser.screenshot("share-dialog");
            driver.findElement(By.id("share-dialog-close")).click();
            assertEquals("link", driver.findElement(By.id("snippet-visibility")).getAttribute("value"),
                    "the snippet's own control shows that it is now shared by link");
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertTrue(url.startsWith(ApiClient.base().resolve("/s/").toString()), url);
        assertEquals("link", api.get("/api/v1/snippets/" + snippet.getString("id")).data().getString("visibility"));

        try (Browser stranger = new Browser()) {
            WebDriver driver = stranger.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            driver.get(url);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Shared retry loop"));
            assertEquals("Backs off between attempts.", driver.findElement(By.id("notes")).getText());
            assertFalse(driver.findElement(By.id("code")).findElements(By.cssSelector(".hljs-keyword")).isEmpty(), "highlighted");
            assertTrue(driver.findElements(By.id("edit")).isEmpty() && driver.findElements(By.id("delete")).isEmpty());
            assertFalse(driver.getPageSource().contains(user.username()), "nothing of the owner");
            assertTrue(driver.getCurrentUrl().equals(url), "not sent to sign in: " + driver.getCurrentUrl());
            stranger.screenshot("shared-link");
            assertEquals(List.of(), scriptErrors(stranger));
        }
    }

    @Test
    void anAdministratorCreatesAUserWhoChoosesTheirOwnPasswordAtTheFirstSignInAndReadsTheTeamsSnippetWithoutEditingIt() {
        String title = "Team deploy checklist " + TestUsers.uniqueName("t");
        JsonObject teamSnippet = create(api, snippet(title, "bash", "make deploy", "ops").add("visibility", "team"));
        TestUser admin = TestUsers.create("admin");
        String username = TestUsers.uniqueName("newcomer");
        String password;
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-users").click();
            visible(wait, "new-username").sendKeys(username);
            driver.findElement(By.id("create-user")).click();
            password = visible(wait, "shown-password").getText();
            wait.until(textToBePresentInElementLocated(By.id("users"), username));
            browser.screenshot("users");
            assertEquals(List.of(), scriptErrors(browser));
        }
        TestUser newcomer = new TestUser(null, username, password);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            browser.open("/");
            loginForm(wait).sendKeys(username);
            driver.findElement(By.id("password")).sendKeys(password);
            driver.findElement(By.id("sign-in")).click();
            // the generated password is temporary: a new one first, and the current one is not asked again
            visible(wait, "change-new").sendKeys("the newcomer's own password");
            assertFalse(driver.findElement(By.id("change-current")).isDisplayed());
            driver.findElement(By.id("change-again")).sendKeys("the newcomer's own password");
            browser.screenshot("temporary-password");
            driver.findElement(By.id("change-password")).click();
            visible(wait, "search");
            wait.until(textToBePresentInElementLocated(By.id("whoami"), username));
            assertFalse(driver.findElement(By.id("nav-users")).isDisplayed(), "users are for administrators");
            new Select(driver.findElement(By.id("scope"))).selectByValue("team");
            wait.until(ignored -> resultTitles(driver).contains(title));
            assertTrue(driver.findElement(By.id("results")).getText().contains("by " + user.username()));
            driver.findElement(By.linkText(title)).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), title));
            assertTrue(driver.findElement(By.cssSelector(".snippet .meta")).getText().contains("read-only"));
            assertTrue(driver.findElements(By.id("edit")).isEmpty() && driver.findElements(By.id("delete")).isEmpty()
                    && driver.findElements(By.id("file-input")).isEmpty() && driver.findElements(By.id("snippet-visibility")).isEmpty());
            browser.open("/#/s/" + teamSnippet.getString("id") + "/edit");
            assertTrue(visible(wait, "read-only").getText().startsWith("You can read this snippet but not change it"),
                    "said when the editor opens, not at Save");
            assertFalse(driver.findElement(By.id("save")).isEnabled());
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertEquals("team", api.get("/api/v1/snippets/" + teamSnippet.getString("id")).data().getString("visibility"));
        assertEquals(200, TestUsers.signedIn(username, "the newcomer's own password").get("/api/v1/snippets").status());
    }

    @Test
    void anOwnerSharesWithAGroupInTheShareDialogAndAMemberReadsItWhileOthersFindNothing() {
        TestUser member = TestUsers.create();
        ApiClient admin = TestUsers.admin();
        String groupName = TestUsers.uniqueName("Platform team");
        String groupId = admin.post("/api/v1/groups", jakarta.json.Json.createObjectBuilder().add("name", groupName).build()).data().getString("id");
        assertEquals(200, admin.send("PUT", "/api/v1/groups/" + groupId + "/members/" + member.id(), null, null, java.util.Map.of()).status());
        JsonObject snippet = create(api, snippet("Drain a node", "bash", "kubectl drain node-1 --ignore-daemonsets", "k8s"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + snippet.getString("id"));
            visible(wait, "share").click();
            visible(wait, "share-dialog");
            wait.until(ignored -> driver.findElements(By.cssSelector("#share-group option[value='" + groupId + "']")).size() == 1);
            new Select(driver.findElement(By.id("share-group"))).selectByValue(groupId);
            new Select(driver.findElement(By.id("share-group-access"))).selectByValue("read");
            driver.findElement(By.id("share-with-group")).click();
            wait.until(textToBePresentInElementLocated(By.id("share-groups"), groupName + ": can read"));
            browser.screenshot("share-with-group");
            assertEquals(List.of(), scriptErrors(browser));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, member);
            new Select(driver.findElement(By.id("scope"))).selectByValue("groups");
            wait.until(ignored -> resultTitles(driver).contains("Drain a node"));
            driver.findElement(By.linkText("Drain a node")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Drain a node"));
            assertTrue(driver.findElements(By.id("edit")).isEmpty() && driver.findElements(By.id("delete")).isEmpty(), "read access only");
        }
        assertEquals(404, TestUsers.signedIn(TestUsers.create()).get("/api/v1/snippets/" + snippet.getString("id")).status());
    }

    /** The WCAG contrast ratio of an element's text colour on its background colour, both as rendered. */
    private static double contrast(WebDriver driver, String id) {
        return ((Number) script(driver, """
                const style = getComputedStyle(document.getElementById(arguments[0]));
                const luminance = (color) => {
                    const [r, g, b] = color.match(/[\\d.]+/g).slice(0, 3).map(Number).map((value) => {
                        const c = value / 255;
                        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
                    });
                    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
                };
                const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
                return (light + 0.05) / (dark + 0.05);
                """.replace("arguments[0]", "'" + id + "'"))).doubleValue();
    }

    @Test
    void theCodeReadsWithLineNumbersAWrapToggleThatIsRememberedARawViewAndADownload() {
        String code = "line one\n" + "x".repeat(400) + "\nline three\n";
        JsonObject snippet = create(api, snippet("Long lines: demo", "python", code));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + snippet.getString("id"));
            visible(wait, "code");
            assertEquals(List.of("1", "2", "3"), lineNumbers(driver));
            assertEquals("Long lines: demo — Snippet Store", driver.getTitle());
            assertEquals(Boolean.TRUE, script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"),
                    "a long line scrolls inside the code block, not the page");
            assertEquals("Long-lines-demo.py", driver.findElement(By.id("download-code")).getAttribute("download"));
            String raw = driver.findElement(By.id("raw")).getAttribute("href");
            assertTrue(raw.endsWith("/api/v1/snippets/" + snippet.getString("id") + "/raw"), raw);
            assertEquals(code, api.get(URI.create(raw).getPath()).text());

            driver.findElement(By.id("wrap-lines")).click();
            assertEquals(List.of("1", "2", "3"), lineNumbers(driver), "wrapped lines keep their numbers");
            assertEquals(Boolean.TRUE, script(driver, "const lines = document.querySelectorAll('#code .line');"
                    + " return lines[1].getBoundingClientRect().height > 2 * lines[0].getBoundingClientRect().height"
                    + " && lines[2].getBoundingClientRect().top >= lines[1].getBoundingClientRect().bottom - 1"),
                    "the long line wraps onto several rows, and the next line and its number start below it");
            driver.navigate().refresh();
            wait.until(ignored -> driver.findElements(By.id("wrap-lines")).size() == 1);
            assertTrue(driver.findElement(By.id("wrap-lines")).isSelected(), "the choice is remembered by this browser");
            assertEquals(Boolean.TRUE, script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"));
            browser.screenshot("code-view");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** Keeps what the next Copy would put on the clipboard in {@code window.copied}: headless Chromium has no clipboard to read back. */
    private static void captureCopies(WebDriver driver) {
        script(driver, "navigator.clipboard.writeText = (text) => { window.copied = text; return Promise.resolve(); }");
    }

    @Test
    void aSnippetWithVariablesIsFilledInBesideItsCodeWhichShowsCopiesAndRemembersTheValuesAsTheServerRendersThem() {
        String code = "kubectl -n {{namespace}} rollout restart deploy/{{app:web}} --wait={{wait|true|false}}\necho {{note:it's done!sh}}\n";
        JsonObject snippet = create(api, snippet("Restart a deployment", "bash", code, "runbook")
                .add("notes", "Check first:\n\n```\nkubectl -n {{namespace}} get pods\n```\n"));
        String id = snippet.getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id);
            WebElement namespace = visible(wait, "variable-0");
            assertEquals("namespace", driver.findElement(By.cssSelector("label[for=variable-0]")).getText());
            assertEquals("", namespace.getAttribute("value"));
            assertEquals("web", driver.findElement(By.id("variable-1")).getAttribute("value"), "a default is filled in");
            assertEquals(List.of("true", "false"), new Select(driver.findElement(By.id("variable-2"))).getOptions().stream()
                    .map(WebElement::getText).toList(), "a pick list is a select");
            assertEquals(1, driver.findElements(By.cssSelector("#code mark.variable-missing")).size(), "a value still needed is marked");

            namespace.sendKeys("prod");
            new Select(driver.findElement(By.id("variable-2"))).selectByVisibleText("false");
            wait.until(textToBePresentInElementLocated(By.id("code"), "kubectl -n prod rollout restart deploy/web --wait=false"));
            assertTrue(driver.findElement(By.id("code")).getText().contains("echo 'it'\\''s done'"), driver.findElement(By.id("code")).getText());
            // a value the highlighter split into several tokens is marked in each of them
            assertEquals("prod web false 'it'\\''s done'", script(driver,
                    "return [...document.querySelectorAll('#code mark.variable-value')].map(mark => mark.textContent).join('')"
                            + ".replace(/^(prod)(web)(false)/, '$1 $2 $3 ')"), "the values are marked in the highlighted code");
            assertTrue(driver.findElement(By.id("notes")).getText().contains("kubectl -n prod get pods"), "the notes' code blocks are filled in too");
            assertEquals(List.of("1", "2"), lineNumbers(driver));

            captureCopies(driver);
            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(By.id("copy-status"), "Copied."));
            String rendered = api.get("/api/v1/snippets/" + id + "/render?namespace=prod&wait=false").text();
            assertEquals(rendered, script(driver, "return window.copied"), "Copy takes what the server renders for the same values");
            browser.screenshot("variables");

            driver.navigate().refresh();
            assertEquals("prod", visible(wait, "variable-0").getAttribute("value"), "the values typed are remembered for this snippet");
            assertEquals("false", driver.findElement(By.id("variable-2")).getAttribute("value"));
            driver.findElement(By.id("variables-reset")).click();
            assertEquals("", driver.findElement(By.id("variable-0")).getAttribute("value"));
            captureCopies(driver);
            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(By.id("copy-status"), "Still without a value: namespace"));

            create(api, snippet("Without variables " + id, "bash", "true"));
            browser.open("/#/");
            visible(wait, "variables-filter").click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Restart a deployment")));
            assertTrue(driver.getCurrentUrl().contains("variables=true"), "the filter is in the address");

            browser.open("/#/s/" + id + "/edit");
            WebElement codeInput = visible(wait, "code");
            assertTrue(visible(wait, "code-variables-found").getText().contains("app = web"), "the editor names the variables it sees");
            codeInput.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "\ncurl {{host name}} {{port!bash}}");
            WebElement problems = visible(wait, "code-placeholder-problems");
            assertTrue(problems.getText().contains("Line 4: {{host name}}"), problems.getText());
            assertTrue(problems.getText().contains("{{port!bash}} (the quoting after ! is sh, ps or url)"), problems.getText());
            clickInMiddle(driver, driver.findElement(By.id("preview-toggle")));
            assertEquals(List.of("{{namespace}}", "{{app:web}}", "{{wait|true|false}}", "{{note:it's done!sh}}"),
                    visible(wait, "preview-code").findElements(By.cssSelector("mark.placeholder")).stream().map(WebElement::getText).toList(),
                    "the preview marks the placeholders");
            assertEquals(List.of("{{host name}}", "{{port!bash}}"), driver.findElements(By.cssSelector("#preview-code mark.placeholder-problem"))
                    .stream().map(WebElement::getText).toList());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anEditSurvivesAnEndedSessionAndAReloadAndTheKeyboardEditsCode() {
        JsonObject snippet = create(api, snippet("Draft target", "java", "class Draft {}"));
        String id = snippet.getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement code = visible(wait, "code");
            wait.until(ignored -> !code.getAttribute("value").isEmpty());
            code.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), Keys.ENTER, Keys.TAB, "// indented");
            assertTrue(code.getAttribute("value").endsWith("\n    // indented"), code.getAttribute("value"));
            driver.findElement(By.id("title")).sendKeys(" v2", Keys.ENTER);
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "Enter in a one-line field does not submit");

            driver.findElement(By.id("title")).sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));
            assertEquals(Boolean.TRUE, script(driver, "const box = document.getElementById('save-status').getBoundingClientRect();"
                    + " return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight"),
                    "saved from the top of the form: the result shows in the window, where the user looks");
            assertEquals("Draft target v2", api.get("/api/v1/snippets/" + id).data().getString("title"));
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "Ctrl+S stays in the editor");

            driver.findElement(By.id("notes")).sendKeys("Written before the session ended.");
            List<JsonObject> sessions = api.get("/api/v1/auth/sessions").json().getJsonArray("data").getValuesAs(JsonObject.class);
            sessions.forEach(session -> assertEquals(200, api.delete("/api/v1/auth/sessions/" + session.getString("id")).status()));
            driver.findElement(By.id("save")).click();
            loginForm(wait);
            String why = visible(wait, "session-ended").getText();
            assertTrue(why.startsWith("Your session ended") && why.contains("Your unsaved changes are kept in this browser"), why);
            driver.findElement(By.id("username")).sendKeys(user.username());
            driver.findElement(By.id("password")).sendKeys(user.password());
            driver.findElement(By.id("sign-in")).click();
            WebElement notes = visible(wait, "notes");
            wait.until(ignored -> notes.getAttribute("value").equals("Written before the session ended."));
            assertTrue(visible(wait, "draft-restored").getText().contains("unsaved changes"));
            driver.findElement(By.id("nav-home")).click();
            wait.until(ExpectedConditions.alertIsPresent()).dismiss();
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "staying was chosen: " + driver.getCurrentUrl());
            assertEquals("Written before the session ended.", driver.findElement(By.id("notes")).getAttribute("value"));

            driver.findElement(By.id("notes")).sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Draft target v2"));
            assertEquals("Written before the session ended.", api.get("/api/v1/snippets/" + id).data().getString("notes"));
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "title");
            assertTrue(driver.findElements(By.cssSelector("#draft-restored:not([hidden])")).isEmpty(), "a saved draft is gone");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theDarkThemesButtonsAreReadableAndAnEmptySignInIsNotSent() {
        JsonObject snippet = create(api, snippet("Contrast", "text", "x"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            browser.open("/login");
            visible(wait, "sign-in").click();
            assertEquals("Enter your username and password.", visible(wait, "login-error").getText());
            assertTrue(browser.consoleErrors().isEmpty(), "nothing was sent: " + browser.consoleErrors());

            signIn(browser, wait, user);
            ((ChromiumDriver) driver).executeCdpCommand("Emulation.setEmulatedMedia",
                    Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
            browser.open("/#/s/" + snippet.getString("id"));
            visible(wait, "edit");
            for (String id : List.of("edit", "delete")) {
                double ratio = contrast(driver, id);
                assertTrue(ratio >= 4.5, id + " has a contrast of " + ratio + ":1 in the dark theme");
            }
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void backFromAResultAfterThreeLoadMoresReturnsToTheSameItemAtTheSamePlace() {
        TestUser reader = TestUsers.create();
        ApiClient client = TestUsers.withToken(reader);
        for (int i = 1; i <= 65; i++) {
            create(client, snippet(String.format("Place %02d", i), "text", "x"));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, reader);
            wait.until(ignored -> resultTitles(driver).size() == 20);
            for (int shown : List.of(40, 60, 65)) {
                visible(wait, "load-more").click();
                wait.until(ignored -> resultTitles(driver).size() == shown);
            }
            WebElement target = driver.findElement(By.linkText("Place 03"));
            script(driver, "document.querySelector('a[href$=\"" + target.getAttribute("href").replaceAll(".*#", "#")
                    + "\"]').scrollIntoView({block: 'center'})");
            long scrolled = ((Number) script(driver, "return Math.round(window.scrollY)")).longValue();
            assertTrue(scrolled > 0, "the item is far down the list");
            target.click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Place 03"));
            assertEquals(0L, ((Number) script(driver, "return Math.round(window.scrollY)")).longValue(), "a snippet opens at its top");

            driver.navigate().back();
            wait.until(ignored -> resultTitles(driver).size() == 65);
            wait.until(ignored -> Math.abs(((Number) script(driver, "return Math.round(window.scrollY)")).longValue() - scrolled) <= 2);
            assertEquals(Boolean.TRUE, script(driver, "const box = [...document.querySelectorAll('#results h2 a')]"
                    + ".find(link => link.textContent === 'Place 03').getBoundingClientRect();"
                    + "return box.top >= 0 && box.bottom <= window.innerHeight"), "the item is in view again");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void notesAreMarkdownRenderedSafelyWithAPreviewInTheEditor() {
        String notes = "Use **retries** and [the guide](https://example.org/guide).\n\n<script>window.pwned = true</script>\n\n- one\n- two";
        JsonObject snippet = create(api, snippet("Markdown notes", "text", "x").add("notes", notes).add("description", "*Short* one"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + snippet.getString("id"));
            WebElement rendered = visible(wait, "notes");
            assertEquals("retries", rendered.findElement(By.tagName("strong")).getText());
            assertEquals(2, rendered.findElements(By.cssSelector("li")).size());
            WebElement link = rendered.findElement(By.tagName("a"));
            assertEquals("noopener noreferrer", link.getAttribute("rel"));
            assertEquals("https://example.org/guide", link.getAttribute("href"));
            assertTrue(rendered.findElements(By.tagName("script")).isEmpty());
            assertTrue(rendered.getText().contains("<script>window.pwned = true</script>"), "raw HTML stays text");
            assertEquals(null, script(driver, "return window.pwned ?? null"));
            assertEquals("Short", driver.findElement(By.cssSelector("#description em")).getText());

            browser.open("/#/s/" + snippet.getString("id") + "/edit");
            clickInMiddle(driver, visible(wait, "preview-toggle"));
            assertEquals("retries", visible(wait, "preview-notes").findElement(By.tagName("strong")).getText());
            driver.findElement(By.id("notes")).sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "\n\n**more**");
            wait.until(ignored -> driver.findElements(By.cssSelector("#preview-notes strong")).size() == 2);
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aResultShowsWhereInTheCodeItMatchedTheListOffersTheTagsAndLanguagesThatExistAndAMisspellingIsRespelled() {
        TestUser reader = TestUsers.create();
        ApiClient client = TestUsers.withToken(reader);
        create(client, snippet("Retry helper", "kotlin", "fun main() {}\nval backoffMillis = 250\nprintln(1)", "net", "retry"));
        create(client, snippet("Pool sizing", "go", "var poolSize = 8", "net"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, reader);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            wait.until(ignored -> driver.findElements(By.cssSelector("#tag-facets .chip")).size() == 2);
            assertEquals(List.of("go", "kotlin"), ((List<?>) script(driver,
                    "return [...document.querySelectorAll('#languages option')].map(option => option.value).sort()")));

            driver.findElement(By.id("search")).sendKeys("backoff");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            WebElement excerpt = wait.until(visibilityOfElementLocated(By.cssSelector("#results .excerpt")));
            assertEquals("backoff", excerpt.findElement(By.tagName("mark")).getText());
            assertTrue(excerpt.getText().contains("val backoffMillis = 250"), excerpt.getText());
            browser.screenshot("list-match");

            driver.findElement(By.id("compact")).click();
            assertFalse(excerpt.isDisplayed(), "the compact list shows titles only");
            driver.findElement(By.id("search")).sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            driver.findElement(By.cssSelector("#tag-facets button[aria-label='Filter by tag retry (1)']")).click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            assertEquals(1, driver.findElements(By.cssSelector("#active-tags .chip")).size());
            driver.findElement(By.id("compact")).click();

            driver.findElement(By.id("search")).sendKeys("bakcoff");
            WebElement suggestion = wait.until(visibilityOfElementLocated(By.id("suggestion")));
            assertTrue(driver.findElement(By.id("result-status")).getText().contains("Did you mean backoff?"),
                    driver.findElement(By.id("result-status")).getText());
            suggestion.click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            assertEquals("backoff", driver.findElement(By.id("search")).getAttribute("value"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anEditMergesWithAnotherSavedMeanwhileFieldByFieldAndAsksOnlyWhereBothChangedTheSameField() {
        String id = create(api, snippet("Conflict", "text", "line a\nline b")).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement title = visible(wait, "title");
            wait.until(ignored -> !title.getAttribute("value").isEmpty());
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("language", "theirs").build()).status());
            title.sendKeys(" (mine)");
            title.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 3."));
            JsonObject merged = api.get("/api/v1/snippets/" + id).data();
            assertEquals("Conflict (mine)", merged.getString("title"));
            assertEquals("theirs", merged.getString("language"), "their change to a field I did not touch stays");
            assertEquals("theirs", driver.findElement(By.id("language")).getAttribute("value"), "and is in the form");
            assertTrue(driver.findElements(By.cssSelector("#conflicts:not([hidden])")).isEmpty(), "nothing to ask");

            WebElement code = driver.findElement(By.id("code"));
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("code", "line a\nline THEIRS").build()).status());
            code.sendKeys(Keys.chord(Keys.CONTROL, "a"), "line a", Keys.ENTER, "line MINE");
            driver.findElement(By.id("save")).click();
            WebElement diff = wait.until(visibilityOfElementLocated(By.cssSelector("#conflicts .conflict[data-field='code'] .diff")));
            assertTrue(visible(wait, "conflicts").getText().contains("Both of you changed the same part of Code"));
            assertTrue(driver.findElement(By.id("conflicts")).getLocation().getY() < code.getLocation().getY(), "the conflict comes first");
            assertEquals(List.of("+ line THEIRS", "− line MINE"), java.util.Arrays.stream(diff.getText().split("\n")).map(String::strip).toList(),
                    "only the conflicting lines");
            browser.screenshot("edit-conflict");

            driver.findElement(By.id("take-theirs-code-1")).click();
            assertEquals("line a\nline THEIRS", code.getAttribute("value"));
            code.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "!");
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Conflict (mine)"));
            assertEquals("line a\nline THEIRS!", api.get("/api/v1/snippets/" + id).data().getString("code"));

            browser.open("/#/s/" + id + "/edit");
            WebElement notes = visible(wait, "notes");
            wait.until(ignored -> !driver.findElement(By.id("title")).getAttribute("value").isEmpty());
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("notes", "their notes").build()).status());
            notes.sendKeys("my notes");
            driver.findElement(By.id("save")).click();
            visible(wait, "keep-mine-notes-1").click();
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Conflict (mine)"));
            assertEquals("my notes", api.get("/api/v1/snippets/" + id).data().getString("notes"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void editsToDifferentLinesOfTheCodeMergeWithoutAskingAndOverlappingOnesAskPerHunk() {
        String base = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n";
        String id = create(api, snippet("Lines", "text", base)).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement code = visible(wait, "code");
            wait.until(ignored -> code.getAttribute("value").equals(base));
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("code", base.replace("eight\n", "EIGHT\n")).build()).status());
            script(driver, "const code = document.getElementById('code'); code.value = code.value.replace('two', 'TWO');"
                    + " code.dispatchEvent(new Event('input'));");
            code.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 3."));
            assertEquals(base.replace("two", "TWO").replace("eight", "EIGHT"), api.get("/api/v1/snippets/" + id).data().getString("code"),
                    "both edits, no question");

            String now = base.replace("two", "TWO").replace("eight", "EIGHT");
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder()
                    .add("code", now.replace("one\n", "one (theirs)\n").replace("six\n", "six (theirs)\n")).build()).status());
            script(driver, "const code = document.getElementById('code'); code.value = code.value.replace('one\\n', 'one (mine)\\n')"
                    + ".replace('six\\n', 'six (mine)\\n').replace('nine', 'NINE'); code.dispatchEvent(new Event('input'));");
            driver.findElement(By.id("save")).click();
            visible(wait, "take-theirs-code-1").click();
            visible(wait, "keep-mine-code-2").click();
            assertEquals(now.replace("one\n", "one (theirs)\n").replace("six\n", "six (mine)\n").replace("nine", "NINE"), code.getAttribute("value"));
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Lines"));
            assertEquals(now.replace("one\n", "one (theirs)\n").replace("six\n", "six (mine)\n").replace("nine", "NINE"),
                    api.get("/api/v1/snippets/" + id).data().getString("code"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aDraftOfAnOlderVersionIsSavedAsChangesToThatVersionAndNeverOverwritesTheNewerOne() {
        String id = create(api, snippet("Old draft", "text", "a\nb\nc\nd\ne\nf\ng\n")).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement code = visible(wait, "code");
            wait.until(ignored -> !code.getAttribute("value").isEmpty());
            script(driver, "const code = document.getElementById('code'); code.value = code.value.replace('a\\n', 'A\\n');"
                    + " code.dispatchEvent(new Event('input'));");
            driver.findElement(By.id("cancel")).click();
            wait.until(ExpectedConditions.alertIsPresent()).accept();
            visible(wait, "snippet-title");
            assertEquals(200, api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("title", "Old draft, renamed")
                    .add("code", "a\nb\nc\nd\ne\nf\nG\n").build()).status());

            browser.open("/#/s/" + id + "/edit");
            visible(wait, "draft-restored");
            assertEquals("Old draft", driver.findElement(By.id("title")).getAttribute("value"), "the draft as it was written");
            driver.findElement(By.id("save")).click();

            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Old draft, renamed"));
            JsonObject saved = api.get("/api/v1/snippets/" + id).data();
            assertEquals("Old draft, renamed", saved.getString("title"), "the newer title was not overwritten by the draft's");
            assertEquals("A\nb\nc\nd\ne\nf\nG\n", saved.getString("code"), "the draft's line and the newer one, merged");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void afterASaveTheFormHoldsWhatWasSavedAndNoBannerCanBringOlderTextBack() {
        String id = create(api, snippet("Banner", "text", "old text")).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement code = visible(wait, "code");
            wait.until(ignored -> code.getAttribute("value").equals("old text"));
            code.sendKeys(Keys.chord(Keys.CONTROL, "a"), "new text");
            driver.findElement(By.id("tags")).sendKeys("  Mixed Case ");
            driver.findElement(By.id("cancel")).click(); // leaves with a draft (the question is accepted)
            wait.until(ExpectedConditions.alertIsPresent()).accept();
            visible(wait, "snippet-title");
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "draft-restored");

            driver.findElement(By.id("code")).sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));

            assertTrue(driver.findElements(By.cssSelector("#draft-restored:not([hidden])")).isEmpty(), "the banner goes with the save");
            assertEquals("mixed case", driver.findElement(By.id("tags")).getAttribute("value"), "the form shows what was saved");
            assertEquals("new text", api.get("/api/v1/snippets/" + id).data().getString("code"));
            browser.open("/#/s/" + id + "/edit");
            wait.until(ignored -> driver.findElement(By.id("code")).getAttribute("value").equals("new text"));
            assertTrue(driver.findElements(By.cssSelector("#draft-restored:not([hidden])")).isEmpty(), "no draft is left to restore");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** Every violation of every rule axe-core (injected into the page as it is) finds, each with its impact and where. */
    @SuppressWarnings("unchecked")
    private static List<String> accessibilityViolations(WebDriver driver) throws IOException {
        JavascriptExecutor page = (JavascriptExecutor) driver;
        page.executeScript(Files.readString(Path.of(System.getProperty("snippets.axeScript"))));
        return (List<String>) page.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                // every rule, the experimental ones too
                const rules = Object.fromEntries(axe.getRules(["experimental"]).map((rule) => [rule.ruleId, {enabled: true}]));
                axe.run(document, {resultTypes: ["violations"], rules}).then((results) => done(results.violations
                    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at `
                        + violation.nodes.map((node) => node.target.join(" ")).join(", "))));
                """);
    }

    @Test
    void aNewMembersEmptyListSaysHowManySnippetsTheTeamSharesAndShowsThemInOneClick() {
        String title = "Team runbook " + TestUsers.uniqueName("r");
        create(api, snippet(title, "bash", "make deploy").add("visibility", "team"));
        TestUser newcomer = TestUsers.create();
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, newcomer);
            wait.until(textToBePresentInElementLocated(By.id("result-status"), "No snippets yet"));
            String hint = visible(wait, "shared-hint").getText();
            assertTrue(hint.matches("\\d+ more snippets? (is|are) shared with you by the team and your groups\\. Show (it|them too)"), hint);
            driver.findElement(By.id("show-shared")).click();
            wait.until(ignored -> resultTitles(driver).contains(title));
            assertEquals("all", new Select(driver.findElement(By.id("scope"))).getFirstSelectedOption().getAttribute("value"));
            assertTrue(driver.getCurrentUrl().contains("scope=all"), driver.getCurrentUrl());
            assertFalse(driver.findElement(By.id("shared-hint")).isDisplayed(), "no hint once the team's snippets are listed");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theListShowsWhoReadsEachSnippetItsDescriptionAsMarkdownAndEveryTagOnAsking() {
        String tagPrefix = TestUsers.uniqueName("t").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
        var tags = Json.createArrayBuilder();
        for (int i = 0; i < 14; i++) {
            tags.add(tagPrefix + i);
        }
        create(api, snippet("Private one", "text", "a").add("description", "Uses **bold** words").add("tags", tags));
        create(api, snippet("Team one", "text", "b").add("visibility", "team"));
        create(api, snippet("Link one", "text", "c").add("visibility", "link"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).containsAll(List.of("Private one", "Team one", "Link one")));
            assertEquals("Private", badgeOf(driver, "Private one"));
            assertEquals("Team", badgeOf(driver, "Team one"));
            assertEquals("Link", badgeOf(driver, "Link one"));
            assertEquals("bold", driver.findElement(By.cssSelector("#results .description strong")).getText(), "Markdown, rendered");
            assertTrue(driver.findElement(By.cssSelector("#results .description")).getText().equals("Uses bold words"));
            wait.until(ignored -> driver.findElements(By.cssSelector("#tag-facets button.chip")).size() == 12);
            assertEquals("2 more tags", driver.findElement(By.id("more-tags")).getText());
            driver.findElement(By.id("more-tags")).click();
            wait.until(ignored -> driver.findElements(By.cssSelector("#tag-facets button.chip")).size() == 14);
            assertTrue(driver.findElements(By.id("more-tags")).isEmpty());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static String badgeOf(WebDriver driver, String title) {
        return (String) script(driver, "return [...document.querySelectorAll('#results article')]"
                + ".find(item => item.querySelector('h2').textContent === '" + title + "').querySelector('.badge').textContent");
    }

    @Test
    void anAdministratorIsAskedBeforeDisablingOrPromotingAUserAndCancellingChangesNothing() {
        TestUser admin = TestUsers.create("admin");
        TestUser someone = TestUsers.create();
        ApiClient administration = TestUsers.signedIn(admin);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-users").click();
            By disable = By.cssSelector("#users button[aria-label='Disable " + someone.username() + "']");
            wait.until(visibilityOfElementLocated(disable)).click();
            assertTrue(visible(wait, "confirm-question").getText().startsWith("Disable " + someone.username() + "? Their sessions end"));
            driver.findElement(By.id("confirm-cancel")).click();
            assertFalse(userOf(administration, someone).getBoolean("disabled"), "cancelled: nothing changed");
            driver.findElement(disable).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> userOf(administration, someone).getBoolean("disabled"));

            By promote = By.cssSelector("#users button[aria-label='Make administrator: " + someone.username() + "']");
            wait.until(visibilityOfElementLocated(promote)).click();
            assertTrue(visible(wait, "confirm-question").getText().startsWith("Make " + someone.username() + " an administrator?"));
            driver.findElement(By.id("confirm-cancel")).click();
            assertEquals("user", userOf(administration, someone).getString("role"));
            driver.findElement(promote).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> userOf(administration, someone).getString("role").equals("admin"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static JsonObject userOf(ApiClient administration, TestUser user) {
        return administration.get("/api/v1/users").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(listed -> listed.getString("username").equals(user.username())).findFirst().orElseThrow();
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
            assertEquals("127.0.0.1", driver.findElement(By.cssSelector("#sessions tbody tr:first-child td[data-label='From']")).getText(),
                    "where it signed in from");
            visible(wait, "sign-out-others").click();
            visible(wait, "confirm-ok").click();
            wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("sign-out-others")));
            assertEquals(401, elsewhere.get("/api/v1/auth/whoami").status(), "the other session is signed out");
            assertEquals(1, driver.findElements(By.cssSelector("#sessions tbody tr")).size());

            driver.findElement(By.id("current-password")).sendKeys("not the password at all");
            driver.findElement(By.id("new-password")).sendKeys("a brand new password");
            driver.findElement(By.id("change-password")).click();
            wait.until(textToBePresentInElementLocated(By.id("password-status"), "The current password is not right."));
            assertFalse(driver.findElement(By.id("password-status")).getText().contains("currentPassword"));
            assertEquals(200, TestUsers.signedIn(someone).get("/api/v1/auth/whoami").status(), "still signed in here, password unchanged");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aUserExportsTheirSnippetsAndImportsTheArchiveOnTheAccountPageSeeingWhatWasCreated() throws IOException {
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
                    return files.filter(file -> file.toString().endsWith(".zip")).findFirst().orElse(null);
                } catch (IOException e) {
                    return null;
                }
            });
            slow.until(ignored -> sizeOf(archive) > 0 && new String(readQuietly(archive), java.nio.charset.StandardCharsets.ISO_8859_1).contains("manifest.json"));

            driver.findElement(By.id("import-file")).sendKeys(archive.toString());
            slow.until(textToBePresentInElementLocated(By.id("import-status"), "1 snippet and 0 attachments created."));
            WebElement created = driver.findElement(By.cssSelector("#import-report a"));
            assertEquals("Exported and back", created.getText());
            created.click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Exported and back"));
            assertEquals(2, their.get("/api/v1/snippets?query=exported").json().getJsonArray("data").size(), "the original and its import");
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

    @Test
    void aLongSnippetScrollsInsideItsOwnAreaAndALineHasAnAddressThatMarksIt() {
        StringBuilder code = new StringBuilder();
        for (int i = 1; i <= 150; i++) {
            code.append("echo line ").append(i).append('\n');
        }
        String id = create(api, snippet("A long script", "bash", code.toString())).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "?line=120");
            visible(wait, "code");
            wait.until(ignored -> lineNumbers(driver).size() == 150);
            assertEquals(Boolean.TRUE, script(driver, "const area = document.getElementById('code-scroll');"
                    + " return area.clientHeight <= window.innerHeight * 0.7 + 1 && area.scrollHeight > area.clientHeight"),
                    "the code scrolls in its own area, at most 70 % of the window high");
            assertEquals("120", script(driver, "return document.querySelector('#code .line.selected').dataset.line"));
            wait.until(ignored -> Boolean.TRUE.equals(script(driver, "const area = document.getElementById('code-scroll').getBoundingClientRect();"
                    + " const line = document.querySelector('#code .line.selected').getBoundingClientRect();"
                    + " return line.top >= area.top && line.bottom <= area.bottom")));
            assertEquals("echo line 120", driver.findElement(By.cssSelector("#code .line.selected")).getText());

            WebElement fifth = driver.findElement(By.cssSelector("#code .line[data-line='5']"));
            script(driver, "arguments[0].scrollIntoView({block: 'center'})", fifth);
            new org.openqa.selenium.interactions.Actions(driver)
                    .moveToElement(fifth, -fifth.getSize().getWidth() / 2 + 4, 0).click().perform();
            wait.until(urlContains("?line=5"));
            assertEquals(List.of("5"), script(driver, "return [...document.querySelectorAll('#code .line.selected')].map(line => line.dataset.line)"));
            assertEquals(code.toString().strip(), driver.findElement(By.id("code")).getText().strip(), "the numbers are not part of the text");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void nStartsANewSnippetAndCodePastedOntoTheListOpensTheEditorWithIt() {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            driver.findElement(By.tagName("body")).sendKeys("n");
            wait.until(urlContains("#/new"));
            visible(wait, "title");
            driver.findElement(By.id("nav-home")).click();
            visible(wait, "search");
            script(driver, "const data = new DataTransfer(); data.setData('text/plain', '#!/usr/bin/env python3\\nprint(1)\\n');"
                    + " document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}))");
            wait.until(urlContains("#/new"));
            WebElement code = visible(wait, "code");
            wait.until(ignored -> "#!/usr/bin/env python3\nprint(1)\n".equals(code.getAttribute("value")));
            assertEquals("", driver.findElement(By.id("title")).getAttribute("value"));
            assertEquals("python", driver.findElement(By.id("language")).getAttribute("value"), "the language guessed, to be changed if wrong");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void everyPageLinksTheApiDocumentationAndTheCommandLineClientsPageOffersItsDownloadAndTellsHowToSignInHere() throws IOException {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            assertTrue(driver.findElement(By.id("nav-api-docs")).getAttribute("href").endsWith("/api-docs/"));
            driver.findElement(By.id("nav-command-line")).click();
            String origin = (String) script(driver, "return window.location.origin");
            wait.until(textToBePresentInElementLocated(By.id("cli-login"), "snippets login " + origin));
            assertEquals("snippets login " + origin + " --device", driver.findElement(By.id("cli-login-device")).getText());
            assertEquals(origin + "/downloads/snippets", driver.findElement(By.id("cli-download")).getAttribute("href"));
            assertTrue(driver.findElement(By.id("cli-install")).getText().contains(origin + "/downloads/snippets"));
            assertEquals("Command-line client — Snippet Store", driver.getTitle());
            browser.screenshot("command-line");
            driver.findElement(By.id("nav-api-docs")).click();
            wait.until(urlContains("/api-docs/"));
            assertEquals(200, api.get("/api-docs/").status());
            Reply client = new ApiClient().get("/downloads/snippets");
            assertEquals(200, client.status());
            assertArrayEquals(Files.readAllBytes(Path.of("cli/target/snippets")), client.body(),
                    "the service offers the client of its own build, to anyone, signed in or not");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anAdministratorSeesTheStorageAndTakesRestoresOnlyAfterTypingItsNameAndDeletesABackup() {
        TestUser admin = TestUsers.create("admin");
        ApiClient administration = TestUsers.signedIn(admin);
        String restoredOver = null;
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-storage").click();
            wait.until(textToBePresentInElementLocated(By.id("storage-backend"), "sqlite"));
            assertTrue(driver.findElement(By.id("storage-size")).getText().matches("[\\d.]+ (bytes|KB|MB|GB)"));
            assertTrue(driver.findElement(By.id("storage-wal")).getText().matches("[\\d.]+ (bytes|KB|MB|GB)"),
                    driver.findElement(By.id("storage-wal")).getText());
            assertTrue(driver.findElement(By.id("storage-free")).getText().contains("writes stop below"));
            assertEquals(Long.toString(storageCount(administration, "snippets")), driver.findElement(By.id("storage-snippets")).getText());

            driver.findElement(By.id("take-backup")).click();
            wait.until(textToBePresentInElementLocated(By.id("backup-status"), "taken"));
            String name = driver.findElement(By.id("backup-status")).getText().split(" ")[1];
            wait.until(textToBePresentInElementLocated(By.id("backups"), name));
            browser.screenshot("storage");

            driver.findElement(By.cssSelector("#backups button[aria-label='Restore " + name + "']")).click();
            visible(wait, "restore-name").sendKeys("not its name");
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(By.id("backup-status"), "Not restored: the name typed was not the backup's."));

            driver.findElement(By.cssSelector("#backups button[aria-label='Restore " + name + "']")).click();
            visible(wait, "restore-name").sendKeys(name);
            driver.findElement(By.id("confirm-ok")).click();
            WebDriverWait slow = new WebDriverWait(driver, Duration.ofSeconds(60));
            slow.until(textToBePresentInElementLocated(By.id("backup-status"), "Restored " + name));
            restoredOver = driver.findElement(By.id("backup-status")).getText().replaceAll(".* kept as (\\S+)\\.$", "$1");

            By delete = By.cssSelector("#backups button[aria-label='Delete " + name + "']");
            wait.until(visibilityOfElementLocated(delete)).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> !driver.findElement(By.id("backups")).getText().contains(name));
            assertEquals(404, administration.get("/api/v1/storage/backups/" + name).status());
            assertEquals(List.of(), scriptErrors(browser));
        } finally {
            if (restoredOver != null) {
                // back to the database as it was just before this restore: the rest of the suite's writes since the backup
                Reply back = TestUsers.admin().post("/api/v1/storage/backups/" + restoredOver + "/restore", Json.createObjectBuilder().build());
                assertEquals(200, back.status(), back::toString);
            }
        }
    }

    private static long storageCount(ApiClient administration, String name) {
        return administration.get("/api/v1/storage").data().getJsonObject("counts").getJsonNumber(name).longValue();
    }

    @Test
    void anAdministratorReadsTheAuditTrailByUserAndActionAndAUserSeesTheirOwnOnTheAccountPage() {
        TestUser admin = TestUsers.create("admin");
        TestUser someone = TestUsers.create();
        TestUsers.newToken(TestUsers.signedIn(someone), "audited token");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-audit").click();
            visible(wait, "audit");
            wait.until(ignored -> driver.findElements(By.cssSelector("#audit-user option")).size() > 1);
            new Select(driver.findElement(By.id("audit-user"))).selectByVisibleText(someone.username());
            wait.until(ignored -> auditRows(driver, "audit").stream().allMatch(row -> row.contains(someone.username()))
                    && auditRows(driver, "audit").stream().anyMatch(row -> row.contains("token.created")));
            new Select(driver.findElement(By.id("audit-action"))).selectByValue("login");
            wait.until(ignored -> !auditRows(driver, "audit").isEmpty() && auditRows(driver, "audit").stream()
                    .allMatch(row -> row.contains(someone.username()) && row.contains("login") && !row.contains("token.created")));
            browser.screenshot("audit");

            String today = (String) script(driver, "const d = new Date(); return new Date(d - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10)");
            String tomorrow = LocalDate.parse(today).plusDays(1).toString();
            String yesterday = LocalDate.parse(today).minusDays(1).toString();
            chooseDay(driver, "audit-since", tomorrow);
            wait.until(ignored -> auditRows(driver, "audit").equals(List.of("Nothing recorded.")));
            chooseDay(driver, "audit-since", today);
            chooseDay(driver, "audit-until", today);
            wait.until(ignored -> !auditRows(driver, "audit").equals(List.of("Nothing recorded.")) && auditRows(driver, "audit").stream()
                    .allMatch(row -> row.contains(someone.username()) && row.contains("login")));
            chooseDay(driver, "audit-until", yesterday);
            wait.until(ignored -> auditRows(driver, "audit").equals(List.of("Nothing recorded.")));
            assertEquals(List.of(), scriptErrors(browser));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, someone);
            assertFalse(driver.findElement(By.id("nav-audit")).isDisplayed(), "the whole trail is for administrators");
            driver.findElement(By.id("nav-tokens")).click();
            wait.until(ignored -> auditRows(driver, "my-activity").stream().anyMatch(row -> row.contains("token.created") && row.contains("audited token")));
            assertTrue(auditRows(driver, "my-activity").stream().noneMatch(row -> row.contains(admin.username())), "only their own");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** Chooses a day in a date field as its picker would: the value, then the change event. */
    private static void chooseDay(WebDriver driver, String id, String day) {
        script(driver, "const field = document.getElementById(arguments[0]); field.value = arguments[1];"
                + " field.dispatchEvent(new Event('change'))", id, day);
    }

    @SuppressWarnings("unchecked")
    private static List<String> auditRows(WebDriver driver, String table) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#" + table + " tbody tr')].map(row => row.textContent)");
    }

    @Test
    void anOperationsTeamsLanguagesAreHighlightedDownloadUnderTheirFileNamesAndAreSuggestedInTheEditor() {
        String dockerfile = create(api, snippet("Base image", "Dockerfile", "FROM debian:12\nRUN apt-get update\n")).getString("id");
        String powershell = create(api, snippet("List services", "ps1", "Get-Service | Where-Object {$_.Status -eq 'Running'}\n")).getString("id");
        String vue = create(api, snippet("A component", "Vue", "<template><p>{{ greeting }}</p></template>\n")).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            for (String id : List.of(dockerfile, powershell, vue)) {
                browser.open("/#/s/" + id);
                wait.until(ignored -> !driver.findElements(By.cssSelector("#code .line")).isEmpty());
                assertFalse(driver.findElements(By.cssSelector("#code [class^='hljs-']")).isEmpty(),
                        "highlighted: " + driver.findElement(By.id("code")).getAttribute("class"));
            }
            browser.open("/#/s/" + dockerfile);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Base image"));
            assertEquals("Dockerfile", driver.findElement(By.id("download-code")).getAttribute("download"));
            browser.open("/#/s/" + powershell);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "List services"));
            assertEquals("List-services.ps1", driver.findElement(By.id("download-code")).getAttribute("download"));

            browser.open("/#/new");
            visible(wait, "language");
            wait.until(ignored -> suggestedLanguages(driver).containsAll(List.of("Dockerfile", "ps1", "Vue", "powershell", "nginx", "protobuf")));
            List<String> suggested = suggestedLanguages(driver);
            assertTrue(List.of("Dockerfile", "ps1", "Vue").stream().allMatch(used -> suggested.indexOf(used) < suggested.indexOf("nginx")),
                    "the ones in use first, as they are spelt: " + suggested);
            assertFalse(suggestedLanguages(driver).contains("dockerfile"), "a language in use is offered once");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void terraformIsHighlightedAndTheLanguageFilterFindsALanguageByAnyOfItsNames() {
        String terraform = create(api, snippet("A web server", "Terraform",
                "# the one server\nresource \"aws_instance\" \"web\" {\n  ami   = \"ami-${var.id}\"\n  count = 2\n}\n")).getString("id");
        create(api, snippet("Short name", "js", "const a = 1;\n"));
        create(api, snippet("Long name", "JavaScript", "let b = 2;\n"));
        create(api, snippet("Typed", "TypeScript", "const c: number = 3;\n"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + terraform);
            wait.until(ignored -> !driver.findElements(By.cssSelector("#code .line")).isEmpty());
            assertEquals(List.of("resource"), texts(driver, "#code .hljs-keyword"));
            assertEquals(List.of("ami", "count"), texts(driver, "#code .hljs-attr"));
            assertTrue(texts(driver, "#code .hljs-string").containsAll(List.of("\"aws_instance\"", "\"web\"")), texts(driver, "#code .hljs-string").toString());
            assertEquals(List.of("${var.id}"), texts(driver, "#code .hljs-subst"));
            assertEquals(List.of("# the one server"), texts(driver, "#code .hljs-comment"));
            assertEquals("A-web-server.tf", driver.findElement(By.id("download-code")).getAttribute("download"));

            driver.findElement(By.id("nav-home")).click();
            wait.until(ignored -> resultTitles(driver).size() == 4);
            driver.findElement(By.id("language-filter")).sendKeys("JS");
            wait.until(ignored -> resultTitles(driver).size() == 2);
            assertEquals(Set.of("Short name", "Long name"), Set.copyOf(resultTitles(driver)), "js and JavaScript are one language");
            driver.findElement(By.id("language-filter")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "tf");
            wait.until(ignored -> resultTitles(driver).equals(List.of("A web server")));
            driver.findElement(By.id("language-filter")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "typescript");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Typed")));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** The texts of the elements `selector` finds, read in one script call. */
    @SuppressWarnings("unchecked")
    private static List<String> texts(WebDriver driver, String selector) {
        return (List<String>) script(driver, "return [...document.querySelectorAll(arguments[0])].map(element => element.textContent)", selector);
    }

    @SuppressWarnings("unchecked")
    private static List<String> suggestedLanguages(WebDriver driver) {
        return (List<String>) script(driver, "return [...document.querySelectorAll('#language-suggestions option')].map(option => option.value)");
    }

    @Test
    void severalSnippetsAreTaggedSharedAndDeletedAtOnceFromTheListAndTheDeletionIsUndone() {
        String first = create(api, snippet("Batch one", "text", "1")).getString("id");
        String second = create(api, snippet("Batch two", "text", "2")).getString("id");
        String third = create(api, snippet("Batch three", "text", "3")).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).size() == 3);
            assertFalse(driver.findElement(By.id("selection-bar")).isDisplayed(), "nothing chosen, no actions");
            choose(driver, "Batch one", "Batch two");
            assertEquals("2 snippets selected", driver.findElement(By.id("selection-count")).getText());

            driver.findElement(By.id("selection-tag")).click();
            visible(wait, "selection-tag-name").sendKeys("Batch");
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Tagged “batch”: 2 snippets."));
            assertTrue(tagsOf(first).contains("batch") && tagsOf(second).contains("batch") && !tagsOf(third).contains("batch"));

            choose(driver, "Batch one", "Batch two");
            new Select(driver.findElement(By.id("selection-visibility"))).selectByValue("team");
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Made team: 2 snippets."));
            assertEquals(List.of("team", "team", "private"), List.of(first, second, third).stream()
                    .map(id -> api.get("/api/v1/snippets/" + id).data().getString("visibility")).toList());

            choose(driver, "Batch one", "Batch three");
            driver.findElement(By.id("selection-delete")).click();
            assertTrue(visible(wait, "confirm-question").getText().startsWith("Delete 2 snippets?"));
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Batch two")));
            assertEquals(404, api.get("/api/v1/snippets/" + third).status());
            visible(wait, "undo-delete").click();
            wait.until(ignored -> resultTitles(driver).size() == 3);
            assertEquals(200, api.get("/api/v1/snippets/" + third).status());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static void choose(WebDriver driver, String... titles) {
        for (String title : titles) {
            driver.findElement(By.cssSelector("#results input.select[aria-label='Select “" + title + "”']")).click();
        }
    }

    private List<String> tagsOf(String id) {
        return api.get("/api/v1/snippets/" + id).data().getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString).toList();
    }

    @Test
    void aMemberOfAGroupThatMayWriteFindsEditOnASnippetSharedWithItAndSavesAChange() {
        TestUser writer = TestUsers.create();
        ApiClient administration = TestUsers.admin();
        String groupId = administration.post("/api/v1/groups", Json.createObjectBuilder().add("name", TestUsers.uniqueName("writers")).build())
                .data().getString("id");
        assertEquals(200, administration.send("PUT", "/api/v1/groups/" + groupId + "/members/" + writer.id(), null, null, Map.of()).status());
        String id = create(api, snippet("Shared for writing", "sh", "echo one")
                .add("groups", Json.createArrayBuilder().add(Json.createObjectBuilder().add("id", groupId).add("access", "write")))).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, writer);
            browser.open("/#/s/" + id);
            wait.until(textToBePresentInElementLocated(By.cssSelector(".snippet .meta"), "you may edit it"));
            assertTrue(driver.findElements(By.id("delete")).isEmpty() && driver.findElements(By.id("share")).isEmpty(), "still the owner's");
            driver.findElement(By.id("edit")).click();
            WebElement title = visible(wait, "title");
            assertTrue(driver.findElements(By.id("read-only")).isEmpty());
            title.sendKeys(" by a writer");
            title.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));
            assertEquals("Shared for writing by a writer", api.get("/api/v1/snippets/" + id).data().getString("title"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** The widths (a desktop, a phone) and themes every page is checked in. */
    private static final List<Dimension> WIDTHS = List.of(new Dimension(1280, 900), new Dimension(360, 780));
    private static final List<String> THEMES = List.of("light", "dark");

    /**
     * Runs axe-core on the page as it is now in each width and theme; `prepare` brings the page
     * back to the state to check after each change (a dialog open, say). Violations are keyed by
     * page, width and theme.
     */
    private static void checkEverywhere(WebDriver driver, String page, Runnable prepare, Map<String, List<String>> found) throws IOException {
        for (Dimension size : WIDTHS) {
            driver.manage().window().setSize(size);
            for (String theme : THEMES) {
                ((ChromiumDriver) driver).executeCdpCommand("Emulation.setEmulatedMedia",
                        Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", theme))));
                prepare.run();
                found.put(page + " at " + size.getWidth() + " px, " + theme, accessibilityViolations(driver));
            }
        }
        driver.manage().window().setSize(WIDTHS.get(0));
    }

    @Test
    void noPageViolatesAnyAccessibilityRuleInEitherThemeOrWidth() throws IOException {
        // with variables, so that their form is checked too
        JsonObject snippet = create(api, snippet("Accessible", "java", "class A { String name = \"{{name:A}}\"; int n = {{n|1|2}}; }", "a11y")
                .add("notes", "Some *notes*\n\n```\nlet x = 1; // a line long enough to scroll sideways on a phone, and then some more\n```")
                .add("description", "A **described** snippet").add("visibility", "link"));
        String id = snippet.getString("id");
        api.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("title", "Accessible, changed").build());
        create(api, snippet("Another", "python", "print('searchable')", "a11y"));
        api.delete("/api/v1/snippets/" + create(api, snippet("Deleted", "text", "gone")).getString("id"));
        String link = api.post("/api/v1/snippets/" + id + "/links", Json.createObjectBuilder().build()).data().getString("url");
        TestUser admin = TestUsers.create("admin");
        Map<String, List<String>> found = new java.util.LinkedHashMap<>();
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            browser.open("/login");
            visible(wait, "username");
            checkEverywhere(driver, "/login", () -> { }, found);
            driver.get(link);
            visible(wait, "snippet-title");
            checkEverywhere(driver, "/s/<secret>", () -> { }, found);

            signIn(browser, wait, admin);
            for (String page : List.of("/#/", "/#/new", "/#/tokens", "/#/users", "/#/trash", "/#/storage", "/#/audit", "/#/command-line")) {
                browser.open(page);
                wait.until(ignored -> !driver.findElement(By.id("view")).getText().contains("Loading"));
                wait.until(ignored -> driver.findElements(By.cssSelector("#view h1, #view .toolbar")).size() > 0);
                checkEverywhere(driver, page, () -> { }, found);
            }
            browser.open("/device");
            visible(wait, "code");
            checkEverywhere(driver, "/device", () -> { }, found);
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/?q=searchable");
            wait.until(ignored -> resultTitles(driver).contains("Another"));
            checkEverywhere(driver, "/#/?q=searchable", () -> { }, found);
            browser.open("/#/s/" + id);
            visible(wait, "snippet-title");
            checkEverywhere(driver, "/#/s/<id>", () -> { }, found);
            checkEverywhere(driver, "share dialog", () -> {
                if (driver.findElements(By.id("share-dialog")).isEmpty()) {
                    driver.findElement(By.id("share")).click();
                }
                visible(wait, "share-dialog");
            }, found);
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "title");
            checkEverywhere(driver, "/#/s/<id>/edit", () -> { }, found);
            browser.open("/#/s/" + id + "/history");
            visible(wait, "version-1");
            checkEverywhere(driver, "/#/s/<id>/history", () -> { }, found);
            browser.open("/#/trash");
            wait.until(textToBePresentInElementLocated(By.id("trash"), "Deleted"));
            checkEverywhere(driver, "/#/trash with a snippet", () -> { }, found);
        }
        found.values().removeIf(List::isEmpty);
        assertEquals(Map.of(), found);
    }

    @Test
    void thePagesForbidInlineScriptAndOtherOriginsAndServeTheirLibraryFromTheWar() {
        for (String page : List.of("/", "/login", "/js/app.js")) {
            String policy = new ApiClient().get(page).header("Content-Security-Policy");
            assertTrue(policy.contains("script-src 'self'") && policy.contains("default-src 'self'") && !policy.contains("unsafe-inline"),
                    page + ": " + policy);
        }
        Reply highlighter = new ApiClient().get("/webjars/highlightjs/11.11.1/highlight.min.js");
        assertEquals(200, highlighter.status());
        assertTrue(highlighter.text().contains("Highlight.js"));
    }

    /** Past this, a function does several jobs: the backend's units are a fraction of it (issue 34, item 17). */
    private static final int LONGEST_FUNCTION_LINES = 60;

    @Test
    void noFunctionOfThePagesScriptsIsLongerThanAScreen() throws IOException {
        Map<String, String> scripts = new TreeMap<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/webapp/js"))) {
            for (Path file : files.filter(path -> path.toString().endsWith(".js")).toList()) {
                scripts.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        assertTrue(scripts.containsKey("editor.js") && scripts.containsKey("list.js"), scripts.keySet()::toString);
        try (Browser browser = new Browser()) {
            browser.open("/login");
            JavascriptExecutor page = (JavascriptExecutor) browser.driver();
            page.executeScript(Files.readString(Path.of(System.getProperty("snippets.acornScript"))));
            @SuppressWarnings("unchecked")
            Map<String, Long> longest = (Map<String, Long>) page.executeScript("""
                    const [scripts] = arguments;
                    const found = {};
                    const visit = (file, node) => {
                        if (/Function/.test(node.type)) {
                            const lines = node.loc.end.line - node.loc.start.line + 1;
                            found[`${file}:${node.loc.start.line}`] = lines;
                        }
                        Object.values(node).flat().filter((child) => typeof child?.type === "string").forEach((child) => visit(file, child));
                    };
                    for (const [file, source] of Object.entries(scripts)) {
                        visit(file, acorn.parse(source, {ecmaVersion: "latest", sourceType: "module", locations: true}));
                    }
                    return found;
                    """, scripts);
            assertTrue(longest.size() > 100, "every function was measured: " + longest.size());
            Map<String, Long> tooLong = new TreeMap<>(longest);
            tooLong.values().removeIf(lines -> lines <= LONGEST_FUNCTION_LINES);
            assertEquals(Map.of(), tooLong, "functions of more than " + LONGEST_FUNCTION_LINES + " lines, by where they start");
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
