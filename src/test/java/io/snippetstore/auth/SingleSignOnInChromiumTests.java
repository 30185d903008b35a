package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpServer;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Keycloak;
import io.snippetstore.testing.Reply;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Single sign-on as a person goes through it in a real headless Chromium: our button, Keycloak's own page, back signed in. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SingleSignOnInChromiumTests {

    @BeforeAll
    void keycloakRuns() {
        Keycloak.running();
    }

    /** Clicks our page's button and types the password on Keycloak's own page. */
    private static void signInThroughKeycloak(Browser browser, WebDriverWait wait, String username, String password) {
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sso-sign-in")))
                .click();
        wait.until(
                driver -> "localhost".equals(URI.create(driver.getCurrentUrl()).getHost()));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("kc-form-login")));
        browser.screenshot("keycloak-login");
        browser.driver().findElement(By.id("username")).sendKeys(username);
        browser.driver().findElement(By.id("password")).sendKeys(password);
        browser.driver().findElement(By.id("kc-login")).click();
    }

    /** Waits for the browser to be back at the service, saying where it is and what it shows when it is not. */
    private static void backAtTheService(Browser browser, WebDriverWait wait, Predicate<URI> arrived) {
        try {
            wait.until(driver -> arrived.test(URI.create(driver.getCurrentUrl())));
        } catch (TimeoutException e) {
            browser.screenshot("single-sign-on-stuck");
            throw new AssertionError(
                    "still at " + browser.driver().getCurrentUrl() + ": "
                            + browser.driver().findElement(By.tagName("body")).getText(),
                    e);
        }
    }

    @Test
    void signingInWithKeycloakOnOurPageLandsSignedIn() {
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(30));
            browser.open("/login");
            assertEquals(
                    "Sign in with Keycloak",
                    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sso-sign-in")))
                            .getText());

            signInThroughKeycloak(browser, wait, "kc-bob", "bob-keycloak-password");

            backAtTheService(
                    browser,
                    wait,
                    url -> url.getPort() == ApiClient.base().getPort()
                            && url.getPath().equals("/"));
            Object username = ((JavascriptExecutor) browser.driver())
                    .executeAsyncScript(
                            "const done = arguments[0]; fetch('/api/v1/auth/whoami').then(r => r.json()).then(j => done(j.data.username));");
            assertEquals("kc-bob", username);
            browser.screenshot("signed-in-through-keycloak");
        }
    }

    @Test
    void theCommandLineClientsBrowserLoginGoesThroughKeycloakToTheProgram() throws Exception {
        CompletableFuture<URI> callbackHit = new CompletableFuture<>();
        HttpServer program = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        program.createContext("/cb", exchange -> {
            callbackHit.complete(exchange.getRequestURI());
            byte[] page = "<!DOCTYPE html><title>Done</title>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        program.start();
        try (Browser browser = new Browser()) {
            WebDriverWait wait = new WebDriverWait(browser.driver(), Duration.ofSeconds(30));
            browser.open(BrowserLoginTests.start(
                    "http://127.0.0.1:" + program.getAddress().getPort() + "/cb",
                    "state",
                    "from-cli",
                    "name",
                    "through keycloak"));

            signInThroughKeycloak(browser, wait, "kc-alice", "alice-keycloak-password");

            // back at the service, the consent rules of a password sign-in apply: the return from the
            // provider is a navigation from another site, not the user's own start, so the consent page asks first
            backAtTheService(
                    browser, wait, url -> callbackHit.isDone() || url.getPath().equals("/authorize"));
            assertFalse(callbackHit.isDone(), "no code went to the program before the user agreed");
            wait.until(
                    ExpectedConditions.textToBePresentInElementLocated(By.id("consent-question"), "through keycloak"));
            wait.until(ExpectedConditions.elementToBeClickable(By.id("approve")))
                    .click();
            Map<String, String> query = BrowserLoginTests.query(callbackHit.get(30, TimeUnit.SECONDS));
            assertEquals("from-cli", query.get("state"));
            Reply exchanged = BrowserLoginTests.exchange(query.get("code"), null);
            assertEquals(200, exchanged.status(), exchanged::toString);
            Reply whoami = new ApiClient()
                    .withBearer(exchanged.data().getString("token"))
                    .get("/api/v1/auth/whoami");
            assertEquals("kc-alice", whoami.data().getString("username"));
            assertTrue(exchanged.data().getString("name").contains("through keycloak"));
        } finally {
            program.stop(0);
        }
    }
}
