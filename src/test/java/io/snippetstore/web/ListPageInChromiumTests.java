package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.codeText;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.script;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.sizeOf;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.urlContains;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The snippet list: search, filters, facets, paging and Back, choosing several at once, the trash. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class ListPageInChromiumTests {

    private static final String CODE = "int binarySearch(int[] sortedValues, int key) {\n    return -1;\n}\n";

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

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
            assertTrue(
                    visible(wait, "title-error").getText().startsWith("Title "),
                    "the API's message sits beside its field");
            assertTrue(visible(wait, "code-error").isDisplayed());

            driver.findElement(By.id("title")).sendKeys("Binary search in Java");
            driver.findElement(By.id("language")).sendKeys("java");
            driver.findElement(By.id("tags")).sendKeys("algorithms, search");
            driver.findElement(By.id("description")).sendKeys("Find an index fast.");
            // typed as a person types it: the editor indents the line after "{" and takes "}" back out
            driver.findElement(By.id("code")).sendKeys(CODE.replace("    ", ""));
            driver.findElement(By.id("notes")).sendKeys("<b>not bold</b> & <script>alert(1)</script>");
            assertFalse(
                    driver.findElement(By.id("title-error")).isDisplayed(),
                    "a field's message goes once the field is edited");
            script(driver, "window.scrollTo(0, 0)");
            browser.screenshot("editor");
            driver.findElement(By.id("save")).click();

            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Binary search in Java"));
            assertEquals(
                    "<b>not bold</b> & <script>alert(1)</script>",
                    driver.findElement(By.id("notes")).getText(),
                    "notes are shown as text, never as HTML");
            assertTrue(driver.findElements(By.cssSelector("#notes b, #notes script"))
                    .isEmpty());
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

            driver.findElement(By.cssSelector("#attachments button[aria-label^='Delete attachment']"))
                    .click();
            visible(wait, "confirm-ok").click();
            wait.until(textToBePresentInElementLocated(By.id("attachments"), "No attachments yet."));
            assertEquals(0, api.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));

            driver.findElement(By.id("nav-home")).click();
            visible(wait, "search").sendKeys("sortedVal");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Binary search in Java")));
            browser.screenshot("list");

            driver.findElement(By.id("search")).sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            driver.findElement(By.cssSelector("#results button.chip[aria-label='Filter by tag cache']"))
                    .click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Cache warm-up")));
            assertEquals(
                    1, driver.findElements(By.cssSelector("#active-tags .chip")).size());
            assertTrue(driver.getCurrentUrl().endsWith("#/?tag=cache&scope=own"), driver.getCurrentUrl());
            driver.navigate().refresh();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Cache warm-up")));
            assertEquals(
                    1, driver.findElements(By.cssSelector("#active-tags .chip")).size(), "a reload keeps the filters");
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
            assertEquals(
                    "Binary search, iterative",
                    api.get("/api/v1/snippets/" + snippetId).data().getString("title"));

            browser.open("/#/s/" + snippetId + "/edit");
            visible(wait, "title");
            Reply meanwhile = api.patch(
                    "/api/v1/snippets/" + snippetId,
                    Json.createObjectBuilder().add("notes", "changed elsewhere").build());
            assertEquals(200, meanwhile.status(), meanwhile::toString);
            driver.findElement(By.id("description")).sendKeys(" Mine.");
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("description"), "Mine."));
            JsonObject merged = api.get("/api/v1/snippets/" + snippetId).data();
            assertEquals(
                    "changed elsewhere",
                    merged.getString("notes"),
                    "their change to another field was merged, not overwritten");
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
            assertTrue(
                    visible(wait, "confirm-question").getText().contains("trash"), "the question says where it goes");
            visible(wait, "confirm-ok").click();
            visible(wait, "search");
            assertTrue(
                    visible(wait, "notice").getText().startsWith("Deleted “Doomed”."),
                    "the list says what just happened");
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
            item.findElement(By.cssSelector("button[aria-label='Restore Doomed']"))
                    .click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Doomed"));
            assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "restored from the trash page");
            driver.findElement(By.id("delete")).click();
            visible(wait, "confirm-ok").click();
            visible(wait, "search");
            browser.open("/#/trash");
            wait.until(visibilityOfElementLocated(By.cssSelector("#trash li[data-id='" + id + "']")))
                    .findElement(By.cssSelector("button.danger"))
                    .click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> driver.findElements(By.cssSelector("#trash li[data-id='" + id + "']"))
                    .isEmpty());
            assertEquals(
                    404,
                    api.post(
                                    "/api/v1/trash/" + id + "/restore",
                                    Json.createObjectBuilder().build())
                            .status(),
                    "purged for good");

            browser.open("/#/s/no-such-snippet");
            visible(wait, "not-found");
            assertEquals("Not found — Snippet Store", driver.getTitle());
            assertTrue(driver.findElements(By.id("results")).isEmpty(), "not the list that was there before");
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
            script(
                    driver,
                    "document.querySelector('a[href$=\""
                            + target.getAttribute("href").replaceAll(".*#", "#")
                            + "\"]').scrollIntoView({block: 'center'})");
            long scrolled = ((Number) script(driver, "return Math.round(window.scrollY)")).longValue();
            assertTrue(scrolled > 0, "the item is far down the list");
            target.click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Place 03"));
            assertEquals(
                    0L,
                    ((Number) script(driver, "return Math.round(window.scrollY)")).longValue(),
                    "a snippet opens at its top");

            driver.navigate().back();
            wait.until(ignored -> resultTitles(driver).size() == 65);
            wait.until(ignored ->
                    Math.abs(((Number) script(driver, "return Math.round(window.scrollY)")).longValue() - scrolled)
                            <= 2);
            assertEquals(
                    Boolean.TRUE,
                    script(
                            driver,
                            "const box = [...document.querySelectorAll('#results h2 a')]"
                                    + ".find(link => link.textContent === 'Place 03').getBoundingClientRect();"
                                    + "return box.top >= 0 && box.bottom <= window.innerHeight"),
                    "the item is in view again");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aResultShowsWhereInTheCodeItMatchedTheListOffersTheTagsAndLanguagesThatExistAndAMisspellingIsRespelled() {
        TestUser reader = TestUsers.create();
        ApiClient client = TestUsers.withToken(reader);
        create(
                client,
                snippet(
                        "Retry helper",
                        "kotlin",
                        "fun main() {}\nval backoffMillis = 250\nprintln(1)",
                        "net",
                        "retry"));
        create(client, snippet("Pool sizing", "go", "var poolSize = 8", "net"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, reader);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#tag-facets .chip")).size() == 2);
            assertEquals(List.of("go", "kotlin"), ((List<?>) script(
                    driver,
                    "return [...document.querySelectorAll('#languages option')].map(option => option.value).sort()")));

            driver.findElement(By.id("search")).sendKeys("backoff");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            WebElement excerpt = wait.until(visibilityOfElementLocated(By.cssSelector("#results .excerpt")));
            assertEquals("backoff", excerpt.findElement(By.tagName("mark")).getText());
            assertTrue(excerpt.getText().contains("val backoffMillis = 250"), excerpt.getText());
            browser.screenshot("list-match");

            new Select(driver.findElement(By.id("list-view"))).selectByValue("compact");
            assertFalse(excerpt.isDisplayed(), "the compact list shows titles only");
            driver.findElement(By.id("search")).sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            driver.findElement(By.cssSelector("#tag-facets button[data-tag='retry']"))
                    .click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            assertEquals(
                    1, driver.findElements(By.cssSelector("#active-tags .chip")).size());
            new Select(driver.findElement(By.id("list-view"))).selectByValue("cards");

            driver.findElement(By.id("search")).sendKeys("bakcoff");
            WebElement suggestion = wait.until(visibilityOfElementLocated(By.id("suggestion")));
            assertTrue(
                    driver.findElement(By.id("result-status")).getText().contains("Did you mean backoff?"),
                    driver.findElement(By.id("result-status")).getText());
            suggestion.click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Retry helper")));
            assertEquals("backoff", driver.findElement(By.id("search")).getAttribute("value"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aSearchThatNoWordsMatchShowsTheSnippetsRelatedByMeaning() {
        TestUser reader = TestUsers.create();
        ApiClient client = TestUsers.withToken(reader);
        String id = create(client, snippet("Disk usage per directory", "shell", "du -sh * | sort -h"))
                .getString("id");
        create(client, snippet("Stash work in progress", "shell", "git stash push -m wip"));
        String query = "how much space each folder takes";
        awaitMeaning(client, query, id);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, reader);
            wait.until(ignored -> resultTitles(driver).size() == 2);

            driver.findElement(By.id("search")).sendKeys(query);
            wait.until(textToBePresentInElementLocated(By.id("result-status"), "No snippet matches."));
            visible(wait, "related");
            List<String> related = driver.findElements(By.cssSelector("#related-results h2 a")).stream()
                    .map(WebElement::getText)
                    .toList();
            assertEquals(List.of("Disk usage per directory"), related);
            assertEquals(
                    "Related by meaning",
                    driver.findElement(By.id("related-title")).getText());
            browser.screenshot("list-related-by-meaning");

            driver.findElement(By.id("search")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "disk usage");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Disk usage per directory")));
            wait.until(ignored -> !driver.findElement(By.id("related")).isDisplayed());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** Until a search by meaning finds the snippet: its meaning is made in the background, within seconds. */
    private static void awaitMeaning(ApiClient client, String query, String id) {
        Eventually.holds(
                () -> client
                        .get("/api/v1/snippets?match=meaning&query=" + SnippetsApi.encode(query))
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .anyMatch(snippet -> snippet.getString("id").equals(id)),
                "a search by meaning to find " + id);
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
            assertTrue(
                    hint.matches(
                            "\\d+ more snippets? (is|are) shared with you by the team and your groups\\. Show (it|them too)"),
                    hint);
            driver.findElement(By.id("show-shared")).click();
            wait.until(ignored -> resultTitles(driver).contains(title));
            assertEquals(
                    "all",
                    new Select(driver.findElement(By.id("scope")))
                            .getFirstSelectedOption()
                            .getAttribute("value"));
            assertFalse(
                    driver.findElement(By.id("shared-hint")).isDisplayed(),
                    "no hint once the team's snippets are listed");
            browser.open("/#/s/"
                    + driver.findElement(By.cssSelector("#results h2 a"))
                            .getAttribute("href")
                            .replaceAll(".*#/s/", ""));
            visible(wait, "snippet-title");
            browser.open("/#/");
            wait.until(ignored -> resultTitles(driver).contains(title));
            assertEquals(
                    "all",
                    new Select(driver.findElement(By.id("scope")))
                            .getFirstSelectedOption()
                            .getAttribute("value"),
                    "the choice is remembered");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theListShowsWhoReadsEachSnippetItsDescriptionAsMarkdownAndEveryTagOnAsking() {
        String tagPrefix =
                TestUsers.uniqueName("t").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
        var tags = Json.createArrayBuilder();
        for (int i = 0; i < 14; i++) {
            tags.add(tagPrefix + i);
        }
        create(
                api,
                snippet("Private one", "text", "a")
                        .add("description", "Uses **bold** words")
                        .add("tags", tags));
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
            assertEquals(
                    "bold",
                    driver.findElement(By.cssSelector("#results .description strong"))
                            .getText(),
                    "Markdown, rendered");
            assertTrue(driver.findElement(By.cssSelector("#results .description"))
                    .getText()
                    .equals("Uses bold words"));
            wait.until(ignored -> driver.findElements(By.cssSelector("#tag-facets button.chip"))
                            .size()
                    == 12);
            assertEquals("2 more tags", driver.findElement(By.id("more-tags")).getText());
            driver.findElement(By.id("more-tags")).click();
            wait.until(ignored -> driver.findElements(By.cssSelector("#tag-facets button.chip"))
                            .size()
                    == 14);
            assertTrue(driver.findElements(By.id("more-tags")).isEmpty());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static String badgeOf(WebDriver driver, String title) {
        return (String) script(
                driver,
                "return [...document.querySelectorAll('#results article')]"
                        + ".find(item => item.querySelector('h2').textContent === '" + title
                        + "').querySelector('.badge').textContent");
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
            script(
                    driver,
                    "const data = new DataTransfer(); data.setData('text/plain', '#!/usr/bin/env python3\\nprint(1)\\n');"
                            + " document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}))");
            wait.until(urlContains("#/new"));
            visible(wait, "code");
            wait.until(ignored -> "#!/usr/bin/env python3\nprint(1)\n".equals(codeText(driver)));
            assertEquals("", driver.findElement(By.id("title")).getAttribute("value"));
            assertEquals(
                    "python",
                    driver.findElement(By.id("language")).getAttribute("value"),
                    "the language guessed, to be changed if wrong");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void terraformIsHighlightedAndTheLanguageFilterFindsALanguageByAnyOfItsNames() throws IOException {
        String terraform = create(
                        api,
                        snippet(
                                "A web server",
                                "Terraform",
                                "# the one server\nresource \"aws_instance\" \"web\" {\n  ami   = \"ami-${var.id}\"\n  count = 2\n}\n"))
                .getString("id");
        create(api, snippet("Short name", "js", "const a = 1;\n"));
        create(api, snippet("Long name", "JavaScript", "let b = 2;\n"));
        create(api, snippet("Typed", "TypeScript", "const c: number = 3;\n"));
        create(api, snippet("Shell", "bash", "echo d\n"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + terraform);
            wait.until(ignored ->
                    !driver.findElements(By.cssSelector("#code .line")).isEmpty());
            assertEquals(List.of("resource"), texts(driver, "#code .hljs-keyword"));
            assertEquals(List.of("ami", "count"), texts(driver, "#code .hljs-attr"));
            assertTrue(
                    texts(driver, "#code .hljs-string").containsAll(List.of("\"aws_instance\"", "\"web\"")),
                    texts(driver, "#code .hljs-string").toString());
            assertEquals(List.of("${var.id}"), texts(driver, "#code .hljs-subst"));
            assertEquals(List.of("# the one server"), texts(driver, "#code .hljs-comment"));
            assertEquals(
                    "A-web-server.tf",
                    driver.findElement(By.id("download-code")).getAttribute("download"));

            driver.findElement(By.id("nav-home")).click();
            wait.until(ignored -> resultTitles(driver).size() == 5);
            driver.findElement(By.id("language-filter")).sendKeys("JS");
            wait.until(ignored -> resultTitles(driver).size() == 2);
            assertEquals(
                    Set.of("Short name", "Long name"),
                    Set.copyOf(resultTitles(driver)),
                    "js and JavaScript are one language");
            driver.findElement(By.id("language-filter")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "tf");
            wait.until(ignored -> resultTitles(driver).equals(List.of("A web server")));
            driver.findElement(By.id("language-filter")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "typescript");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Typed")));
            driver.findElement(By.id("language-filter")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "sh");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Shell")));
            assertEquals(Map.of(), namesMissingFromTheTable(driver), "highlight.js's names of a language, by language");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /**
     * The names highlight.js gives its languages that language-names.json (which the filter and the
     * command-line client read) does not: none, so that both find a language by every name it has.
     */
    private static Map<String, List<String>> namesMissingFromTheTable(WebDriver driver) throws IOException {
        JsonObject table = Json.createReader(
                        new StringReader(Files.readString(Path.of("src/main/webapp/js/language-names.json"))))
                .readObject();
        @SuppressWarnings("unchecked")
        Map<String, List<String>> highlighted = (Map<String, List<String>>) script(
                driver,
                "return Object.fromEntries(hljs.listLanguages().map((key) => [key,"
                        + " (hljs.getLanguage(key).aliases ?? []).map((name) => name.toLowerCase())]))");
        assertTrue(highlighted.size() > 40, highlighted::toString);
        Map<String, List<String>> missing = new TreeMap<>();
        highlighted.forEach((language, names) -> {
            List<String> named = table.containsKey(language)
                    ? table.getJsonArray(language).getValuesAs(JsonString::getString)
                    : List.of();
            List<String> absent =
                    names.stream().filter(name -> !named.contains(name)).toList();
            if (!absent.isEmpty()) {
                missing.put(language, absent);
            }
        });
        return missing;
    }

    /** The texts of the elements `selector` finds, read in one script call. */
    @SuppressWarnings("unchecked")
    private static List<String> texts(WebDriver driver, String selector) {
        return (List<String>) script(
                driver,
                "return [...document.querySelectorAll(arguments[0])].map(element => element.textContent)",
                selector);
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
            assertEquals(
                    "2 snippets selected",
                    driver.findElement(By.id("selection-count")).getText());

            driver.findElement(By.id("selection-tag")).click();
            visible(wait, "selection-tag-name").sendKeys("Batch");
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Tagged “batch”: 2 snippets."));
            assertTrue(tagsOf(first).contains("batch")
                    && tagsOf(second).contains("batch")
                    && !tagsOf(third).contains("batch"));

            choose(driver, "Batch one", "Batch two");
            new Select(driver.findElement(By.id("selection-visibility"))).selectByValue("team");
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Made team: 2 snippets."));
            assertEquals(
                    List.of("team", "team", "private"),
                    List.of(first, second, third).stream()
                            .map(id -> api.get("/api/v1/snippets/" + id).data().getString("visibility"))
                            .toList());

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

    @Test
    void aSelectionTakesEveryMatchAndShiftClickedRangesAndRenamesAndRemovesATag() {
        TestUser owner = TestUsers.create();
        ApiClient client = TestUsers.withToken(owner);
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 25; i++) {
            ids.add(create(client, snippet(String.format("Bulk %02d", i), "text", "x" + i, "old-name", "keep"))
                    .getString("id"));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, owner);
            wait.until(ignored -> resultTitles(driver).size() == 20);
            choose(driver, "Bulk 24");
            visible(wait, "selection-all").click();
            wait.until(textToBePresentInElementLocated(By.id("selection-count"), "25 snippets selected"));

            driver.findElement(By.id("selection-rename-tag")).click();
            visible(wait, "selection-rename-from").sendKeys("old-name");
            driver.findElement(By.id("selection-rename-to")).sendKeys("New-Name");
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(
                    By.id("notice"), "Renamed “old-name” to “new-name” on 25 snippets."));
            assertTrue(
                    ids.stream().allMatch(id -> tagsOf(client, id).equals(List.of("keep", "new-name"))),
                    "every match, the 5 not loaded too");

            browser.open("/#/?sort=title");
            wait.until(ignored -> {
                List<String> titles = resultTitles(driver); // read once: the list may be drawn again between two reads
                return titles.size() == 20 && titles.get(0).equals("Bulk 00");
            });
            wait.until(ExpectedConditions.elementToBeClickable(
                            By.cssSelector("#results input.select[aria-label='Select “Bulk 01”']")))
                    .click();
            new org.openqa.selenium.interactions.Actions(driver)
                    .keyDown(Keys.SHIFT)
                    .click(wait.until(ExpectedConditions.elementToBeClickable(
                            By.cssSelector("#results input.select[aria-label='Select “Bulk 04”']"))))
                    .keyUp(Keys.SHIFT)
                    .perform();
            assertEquals(
                    "4 snippets selected",
                    driver.findElement(By.id("selection-count")).getText(),
                    "a shift-click chooses the range");
            driver.findElement(By.id("selection-untag")).click();
            new Select(visible(wait, "selection-untag-name")).selectByValue("keep");
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Took “keep” off 4 snippets."));
            assertEquals(List.of("new-name"), tagsOf(client, ids.get(1)));
            assertEquals(List.of("new-name"), tagsOf(client, ids.get(4)));
            assertEquals(List.of("keep", "new-name"), tagsOf(client, ids.get(0)), "outside the range");
            assertEquals(List.of("keep", "new-name"), tagsOf(client, ids.get(5)), "outside the range");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static List<String> tagsOf(ApiClient client, String id) {
        return client.get("/api/v1/snippets/" + id).data().getJsonArray("tags").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .sorted()
                .toList();
    }

    private static void choose(WebDriver driver, String... titles) {
        for (String title : titles) {
            driver.findElement(By.cssSelector("#results input.select[aria-label='Select “" + title + "”']"))
                    .click();
        }
    }

    private List<String> tagsOf(String id) {
        return api
                .get("/api/v1/snippets/" + id)
                .data()
                .getJsonArray("tags")
                .getValuesAs(jakarta.json.JsonString.class)
                .stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
    }

    @Test
    void aNewMemberLandsOnEverythingTheyMayReadCountedAndScansItAsATableByKeyboard() {
        String tag = TestUsers.uniqueName("scan").toLowerCase(java.util.Locale.ROOT);
        TestUser colleague = TestUsers.create();
        ApiClient theirs = TestUsers.withToken(colleague);
        // counted among the 23 the newcomer may read
        create(
                theirs,
                snippet("Shared by a colleague " + tag, "bash", "\n  df -h /var\n", tag)
                        .add("visibility", "team"));
        TestUser newcomer = TestUsers.create();
        ApiClient mine = TestUsers.withToken(newcomer);
        for (int i = 0; i < 22; i++) {
            create(mine, snippet(String.format("Mine %02d", i), "python", "print(" + i + ")\nmore()", tag));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            ChromiumPages.signInAsNew(browser, wait, newcomer);
            assertEquals(
                    "all",
                    new Select(driver.findElement(By.id("scope")))
                            .getFirstSelectedOption()
                            .getAttribute("value"),
                    "a new member lands on everything they may read");
            browser.open("/#/?tag=" + tag);
            wait.until(textToBePresentInElementLocated(By.id("result-status"), " of "));
            String status = driver.findElement(By.id("result-status")).getText();
            java.util.regex.Matcher counted = java.util.regex.Pattern.compile(
                            "^23 of (\\d+) snippets, 20 shown; more below\\.$")
                    .matcher(status);
            assertTrue(counted.matches(), status);
            assertTrue(Integer.parseInt(counted.group(1)) >= 23, status);

            new Select(driver.findElement(By.id("list-view"))).selectByValue("table");
            wait.until(ignored -> driver.findElements(By.cssSelector("#results-table tbody tr"))
                            .size()
                    == 20);
            assertFalse(driver.findElement(By.id("results")).isDisplayed());
            List<WebElement> cells = driver.findElements(By.cssSelector("#results-table tbody tr:first-child td"));
            assertEquals(6, cells.size());
            assertEquals("Mine 21", cells.get(0).getText().strip(), "newest first");
            assertEquals("python", cells.get(1).getText());
            assertEquals(tag, cells.get(2).getText());
            assertEquals("me", cells.get(3).getText());
            WebElement updated = cells.get(4).findElement(By.tagName("time"));
            assertTrue(updated.getText().matches("just now|\\d+ (seconds?|minutes?) ago|now"), updated.getText());
            assertTrue(updated.getAttribute("title").matches(".*\\d.*"), "the exact time on hover");
            assertEquals("print(21)", cells.get(5).getText(), "the first line of code");
            browser.screenshot("list-table");
            Number inSight = (Number) script(
                    driver,
                    "return [...document.querySelectorAll('#results-table tbody tr')]"
                            + ".filter(row => row.getBoundingClientRect().bottom + window.scrollY <= 900).length");
            assertTrue(inSight.intValue() >= 20, inSight + " rows in sight on a 900 px high screen");

            driver.findElement(By.tagName("body")).sendKeys("j");
            assertEquals("Mine 21", script(driver, "return document.activeElement.textContent"));
            driver.switchTo().activeElement().sendKeys("j", "j", "k", Keys.ARROW_DOWN);
            assertEquals("Mine 19", script(driver, "return document.activeElement.textContent"));
            driver.switchTo().activeElement().sendKeys("?");
            WebElement keys = visible(wait, "shortcuts");
            assertTrue(keys.getText().contains("Next result"), keys.getText());
            driver.findElement(By.id("shortcuts-close")).click();
            driver.switchTo().activeElement().sendKeys(Keys.ENTER);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Mine 19"));

            browser.open("/#/");
            wait.until(ignored -> !driver.findElements(By.cssSelector("#results-table tbody tr"))
                    .isEmpty());
            assertEquals(
                    "table",
                    new Select(driver.findElement(By.id("list-view")))
                            .getFirstSelectedOption()
                            .getAttribute("value"),
                    "the view is remembered");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theTrashRestoresSeveralChosenAndIsEmptiedAfterAskingEachTime() {
        TestUser owner = TestUsers.create();
        ApiClient client = TestUsers.withToken(owner);
        List<String> ids = new java.util.ArrayList<>();
        for (String title : List.of("Trashed one", "Trashed two", "Trashed three")) {
            String id = create(client, snippet(title, "text", title)).getString("id");
            assertEquals(200, client.delete("/api/v1/snippets/" + id).status());
            ids.add(id);
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, owner);
            browser.open("/#/trash");
            for (String id : ids.subList(0, 2)) {
                wait.until(visibilityOfElementLocated(By.cssSelector("#trash li[data-id='" + id + "'] input.select")))
                        .click();
            }
            WebElement restore = driver.findElement(By.id("trash-restore-chosen"));
            assertEquals("Restore 2 chosen", restore.getText());
            restore.click();
            assertTrue(visible(wait, "confirm-question").getText().startsWith("Restore 2 snippets"));
            driver.findElement(By.id("confirm-ok")).click();
            wait.until(textToBePresentInElementLocated(By.id("trash-status"), "2 restored."));
            assertEquals(200, client.get("/api/v1/snippets/" + ids.get(0)).status());
            assertEquals(200, client.get("/api/v1/snippets/" + ids.get(1)).status());
            assertEquals(404, client.get("/api/v1/snippets/" + ids.get(2)).status(), "the one not chosen stays");

            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#trash li[data-id]")).size() == 1);
            driver.findElement(By.id("trash-empty-all")).click();
            assertTrue(visible(wait, "confirm-question")
                    .getText()
                    .startsWith("Delete all 1 snippet in the trash for good"));
            driver.findElement(By.id("confirm-cancel")).click();
            assertEquals(
                    1, driver.findElements(By.cssSelector("#trash li[data-id]")).size(), "asked first: nothing gone");
            driver.findElement(By.id("trash-empty-all")).click();
            visible(wait, "confirm-ok").click();
            wait.until(textToBePresentInElementLocated(By.id("trash-status"), "1 deleted for good."));
            visible(wait, "trash-empty");
            assertEquals(
                    404,
                    client.post(
                                    "/api/v1/trash/" + ids.get(2) + "/restore",
                                    Json.createObjectBuilder().build())
                            .status(),
                    "purged");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }
}
