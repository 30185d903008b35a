package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.loginForm;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.script;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The administrators' pages: users, storage and backups, the audit trail. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class AdministrationInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    @Test
    void
            anAdministratorCreatesAUserWhoChoosesTheirOwnPasswordAtTheFirstSignInAndReadsTheTeamsSnippetWithoutEditingIt() {
        String title = "Team deploy checklist " + TestUsers.uniqueName("t");
        JsonObject teamSnippet =
                create(api, snippet(title, "bash", "make deploy", "ops").add("visibility", "team"));
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
            assertTrue(driver.findElement(By.cssSelector(".snippet .meta"))
                    .getText()
                    .contains("read-only"));
            assertTrue(driver.findElements(By.id("edit")).isEmpty()
                    && driver.findElements(By.id("delete")).isEmpty()
                    && driver.findElements(By.id("file-input")).isEmpty()
                    && driver.findElements(By.id("snippet-visibility")).isEmpty());
            browser.open("/#/s/" + teamSnippet.getString("id") + "/edit");
            assertTrue(
                    visible(wait, "read-only").getText().startsWith("You can read this snippet but not change it"),
                    "said when the editor opens, not at Save");
            assertFalse(driver.findElement(By.id("save")).isEnabled());
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertEquals(
                "team",
                api.get("/api/v1/snippets/" + teamSnippet.getString("id"))
                        .data()
                        .getString("visibility"));
        assertEquals(
                200,
                TestUsers.signedIn(username, "the newcomer's own password")
                        .get("/api/v1/snippets")
                        .status());
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
            assertTrue(visible(wait, "confirm-question")
                    .getText()
                    .startsWith("Disable " + someone.username() + "? Their sessions end"));
            driver.findElement(By.id("confirm-cancel")).click();
            assertFalse(userOf(administration, someone).getBoolean("disabled"), "cancelled: nothing changed");
            driver.findElement(disable).click();
            visible(wait, "confirm-ok").click();
            wait.until(ignored -> userOf(administration, someone).getBoolean("disabled"));

            By promote = By.cssSelector("#users button[aria-label='Make administrator: " + someone.username() + "']");
            wait.until(visibilityOfElementLocated(promote)).click();
            assertTrue(visible(wait, "confirm-question")
                    .getText()
                    .startsWith("Make " + someone.username() + " an administrator?"));
            driver.findElement(By.id("confirm-cancel")).click();
            assertEquals("user", userOf(administration, someone).getString("role"));
            driver.findElement(promote).click();
            visible(wait, "confirm-ok").click();
            wait.until(
                    ignored -> userOf(administration, someone).getString("role").equals("admin"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void anAdministratorSeesAUsersTokensOnTheUsersPageAndRevokesThemAllAtOnce() {
        TestUser admin = TestUsers.create("admin");
        TestUser someone = TestUsers.create();
        ApiClient theirs = TestUsers.signedIn(someone);
        ApiClient laptop = new ApiClient().withBearer(TestUsers.newToken(theirs, "lost laptop"));
        TestUsers.newToken(theirs, "ci job");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-users").click();
            wait.until(visibilityOfElementLocated(
                            By.cssSelector("#users button[aria-label='API tokens of " + someone.username() + "']")))
                    .click();

            wait.until(textToBePresentInElementLocated(By.id("user-tokens-list"), "lost laptop"));
            String listed = driver.findElement(By.id("user-tokens-list")).getText();
            assertTrue(listed.contains("ci job") && listed.contains("snippets:read"), listed);
            visible(wait, "revoke-all-tokens").click();
            wait.until(textToBePresentInElementLocated(By.id("user-tokens-list"), "No tokens."));

            assertEquals(401, laptop.get("/api/v1/auth/whoami").status(), "revoked at once");
            assertEquals(
                    0,
                    TestUsers.signedIn(admin)
                            .get("/api/v1/users/" + someone.id() + "/tokens")
                            .json()
                            .getJsonArray("data")
                            .size());
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    private static JsonObject userOf(ApiClient administration, TestUser user) {
        return administration.get("/api/v1/users").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(listed -> listed.getString("username").equals(user.username()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anAdministratorSeesTheStorageAndTakesRestoresOnlyAfterTypingItsNameStaysSignedInAndDeletesABackup()
            throws IOException {
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
            assertTrue(
                    driver.findElement(By.id("storage-wal")).getText().matches("[\\d.]+ (bytes|KB|MB|GB)"),
                    driver.findElement(By.id("storage-wal")).getText());
            assertTrue(driver.findElement(By.id("storage-free")).getText().contains("writes stop below"));
            assertEquals(
                    Long.toString(storageCount(administration, "snippets")),
                    driver.findElement(By.id("storage-snippets")).getText());

            driver.findElement(By.id("take-backup")).click();
            wait.until(textToBePresentInElementLocated(By.id("backup-status"), "taken"));
            String name = driver.findElement(By.id("backup-status")).getText().split(" ")[1];
            wait.until(textToBePresentInElementLocated(By.id("backups"), name));
            browser.screenshot("storage");

            // signed in again after the backup: a session the backup does not hold
            driver.findElement(By.id("sign-out")).click();
            signIn(browser, wait, admin);
            browser.open("/#/storage");
            wait.until(textToBePresentInElementLocated(By.id("backups"), name));

            driver.findElement(By.cssSelector("#backups button[aria-label='Restore " + name + "']"))
                    .click();
            assertTrue(
                    visible(wait, "restore-warning").getText().contains("is signed out"),
                    "it says what a restore does to everyone's sign-ins");
            WebElement restore = driver.findElement(By.id("confirm-ok"));
            visible(wait, "restore-name").sendKeys("not its name");
            assertFalse(restore.isEnabled(), "Restore waits for the backup's name");
            driver.findElement(By.id("restore-name")).sendKeys(Keys.chord(Keys.CONTROL, "a"), name);
            assertTrue(restore.isEnabled());
            restore.click();
            WebDriverWait slow = new WebDriverWait(driver, Duration.ofSeconds(60));
            slow.until(textToBePresentInElementLocated(By.id("backup-status"), "Restored " + name));
            String said = driver.findElement(By.id("backup-status")).getText();
            assertTrue(said.contains("You are still signed in"), said);
            restoredOver = said.replaceAll(".* kept as (\\S+?)\\. .*", "$1");
            driver.findElement(By.id("nav-users")).click();
            visible(wait, "users");
            assertTrue(driver.getCurrentUrl().endsWith("#/users"), "still signed in: " + driver.getCurrentUrl());

            Path file = Files.createTempFile("backup", ".db");
            try {
                Files.write(
                        file,
                        administration
                                .get("/api/v1/storage/backups/" + name + "/download")
                                .body());
                browser.open("/#/storage");
                visible(wait, "restore-file").sendKeys(file.toString());
                visible(wait, "restore-name").sendKeys(file.getFileName().toString());
                driver.findElement(By.id("confirm-ok")).click();
                slow.until(textToBePresentInElementLocated(By.id("backup-status"), "Restored an uploaded file."));
            } finally {
                Files.delete(file);
            }

            By delete = By.cssSelector("#backups button[aria-label='Delete " + name + "']");
            wait.until(visibilityOfElementLocated(delete)).click();
            visible(wait, "confirm-ok").click();
            wait.until(
                    ignored -> !driver.findElement(By.id("backups")).getText().contains(name));
            assertEquals(
                    404, administration.get("/api/v1/storage/backups/" + name).status());
            assertEquals(List.of(), scriptErrors(browser));
        } finally {
            if (restoredOver != null) {
                // back to the database as it was just before this restore: the rest of the suite's writes since the
                // backup
                Reply back = TestUsers.admin()
                        .post(
                                "/api/v1/storage/backups/" + restoredOver + "/restore",
                                Json.createObjectBuilder().build());
                assertEquals(200, back.status(), back::toString);
            }
        }
    }

    private static long storageCount(ApiClient administration, String name) {
        return administration
                .get("/api/v1/storage")
                .data()
                .getJsonObject("counts")
                .getJsonNumber(name)
                .longValue();
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
            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#audit-user option")).size() > 1);
            new Select(driver.findElement(By.id("audit-user"))).selectByVisibleText(someone.username());
            wait.until(ignored -> auditRows(driver, "audit").stream().allMatch(row -> row.contains(someone.username()))
                    && auditRows(driver, "audit").stream().anyMatch(row -> row.contains("token.created")));
            new Select(driver.findElement(By.id("audit-action"))).selectByValue("login");
            wait.until(ignored -> !auditRows(driver, "audit").isEmpty()
                    && auditRows(driver, "audit").stream()
                            .allMatch(row -> row.contains(someone.username())
                                    && row.contains("login")
                                    && !row.contains("token.created")));
            browser.screenshot("audit");

            String today = (String)
                    script(
                            driver,
                            "const d = new Date(); return new Date(d - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10)");
            String tomorrow = LocalDate.parse(today).plusDays(1).toString();
            String yesterday = LocalDate.parse(today).minusDays(1).toString();
            chooseDay(driver, "audit-since", tomorrow);
            wait.until(ignored -> auditRows(driver, "audit").equals(List.of("Nothing recorded.")));
            chooseDay(driver, "audit-since", today);
            chooseDay(driver, "audit-until", today);
            wait.until(ignored -> !auditRows(driver, "audit").equals(List.of("Nothing recorded."))
                    && auditRows(driver, "audit").stream()
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
            wait.until(ignored -> auditRows(driver, "my-activity").stream()
                    .anyMatch(row -> row.contains("token.created") && row.contains("audited token")));
            assertTrue(
                    auditRows(driver, "my-activity").stream()
                            .filter(row -> row.contains("token.created"))
                            .noneMatch(row -> row.matches("(?s).*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-.*")),
                    "what was acted on is named, its id only on hover: " + auditRows(driver, "my-activity"));
            assertTrue(
                    script(
                                    driver,
                                    "return [...document.querySelectorAll('#my-activity td[data-label=On]')].map(cell => cell.title).join(' ')")
                            .toString()
                            .matches("(?s).*[0-9a-f]{8}-[0-9a-f]{4}-.*"),
                    "the id is there on hover");
            assertTrue(
                    auditRows(driver, "my-activity").stream().noneMatch(row -> row.contains(admin.username())),
                    "only their own");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    /** Chooses a day in a date field as its picker would: the value, then the change event. */
    private static void chooseDay(WebDriver driver, String id, String day) {
        script(
                driver,
                "const field = document.getElementById(arguments[0]); field.value = arguments[1];"
                        + " field.dispatchEvent(new Event('change'))",
                id,
                day);
    }

    @SuppressWarnings("unchecked")
    private static List<String> auditRows(WebDriver driver, String table) {
        return (List<String>) script(
                driver, "return [...document.querySelectorAll('#" + table + " tbody tr')].map(row => row.textContent)");
    }

    @Test
    void aGroupsMemberListChoosesNobodyUntilTheAdministratorDoes() {
        TestUser admin = TestUsers.create("admin");
        String groupName = TestUsers.uniqueName("Release managers");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, admin);
            visible(wait, "nav-users").click();
            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#users tbody tr")).size() > 1);
            assertEquals(
                    List.of(),
                    script(
                            driver,
                            "return [...document.querySelectorAll('#users th:not(:last-child), #users td:nth-child(2), #users td:nth-child(3)')]"
                                    + ".filter(cell => { const range = document.createRange(); range.selectNodeContents(cell);"
                                    + " return cell.textContent.trim().split(/\\s+/).length === 1 && range.getClientRects().length > 1; })"
                                    + ".map(cell => cell.textContent)"),
                    "at 1280 px no one-word cell of the users' table breaks inside its word");
            visible(wait, "new-group-name").sendKeys(groupName);
            driver.findElement(By.id("create-group")).click();
            WebElement pick = wait.until(visibilityOfElementLocated(
                    By.cssSelector("select[aria-label='User to add to " + groupName + "']")));
            assertEquals("", new Select(pick).getFirstSelectedOption().getAttribute("value"), "nobody chosen yet");
            driver.findElement(By.cssSelector("button[aria-label='Add the chosen user to " + groupName + "']"))
                    .click();
            String groupId = TestUsers.admin().get("/api/v1/groups").json().getJsonArray("data").stream()
                    .map(JsonValue::asJsonObject)
                    .filter(group -> group.getString("name").equals(groupName))
                    .findFirst()
                    .orElseThrow()
                    .getString("id");
            assertEquals(
                    0,
                    TestUsers.admin()
                            .get("/api/v1/groups/" + groupId)
                            .data()
                            .getJsonArray("members")
                            .size(),
                    "Add with nobody chosen adds nobody");

            new Select(driver.findElement(By.cssSelector("select[aria-label='User to add to " + groupName + "']")))
                    .selectByVisibleText(user.username());
            driver.findElement(By.cssSelector("button[aria-label='Add the chosen user to " + groupName + "']"))
                    .click();
            wait.until(visibilityOfElementLocated(
                    By.cssSelector("button[aria-label='Remove " + user.username() + " from " + groupName + "']")));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }
}
