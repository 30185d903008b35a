package io.snippetstore.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}), driven by
 * Selenium with both paths given explicitly, so nothing is ever downloaded.
 */
public final class Browser implements AutoCloseable {

    private final ChromeDriver driver;
    private final Path profile;
    private final Path downloads;

    public Browser() {
        try {
            profile = Files.createTempDirectory("snippets-chromium");
            downloads = Files.createDirectory(profile.resolve("downloads"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setExperimentalOption(
                "prefs",
                Map.of("download.default_directory", downloads.toString(), "download.prompt_for_download", false));
        LoggingPreferences logging = new LoggingPreferences();
        logging.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logging);
        options.setBinary(System.getProperty("snippets.chromium", "/usr/bin/chromium"));
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
                "--window-size=1280,900",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(System.getProperty("snippets.chromedriver", "/usr/bin/chromedriver")))
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /**
     * A wait for what follows a click that navigates (a sign-in, say): a look the browser aborts
     * because the page is being replaced ("aborted by navigation", "does not belong to the
     * document") is tried again, as a person would look again, until {@code timeout}.
     */
    public WebDriverWait waitThroughNavigation(Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        wait.ignoring(WebDriverException.class);
        return wait;
    }

    public WebDriver driver() {
        return driver;
    }

    /** Where the browser saves downloads. */
    public Path downloads() {
        return downloads;
    }

    /** What the pages wrote to the console at level SEVERE (script errors, CSP violations, failed loads) since the last call. */
    public List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    /** Opens a path of the service under test. */
    public void open(String path) {
        driver.get(ApiClient.base()
                .resolve(path.startsWith("/") ? path.substring(1) : path)
                .toString());
    }

    /** Saves a PNG of the current page under the build's screenshot folder. */
    public Path screenshot(String name) {
        Path folder = Path.of(System.getProperty("snippets.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(folder);
            Path file = folder.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
