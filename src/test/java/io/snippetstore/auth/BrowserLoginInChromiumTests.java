package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The command-line login as a person sees it, in a real headless Chromium. */
public abstract class BrowserLoginInChromiumTests {

    @Test
    void aCommandLineClientGetsAWorkingTokenThroughTheBrowserLogin() throws Exception {
        TestUser user = TestUsers.create();
        CompletableFuture<URI> callbackHit = new CompletableFuture<>();
        HttpServer callbackServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        callbackServer.createContext("/cb", exchange -> {
            callbackHit.complete(exchange.getRequestURI());
            byte[] page = "<!DOCTYPE html><title>Done</title><p>You can close this window.</p>"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        callbackServer.start();
        String callback = "http://127.0.0.1:" + callbackServer.getAddress().getPort() + "/cb";
        try (Browser browser = new Browser()) {
            browser.open(BrowserLoginTests.start(callback, "state", "from-cli", "name", "chromium test"));

            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")));
            assertTrue(
                    browser.driver().getCurrentUrl().contains("/login?next="),
                    browser.driver().getCurrentUrl());
            browser.screenshot("login");
            browser.driver().findElement(By.id("username")).sendKeys(user.username());
            browser.driver().findElement(By.id("password")).sendKeys(user.password());
            browser.driver().findElement(By.id("sign-in")).click();

            URI landed = callbackHit.get(20, TimeUnit.SECONDS);
            Map<String, String> query = BrowserLoginTests.query(landed);
            assertEquals("from-cli", query.get("state"));

            Reply exchanged = BrowserLoginTests.exchange(query.get("code"), null);
            assertEquals(200, exchanged.status(), exchanged::toString);
            assertEquals("chromium test", exchanged.data().getString("name"));
            Reply whoami = new ApiClient()
                    .withBearer(exchanged.data().getString("token"))
                    .get("/api/v1/auth/whoami");
            assertEquals(user.id(), whoami.data().getString("userId"));
        } finally {
            callbackServer.stop(0);
        }
    }

    @Test
    void theLoginPageShowsTheApisMessageForWrongCredentialsAndNeverLeavesTheService() throws IOException {
        TestUser user = TestUsers.create();
        try (Browser browser = new Browser()) {
            browser.open("/login?next=https://evil.example/");
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")))
                    .sendKeys(user.username());
            browser.driver().findElement(By.id("password")).sendKeys("wrong password");
            browser.driver().findElement(By.id("sign-in")).click();
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login-error")));
            assertEquals(
                    "Wrong username or password.",
                    browser.driver().findElement(By.id("login-error")).getText());

            browser.driver().findElement(By.id("password")).clear();
            browser.driver().findElement(By.id("password")).sendKeys(user.password());
            browser.driver().findElement(By.id("sign-in")).click();
            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/"));
            assertEquals(
                    ApiClient.base().getPort(),
                    URI.create(browser.driver().getCurrentUrl()).getPort(),
                    "an off-site next is replaced by the start page");
        }
    }

    /** A loopback HTTP server answering {@code path} with {@code page}, reporting each request it gets. */
    private static HttpServer serve(String host, String path, String page, CompletableFuture<URI> hit)
            throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, 0), 0);
        server.createContext(path, exchange -> {
            hit.complete(exchange.getRequestURI());
            byte[] bytes = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return server;
    }

    @Test
    void aLoginUrlOpenedByAnotherSiteEndsOnTheConsentPageAndOnlyAnApprovalReachesTheProgram() throws Exception {
        TestUser user = TestUsers.create();
        CompletableFuture<URI> callbackHit = new CompletableFuture<>();
        HttpServer program = serve("127.0.0.1", "/cb", "<!DOCTYPE html><title>Done</title>", callbackHit);
        String callback = "http://127.0.0.1:" + program.getAddress().getPort() + "/cb";
        String loginUrl = ApiClient.base()
                .resolve(BrowserLoginTests.start(
                                callback, "state", "lured", "name", "lured cli", "scope", "snippets:read")
                        .substring(1))
                .toString();
        // another origin (localhost, not 127.0.0.1): a page that sends the browser to the login URL by itself
        HttpServer otherSite = serve(
                "127.0.0.1",
                "/page",
                "<!DOCTYPE html><title>Elsewhere</title><script>location.href = "
                        + jakarta.json.Json.createValue(loginUrl) + ";</script>",
                new CompletableFuture<>());
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            browser.open("/login");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")))
                    .sendKeys(user.username());
            browser.driver().findElement(By.id("password")).sendKeys(user.password());
            browser.driver().findElement(By.id("sign-in")).click();
            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/"));

            browser.driver().get("http://localhost:" + otherSite.getAddress().getPort() + "/page");
            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/authorize"));
            String question = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("consent-question")))
                    .getText();
            browser.screenshot("consent");

            assertTrue(
                    question.contains("lured cli")
                            && question.contains(
                                    String.valueOf(program.getAddress().getPort())),
                    question);
            assertFalse(callbackHit.isDone(), "no code reaches the program before the user approves");
            assertEquals(
                    "Read snippets, attachments, history and collections",
                    browser.driver().findElement(By.id("consent-scopes")).getText(),
                    "what the token may do, in words");

            browser.driver().findElement(By.id("approve")).click();
            Map<String, String> query = BrowserLoginTests.query(callbackHit.get(20, TimeUnit.SECONDS));
            assertEquals("lured", query.get("state"));
            Reply exchanged = BrowserLoginTests.exchange(query.get("code"), null);
            assertEquals(200, exchanged.status(), exchanged::toString);
            assertEquals(user.id(), exchanged.data().getString("userId"));
            assertEquals(
                    "[\"snippets:read\"]",
                    new ApiClient()
                            .withBearer(exchanged.data().getString("token"))
                            .get("/api/v1/auth/whoami")
                            .data()
                            .getJsonArray("scopes")
                            .toString(),
                    "the approval carried the scopes shown");
        } finally {
            program.stop(0);
            otherSite.stop(0);
        }
    }

    private static void signIn(Browser browser, WebDriverWait wait, TestUser user) {
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")))
                .sendKeys(user.username());
        browser.driver().findElement(By.id("password")).sendKeys(user.password());
        browser.driver().findElement(By.id("sign-in")).click();
    }

    @Test
    void theSignInPageLinkedFromAnotherSiteEndsOnTheConsentPageAfterSigningIn() throws Exception {
        TestUser user = TestUsers.create();
        CompletableFuture<URI> callbackHit = new CompletableFuture<>();
        HttpServer program = serve("127.0.0.1", "/cb", "<!DOCTYPE html><title>Done</title>", callbackHit);
        String loginPath = BrowserLoginTests.start(
                "http://127.0.0.1:" + program.getAddress().getPort() + "/cb", "name", "trampoline");
        String trampoline = ApiClient.base()
                .resolve("login?next=" + URLEncoder.encode(loginPath, StandardCharsets.UTF_8))
                .toString();
        HttpServer otherSite = serve(
                "127.0.0.1",
                "/page",
                "<!DOCTYPE html><title>Elsewhere</title><a id=\"go\" href=\"" + trampoline.replace("&", "&amp;")
                        + "\">Sign in to the snippet store</a>",
                new CompletableFuture<>());
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            browser.driver().get("http://localhost:" + otherSite.getAddress().getPort() + "/page");
            browser.driver().findElement(By.id("go")).click();
            signIn(browser, wait, user);

            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/authorize"));
            assertTrue(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("consent-question")))
                    .getText()
                    .contains("trampoline"));
            assertFalse(callbackHit.isDone(), "no code reaches the program without the user's approval");
            assertEquals(0, Database.number("SELECT COUNT(*) FROM login_codes WHERE user_id = ?", user.id()));
        } finally {
            program.stop(0);
            otherSite.stop(0);
        }
    }

    @Test
    void aClickedMarkdownLinkInATeamSnippetAsksForConsentAndAMarkdownImageMintsNothing() throws Exception {
        TestUser reader = TestUsers.create();
        CompletableFuture<URI> callbackHit = new CompletableFuture<>();
        HttpServer program = serve("127.0.0.1", "/cb", "<!DOCTYPE html><title>Done</title>", callbackHit);
        String callback = "http://127.0.0.1:" + program.getAddress().getPort() + "/cb";
        String notes = "[Open the dashboard](" + BrowserLoginTests.start(callback, "name", "linked") + ")\n\n"
                + "![status](" + BrowserLoginTests.start(callback, "name", "pictured") + ")";
        JsonObject lure = SnippetsApi.create(
                TestUsers.withToken(TestUsers.create()),
                SnippetsApi.snippet("Team dashboard", "text", "see the notes")
                        .add("notes", notes)
                        .add("visibility", "team"));
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(20));
            browser.open("/login");
            signIn(browser, wait, reader);
            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/"));
            browser.open("/#/s/" + lure.getString("id"));
            WebElement image = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#notes img")));
            wait.until(driver -> Boolean.TRUE.equals(
                    ((JavascriptExecutor) driver).executeScript("return arguments[0].complete", image)));
            assertEquals(
                    0,
                    Database.number("SELECT COUNT(*) FROM login_codes WHERE user_id = ?", reader.id()),
                    "the image minted a code");

            String page = browser.driver().getWindowHandle();
            browser.driver().findElement(By.linkText("Open the dashboard")).click();
            wait.until(driver -> driver.getWindowHandles().size() == 2);
            browser.driver()
                    .switchTo()
                    .window(browser.driver().getWindowHandles().stream()
                            .filter(handle -> !handle.equals(page))
                            .findFirst()
                            .orElseThrow());
            wait.until(driver -> URI.create(driver.getCurrentUrl()).getPath().equals("/authorize"));
            assertTrue(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("consent-question")))
                    .getText()
                    .contains("linked"));
            assertFalse(callbackHit.isDone());
            assertEquals(0, Database.number("SELECT COUNT(*) FROM login_codes WHERE user_id = ?", reader.id()));
        } finally {
            program.stop(0);
        }
    }
}
