package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.script;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.urlContains;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
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

/** What holds on every page: accessibility in both themes and widths, a narrow phone, the content security policy, links, and scripts kept readable. In a real headless Chromium against the real service. */
public abstract class EveryPageInChromiumTests {

    /** The widths (a desktop, a phone) and themes every page is checked in. */
    private static final List<Dimension> WIDTHS = List.of(new Dimension(1280, 900), new Dimension(360, 780));

    private static final List<String> THEMES = List.of("light", "dark");

    /** Past this, a function does several jobs: the backend's units are a fraction of it (issue 34, item 17). */
    private static final int LONGEST_FUNCTION_LINES = 60;

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    @Test
    void slashFocusesSearchAndThePagesFitANarrowPhoneAndLoadNothingFromElsewhere() {
        for (int i = 1; i <= 21; i++) {
            create(api, snippet("Snippet number " + i, "text", "line " + i));
        }
        create(
                api,
                snippet(
                        "A snippet with a rather long title that has to wrap on a small phone screen",
                        "text",
                        "x".repeat(300),
                        "one",
                        "two"));
        // so that the list's collection tree is measured too
        api.post(
                "/api/v1/collections",
                Json.createObjectBuilder()
                        .add("name", "A collection with a rather long name that has to wrap on a phone")
                        .build());
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
            double header = ((Number)
                            script(driver, "return document.querySelector('.topbar').getBoundingClientRect().height"))
                    .doubleValue();
            assertTrue(header < 70, "the phone header is " + header + " px high");
            for (String page : List.of("/#/tokens", "/#/new", "/#/collections", "/#/")) {
                browser.open(page);
                visible(wait, "view");
                wait.until(
                        ignored -> !driver.findElement(By.id("view")).getText().contains("Loading"));
                assertEquals(
                        Boolean.TRUE,
                        script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"),
                        page + " scrolls sideways at 360 px");
                assertEquals(
                        List.of(),
                        script(
                                driver,
                                "return [...document.querySelectorAll('input, select, textarea')]"
                                        + ".filter(control => control.labels.length === 0 && !control.getAttribute('aria-label')).map(control => control.id)"),
                        page + " has controls without a label");
            }
            browser.screenshot("list-narrow");

            String lightBackground = (String) script(driver, "return getComputedStyle(document.body).backgroundColor");
            ((ChromiumDriver) driver)
                    .executeCdpCommand(
                            "Emulation.setEmulatedMedia",
                            Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
            String darkBackground = (String) script(driver, "return getComputedStyle(document.body).backgroundColor");
            assertFalse(
                    lightBackground.equals(darkBackground),
                    "the dark theme follows the system setting: " + darkBackground);
            browser.screenshot("list-dark");
            assertEquals(
                    Boolean.TRUE,
                    script(
                            driver,
                            "return performance.getEntriesByType('resource').every(entry => entry.name.startsWith(location.origin))"),
                    "every script, style and request stays on this service");
            assertEquals(List.of(), scriptErrors(browser));
        }
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
    @Tag(ChromiumPages.PAGE_FLOWS) // what the pages draw, the same files on every server
    void theDarkThemesButtonsAreReadableAndAnEmptySignInIsNotSent() {
        JsonObject snippet = create(api, snippet("Contrast", "text", "x"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            browser.open("/login");
            visible(wait, "sign-in").click();
            assertEquals(
                    "Enter your username and password.",
                    visible(wait, "login-error").getText());
            assertTrue(browser.consoleErrors().isEmpty(), "nothing was sent: " + browser.consoleErrors());

            signIn(browser, wait, user);
            ((ChromiumDriver) driver)
                    .executeCdpCommand(
                            "Emulation.setEmulatedMedia",
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
    void everyPageLinksTheApiDocumentationAndTheCommandLineClientsPageOffersItsDownloadAndTellsHowToSignInHere()
            throws IOException {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            assertTrue(driver.findElement(By.id("nav-api-docs"))
                    .getAttribute("href")
                    .endsWith("/api-docs/"));
            driver.findElement(By.id("nav-command-line")).click();
            String origin = (String) script(driver, "return window.location.origin");
            wait.until(textToBePresentInElementLocated(By.id("cli-login"), "snippets login " + origin));
            assertEquals(
                    "snippets login " + origin + " --device",
                    driver.findElement(By.id("cli-login-device")).getText());
            assertEquals(
                    origin + "/downloads/snippets",
                    driver.findElement(By.id("cli-download")).getAttribute("href"));
            assertTrue(driver.findElement(By.id("cli-install")).getText().contains(origin + "/downloads/snippets"));
            assertEquals("Command-line client — Snippet Store", driver.getTitle());
            browser.screenshot("command-line");
            driver.findElement(By.id("nav-api-docs")).click();
            wait.until(urlContains("/api-docs/"));
            visible(wait, "back-to-app").click();
            wait.until(ignored -> driver.getCurrentUrl().equals(origin + "/")
                    || driver.getCurrentUrl().startsWith(origin + "/#"));
            visible(wait, "search");
            assertEquals(200, api.get("/api-docs/").status());
            Reply client = new ApiClient().get("/downloads/snippets");
            assertEquals(200, client.status());
            assertArrayEquals(
                    Files.readAllBytes(Path.of("cli/target/snippets")),
                    client.body(),
                    "the service offers the client of its own build, to anyone, signed in or not");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /**
     * Runs axe-core on the page as it is now in each width and theme; `prepare` brings the page
     * back to the state to check after each change (a dialog open, say). Violations are keyed by
     * page, width and theme.
     */
    private static void checkEverywhere(
            WebDriver driver, String page, Runnable prepare, Map<String, List<String>> found) throws IOException {
        for (Dimension size : WIDTHS) {
            driver.manage().window().setSize(size);
            for (String theme : THEMES) {
                ((ChromiumDriver) driver)
                        .executeCdpCommand(
                                "Emulation.setEmulatedMedia",
                                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", theme))));
                prepare.run();
                List<String> violations = new ArrayList<>(accessibilityViolations(driver));
                Number wide = (Number) script(
                        driver,
                        "return document.documentElement.scrollWidth > window.innerWidth"
                                + " ? document.documentElement.scrollWidth : 0");
                if (wide.intValue() > 0) {
                    violations.add("the page is " + wide + " px wide, wider than the screen");
                }
                found.put(page + " at " + size.getWidth() + " px, " + theme, violations);
            }
        }
        driver.manage().window().setSize(WIDTHS.get(0));
    }

    @Test
    @Tag(ChromiumPages.PAGE_FLOWS) // what the pages draw, the same files on every server
    void noPageViolatesAnyAccessibilityRuleInEitherThemeOrWidth() throws IOException {
        // with variables, so that their form is checked too
        JsonObject snippet = create(
                api,
                snippet(
                                "Accessible",
                                "java",
                                "class A { String name = \"{{name:A}}\"; int n = {{n|1|2}}; }\n"
                                        + "// kubectl --namespace {{namespace:production-eu-west-1}} rollout restart"
                                        + " deployment/{{app:the-web-frontend}} --timeout=600s --wait=true\n",
                                "a11y")
                        .add(
                                "notes",
                                "Some *notes*\n\n```\nlet x = 1; // a line long enough to scroll sideways on a phone, and then some more\n```")
                        .add("description", "A **described** snippet")
                        .add("visibility", "link"));
        String id = snippet.getString("id");
        api.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder()
                        .add("title", "Accessible, changed")
                        .add(
                                "code",
                                "class A { String name = \"{{name:A}}\"; int n = {{n|1|2}}; }\n"
                                        + "// kubectl --namespace {{namespace:production-eu-west-1}} rollout restart"
                                        + " deployment/{{app:the-web-frontend}} --timeout=900s --wait=true\n")
                        .build());
        create(api, snippet("Another", "python", "print('searchable')", "a11y"));
        api.delete("/api/v1/snippets/"
                + create(api, snippet("Deleted", "text", "gone")).getString("id"));
        String link = api.post(
                        "/api/v1/snippets/" + id + "/links",
                        Json.createObjectBuilder().build())
                .data()
                .getString("url");
        String runbooks = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", "Runbooks")
                                .add("description", "What the *on-call* reads first")
                                .build())
                .data()
                .getString("id");
        String kubernetes = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", "kubernetes")
                                .add("parentId", runbooks)
                                .build())
                .data()
                .getString("id");
        api.post(
                "/api/v1/collections/" + kubernetes + "/snippets",
                Json.createObjectBuilder()
                        .add("snippetIds", Json.createArrayBuilder().add(id))
                        .build());
        String collectionLink = api.post(
                        "/api/v1/collections/" + kubernetes + "/links",
                        Json.createObjectBuilder().build())
                .data()
                .getString("url");
        TestUser admin = TestUsers.create("admin");
        Map<String, List<String>> found = new java.util.LinkedHashMap<>();
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            browser.open("/login");
            visible(wait, "username");
            checkEverywhere(driver, "/login", () -> {}, found);
            driver.get(link);
            visible(wait, "snippet-title");
            checkEverywhere(driver, "/s/<secret>", () -> {}, found);
            driver.get(collectionLink);
            wait.until(ignored -> !driver.findElements(By.cssSelector("#collection-snippets button"))
                    .isEmpty());
            driver.findElement(By.cssSelector("#collection-snippets button")).click();
            visible(wait, "opened-snippet");
            checkEverywhere(driver, "/c/<secret>", () -> {}, found);

            signIn(browser, wait, admin);
            for (String page : List.of(
                    "/#/",
                    "/#/new",
                    "/#/tokens",
                    "/#/users",
                    "/#/trash",
                    "/#/collections",
                    "/#/storage",
                    "/#/audit",
                    "/#/command-line")) {
                browser.open(page);
                wait.until(
                        ignored -> !driver.findElement(By.id("view")).getText().contains("Loading"));
                wait.until(ignored -> driver.findElements(By.cssSelector("#view h1, #view .toolbar"))
                                .size()
                        > 0);
                checkEverywhere(driver, page, () -> {}, found);
            }
            browser.open("/device");
            visible(wait, "code");
            checkEverywhere(driver, "/device", () -> {}, found);
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/?q=searchable");
            wait.until(ignored -> resultTitles(driver).contains("Another"));
            checkEverywhere(driver, "/#/?q=searchable", () -> {}, found);
            browser.open("/#/s/" + id);
            visible(wait, "snippet-title");
            checkEverywhere(driver, "/#/s/<id>", () -> {}, found);
            checkEverywhere(
                    driver,
                    "share dialog",
                    () -> {
                        if (driver.findElements(By.id("share-dialog")).isEmpty()) {
                            driver.findElement(By.id("share")).click();
                        }
                        visible(wait, "share-dialog");
                    },
                    found);
            browser.open("/#/collections");
            visible(wait, "collection-tree");
            checkEverywhere(driver, "/#/collections", () -> {}, found);
            browser.open("/#/c/" + kubernetes);
            visible(wait, "collection-snippets");
            checkEverywhere(driver, "/#/c/<id>", () -> {}, found);
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "title");
            checkEverywhere(driver, "/#/s/<id>/edit", () -> {}, found);
            browser.open("/#/s/" + id + "/history");
            visible(wait, "version-1");
            checkEverywhere(driver, "/#/s/<id>/history", () -> {}, found);
            browser.open("/#/trash");
            wait.until(textToBePresentInElementLocated(By.id("trash"), "Deleted"));
            checkEverywhere(driver, "/#/trash with a snippet", () -> {}, found);
        }
        found.values().removeIf(List::isEmpty);
        assertEquals(Map.of(), found);
    }

    /**
     * What a page shows only after an action (issue 65's views and questions) is checked as the
     * pages are: the list as a table, the keys, the selection's bar and a tag's renaming, the
     * import's question, emptying the trash, an edit's conflict and a restore's warning.
     */
    @Test
    @Tag(ChromiumPages.PAGE_FLOWS) // what the pages draw, the same files on every server
    void theViewsAndQuestionsAnActionOpensPassAxeAndFitAPhoneInEitherTheme() throws IOException {
        String conflicting = create(api, snippet("Dialogs one", "text", "line a\nline b", "dialogs"))
                .getString("id");
        create(api, snippet("Dialogs two", "python", "print(2)", "dialogs"));
        api.delete("/api/v1/snippets/"
                + create(api, snippet("Dialogs trashed", "text", "gone")).getString("id"));
        Path archive = Files.createTempFile("export", ".zip");
        Map<String, List<String>> found = new java.util.LinkedHashMap<>();
        try (Browser browser = new Browser()) {
            Files.write(archive, api.get("/api/v1/export").body());
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).contains("Dialogs two"));
            new Select(driver.findElement(By.id("list-view"))).selectByValue("table");
            wait.until(ignored -> driver.findElements(By.cssSelector("#results-table tbody tr"))
                            .size()
                    >= 2);
            checkEverywhere(driver, "the list as a table", () -> {}, found);
            checkEverywhere(
                    driver,
                    "the keys",
                    () -> opened(
                            driver,
                            wait,
                            "shortcuts",
                            () -> driver.findElement(By.tagName("body")).sendKeys("?")),
                    found);
            driver.findElement(By.id("shortcuts-close")).click();
            new Select(driver.findElement(By.id("list-view"))).selectByValue("cards");
            wait.until(ExpectedConditions.elementToBeClickable(
                            By.cssSelector("#results input.select[aria-label='Select “Dialogs two”']")))
                    .click();
            visible(wait, "selection-bar");
            checkEverywhere(driver, "the selection's bar", () -> {}, found);
            checkEverywhere(
                    driver,
                    "renaming a tag of the selection",
                    () -> opened(
                            driver,
                            wait,
                            "selection-rename-from",
                            () -> driver.findElement(By.id("selection-rename-tag"))
                                    .click()),
                    found);
            driver.findElement(By.id("confirm-cancel")).click();

            browser.open("/#/tokens");
            visible(wait, "import-file").sendKeys(archive.toString());
            visible(wait, "import-duplicates");
            checkEverywhere(driver, "the import's question", () -> {}, found);
            driver.findElement(By.id("confirm-cancel")).click();

            browser.open("/#/trash");
            wait.until(textToBePresentInElementLocated(By.id("trash"), "Dialogs trashed"));
            checkEverywhere(
                    driver,
                    "emptying the trash",
                    () -> opened(
                            driver,
                            wait,
                            "confirm-question",
                            () -> driver.findElement(By.id("trash-empty-all")).click()),
                    found);
            driver.findElement(By.id("confirm-cancel")).click();

            browser.open("/#/s/" + conflicting + "/edit");
            WebElement title = visible(wait, "title");
            wait.until(ignored -> !title.getAttribute("value").isEmpty());
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + conflicting,
                                    Json.createObjectBuilder()
                                            .add("code", "line a\nline THEIRS")
                                            .build())
                            .status());
            driver.findElement(By.id("code"))
                    .sendKeys(Keys.chord(Keys.CONTROL, "a"), "line a", Keys.ENTER, "line MINE");
            driver.findElement(By.id("save")).click();
            wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#conflicts .conflict[data-field='code'] .three-way")));
            checkEverywhere(driver, "an edit's conflict", () -> {}, found);
            assertEquals(List.of(), scriptErrors(browser));
        } finally {
            Files.delete(archive);
        }
        TestUser admin = TestUsers.create("admin");
        Reply backup = TestUsers.withToken(admin)
                .post("/api/v1/storage/backups", Json.createObjectBuilder().build());
        assertEquals(201, backup.status(), backup::toString);
        String backupName = backup.data().getString("name");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            browser.open("/#/storage");
            wait.until(textToBePresentInElementLocated(By.id("backups"), backupName));
            checkEverywhere(
                    driver,
                    "a restore's warning",
                    () -> opened(
                            driver,
                            wait,
                            "restore-warning",
                            () -> driver.findElement(
                                            By.cssSelector("#backups button[aria-label='Restore " + backupName + "']"))
                                    .click()),
                    found);
            driver.findElement(By.id("confirm-cancel")).click();
            assertEquals(List.of(), scriptErrors(browser));
        }
        found.values().removeIf(List::isEmpty);
        assertEquals(Map.of(), found);
    }

    /** Opens what shows the element, unless it is shown already (it stays open while the width and theme change). */
    private static void opened(WebDriver driver, WebDriverWait wait, String id, Runnable open) {
        if (driver.findElements(By.id(id)).stream().noneMatch(WebElement::isDisplayed)) {
            open.run();
        }
        visible(wait, id);
    }

    @Test
    void thePagesForbidInlineScriptAndOtherOriginsAndServeTheirLibraryFromTheWar() {
        for (String page : List.of("/", "/login", "/js/app.js")) {
            String policy = new ApiClient().get(page).header("Content-Security-Policy");
            assertTrue(
                    policy.contains("script-src 'self'")
                            && policy.contains("default-src 'self'")
                            && !policy.contains("unsafe-inline"),
                    page + ": " + policy);
        }
        Reply highlighter = new ApiClient().get("/webjars/highlightjs/11.11.1/highlight.min.js");
        assertEquals(200, highlighter.status());
        assertTrue(highlighter.text().contains("Highlight.js"));
    }

    @Test
    void noFunctionOfThePagesScriptsIsLongerThanAScreen() throws IOException {
        Map<String, String> scripts = new TreeMap<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/webapp/js"))) {
            for (Path file :
                    files.filter(path -> path.toString().endsWith(".js")).toList()) {
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
            assertEquals(
                    Map.of(),
                    tooLong,
                    "functions of more than " + LONGEST_FUNCTION_LINES + " lines, by where they start");
        }
    }
}
