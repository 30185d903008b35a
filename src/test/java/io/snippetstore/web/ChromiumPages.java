package io.snippetstore.web;

import static org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated;
import static org.openqa.selenium.support.ui.ExpectedConditions.urlContains;
import static org.openqa.selenium.support.ui.ExpectedConditions.visibilityOfElementLocated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.snippetstore.testing.Browser;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers.TestUser;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/** What every page's tests do: sign in, wait for an element, run a script, read the list and the console. */
final class ChromiumPages {

    /**
     * The groups that walk one page's flows. They test the pages' own scripts, which every server
     * serves as the same files, so they run on Payara Micro only; the API they call is tested over
     * HTTP on all three servers, and what a server may change about a page (headers, sign-in,
     * single sign-on) is tested in Chromium on all three (docs/developing.md, "Tests").
     */
    static final String PAGE_FLOWS = TestTags.PAYARA_ONLY;

    private ChromiumPages() {}

    static WebElement visible(WebDriverWait wait, String id) {
        return wait.until(visibilityOfElementLocated(By.id(id)));
    }

    /**
     * The form a signed-out visitor is sent to. The page sends them there by script after it has
     * loaded, so the form is looked for only once that navigation has landed; looking earlier races it.
     */
    static WebElement loginForm(WebDriverWait wait) {
        wait.until(urlContains("/login"));
        return visible(wait, "username");
    }

    /**
     * Signs in as someone who chose to list their own snippets ("Mine") before: most flows count
     * what they made, which the team snippets of every other test in the deployment would join.
     */
    static void signIn(Browser browser, WebDriverWait wait, TestUser user) {
        browser.open("/");
        loginForm(wait);
        script(browser.driver(), "localStorage.setItem('snippets.list.scope', 'own')");
        signInAsNew(browser, wait, user);
    }

    /** Signs in as this browser's first visit: the list shows everything the user may read. */
    static void signInAsNew(Browser browser, WebDriverWait wait, TestUser user) {
        browser.open("/");
        loginForm(wait).sendKeys(user.username());
        browser.driver().findElement(By.id("password")).sendKeys(user.password());
        browser.driver().findElement(By.id("sign-in")).click();
        browser.waitThroughNavigation(Duration.ofSeconds(30)).until(visibilityOfElementLocated(By.id("search")));
        wait.until(textToBePresentInElementLocated(By.id("whoami"), user.username()));
    }

    /** The titles listed, read in one script call, so that a list being re-rendered is never half read. */
    @SuppressWarnings("unchecked")
    static List<String> resultTitles(WebDriver driver) {
        return (List<String>)
                script(driver, "return [...document.querySelectorAll('#results h2')].map(title => title.textContent)");
    }

    static Object script(WebDriver driver, String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    /**
     * The code in the editor's form, as it will be saved: the form's code field (the textarea the
     * code editor keeps its text in), whatever edits it.
     */
    static String codeText(WebDriver driver) {
        return (String) script(
                driver, "const field = document.getElementsByName('code')[0]; return field ? field.value : null");
    }

    /** Script errors and blocked loads; the API's own 4xx answers are expected in these flows. */
    static List<String> scriptErrors(Browser browser) {
        return browser.consoleErrors().stream()
                .filter(message -> !message.contains("Failed to load resource: the server responded with a status of"))
                .toList();
    }

    static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
