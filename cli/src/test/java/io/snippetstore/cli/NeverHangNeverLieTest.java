package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script can trust the client: every command ends within its timeout, and a failure is never
 * reported as success (issue 66, item 1). The services here are staged for real on loopback: one
 * that accepts and never answers, one that stops reading, one that redirects; standard output is
 * the real {@code /dev/full}.
 */
class NeverHangNeverLieTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private HttpServer service;
    private ServerSocket silent;

    @AfterEach
    void stopTheStagedServices() throws IOException {
        if (service != null) {
            service.stop(0);
        }
        if (silent != null) {
            silent.close();
        }
    }

    private int run(Map<String, String> environment, String... arguments) {
        return Snippets.commandLine(environment, TestTerminals.capturing(out, err))
                .execute(arguments);
    }

    /** As {@link #run}, with standard output the real /dev/full: every write to it fails (ENOSPC). */
    private int runIntoAFullDisk(Map<String, String> environment, String... arguments) throws IOException {
        try (PrintStream full = new PrintStream(new FileOutputStream("/dev/full"), true, StandardCharsets.UTF_8)) {
            Terminal terminal = new Terminal(
                    new PrintWriter(full, true, StandardCharsets.UTF_8),
                    new PrintWriter(err, true),
                    full,
                    new ByteArrayInputStream(new byte[0]),
                    false,
                    false);
            return Snippets.commandLine(environment, terminal).execute(arguments);
        }
    }

    private Map<String, String> signedInTo(String server) {
        Map<String, String> environment = new HashMap<>();
        environment.put("XDG_CONFIG_HOME", home.toString());
        environment.put("SNIPPETS_SERVER", server);
        environment.put("SNIPPETS_TOKEN", "sst_test");
        return environment;
    }

    private String stage(Map<String, byte[]> answers) throws IOException {
        service = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        answers.forEach((path, body) -> service.createContext(path, exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(body);
            }
        }));
        service.start();
        return "http://127.0.0.1:" + service.getAddress().getPort();
    }

    /** attach FILE with --timeout 2 to the silent service: exit 5, well within 10 s. */
    private void assertAttachEndsWithinItsTimeout(Path file) {
        long started = System.nanoTime();
        int exitCode = run(
                signedInTo("http://127.0.0.1:" + silent.getLocalPort()),
                "attach",
                "01a2",
                file.toString(),
                "--timeout",
                "2");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);

        assertEquals(Failure.SERVER, exitCode, err::toString);
        assertTrue(seconds < 10, "ended after " + seconds + " s");
    }

    @Test
    void anUploadToAServiceThatAcceptsAndNeverAnswersEndsWithinItsTimeout() throws Exception {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread reader = new Thread(() -> {
            try (Socket connection = silent.accept();
                    InputStream request = connection.getInputStream()) {
                request.transferTo(OutputStream.nullOutputStream()); // reads all, answers nothing
            } catch (IOException closed) {
                // the test is over
            }
        });
        reader.setDaemon(true);
        reader.start();
        Path file = Files.writeString(home.resolve("notes.txt"), "a small file\n");

        assertAttachEndsWithinItsTimeout(file);
        assertTrue(err.toString().contains("did not answer within 2 s"), err.toString());
    }

    @Test
    void anUploadToAServiceThatStopsReadingEndsWithinItsTimeout() throws Exception {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread taker = new Thread(() -> {
            try (Socket connection = silent.accept()) {
                connection.getInputStream().readNBytes(1024); // then reads no more
                Thread.sleep(60_000);
            } catch (IOException | InterruptedException closed) {
                // the test is over
            }
        });
        taker.setDaemon(true);
        taker.start();
        Path file = home.resolve("large.bin");
        try (OutputStream large = Files.newOutputStream(file)) {
            byte[] block = new byte[1024 * 1024];
            for (int i = 0; i < 64; i++) {
                large.write(block); // far more than the sockets' buffers hold
            }
        }

        assertAttachEndsWithinItsTimeout(file);
    }

    @Test
    void aFailedWriteToStandardOutputIsAnErrorNotASuccess() throws Exception {
        String server = stage(Map.of(
                "/api/v1/snippets",
                "{\"ok\":true,\"data\":[{\"id\":\"01a2\",\"title\":\"t\"}],\"meta\":{\"nextCursor\":null,\"limit\":50}}"
                        .getBytes(StandardCharsets.UTF_8)));

        assertEquals(Failure.USAGE, runIntoAFullDisk(signedInTo(server), "search", "--json"), err::toString);
        assertEquals(Failure.USAGE, runIntoAFullDisk(signedInTo(server), "completion", "bash"), err::toString);
        assertTrue(err.toString().contains("Could not write to standard output"), err.toString());
    }

    @Test
    void aServerWithoutASchemeIsAUsageError() {
        int exitCode = run(signedInTo("127.0.0.1:8080"), "whoami");

        assertEquals(Failure.USAGE, exitCode, err::toString);
        assertTrue(err.toString().contains("http:// or https://"), err.toString());
    }

    @Test
    void aRedirectIsAServerFailureThatSaysWhereItPoints() throws Exception {
        service = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        service.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Location", "https://snippets.example.org/api/v1/auth/whoami");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        service.start();

        int exitCode = run(signedInTo("http://127.0.0.1:" + service.getAddress().getPort()), "whoami");

        assertEquals(Failure.SERVER, exitCode, err::toString);
        assertTrue(err.toString().contains("https://snippets.example.org/api/v1/auth/whoami"), err.toString());
    }

    @Test
    void editWithoutATerminalOrAnEditorIsRefusedBeforeTheServiceIsAsked() {
        // no service at that address: the refusal comes first
        int exitCode = run(signedInTo("http://127.0.0.1:1"), "edit", "01a2");

        assertEquals(Failure.USAGE, exitCode, err::toString);
        assertTrue(err.toString().contains("no $EDITOR"), err.toString());
    }

    @Test
    void getNeverReplacesALinkOrAPipeWithAFile() throws Exception {
        byte[] content = "attached\n".getBytes(StandardCharsets.UTF_8);
        String sha256 =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        String server = stage(Map.of(
                "/api/v1/attachments/att1",
                ("{\"ok\":true,\"data\":{\"id\":\"att1\",\"filename\":\"a.txt\",\"size\":" + content.length
                                + ",\"sha256\":\"" + sha256 + "\",\"downloadUrl\":\"/files/att1\"}}")
                        .getBytes(StandardCharsets.UTF_8),
                "/files/att1",
                content));
        Path kept = Files.writeString(home.resolve("kept.txt"), "mine\n");
        Path link = Files.createSymbolicLink(home.resolve("link.txt"), kept);
        Path pipe = home.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor());

        assertEquals(Failure.USAGE, run(signedInTo(server), "get", "att1", "-o", link.toString(), "--force"));
        assertEquals(Failure.USAGE, run(signedInTo(server), "get", "att1", "-o", pipe.toString(), "--force"));

        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals("mine\n", Files.readString(kept), "and what it points to is untouched");
        assertFalse(Files.isRegularFile(pipe, LinkOption.NOFOLLOW_LINKS), "the pipe is still a pipe");
        assertTrue(err.toString().contains("is not a regular file"), err.toString());
    }
}
