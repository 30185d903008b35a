package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.script;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
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
import java.util.List;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** One snippet's page: its code, notes, variables, attachments and history. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class SnippetPageInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    /** Clicks an element once it is scrolled to the window's middle: at the bottom, the editor's save bar stays over it, as a person would see. */
    private static void clickInMiddle(WebDriver driver, WebElement element) {
        script(driver, "arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
    }

    /** The numbers shown beside the code's lines (drawn by CSS from each line's data-line). */
    @SuppressWarnings("unchecked")
    private static List<String> lineNumbers(WebDriver driver) {
        return (List<String>) script(
                driver,
                "return [...document.querySelectorAll('#code .line')]"
                        + ".map(line => getComputedStyle(line, '::before').content.replaceAll('\"', ''))");
    }

    @Test
    void theHistoryShowsEachVersionWhatItChangedAndRestoresOneAfterAsking() {
        String id = create(api, snippet("Versioned", "text", "first line\nsecond line\n"))
                .getString("id");
        assertEquals(
                200,
                api.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("code", "first line\nsecond LINE\n")
                                        .build())
                        .status());
        assertEquals(
                200,
                api.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("title", "Versioned again")
                                        .build())
                        .status());
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id);
            visible(wait, "history").click();

            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#versions li")).size() == 3);
            WebElement titleChange =
                    wait.until(visibilityOfElementLocated(By.cssSelector(".field-diff[data-field='title']")));
            assertTrue(
                    titleChange.getText().contains("Versioned")
                            && titleChange.getText().contains("Versioned again"),
                    titleChange.getText());
            visible(wait, "version-2").click();
            WebElement codeChange =
                    wait.until(visibilityOfElementLocated(By.cssSelector(".field-diff[data-field='code'] .diff")));
            assertEquals(
                    List.of("@@ −1,2 +1,2 @@", "first line", "− second line", "+ second LINE"),
                    java.util.Arrays.stream(codeChange.getText().split("\n"))
                            .map(String::strip)
                            .toList());
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
    void aFileOverTheUploadLimitIsRefusedBeforeItIsSentAndTheLimitIsShownInMiB() throws IOException {
        JsonObject target = create(api, snippet("Target", "text", "x"));
        long limit = Long.getLong("snippets.maxUploadBytes");
        Path tooLarge = Files.createTempFile("too-large", ".bin");
        Files.write(tooLarge, new byte[Math.toIntExact(limit + 100 * 1024)]);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
            signIn(browser, wait, user);

            browser.open("/#/s/" + target.getString("id"));
            String mib = (limit / (1024 * 1024)) + " MiB";
            wait.until(textToBePresentInElementLocated(By.id("upload-limit"), "Up to " + mib + " a file."));
            String requests = "return performance.getEntriesByType('resource').filter(entry =>"
                    + " entry.name.endsWith('/attachments')).length";
            Number before = (Number) script(driver, requests);
            visible(wait, "file-input").sendKeys(tooLarge.toString());

            wait.until(textToBePresentInElementLocated(
                    By.id("upload-status"), "over the limit of " + mib + ": not sent."));
            assertEquals(before, script(driver, requests), "nothing was sent");
            assertEquals(
                    0,
                    api.get("/api/v1/snippets/" + target.getString("id")).data().getInt("attachmentCount"));
        } finally {
            Files.delete(tooLarge);
        }
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
            assertEquals(
                    Boolean.TRUE,
                    script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"),
                    "a long line scrolls inside the code block, not the page");
            assertEquals(
                    "Long-lines-demo.py",
                    driver.findElement(By.id("download-code")).getAttribute("download"));
            String raw = driver.findElement(By.id("raw")).getAttribute("href");
            assertTrue(raw.endsWith("/api/v1/snippets/" + snippet.getString("id") + "/raw"), raw);
            assertEquals(code, api.get(URI.create(raw).getPath()).text());

            driver.findElement(By.id("wrap-lines")).click();
            assertEquals(List.of("1", "2", "3"), lineNumbers(driver), "wrapped lines keep their numbers");
            assertEquals(
                    Boolean.TRUE,
                    script(
                            driver,
                            "const lines = document.querySelectorAll('#code .line');"
                                    + " return lines[1].getBoundingClientRect().height > 2 * lines[0].getBoundingClientRect().height"
                                    + " && lines[2].getBoundingClientRect().top >= lines[1].getBoundingClientRect().bottom - 1"),
                    "the long line wraps onto several rows, and the next line and its number start below it");
            driver.navigate().refresh();
            wait.until(ignored -> driver.findElements(By.id("wrap-lines")).size() == 1);
            assertTrue(
                    driver.findElement(By.id("wrap-lines")).isSelected(), "the choice is remembered by this browser");
            assertEquals(
                    Boolean.TRUE, script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"));
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
        String code =
                "kubectl -n {{namespace}} rollout restart deploy/{{app:web}} --wait={{wait|true|false}}\necho {{note:it's done!sh}}\n";
        JsonObject snippet = create(
                api,
                snippet("Restart a deployment", "bash", code, "runbook")
                        .add("notes", "Check first:\n\n```\nkubectl -n {{namespace}} get pods\n```\n"));
        String id = snippet.getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id);
            WebElement namespace = visible(wait, "variable-0");
            assertEquals(
                    "namespace",
                    driver.findElement(By.cssSelector("label[for=variable-0]")).getText());
            assertEquals("", namespace.getAttribute("value"));
            assertEquals(
                    "web", driver.findElement(By.id("variable-1")).getAttribute("value"), "a default is filled in");
            assertEquals(
                    List.of("true", "false"),
                    new Select(driver.findElement(By.id("variable-2")))
                            .getOptions().stream().map(WebElement::getText).toList(),
                    "a pick list is a select");
            assertEquals(
                    1,
                    driver.findElements(By.cssSelector("#code mark.variable-missing"))
                            .size(),
                    "a value still needed is marked");

            namespace.sendKeys("prod");
            new Select(driver.findElement(By.id("variable-2"))).selectByVisibleText("false");
            wait.until(textToBePresentInElementLocated(
                    By.id("code"), "kubectl -n prod rollout restart deploy/web --wait=false"));
            assertTrue(
                    driver.findElement(By.id("code")).getText().contains("echo 'it'\\''s done'"),
                    driver.findElement(By.id("code")).getText());
            // a value the highlighter split into several tokens is marked in each of them
            assertEquals(
                    "prod web false 'it'\\''s done'",
                    script(
                            driver,
                            "return [...document.querySelectorAll('#code mark.variable-value')].map(mark => mark.textContent).join('')"
                                    + ".replace(/^(prod)(web)(false)/, '$1 $2 $3 ')"),
                    "the values are marked in the highlighted code");
            assertTrue(
                    driver.findElement(By.id("notes")).getText().contains("kubectl -n prod get pods"),
                    "the notes' code blocks are filled in too");
            assertEquals(List.of("1", "2"), lineNumbers(driver));

            captureCopies(driver);
            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(By.id("copy-status"), "Copied."));
            String rendered = api.get("/api/v1/snippets/" + id + "/render?namespace=prod&wait=false")
                    .text();
            assertEquals(
                    rendered,
                    script(driver, "return window.copied"),
                    "Copy takes what the server renders for the same values");
            browser.screenshot("variables");

            driver.navigate().refresh();
            assertEquals(
                    "prod",
                    visible(wait, "variable-0").getAttribute("value"),
                    "the values typed are remembered for this snippet");
            assertEquals("false", driver.findElement(By.id("variable-2")).getAttribute("value"));
            driver.findElement(By.id("variables-reset")).click();
            assertEquals("", driver.findElement(By.id("variable-0")).getAttribute("value"));
            captureCopies(driver);
            script(driver, "window.copied = null");
            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(
                    By.id("copy-status"), "Fill in namespace first: nothing was taken."));
            assertEquals(null, script(driver, "return window.copied"), "a command with a value missing is not copied");
            assertEquals("true", driver.findElement(By.id("variable-0")).getAttribute("aria-invalid"));
            assertEquals("variable-0", script(driver, "return document.activeElement.id"), "the field to fill in");
            script(driver, "document.getElementById('copy-status').textContent = ''");
            driver.findElement(By.id("download-code")).click();
            wait.until(textToBePresentInElementLocated(
                    By.id("copy-status"), "Fill in namespace first: nothing was taken.")); // nor downloaded
            driver.findElement(By.id("variable-0")).sendKeys("staging");
            assertEquals(null, driver.findElement(By.id("variable-0")).getAttribute("aria-invalid"));
            driver.findElement(By.id("copy")).click();
            wait.until(textToBePresentInElementLocated(By.id("copy-status"), "Copied."));
            assertTrue(((String) script(driver, "return window.copied")).startsWith("kubectl -n staging "));

            create(api, snippet("Without variables " + id, "bash", "true"));
            browser.open("/#/");
            visible(wait, "variables-filter").click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Restart a deployment")));
            assertTrue(driver.getCurrentUrl().contains("variables=true"), "the filter is in the address");

            browser.open("/#/s/" + id + "/edit");
            WebElement codeInput = visible(wait, "code");
            assertTrue(
                    visible(wait, "code-variables-found").getText().contains("app = web"),
                    "the editor names the variables it sees");
            codeInput.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "\ncurl {{host name}} {{port!bash}}");
            WebElement problems = visible(wait, "code-placeholder-problems");
            assertTrue(problems.getText().contains("Line 4: {{host name}}"), problems.getText());
            assertTrue(
                    problems.getText().contains("{{port!bash}} (the quoting after ! is sh, ps or url)"),
                    problems.getText());
            clickInMiddle(driver, driver.findElement(By.id("preview-toggle")));
            assertEquals(
                    List.of("{{namespace}}", "{{app:web}}", "{{wait|true|false}}", "{{note:it's done!sh}}"),
                    visible(wait, "preview-code").findElements(By.cssSelector("mark.placeholder")).stream()
                            .map(WebElement::getText)
                            .toList(),
                    "the preview marks the placeholders");
            assertEquals(
                    List.of("{{host name}}", "{{port!bash}}"),
                    driver.findElements(By.cssSelector("#preview-code mark.placeholder-problem")).stream()
                            .map(WebElement::getText)
                            .toList());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void notesAreMarkdownRenderedSafelyWithAPreviewInTheEditor() {
        String notes =
                "Use **retries** and [the guide](https://example.org/guide).\n\n<script>window.pwned = true</script>\n\n- one\n- two";
        JsonObject snippet = create(
                api, snippet("Markdown notes", "text", "x").add("notes", notes).add("description", "*Short* one"));
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
            assertEquals(
                    "Short",
                    driver.findElement(By.cssSelector("#description em")).getText());

            browser.open("/#/s/" + snippet.getString("id") + "/edit");
            clickInMiddle(driver, visible(wait, "preview-toggle"));
            assertEquals(
                    "retries",
                    visible(wait, "preview-notes")
                            .findElement(By.tagName("strong"))
                            .getText());
            driver.findElement(By.id("notes")).sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "\n\n**more**");
            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#preview-notes strong")).size() == 2);
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aLongSnippetScrollsInsideItsOwnAreaAndALineHasAnAddressThatMarksIt() {
        StringBuilder code = new StringBuilder();
        for (int i = 1; i <= 150; i++) {
            code.append("echo line ").append(i).append('\n');
        }
        String id =
                create(api, snippet("A long script", "bash", code.toString())).getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "?line=120");
            visible(wait, "code");
            wait.until(ignored -> lineNumbers(driver).size() == 150);
            assertEquals(
                    Boolean.TRUE,
                    script(
                            driver,
                            "const area = document.getElementById('code-scroll');"
                                    + " return area.clientHeight <= window.innerHeight * 0.7 + 1 && area.scrollHeight > area.clientHeight"),
                    "the code scrolls in its own area, at most 70 % of the window high");
            assertEquals("120", script(driver, "return document.querySelector('#code .line.selected').dataset.line"));
            wait.until(ignored -> Boolean.TRUE.equals(script(
                    driver,
                    "const area = document.getElementById('code-scroll').getBoundingClientRect();"
                            + " const line = document.querySelector('#code .line.selected').getBoundingClientRect();"
                            + " return line.top >= area.top && line.bottom <= area.bottom")));
            assertEquals(
                    "echo line 120",
                    driver.findElement(By.cssSelector("#code .line.selected")).getText());

            WebElement fifth = driver.findElement(By.cssSelector("#code .line[data-line='5']"));
            script(driver, "arguments[0].scrollIntoView({block: 'center'})", fifth);
            new org.openqa.selenium.interactions.Actions(driver)
                    .moveToElement(fifth, -fifth.getSize().getWidth() / 2 + 4, 0)
                    .click()
                    .perform();
            wait.until(urlContains("?line=5"));
            assertEquals(
                    List.of("5"),
                    script(
                            driver,
                            "return [...document.querySelectorAll('#code .line.selected')].map(line => line.dataset.line)"));
            assertEquals(
                    code.toString().strip(),
                    driver.findElement(By.id("code")).getText().strip(),
                    "the numbers are not part of the text");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anOperationsTeamsLanguagesAreHighlightedDownloadUnderTheirFileNamesAndAreSuggestedInTheEditor() {
        String dockerfile = create(api, snippet("Base image", "Dockerfile", "FROM debian:12\nRUN apt-get update\n"))
                .getString("id");
        String powershell = create(
                        api, snippet("List services", "ps1", "Get-Service | Where-Object {$_.Status -eq 'Running'}\n"))
                .getString("id");
        String vue = create(api, snippet("A component", "Vue", "<template><p>{{ greeting }}</p></template>\n"))
                .getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            for (Map.Entry<String, String> shown : Map.of(
                            dockerfile, "Base image", powershell, "List services", vue, "A component")
                    .entrySet()) {
                browser.open("/#/s/" + shown.getKey());
                // The title first, so the lines read are this snippet's and not the page before's.
                wait.until(textToBePresentInElementLocated(By.id("snippet-title"), shown.getValue()));
                // Read in the page in one script: the code may be drawn again between two WebDriver calls.
                wait.withMessage(() -> shown.getValue() + " highlighted, the code's class: "
                                + script(driver, "return document.getElementById('code').className"))
                        .until(ignored -> Boolean.TRUE.equals(script(
                                driver, "return document.querySelector(\"#code .line [class^='hljs-']\") !== null")));
            }
            browser.open("/#/s/" + dockerfile);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Base image"));
            assertEquals(
                    "Dockerfile", driver.findElement(By.id("download-code")).getAttribute("download"));
            browser.open("/#/s/" + powershell);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "List services"));
            assertEquals(
                    "List-services.ps1",
                    driver.findElement(By.id("download-code")).getAttribute("download"));

            browser.open("/#/new");
            visible(wait, "language");
            wait.until(ignored -> suggestedLanguages(driver)
                    .containsAll(List.of("Dockerfile", "ps1", "Vue", "powershell", "nginx", "protobuf")));
            List<String> suggested = suggestedLanguages(driver);
            assertTrue(
                    List.of("Dockerfile", "ps1", "Vue").stream()
                            .allMatch(used -> suggested.indexOf(used) < suggested.indexOf("nginx")),
                    "the ones in use first, as they are spelt: " + suggested);
            assertFalse(suggestedLanguages(driver).contains("dockerfile"), "a language in use is offered once");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> suggestedLanguages(WebDriver driver) {
        return (List<String>) script(
                driver,
                "return [...document.querySelectorAll('#language-suggestions option')].map(option => option.value)");
    }

    @Test
    void aReaderCopiesASnippetToTheirOwnAndSeesItsNotesHeadingsBelowThePagesAndNoEmptyBullet() {
        TestUser owner = TestUsers.create();
        ApiClient theirs = TestUsers.withToken(owner);
        String id = create(
                        theirs,
                        snippet("Shared recipe", "bash", "make all", "recipes")
                                .add("notes", "# A big heading\n\nsome notes")
                                .add("visibility", "team"))
                .getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id);
            visible(wait, "snippet-title");
            double page = ((Number) script(
                            driver,
                            "return parseFloat(getComputedStyle(document.getElementById('snippet-title')).fontSize)"))
                    .doubleValue();
            double note = ((Number) script(
                            driver,
                            "return parseFloat(getComputedStyle(document.querySelector('#notes h1')).fontSize)"))
                    .doubleValue();
            assertTrue(
                    note < page, "a heading in the notes (" + note + " px) stays below the page's (" + page + " px)");
            WebElement none = wait.until(visibilityOfElementLocated(By.cssSelector("#attachments li.none")));
            assertEquals("No attachments.", none.getText());
            assertEquals("none", none.getCssValue("list-style-type"), "no bullet before it");

            visible(wait, "fork").click();
            wait.until(ignored -> !driver.getCurrentUrl().endsWith("#/s/" + id));
            String copy = driver.getCurrentUrl().replaceAll(".*#/s/", "");
            wait.until(
                    textToBePresentInElementLocated(By.id("notice"), "Copied “Shared recipe” by " + owner.username()));
            JsonObject copied = api.get("/api/v1/snippets/" + copy).data();
            assertEquals(user.username(), copied.getJsonObject("owner").getString("username"));
            assertEquals("private", copied.getString("visibility"));
            assertEquals("make all", copied.getString("code"));
            assertEquals("# A big heading\n\nsome notes", copied.getString("notes"));
            assertTrue(driver.findElements(By.id("fork")).isEmpty(), "one's own copy is edited, not copied");

            visible(wait, "share").click();
            visible(wait, "share-dialog");
            driver.navigate().back();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Shared recipe"));
            assertTrue(
                    driver.findElements(By.cssSelector("dialog[open]")).isEmpty(),
                    "Back closes the dialog with its page");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }
}
