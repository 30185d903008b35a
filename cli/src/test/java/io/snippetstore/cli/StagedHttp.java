package io.snippetstore.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;

/**
 * A service staged on loopback for the client to call, answering as the API it stands for
 * documents: each route ({@code "GET /gists"}, the path without its query) answers a request as
 * its function says, and every request is kept for the test to look at.
 */
final class StagedHttp implements AutoCloseable {

    record Request(String method, String pathAndQuery, Headers headers, byte[] body) {

        String header(String name) {
            return headers.getFirst(name);
        }
    }

    record Reply(int status, Map<String, String> headers, byte[] body) {

        static Reply json(String body) {
            return new Reply(200, Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
        }

        static Reply status(int status, String body) {
            return new Reply(status, Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
        }

        Reply with(String header, String value) {
            Map<String, String> more = new java.util.HashMap<>(headers);
            more.put(header, value);
            return new Reply(status, more, body);
        }
    }

    private final HttpServer server;
    private final Map<String, Function<Request, Reply>> routes = new ConcurrentHashMap<>();
    final List<Request> requests = new CopyOnWriteArrayList<>();

    StagedHttp() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Request request = new Request(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().toString(),
                    exchange.getRequestHeaders(),
                    exchange.getRequestBody().readAllBytes());
            requests.add(request);
            String method = "POST".equals(request.method()) && request.header("X-HTTP-Method-Override") != null
                    ? request.header("X-HTTP-Method-Override")
                    : request.method();
            Function<Request, Reply> route =
                    routes.get(method + " " + exchange.getRequestURI().getPath());
            Reply reply = route == null ? Reply.status(404, "{\"message\":\"Not Found\"}") : route.apply(request);
            reply.headers().forEach(exchange.getResponseHeaders()::add);
            exchange.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(reply.body());
            }
        });
        server.start();
    }

    StagedHttp on(String methodAndPath, Function<Request, Reply> route) {
        routes.put(methodAndPath, route);
        return this;
    }

    String address() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Request> requests(String methodAndPath) {
        return requests.stream()
                .filter(request ->
                        (request.method() + " " + request.pathAndQuery().replaceAll("\\?.*", "")).equals(methodAndPath))
                .toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
