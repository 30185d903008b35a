package io.snippetstore.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The loopback end of the browser login (RFC 8252): listens on an ephemeral port of 127.0.0.1,
 * takes the one redirect whose {@code state} is the one this login sent, answers the browser with
 * a short page, and hands over the code. A redirect with another state is refused and waited past.
 */
final class LoopbackReceiver implements AutoCloseable {

    static final String PATH = "/callback";

    private final HttpServer server;
    private final String state;
    private final CompletableFuture<String> code = new CompletableFuture<>();

    LoopbackReceiver(String state) throws IOException {
        this.state = state;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(PATH, this::receive);
        server.start();
    }

    String callback() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
    }

    /** The code, once the browser came back with the right state; a {@link Failure} when it did not in time or said no. */
    String awaitCode(Duration timeout) {
        try {
            return code.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new Failure(Failure.AUTH, "No sign-in arrived within " + timeout.toSeconds() + " s.");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Failure failure
                    ? failure
                    : new Failure(Failure.AUTH, e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Failure.AUTH, "Interrupted while waiting for the browser.");
        }
    }

    private void receive(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (!state.equals(query.get("state"))) {
            answer(
                    exchange,
                    400,
                    "This sign-in was not started by this program (its state does not match). Nothing was signed in.");
            return;
        }
        if (query.containsKey("error")) {
            answer(exchange, 200, "The sign-in was refused. You can close this tab.");
            code.completeExceptionally(
                    new Failure(Failure.AUTH, "The sign-in was refused in the browser: " + query.get("error")));
            return;
        }
        String received = query.get("code");
        if (received == null || received.isBlank()) {
            answer(exchange, 400, "The service sent no code. Nothing was signed in.");
            return;
        }
        answer(exchange, 200, "You are signed in to the command line. You can close this tab.");
        code.complete(received);
    }

    static Map<String, String> query(String rawQuery) {
        Map<String, String> parameters = new HashMap<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    parameters.putIfAbsent(
                            URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return parameters;
    }

    private static void answer(HttpExchange exchange, int status, String message) throws IOException {
        byte[] page = ("<!DOCTYPE html><html lang=\"en\"><meta charset=\"utf-8\"><title>Snippet Store</title>"
                        + "<body style=\"font-family:sans-serif;margin:3em\"><p>" + message + "</p></body></html>")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        exchange.getResponseHeaders().add("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, page.length);
        try (OutputStream body = exchange.getResponseBody()) {
            body.write(page);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
