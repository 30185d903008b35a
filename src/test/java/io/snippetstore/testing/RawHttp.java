package io.snippetstore.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP/1.1 request over a plain socket, written piece by piece: for what a full client
 * hides, such as a body sent slowly or a {@code Content-Length} that the body never reaches.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;

    public RawHttp(String method, String path, Map<String, String> headers) {
        this("127.0.0.1", method, path, headers);
    }

    /** The request from another loopback address ({@code 127.0.0.2}, say): another client as far as the server can tell. */
    public RawHttp(String from, String method, String path, Map<String, String> headers) {
        this(from, ApiClient.base().getPort(), method, path, headers);
    }

    /** The request from another loopback address to a server of a test's own on {@code port}. */
    public RawHttp(String from, int port, String method, String path, Map<String, String> headers) {
        try {
            socket = new Socket();
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(60_000);
            out = socket.getOutputStream();
            StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\n"
                    + (headers.containsKey("Host") ? "" : "Host: 127.0.0.1\r\n") + "Connection: close\r\n");
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public RawHttp write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status code of the response, read without sending anything more. */
    public int status() {
        try {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                line.write(b);
            }
            String statusLine = line.toString(StandardCharsets.ISO_8859_1);
            return Integer.parseInt(statusLine.split(" ")[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A whole answer, read to the end of the connection: its status, its header lines in lower case, and its body as UTF-8. */
    public record Answer(int status, java.util.List<String> headers, String body) {

        public java.util.Optional<String> header(String name) {
            String prefix = name.toLowerCase(java.util.Locale.ROOT) + ":";
            return headers.stream()
                    .filter(line -> line.startsWith(prefix))
                    .map(line -> line.substring(prefix.length()).trim())
                    .findFirst();
        }
    }

    /** The whole response, read without sending anything more (the request said {@code Connection: close}). */
    public Answer answer() {
        try {
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = response.indexOf("\r\n\r\n");
            String head = end < 0 ? response : response.substring(0, end);
            String[] lines = head.split("\r\n");
            java.util.List<String> headers = java.util.Arrays.stream(lines)
                    .skip(1)
                    .map(line -> line.toLowerCase(java.util.Locale.ROOT))
                    .toList();
            return new Answer(
                    Integer.parseInt(lines[0].split(" ")[1]), headers, end < 0 ? "" : response.substring(end + 4));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
