package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;

import java.time.Duration;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Groups;
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

/** The share dialog, a share link opened signed out, and groups that read or write. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class SharingInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    @Test
    void anOwnerSharesASnippetByLinkThatOpensSignedOutInAFreshBrowser() {
        JsonObject snippet = create(
                api,
                snippet("Shared retry loop", "java", "for (int attempt = 0; attempt < 3; attempt++) {}", "retry")
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
            wait.until(ignored ->
                    driver.findElements(By.cssSelector("#share-links button")).size() == 1);
            browser.screenshot("share-dialog");
            driver.findElement(By.id("share-dialog-close")).click();
            assertEquals(
                    "link",
                    driver.findElement(By.id("snippet-visibility")).getAttribute("value"),
                    "the snippet's own control shows that it is now shared by link");
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertTrue(url.startsWith(ApiClient.base().resolve("/s/").toString()), url);
        assertEquals(
                "link",
                api.get("/api/v1/snippets/" + snippet.getString("id")).data().getString("visibility"));

        try (Browser stranger = new Browser()) {
            WebDriver driver = stranger.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            driver.get(url);
            wait.until(textToBePresentInElementLocated(By.id("snippet-title"), "Shared retry loop"));
            assertEquals(
                    "Backs off between attempts.",
                    driver.findElement(By.id("notes")).getText());
            assertFalse(
                    driver.findElement(By.id("code"))
                            .findElements(By.cssSelector(".hljs-keyword"))
                            .isEmpty(),
                    "highlighted");
            assertTrue(driver.findElements(By.id("edit")).isEmpty()
                    && driver.findElements(By.id("delete")).isEmpty());
            assertFalse(driver.getPageSource().contains(user.username()), "nothing of the owner");
            assertTrue(driver.getCurrentUrl().equals(url), "not sent to sign in: " + driver.getCurrentUrl());
            stranger.screenshot("shared-link");
            assertEquals(List.of(), scriptErrors(stranger));
        }
    }

    @Test
    void anOwnerSharesWithAGroupInTheShareDialogAndAMemberReadsItWhileOthersFindNothing() {
        TestUser member = TestUsers.create();
        ApiClient admin = TestUsers.admin();
        String groupName = TestUsers.uniqueName("Platform team");
        String groupId = admin.post(
                        "/api/v1/groups",
                        jakarta.json.Json.createObjectBuilder()
                                .add("name", groupName)
                                .build())
                .data()
                .getString("id");
        assertEquals(
                200,
                admin.send(
                                "PUT",
                                "/api/v1/groups/" + groupId + "/members/" + member.id(),
                                null,
                                null,
                                java.util.Map.of())
                        .status());
        JsonObject snippet =
                create(api, snippet("Drain a node", "bash", "kubectl drain node-1 --ignore-daemonsets", "k8s"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + snippet.getString("id"));
            visible(wait, "share").click();
            visible(wait, "share-dialog");
            wait.until(ignored -> driver.findElements(By.cssSelector("#share-group option[value='" + groupId + "']"))
                            .size()
                    == 1);
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
            assertTrue(
                    driver.findElements(By.id("edit")).isEmpty()
                            && driver.findElements(By.id("delete")).isEmpty(),
                    "read access only");
        }
        assertEquals(
                404,
                TestUsers.signedIn(TestUsers.create())
                        .get("/api/v1/snippets/" + snippet.getString("id"))
                        .status());
    }

    @Test
    void aMemberOfAGroupThatMayWriteFindsEditOnASnippetSharedWithItAndSavesAChange() {
        TestUser writer = TestUsers.create();
        ApiClient administration = TestUsers.admin();
        String groupId = Groups.create(administration, "writers", writer.id()).getString("id");
        String id = create(
                        api,
                        snippet("Shared for writing", "sh", "echo one")
                                .add(
                                        "groups",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("id", groupId)
                                                        .add("access", "write"))))
                .getString("id");
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, writer);
            browser.open("/#/s/" + id);
            wait.until(textToBePresentInElementLocated(By.cssSelector(".snippet .meta"), "you may edit it"));
            assertTrue(
                    driver.findElements(By.id("delete")).isEmpty()
                            && driver.findElements(By.id("share")).isEmpty(),
                    "still the owner's");
            driver.findElement(By.id("edit")).click();
            WebElement title = visible(wait, "title");
            assertTrue(driver.findElements(By.id("read-only")).isEmpty());
            title.sendKeys(" by a writer");
            title.sendKeys(Keys.chord(Keys.CONTROL, "s"));
            wait.until(textToBePresentInElementLocated(By.id("save-status"), "Saved, version 2."));
            assertEquals(
                    "Shared for writing by a writer",
                    api.get("/api/v1/snippets/" + id).data().getString("title"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }
}
