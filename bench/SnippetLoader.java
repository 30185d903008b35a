import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loads realistic snippets through the real API: about 1 KB of code built from real-looking
 * identifiers, 2-3 tags from a vocabulary of 50, 8 languages. One snippet in 10,000 holds the
 * rare term "quokkaZanzibar"; every snippet holds the common term "return".
 *
 * Usage: java bench/SnippetLoader.java BASE_URL TOKEN COUNT
 */
public class SnippetLoader {

    static final String[] VERBS = {"get", "find", "load", "save", "parse", "build", "compute", "update", "delete", "fetch",
            "render", "validate", "merge", "resolve", "encode", "decode", "format", "index", "sort", "filter"};
    static final String[] NOUNS = {"User", "Order", "Invoice", "Account", "Session", "Token", "Cache", "Config", "Report",
            "Customer", "Product", "Payment", "Address", "Message", "Queue", "Event", "Schema", "Record", "Ledger", "Shipment"};
    static final String[] SUFFIXES = {"ById", "ByName", "Async", "All", "List", "Map", "IfAbsent", "OrDefault", "", ""};
    static final String[] LANGUAGES = {"java", "python", "javascript", "go", "rust", "sql", "typescript", "kotlin"};
    static final String[] TAGS = new String[50];

    static {
        String[] base = {"api", "db", "cache", "auth", "util", "parsing", "http", "json", "async", "testing"};
        String[] area = {"", "-core", "-web", "-batch", "-ops"};
        int i = 0;
        for (String a : area) {
            for (String b : base) {
                TAGS[i++] = b + a;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0].replaceAll("/$", "") + "/api/v1/snippets");
        String token = args[1];
        int count = Integer.parseInt(args[2]);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Semaphore inFlight = new Semaphore(16);
        AtomicInteger failures = new AtomicInteger();
        List<CompletableFuture<?>> pending = new ArrayList<>();
        long start = System.nanoTime();
        for (int n = 0; n < count; n++) {
            String body = snippet(new Random(n), n);
            inFlight.acquire();
            HttpRequest request = HttpRequest.newBuilder(endpoint)
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, error) -> {
                if (error != null || response.statusCode() != 201) {
                    failures.incrementAndGet();
                }
                inFlight.release();
            }));
            if (pending.size() >= 1000) {
                CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
                pending.clear();
            }
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("loaded %d snippets in %.1f s (%.0f/s), %d failures%n", count, seconds, count / seconds, failures.get());
        if (failures.get() > 0) {
            System.exit(1);
        }
    }

    static String identifier(Random random) {
        return VERBS[random.nextInt(VERBS.length)] + NOUNS[random.nextInt(NOUNS.length)] + SUFFIXES[random.nextInt(SUFFIXES.length)];
    }

    static String snippet(Random random, int n) {
        String language = LANGUAGES[n % LANGUAGES.length];
        String main = identifier(random);
        StringBuilder code = new StringBuilder();
        while (code.length() < 1000) {
            String call = identifier(random);
            String variable = NOUNS[random.nextInt(NOUNS.length)].toLowerCase();
            code.append(switch (language) {
                case "python" -> "def " + call + "(" + variable + "):\n    result = " + identifier(random) + "(" + variable + ")\n    return result\n\n";
                case "go" -> "func " + call + "(" + variable + " string) error {\n\tif err := " + identifier(random) + "(" + variable + "); err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n\n";
                case "rust" -> "fn " + call + "(" + variable + ": &str) -> Result<(), Error> {\n    " + identifier(random) + "(" + variable + ")?;\n    return Ok(());\n}\n\n";
                case "sql" -> "-- " + call + "\nSELECT id, name FROM " + variable + " WHERE id = :id; -- return one row\n\n";
                default -> "function " + call + "(" + variable + ") {\n  const value = " + identifier(random) + "(" + variable + ");\n  return value;\n}\n\n";
            });
        }
        if (n % 10_000 == 7) {
            code.append("// see quokkaZanzibar for the original\n");
        }
        int tagCount = 2 + random.nextInt(2);
        StringBuilder tags = new StringBuilder();
        for (int t = 0; t < tagCount; t++) {
            tags.append(t == 0 ? "" : ",").append('"').append(TAGS[random.nextInt(TAGS.length)]).append('"');
        }
        String title = main.replaceAll("([A-Z])", " $1").toLowerCase().strip();
        return "{\"title\":\"" + title + " #" + n + "\",\"description\":\"How to " + title + " in " + language
                + "\",\"language\":\"" + language + "\",\"code\":" + jsonString(code.toString())
                + ",\"tags\":[" + tags + "]" + (n % 3 == 0 ? ",\"notes\":\"Used by " + identifier(random) + "\"" : "") + "}";
    }

    static String jsonString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }
}
