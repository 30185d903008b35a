package io.snippetstore.web;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.web.ChromiumPages.resultTitles;
import static io.snippetstore.web.ChromiumPages.scriptErrors;
import static io.snippetstore.web.ChromiumPages.signIn;
import static io.snippetstore.web.ChromiumPages.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Collections made, filled, ordered and shared from the pages; stars and pins. In a real headless Chromium against the real service. */
@Tag(ChromiumPages.PAGE_FLOWS)
public abstract class CollectionsInChromiumTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient api = TestUsers.withToken(user);

    @Test
    void aUserNestsACollectionAddsASnippetFromItsPageAndFindsItThroughTheBreadcrumbs() {
        JsonObject drain = create(api, snippet("Drain a node", "bash", "kubectl drain node-1", "k8s"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            visible(wait, "nav-collections").click();
            visible(wait, "collection-name").sendKeys("Runbooks");
            driver.findElement(By.cssSelector("#new-collection button[type=submit]"))
                    .click();
            wait.until(textToBePresentInElementLocated(By.id("collection-title"), "Runbooks"));
            visible(wait, "collection-empty");

            browser.open("/#/collections");
            visible(wait, "collection-name").sendKeys("kubernetes");
            wait.until(ignored -> new Select(driver.findElement(By.id("collection-parent")))
                            .getOptions()
                            .size()
                    == 2);
            new Select(driver.findElement(By.id("collection-parent"))).selectByVisibleText("Runbooks");
            driver.findElement(By.cssSelector("#new-collection button[type=submit]"))
                    .click();
            wait.until(textToBePresentInElementLocated(By.id("collection-title"), "kubernetes"));
            assertEquals(
                    "Collections / Runbooks / kubernetes",
                    visible(wait, "breadcrumbs").getText());

            browser.open("/#/s/" + drain.getString("id"));
            visible(wait, "snippet-title");
            assertEquals(
                    "In no collection.",
                    driver.findElement(By.id("snippet-collections")).getText());
            wait.until(ignored -> new Select(driver.findElement(By.id("add-to-collection")))
                            .getOptions()
                            .size()
                    == 3);
            new Select(driver.findElement(By.id("add-to-collection"))).selectByVisibleText("Runbooks / kubernetes");
            wait.until(textToBePresentInElementLocated(By.id("snippet-collections"), "kubernetes"));
            browser.screenshot("snippet-in-a-collection");

            driver.findElement(By.linkText("kubernetes")).click();
            wait.until(textToBePresentInElementLocated(By.id("collection-snippets"), "Drain a node"));
            driver.findElement(By.linkText("Runbooks")).click();
            wait.until(textToBePresentInElementLocated(By.id("collection-title"), "Runbooks"));
            browser.open("/#/collections");
            wait.until(textToBePresentInElementLocated(By.id("collection-tree"), "kubernetes"));
            assertEquals(
                    1,
                    driver.findElements(By.cssSelector("#collection-tree li li"))
                            .size(),
                    "kubernetes sits inside Runbooks in the tree");
            browser.screenshot("collections-tree");
            assertEquals(List.of(), scriptErrors(browser));
        }
        JsonObject stored = api.get("/api/v1/snippets/" + drain.getString("id")).data();
        assertEquals(
                "kubernetes",
                stored.getJsonArray("collections").getJsonObject(0).getString("name"));
    }

    @Test
    void anOwnerReordersAndTakesOutSnippetsAndSearchesInsideTheCollection() {
        String first = create(
                        api, snippet("Restart the ingress", "bash", "kubectl rollout restart deploy/ingress", "k8s"))
                .getString("id");
        String second = create(
                        api, snippet("Scale the workers", "bash", "kubectl scale deploy/workers --replicas=5", "k8s"))
                .getString("id");
        create(api, snippet("Restart outside", "bash", "kubectl rollout restart deploy/other", "k8s"));
        String collection = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "On call").build())
                .data()
                .getString("id");
        api.post(
                "/api/v1/collections/" + collection + "/snippets",
                Json.createObjectBuilder()
                        .add("snippetIds", Json.createArrayBuilder().add(first).add(second))
                        .build());
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/c/" + collection);
            wait.until(ignored -> rows(driver).equals(List.of("Restart the ingress", "Scale the workers")));

            driver.findElement(By.cssSelector("[aria-label='Move Scale the workers up']"))
                    .click();
            wait.until(ignored -> rows(driver).equals(List.of("Scale the workers", "Restart the ingress")));

            visible(wait, "search-collection").click();
            wait.until(
                    ignored -> driver.findElements(By.id("collection-filter")).size() == 1);
            driver.findElement(By.id("search")).sendKeys("restart");
            wait.until(ignored -> resultTitles(driver).equals(List.of("Restart the ingress")));

            browser.open("/#/c/" + collection);
            wait.until(ignored -> rows(driver).size() == 2);
            driver.findElement(By.cssSelector("[aria-label='Take out Restart the ingress']"))
                    .click();
            wait.until(ignored -> rows(driver).equals(List.of("Scale the workers")));
            assertEquals(List.of(), scriptErrors(browser));
        }
        List<String> listed = api
                .get("/api/v1/collections/" + collection + "/snippets")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(snippet -> snippet.getString("title"))
                .toList();
        assertEquals(List.of("Scale the workers"), listed);
        assertEquals(200, api.get("/api/v1/snippets/" + first).status(), "taken out, not deleted");
    }

    @Test
    void anOwnerSharesACollectionByLinkWhichAFreshBrowserOpensSignedOutToSearchAndReadItsSnippets() {
        String runbooks = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "Runbooks").build())
                .data()
                .getString("id");
        for (JsonObject made : List.of(
                create(api, snippet("Restart the app", "bash", "systemctl restart app")),
                create(api, snippet("Roll back", "bash", "kubectl rollout undo deploy/app")))) {
            api.post(
                    "/api/v1/collections/" + runbooks + "/snippets",
                    Json.createObjectBuilder()
                            .add("snippetIds", Json.createArrayBuilder().add(made.getString("id")))
                            .build());
        }
        String url;
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/c/" + runbooks);
            visible(wait, "make-collection-link").click();
            url = visible(wait, "collection-link-url").getText();
            wait.until(textToBePresentInElementLocated(By.id("collection-links"), "never expires"));
            assertEquals(List.of(), scriptErrors(browser));
        }
        try (Browser fresh = new Browser()) {
            WebDriver driver = fresh.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            fresh.open(java.net.URI.create(url).getPath());
            wait.until(textToBePresentInElementLocated(By.id("collection-name"), "Runbooks"));
            wait.until(ignored -> driver.findElements(By.cssSelector("#collection-snippets button"))
                            .size()
                    == 2);
            visible(wait, "collection-search").sendKeys("rollout");
            driver.findElement(By.cssSelector("#collection-search-form button[type=submit]"))
                    .click();
            wait.until(ignored -> driver.findElements(By.cssSelector("#collection-snippets button"))
                            .size()
                    == 1);
            driver.findElement(By.cssSelector("#collection-snippets button")).click();
            wait.until(textToBePresentInElementLocated(By.id("opened-snippet"), "kubectl rollout undo deploy/app"));
            fresh.screenshot("shared-collection");
            assertEquals(List.of(), scriptErrors(fresh));
        }
    }

    @Test
    void anOwnerSharesACollectionWithAGroupOnItsPageAndAMemberReadsItUntilItIsUnshared() {
        TestUser member = TestUsers.create();
        ApiClient admin = TestUsers.admin();
        JsonObject group = Groups.create(admin, "ops", member.id());
        String runbooks = api.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "Runbooks").build())
                .data()
                .getString("id");
        ApiClient asMember = TestUsers.withToken(member);
        assertEquals(404, asMember.get("/api/v1/collections/" + runbooks).status());
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/c/" + runbooks);
            wait.until(ignored -> new Select(driver.findElement(By.id("collection-group")))
                    .getOptions().stream().anyMatch(option -> option.getText().startsWith(group.getString("name"))));
            new Select(driver.findElement(By.id("collection-group"))).selectByValue(group.getString("id"));
            new Select(driver.findElement(By.id("collection-group-access"))).selectByValue("write");
            driver.findElement(By.id("share-collection-with-group")).click();
            wait.until(textToBePresentInElementLocated(By.id("collection-groups"), "can add their own snippets"));
            assertEquals(
                    "write",
                    asMember.get("/api/v1/collections/" + runbooks).data().getString("access"),
                    "the member reads it, and may add their own");

            driver.findElement(By.cssSelector("#collection-groups button")).click();
            wait.until(textToBePresentInElementLocated(By.id("collection-groups"), "Not shared with any group"));
            assertEquals(404, asMember.get("/api/v1/collections/" + runbooks).status(), "unshared at once");
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aStarredSnippetIsMarkedListedUnderStarredAndAPinnedOneComesFirst() {
        TestUser colleague = TestUsers.create();
        String shared = create(
                        TestUsers.withToken(colleague),
                        snippet("Rotate the certificates", "bash", "certbot renew", "tls")
                                .add("visibility", "team"))
                .getString("id");
        create(api, snippet("Older of mine", "bash", "echo older", "mine"));
        String pinned = create(api, snippet("Pinned of mine", "bash", "echo pinned", "mine"))
                .getString("id");
        create(api, snippet("Newest of mine", "bash", "echo newest", "mine"));
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/s/" + shared);
            visible(wait, "star").click();
            wait.until(textToBePresentInElementLocated(By.id("star"), "Starred"));
            assertEquals("true", driver.findElement(By.id("star")).getAttribute("aria-pressed"));

            browser.open("/#/s/" + pinned);
            visible(wait, "pin").click();
            wait.until(textToBePresentInElementLocated(By.id("pin"), "Unpin"));

            browser.open("/#/");
            wait.until(ignored -> resultTitles(driver).size() == 3);
            assertEquals("Pinned of mine", resultTitles(driver).get(0), "pinned first, then newest first");
            assertTrue(driver.findElement(By.id("results")).getText().contains("Pinned"));

            new Select(driver.findElement(By.id("scope"))).selectByValue("all");
            WebElement starred = driver.findElement(By.id("starred-filter"));
            starred.click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Rotate the certificates")));
            browser.screenshot("starred-list");
            assertEquals(List.of(), scriptErrors(browser));
        }
        JsonObject theirs =
                TestUsers.withToken(colleague).get("/api/v1/snippets/" + shared).data();
        assertEquals(1, theirs.getInt("stars"), "its owner sees the star");
    }

    @Test
    void theTreeBesideTheListNarrowsItToACollectionWithWhatIsInsideAndWidensItAgain() {
        String drain = create(api, snippet("Drain a node", "bash", "kubectl drain node-1"))
                .getString("id");
        String backup = create(api, snippet("Back up the database", "bash", "pg_dump app > app.sql"))
                .getString("id");
        create(api, snippet("Outside every collection", "bash", "echo outside"));
        String infra = newCollection("Infra", null);
        String kubernetes = newCollection("kubernetes", infra);
        addTo(infra, backup);
        addTo(kubernetes, drain);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).size() == 3);
            assertTrue(
                    driver.findElement(By.id("collection-panel")).getAttribute("open") != null,
                    "unfolded beside the list on a wide screen");

            treeButton(driver, kubernetes).click();
            wait.until(ignored -> resultTitles(driver).equals(List.of("Drain a node")));
            assertEquals(
                    "In “Infra / kubernetes” ×",
                    driver.findElement(By.id("collection-filter")).getText());
            assertEquals("true", treeButton(driver, kubernetes).getAttribute("aria-current"));

            treeButton(driver, infra).sendKeys(org.openqa.selenium.Keys.ENTER);
            wait.until(ignored -> resultTitles(driver).size() == 2);
            assertEquals(
                    List.of("Back up the database", "Drain a node"),
                    resultTitles(driver).stream().sorted().toList(),
                    "a collection lists what is inside its sub-collections too");
            browser.screenshot("list-beside-collections");

            treeButton(driver, "").click();
            wait.until(ignored -> resultTitles(driver).size() == 3);
            assertTrue(driver.findElements(By.id("collection-filter")).isEmpty());

            driver.manage().window().setSize(new org.openqa.selenium.Dimension(360, 780));
            driver.navigate().refresh();
            wait.until(ignored -> resultTitles(driver).size() == 3);
            WebElement panel = driver.findElement(By.id("collection-panel"));
            assertTrue(panel.getAttribute("open") == null, "folded above the list on a phone");
            panel.findElement(By.tagName("summary")).click();
            treeButton(driver, infra).click();
            wait.until(ignored -> resultTitles(driver).size() == 2);
            assertEquals(
                    Boolean.TRUE,
                    ChromiumPages.script(driver, "return document.documentElement.scrollWidth <= window.innerWidth"));
            assertEquals(List.of(), scriptErrors(browser));
        }
    }

    @Test
    void aSelectionFromTheListIsAddedToACollectionAtOnceAndWhatWasInItStaysWhereItWas() {
        String first = create(api, snippet("First chosen", "bash", "echo one")).getString("id");
        String second =
                create(api, snippet("Second chosen", "bash", "echo two")).getString("id");
        String already =
                create(api, snippet("Already in it", "bash", "echo three")).getString("id");
        String onCall = newCollection("On call", null);
        addTo(onCall, already);
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            wait.until(ignored -> resultTitles(driver).size() == 3);
            for (String title : List.of("First chosen", "Second chosen", "Already in it")) {
                driver.findElement(By.cssSelector("[aria-label='Select “" + title + "”']"))
                        .click();
            }
            new Select(visible(wait, "selection-collection")).selectByVisibleText("On call");
            wait.until(textToBePresentInElementLocated(By.id("notice"), "Added 3 snippets to “On call”"));
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertEquals(
                List.of(already, first, second),
                api
                        .get("/api/v1/collections/" + onCall + "/snippets")
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .map(snippet -> snippet.getString("id"))
                        .toList(),
                "added at the end in the list's order; the one already there kept its place");
    }

    @Test
    void anOwnerDragsASnippetOntoAnotherPlaceInTheCollection() {
        List<String> titles = List.of("Step one", "Step two", "Step three");
        String steps = newCollection("Steps", null);
        for (String title : titles) {
            addTo(steps, create(api, snippet(title, "bash", "echo " + title)).getString("id"));
        }
        try (Browser browser = new Browser()) {
            WebDriver driver = browser.driver();
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
            signIn(browser, wait, user);
            browser.open("/#/c/" + steps);
            wait.until(ignored -> rows(driver).equals(titles));
            List<WebElement> items = driver.findElements(By.cssSelector("#collection-snippets > li"));
            assertEquals("true", items.get(2).getAttribute("draggable"));
            // the events a drag of the third row onto the first makes, with the one data transfer they share
            ChromiumPages.script(driver, """
                    const [target, source] = arguments;
                    const dataTransfer = new DataTransfer();
                    const fire = (element, type) => element.dispatchEvent(
                        new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer}));
                    fire(source, "dragstart");
                    fire(target, "dragenter");
                    fire(target, "dragover");
                    fire(target, "drop");
                    fire(source, "dragend");
                    """, items.get(0), items.get(2));
            wait.until(ignored -> rows(driver).equals(List.of("Step three", "Step one", "Step two")));
            assertEquals(List.of(), scriptErrors(browser));
        }
        assertEquals(
                List.of("Step three", "Step one", "Step two"),
                api
                        .get("/api/v1/collections/" + steps + "/snippets")
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .map(snippet -> snippet.getString("title"))
                        .toList());
    }

    private String newCollection(String name, String parentId) {
        var body = Json.createObjectBuilder().add("name", name);
        if (parentId != null) {
            body.add("parentId", parentId);
        }
        return api.post("/api/v1/collections", body.build()).data().getString("id");
    }

    private void addTo(String collection, String snippetId) {
        assertEquals(
                200,
                api.post(
                                "/api/v1/collections/" + collection + "/snippets",
                                Json.createObjectBuilder()
                                        .add(
                                                "snippetIds",
                                                Json.createArrayBuilder().add(snippetId))
                                        .build())
                        .status());
    }

    /** The tree's button for a collection ("" for all snippets). */
    private static WebElement treeButton(WebDriver driver, String id) {
        return driver.findElement(By.cssSelector("#list-collections button[data-id='" + id + "']"));
    }

    /** The titles listed, read in one script call, so that a list being re-rendered is never half read. */
    @SuppressWarnings("unchecked")
    private static List<String> rows(WebDriver driver) {
        return (List<String>) ChromiumPages.script(
                driver,
                "return [...document.querySelectorAll('#collection-snippets > li > a')].map(link => link.textContent)");
    }
}
