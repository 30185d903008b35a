import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The worst-case benchmark (docs/API.md, "Limits"): for each operation that takes user input, the
 * most expensive input its limits allow, sent to a running service; each row's time (median of
 * three, from the client) and the server's heap after it (used after a full collection, by jcmd).
 * Prints a Markdown table for docs/BENCHMARKS.md. A row over 2 s or an answer of 5xx is marked.
 *
 * Usage: java bench/WorstCase.java BASE_URL ADMIN_TOKEN SERVER_PID
 */
public class WorstCase {

    static final int MAX_CODE = 1024 * 1024;
    static HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static String base;
    static String token;
    static String pid;

    record Answer(int status, String body) {}

    public static void main(String[] args) throws Exception {
        base = args[0];
        token = args[1];
        pid = args[2];
        System.out.println("| operation | worst input the limits allow | status | median of 3 | heap after (live) |");
        System.out.println("|---|---|---|---|---|");

        String oneCharLines = "a\n".repeat(MAX_CODE / 2);
        String otherOneCharLines = "b\n".repeat(MAX_CODE / 2);
        String alternating = "a\nb\n".repeat(MAX_CODE / 4);
        String swapped = "b\na\n".repeat(MAX_CODE / 4);
        String distinct = numbered("x", MAX_CODE);
        String otherDistinct = numbered("y", MAX_CODE);

        row(
                "create",
                "1 MiB of code, 524,288 one-character lines",
                () -> send("POST", "/api/v1/snippets", json(snippet(oneCharLines))));
        // the variables' parser over code that opens a placeholder 349,525 times and closes one
        String unclosed = "{{a".repeat((MAX_CODE - 2) / 3) + "}}";
        row(
                "create",
                "1 MiB of code opening 349,525 placeholders and closing one (variables parsed in one pass)",
                () -> send("POST", "/api/v1/snippets", json(snippet(unclosed))));
        String id = id(send("POST", "/api/v1/snippets", json(snippet(oneCharLines))));
        int[] changes = {0};
        row(
                "change (PATCH)",
                "1 MiB of code, every line different from before",
                () -> send(
                        "PATCH",
                        "/api/v1/snippets/" + id,
                        json("{\"code\":" + quote(changes[0]++ % 2 == 0 ? otherOneCharLines : oneCharLines) + "}")));
        String pair = id(send("POST", "/api/v1/snippets", json(snippet(distinct))));
        send("PATCH", "/api/v1/snippets/" + pair, json("{\"code\":" + quote(otherDistinct) + "}"));
        row(
                "diff",
                "two versions of 1 MiB, every line different (past the budget: whole)",
                () -> send("GET", "/api/v1/snippets/" + pair + "/revisions/1/diff/2", null));
        row(
                "diff",
                "two versions of 524,288 one-character lines, different",
                () -> send("GET", "/api/v1/snippets/" + id + "/revisions/1/diff/2", null));
        String snakes = id(send("POST", "/api/v1/snippets", json(snippet(alternating))));
        send("PATCH", "/api/v1/snippets/" + snakes, json("{\"code\":" + quote(swapped) + "}"));
        row(
                "diff",
                "a/b lines against b/a lines, 1 MiB each (Myers' longest snakes)",
                () -> send("GET", "/api/v1/snippets/" + snakes + "/revisions/1/diff/2", null));
        burst(
                "diff, four at once by one user",
                "the one-character lines' diff (a user has one place: the others 429 at once)",
                4,
                () -> send("GET", "/api/v1/snippets/" + id + "/revisions/1/diff/2", null));
        row(
                "merge",
                "base, mine and theirs of 1 MiB, all lines different",
                () -> send(
                        "POST",
                        "/api/v1/snippets/" + pair + "/revisions/1/merge",
                        json("{\"code\":" + quote(numbered("z", MAX_CODE)) + "}")));
        row(
                "merge",
                "one-character lines, 1 MiB each side",
                () -> send(
                        "POST",
                        "/api/v1/snippets/" + id + "/revisions/1/merge",
                        json("{\"code\":" + quote(swapped) + "}")));
        for (int i = 0; i < 3; i++) {
            send("POST", "/api/v1/snippets", json(snippet(randomCjk(MAX_CODE / 3, i))));
        }
        row(
                "search",
                "32 one-character CJK terms, beside 3 MiB of random CJK text",
                () -> send(
                        "GET",
                        "/api/v1/snippets?query="
                                + enc(randomCjk(32 * 3, 99)
                                        .codePoints()
                                        .limit(32)
                                        .mapToObj(Character::toString)
                                        .reduce((a, b) -> a + " " + b)
                                        .orElseThrow()),
                        null));
        row(
                "search",
                "32 one-character terms",
                () -> send("GET", "/api/v1/snippets?query=" + enc(String.join(" ", chars(32))), null));
        row(
                "search",
                "32 terms of 61 characters (1,983 in all, of the 2,000 a query may have)",
                () -> send(
                        "GET",
                        "/api/v1/snippets?query="
                                + enc(String.join(" ", Collections.nCopies(32, "q".repeat(60) + "z"))),
                        null));
        String longest = enc(String.join(" ", Collections.nCopies(32, "q".repeat(60) + "z")));
        row(
                "search by meaning",
                "the same 1,983 characters, limit=200",
                () -> send("GET", "/api/v1/snippets?match=meaning&limit=200&query=" + longest, null));
        row(
                "hybrid search, its facets",
                "the same 1,983 characters (200 results at most, counted)",
                () -> send("GET", "/api/v1/snippets/facets?match=hybrid&query=" + longest, null));
        row("list", "limit=200, a page of 1 MiB snippets", () -> send("GET", "/api/v1/snippets?limit=200", null));
        String collection = id(send("POST", "/api/v1/collections", json("{\"name\":\"worst\"}")));
        send(
                "POST",
                "/api/v1/collections/" + collection + "/snippets",
                json("{\"snippetIds\":[" + quote(id) + "," + quote(pair) + "," + quote(snakes) + "]}"));
        String made = send("POST", "/api/v1/collections/" + collection + "/links", json("{}"))
                .body();
        Matcher url = Pattern.compile("/c/([A-Za-z0-9_-]+)").matcher(made);
        if (!url.find()) {
            throw new IllegalStateException("no link in " + made);
        }
        String secret = url.group(1);
        row(
                "a collection's share link, searched",
                "the same 1,983 characters, limit=200, over a collection of 1 MiB snippets (no credential)",
                () -> sendNoAuth(
                        "GET", "/api/v1/shared-collections/" + secret + "/snippets?limit=200&query=" + longest, null));
        row(
                "a collection's share link, listed",
                "limit=200, 1 MiB snippets whole (no credential)",
                () -> sendNoAuth("GET", "/api/v1/shared-collections/" + secret + "/snippets?limit=200", null));
        row(
                "facets with collections",
                "the same 1,983 characters, every collection counted and checked",
                () -> send("GET", "/api/v1/snippets/facets?query=" + longest, null));
        row(
                "JSON body",
                "2 MiB, nested 32 deep",
                () -> send(
                        "POST",
                        "/api/v1/snippets",
                        json("[".repeat(31) + "\"" + "x".repeat(2 * 1024 * 1024 - 100) + "\"" + "]".repeat(31))));
        row(
                "login",
                "a 256-character wrong password (PBKDF2, 210,000 iterations)",
                () -> sendNoAuth(
                        "POST",
                        "/api/v1/auth/login",
                        json("{\"username\":\"admin\",\"password\":\"" + "p".repeat(256) + "\"}")));
        byte[] flood = zip(List.of(
                "manifest.json",
                "{\"format\":\"snippet-store-export\",\"version\":2,\"snippets\":[\"s.json\"]}",
                "s.json",
                "{\"changedFields\":[" + "\"title\",".repeat(700_000)
                        + "\"code\"],\"title\":\"t\",\"language\":\"text\",\"code\":\"c\"}"));
        row(
                "import",
                "a 5.6 MB document of 700,001 changedFields (refused while read)",
                () -> sendBytes("/api/v1/import", flood));
        byte[] deep = zip(List.of(
                "manifest.json",
                "{\"format\":\"snippet-store-export\",\"version\":2,\"snippets\":[\"s.json\"]}",
                "s.json",
                "{\"x\":" + "[".repeat(3_000_000) + "]".repeat(3_000_000) + "}"));
        row("import", "a document nested 3,000,000 deep", () -> sendBytes("/api/v1/import", deep));
        String leaked = "{\"token\":" + quote("sst_" + "x".repeat(196)) + "}";
        row(
                "revoke a leaked token",
                "a 200-character value no token has, without a credential",
                () -> sendNoAuth("POST", "/api/v1/auth/tokens/revoke", json(leaked)));
        byte[] claims = zip(List.of("manifest.json", "{}"));
        int end = claims.length - 22;
        claims[end + 12] = (byte) 0xF0;
        claims[end + 13] = (byte) 0xFF;
        claims[end + 14] = (byte) 0xFF;
        claims[end + 15] = (byte) 0x3F;
        row("import", "a ZIP whose end record claims a 1 GiB directory", () -> sendBytes("/api/v1/import", claims));
        List<String> big = new ArrayList<>(List.of("manifest.json", manifest(55)));
        for (int i = 0; i < 55; i++) {
            big.add("snippets/s" + i + ".json");
            big.add("{\"title\":\"large " + i + "\",\"language\":\"text\",\"tags\":[],\"code\":"
                    + quote(numbered("s" + i + "_", MAX_CODE - 64)) + "}");
        }
        byte[] largest = zip(big);
        row(
                "import",
                "55 snippets of 1 MiB of code: 60 MiB of documents, near the 64 MiB an import takes",
                () -> sendBytes("/api/v1/import", largest));
        burst(
                "import, four at once",
                "the same 60 MiB archive four times together (one import at a time in all: the others 429)",
                4,
                () -> sendBytes("/api/v1/import?dryRun=true", largest));
        row(
                "import, a dry run",
                "the same archive again: read, checked, each snippet's 1 MiB code hashed against the three here",
                () -> sendBytes("/api/v1/import?dryRun=true&duplicates=update", largest));
        row(
                "import, duplicates updated",
                "the same archive again: every snippet already here, each compared and updated in one transaction",
                () -> sendBytes("/api/v1/import?duplicates=update", largest));
    }

    static void row(String operation, String input, Supplier<Answer> request) {
        long[] times = new long[3];
        int status = 0;
        for (int i = 0; i < 3; i++) {
            long started = System.nanoTime();
            Answer answer = request.get();
            times[i] = System.nanoTime() - started;
            status = answer.status();
        }
        Arrays.sort(times);
        double seconds = times[1] / 1e9;
        String mark = seconds > 2 || status >= 500 ? " **over**" : "";
        System.out.printf("| %s | %s | %d | %.3f s%s | %s |%n", operation, input, status, seconds, mark, liveHeap());
    }

    /**
     * {@code count} copies of the request at once, after each is ready to go: how many answered each
     * status, and the slowest answer's time. The limits in flight (docs/API.md, "Limits") staged over
     * HTTP: a second diff of one user, or a second import, is refused at once rather than queued.
     */
    static void burst(String operation, String input, int count, Supplier<Answer> request) {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(count);
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        try {
            List<java.util.concurrent.Future<long[]>> answers = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    long started = System.nanoTime();
                    Answer answer = request.get();
                    return new long[] {answer.status(), System.nanoTime() - started};
                }));
            }
            start.countDown();
            java.util.TreeMap<Long, Integer> statuses = new java.util.TreeMap<>();
            long slowest = 0;
            for (java.util.concurrent.Future<long[]> answer : answers) {
                long[] statusAndTime = answer.get();
                statuses.merge(statusAndTime[0], 1, Integer::sum);
                slowest = Math.max(slowest, statusAndTime[1]);
            }
            StringBuilder shown = new StringBuilder();
            statuses.forEach((status, times) -> shown.append(shown.length() == 0 ? "" : ", ")
                    .append(status)
                    .append(" ×")
                    .append(times));
            double seconds = slowest / 1e9;
            String mark =
                    seconds > 2 || statuses.keySet().stream().anyMatch(status -> status >= 500) ? " **over**" : "";
            System.out.printf(
                    "| %s | %s | %s | %.3f s (slowest)%s | %s |%n", operation, input, shown, seconds, mark, liveHeap());
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdownNow();
        }
    }

    static String liveHeap() {
        try {
            new ProcessBuilder("jcmd", pid, "GC.run")
                    .redirectErrorStream(true)
                    .start()
                    .waitFor();
            Process info = new ProcessBuilder("jcmd", pid, "GC.heap_info")
                    .redirectErrorStream(true)
                    .start();
            String text = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Matcher used = Pattern.compile("used (\\d+)K").matcher(text);
            return used.find() ? Long.parseLong(used.group(1)) / 1024 + " MiB" : "?";
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    static Answer send(String method, String path, HttpRequest.BodyPublisher body) {
        return exchange(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body));
    }

    static Answer sendNoAuth(String method, String path, HttpRequest.BodyPublisher body) {
        return exchange(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body));
    }

    static Answer sendBytes(String path, byte[] body) {
        return exchange(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    static Answer exchange(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response =
                    http.send(request.timeout(Duration.ofMinutes(5)).build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static HttpRequest.BodyPublisher json(String body) {
        return HttpRequest.BodyPublishers.ofString(body);
    }

    static String snippet(String code) {
        return "{\"title\":\"worst case\",\"language\":\"text\",\"tags\":[],\"code\":" + quote(code) + "}";
    }

    static String id(Answer created) {
        Matcher id = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(created.body());
        if (!id.find()) {
            throw new IllegalStateException("no id in " + created.status() + " "
                    + created.body().substring(0, Math.min(300, created.body().length())));
        }
        return id.group(1);
    }

    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Lines "<prefix>0", "<prefix>1", ... up to {@code bytes} in all. */
    static String numbered(String prefix, int bytes) {
        StringBuilder text = new StringBuilder(bytes);
        for (int i = 0; ; i++) {
            String line = prefix + i + "\n";
            if (text.length() + line.length() > bytes) {
                return text.toString();
            }
            text.append(line);
        }
    }

    /** {@code count} distinct one-character terms: letters, then digits. */
    static List<String> chars(int count) {
        return "abcdefghijklmnopqrstuvwxyz0123456789"
                .chars()
                .limit(count)
                .mapToObj(Character::toString)
                .toList();
    }

    /** Random characters of the CJK block, about {@code bytes} in UTF-8 (three bytes each), one seed each. */
    static String randomCjk(int bytes, long seed) {
        java.util.Random random = new java.util.Random(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < bytes / 3; i++) {
            text.appendCodePoint(0x4E00 + random.nextInt(0x9FFF - 0x4E00));
        }
        return text.toString();
    }

    static String manifest(int snippets) {
        StringBuilder paths = new StringBuilder();
        for (int i = 0; i < snippets; i++) {
            paths.append(i == 0 ? "" : ",").append("\"snippets/s").append(i).append(".json\"");
        }
        return "{\"format\":\"snippet-store-export\",\"version\":2,\"snippets\":[" + paths + "]}";
    }

    static byte[] zip(List<String> namesAndContents) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (int i = 0; i < namesAndContents.size(); i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents.get(i)));
                zip.write(namesAndContents.get(i + 1).getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }
}
