package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.codeText;
import static io.snippetstore.web.ChromiumPages.loginForm;
import static io.snippetstore.web.ChromiumPages.script;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

import java.time.Duration;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The editor: drafts that survive, the keyboard, and merging with a change saved meanwhile. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class EditorInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

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
            wait.until(ignored -> !codeText(driver).isEmpty());
            code.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), Keys.ENTER, Keys.TAB, "// indented");
            assertTrue(codeText(driver).endsWith("\n    // indented"), codeText(driver));
            driver.findElement(By.id("title")).sendKeys(" v2", Keys.ENTER);
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "Enter in a one-line field does not submit");

            driver.findElement(By.id("title")).sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));
            assertEquals(
                    Boolean.TRUE,
                    script(
                            driver,
                            "const box = document.getElementById('save-status').getBoundingClientRect();"
                                    + " return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight"),
                    "saved from the top of the form: the result shows in the window, where the user looks");
            assertEquals(
                    "Draft target v2", api.get("/api/v1/snippets/" + id).data().getString("title"));
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "Ctrl+S stays in the editor");

            driver.findElement(By.id("notes")).sendKeys("Written before the session ended.");
            List<JsonObject> sessions =
                    api.get("/api/v1/auth/sessions").json().getJsonArray("data").getValuesAs(JsonObject.class);
            sessions.forEach(session -> assertEquals(
                    200,
                    api.delete("/api/v1/auth/sessions/" + session.getString("id"))
                            .status()));
            driver.findElement(By.id("save")).click();
            loginForm(wait);
            String why = visible(wait, "session-ended").getText();
            assertTrue(
                    why.startsWith("Your session ended")
                            && why.contains("Your unsaved changes are kept in this browser"),
                    why);
            driver.findElement(By.id("username")).sendKeys(user.username());
            driver.findElement(By.id("password")).sendKeys(user.password());
            driver.findElement(By.id("sign-in")).click();
            WebElement notes = visible(wait, "notes");
            wait.until(ignored -> notes.getAttribute("value").equals("Written before the session ended."));
            assertTrue(visible(wait, "draft-restored").getText().contains("unsaved changes"));
            driver.findElement(By.id("nav-home")).click();
            wait.until(ExpectedConditions.alertIsPresent()).dismiss();
            assertTrue(driver.getCurrentUrl().endsWith("/edit"), "staying was chosen: " + driver.getCurrentUrl());
            assertEquals(
                    "Written before the session ended.",
                    driver.findElement(By.id("notes")).getAttribute("value"));

            driver.findElement(By.id("notes")).sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Draft target v2"));
            assertEquals(
                    "Written before the session ended.",
                    api.get("/api/v1/snippets/" + id).data().getString("notes"));
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "title");
            assertTrue(
                    driver.findElements(By.cssSelector("#draft-restored:not([hidden])"))
                            .isEmpty(),
                    "a saved draft is gone");
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
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("language", "theirs")
                                            .build())
                            .status());
            title.sendKeys(" (mine)");
            title.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 3."));
            JsonObject merged = api.get("/api/v1/snippets/" + id).data();
            assertEquals("Conflict (mine)", merged.getString("title"));
            assertEquals("theirs", merged.getString("language"), "their change to a field I did not touch stays");
            assertEquals("theirs", driver.findElement(By.id("language")).getAttribute("value"), "and is in the form");
            assertTrue(
                    driver.findElements(By.cssSelector("#conflicts:not([hidden])"))
                            .isEmpty(),
                    "nothing to ask");

            WebElement code = driver.findElement(By.id("code"));
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("code", "line a\nline THEIRS")
                                            .build())
                            .status());
            code.sendKeys(Keys.chord(Keys.CONTROL, "a"), "line a", Keys.ENTER, "line MINE");
            driver.findElement(By.id("save")).click();
            wait.until(
                    visibilityOfElementLocated(By.cssSelector("#conflicts .conflict[data-field='code'] .three-way")));
            String said = visible(wait, "conflicts").getText();
            assertTrue(said.contains("Both of you changed the same part of Code"), said);
            assertTrue(said.contains(user.username() + " saved version 4"), "who saved: " + said);
            assertTrue(said.contains("Keeping yours drops their lines of that part"), said);
            assertTrue(
                    driver.findElement(By.id("conflicts")).getLocation().getY()
                            < code.getLocation().getY(),
                    "the conflict comes first");
            assertEquals(
                    List.of("line b", "line THEIRS", "line MINE"),
                    driver
                            .findElements(By.cssSelector("#conflicts .conflict[data-field='code'] .three-way pre"))
                            .stream()
                            .map(pane -> pane.getText().strip())
                            .toList(),
                    "only the conflicting lines: before both, theirs, mine");
            browser.screenshot("edit-conflict");

            driver.findElement(By.id("take-theirs-code-1")).click();
            assertEquals("line a\nline THEIRS", codeText(driver));
            code.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "!");
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Conflict (mine)"));
            assertEquals(
                    "line a\nline THEIRS!",
                    api.get("/api/v1/snippets/" + id).data().getString("code"));

            browser.open("/#/s/" + id + "/edit");
            WebElement notes = visible(wait, "notes");
            wait.until(ignored ->
                    !driver.findElement(By.id("title")).getAttribute("value").isEmpty());
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("notes", "their notes")
                                            .build())
                            .status());
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
            wait.until(ignored -> codeText(driver).equals(base));
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("code", base.replace("eight\n", "EIGHT\n"))
                                            .build())
                            .status());
            script(
                    driver,
                    "const code = document.getElementsByName('code')[0]; code.value = code.value.replace('two', 'TWO');"
                            + " code.dispatchEvent(new Event('input'));");
            code.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 3."));
            assertEquals(
                    base.replace("two", "TWO").replace("eight", "EIGHT"),
                    api.get("/api/v1/snippets/" + id).data().getString("code"),
                    "both edits, no question");

            String now = base.replace("two", "TWO").replace("eight", "EIGHT");
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add(
                                                    "code",
                                                    now.replace("one\n", "one (theirs)\n")
                                                            .replace("six\n", "six (theirs)\n"))
                                            .build())
                            .status());
            script(
                    driver,
                    "const code = document.getElementsByName('code')[0]; code.value = code.value.replace('one\\n', 'one (mine)\\n')"
                            + ".replace('six\\n', 'six (mine)\\n').replace('nine', 'NINE'); code.dispatchEvent(new Event('input'));");
            driver.findElement(By.id("save")).click();
            visible(wait, "take-theirs-code-1").click();
            visible(wait, "keep-mine-code-2").click();
            assertEquals(
                    now.replace("one\n", "one (theirs)\n")
                            .replace("six\n", "six (mine)\n")
                            .replace("nine", "NINE"),
                    codeText(driver));
            driver.findElement(By.id("save")).click();
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Lines"));
            assertEquals(
                    now.replace("one\n", "one (theirs)\n")
                            .replace("six\n", "six (mine)\n")
                            .replace("nine", "NINE"),
                    api.get("/api/v1/snippets/" + id).data().getString("code"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aDraftOfAnOlderVersionIsSavedAsChangesToThatVersionAndNeverOverwritesTheNewerOne() {
        String id = create(api, snippet("Old draft", "text", "a\nb\nc\nd\ne\nf\ng\n"))
                .getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "code");
            wait.until(ignored -> !codeText(driver).isEmpty());
            script(
                    driver,
                    "const code = document.getElementsByName('code')[0]; code.value = code.value.replace('a\\n', 'A\\n');"
                            + " code.dispatchEvent(new Event('input'));");
            driver.findElement(By.id("cancel")).click();
            wait.until(ExpectedConditions.alertIsPresent()).accept();
            visible(wait, "snippet-title");
            assertEquals(
                    200,
                    api.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("title", "Old draft, renamed")
                                            .add("code", "a\nb\nc\nd\ne\nf\nG\n")
                                            .build())
                            .status());

            browser.open("/#/s/" + id + "/edit");
            visible(wait, "draft-restored");
            assertEquals(
                    "Old draft",
                    driver.findElement(By.id("title")).getAttribute("value"),
                    "the draft as it was written");
            driver.findElement(By.id("save")).click();

            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Old draft, renamed"));
            JsonObject saved = api.get("/api/v1/snippets/" + id).data();
            assertEquals(
                    "Old draft, renamed",
                    saved.getString("title"),
                    "the newer title was not overwritten by the draft's");
            assertEquals(
                    "A\nb\nc\nd\ne\nf\nG\n", saved.getString("code"), "the draft's line and the newer one, merged");
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
            wait.until(ignored -> codeText(driver).equals("old text"));
            code.sendKeys(Keys.chord(Keys.CONTROL, "a"), "new text");
            driver.findElement(By.id("tags")).sendKeys("  Mixed Case ");
            driver.findElement(By.id("cancel")).click(); // leaves with a draft (the question is accepted)
            wait.until(ExpectedConditions.alertIsPresent()).accept();
            visible(wait, "snippet-title");
            browser.open("/#/s/" + id + "/edit");
            visible(wait, "draft-restored");

            driver.findElement(By.id("code")).sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));

            assertTrue(
                    driver.findElements(By.cssSelector("#draft-restored:not([hidden])"))
                            .isEmpty(),
                    "the banner goes with the save");
            assertEquals(
                    "mixed case",
                    driver.findElement(By.id("tags")).getAttribute("value"),
                    "the form shows what was saved");
            assertEquals("new text", api.get("/api/v1/snippets/" + id).data().getString("code"));
            browser.open("/#/s/" + id + "/edit");
            wait.until(ignored -> codeText(driver).equals("new text"));
            assertTrue(
                    driver.findElements(By.cssSelector("#draft-restored:not([hidden])"))
                            .isEmpty(),
                    "no draft is left to restore");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void theCodeEditorHighlightsByTheLanguagePickedMatchesBracketsSearchesWrapsAndIsLeftWithEscThenTab() {
        String longLine = "echo " + "word ".repeat(80);
        String id = create(api, snippet("Editor", "text", "if [ -f x ]; then\n    echo (found)\nfi\n" + longLine))
                .getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + id + "/edit");
            WebElement code = visible(wait, "code");
            wait.until(ignored -> codeText(driver).startsWith("if ["));
            assertEquals("", code.getAttribute("data-language"), "text is edited as plain text");
            assertTrue(driver.findElements(By.cssSelector("#code .tok-keyword")).isEmpty());
            assertEquals(
                    List.of("1", "2", "3", "4"),
                    texts(driver, ".cm-lineNumbers .cm-gutterElement:not([style*='hidden'])"),
                    "line numbers");

            WebElement language = driver.findElement(By.id("language"));
            language.sendKeys(Keys.chord(Keys.CONTROL, "a"), "sh");
            wait.until(ignored -> "shell.shell".equals(code.getAttribute("data-language")));
            wait.until(ignored -> texts(driver, "#code .tok-keyword").containsAll(List.of("if", "then", "fi")));

            code.click();
            code.sendKeys(Keys.chord(Keys.CONTROL, Keys.HOME), Keys.DOWN, Keys.END);
            wait.until(ignored -> texts(driver, "#code .cm-matchingBracket").equals(List.of("(", ")")));

            code.sendKeys(Keys.chord(Keys.CONTROL, "f"));
            WebElement find = wait.until(visibilityOfElementLocated(By.cssSelector(".cm-search input[name=search]")));
            find.sendKeys("found");
            wait.until(ignored -> texts(driver, "#code .cm-searchMatch").equals(List.of("found")));
            find.sendKeys(Keys.ESCAPE);
            wait.until(
                    ignored -> driver.findElements(By.cssSelector(".cm-search")).isEmpty());

            String widths = "const scroller = document.querySelector('.cm-scroller');"
                    + " return scroller.scrollWidth > scroller.clientWidth";
            assertEquals(Boolean.TRUE, script(driver, widths), "a long line scrolls sideways");
            driver.findElement(By.id("code-wrap")).click();
            wait.until(ignored -> Boolean.FALSE.equals(script(driver, widths)));
            code.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));
            assertEquals("sh", api.get("/api/v1/snippets/" + id).data().getString("language"));
            browser.open("/#/s/" + id);
            visible(wait, "snippet-title");
            browser.open("/#/s/" + id + "/edit");
            WebElement reopened = visible(wait, "code");
            wait.until(ignored -> "shell.shell".equals(reopened.getAttribute("data-language")));
            assertTrue(driver.findElement(By.id("code-wrap")).isSelected(), "the choice is remembered");
            assertEquals(Boolean.FALSE, script(driver, widths), "and wraps at once");

            reopened.click();
            reopened.sendKeys(Keys.TAB);
            assertEquals("code", script(driver, "return document.activeElement.id"), "Tab indents, in the code");
            reopened.sendKeys(Keys.ESCAPE, Keys.TAB);
            assertEquals("code-wrap", script(driver, "return document.activeElement.id"), "Esc, then Tab, moves on");

            driver.manage().window().setSize(new Dimension(360, 780));
            wait.until(ignored -> Boolean.TRUE.equals(
                    script(driver, "return document.documentElement.scrollWidth <= window.innerWidth")));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void ctrlSOnANewSnippetKeepsTheCursorInTheFieldItWasIn() {
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/new");
            visible(wait, "title").sendKeys("Kept focus");
            driver.findElement(By.id("language")).sendKeys("text");
            WebElement code = visible(wait, "code");
            code.click();
            code.sendKeys("first line", Keys.chord(Keys.CONTROL, "s"));
            wait.until(ExpectedConditions.urlMatches("#/s/[^/]+/edit$"));
            wait.until(ignored -> "first line".equals(codeText(driver)));
            wait.until(ignored -> "code".equals(script(driver, "return document.activeElement.id")));
            driver.switchTo().activeElement().sendKeys(" and more");
            wait.until(ignored -> "first line and more".equals(codeText(driver)));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> texts(WebDriver driver, String selector) {
        return (List<String>) script(
                driver,
                "return [...document.querySelectorAll(arguments[0])].map(element => element.textContent)",
                selector);
    }
}
