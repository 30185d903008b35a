import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loads realistic snippets through the real API: about 1 KB of code built from real-looking
 * identifiers, 2-3 tags from a vocabulary of 50, 8 languages. One snippet in 10,000 holds the
 * rare term "quokkaZanzibar"; every snippet holds the common term "return". As in the corpus of
 * the search issue's outside measurements: "payload" is in the code of 24 % of the snippets,
 * "zebrafish" in the title of 1 % and "quokka" in the code of another 1 %.
 *
 * Usage: java bench/SnippetLoader.java BASE_URL TOKEN COUNT
 *
 * Or, for stores too large to load through the API, straight into the database of a stopped
 * service (the sqlite-jdbc driver on the class path; the triggers log every row for the search
 * index, which catches up, or is rebuilt, when the service starts):
 * java -cp sqlite-jdbc.jar bench/SnippetLoader.java --database DB_FILE OWNER_USERNAME COUNT
 */
public class SnippetLoader {

    static final String[] VERBS = {
        "get",
        "find",
        "load",
        "save",
        "parse",
        "build",
        "compute",
        "update",
        "delete",
        "fetch",
        "render",
        "validate",
        "merge",
        "resolve",
        "encode",
        "decode",
        "format",
        "index",
        "sort",
        "filter"
    };
    static final String[] NOUNS = {
        "User",
        "Order",
        "Invoice",
        "Account",
        "Session",
        "Token",
        "Cache",
        "Config",
        "Report",
        "Customer",
        "Product",
        "Payment",
        "Address",
        "Message",
        "Queue",
        "Event",
        "Schema",
        "Record",
        "Ledger",
        "Shipment"
    };
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
        if (args[0].equals("--database")) {
            loadIntoDatabase(args[1], args[2], Integer.parseInt(args[3]));
            return;
        }
        URI endpoint = URI.create(args[0].replaceAll("/$", "") + "/api/v1/snippets");
        String token = args[1];
        int count = Integer.parseInt(args[2]);
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
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
            pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> {
                        if (error != null || response.statusCode() != 201) {
                            // say what failed: a refusal of the service's (status and envelope) or the connection's
                            if (failures.incrementAndGet() <= 5) {
                                System.err.println("create failed: "
                                        + (error != null ? error : response.statusCode() + " " + response.body()));
                            }
                        }
                        inFlight.release();
                    }));
            if (pending.size() >= 1000) {
                CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                        .join();
                pending.clear();
            }
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "loaded %d snippets in %.1f s (%.0f/s), %d failures%n",
                count, seconds, count / seconds, failures.get());
        if (failures.get() > 0) {
            System.exit(1);
        }
    }

    /** The same snippets as the API would store them, inserted in transactions of 10,000 rows. */
    static void loadIntoDatabase(String file, String username, int count) throws Exception {
        long start = System.nanoTime();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            db.setAutoCommit(false);
            String owner;
            try (PreparedStatement user = db.prepareStatement("SELECT id FROM users WHERE username = ?")) {
                user.setString(1, username);
                ResultSet row = user.executeQuery();
                if (!row.next()) {
                    throw new IllegalArgumentException("no user " + username);
                }
                owner = row.getString(1);
            }
            try (PreparedStatement snippet = db.prepareStatement(
                            "INSERT INTO snippets (id, owner_id, title, title_sort, description, notes,"
                                    + " language, code, created_at, updated_at, version, visibility) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'private')");
                    PreparedStatement tag = db.prepareStatement(
                            "INSERT INTO snippet_tags (snippet_id, position, tag) VALUES (?, ?, ?)")) {
                long now = System.currentTimeMillis();
                for (int n = 0; n < count; n++) {
                    Fields fields = fields(new Random(n), n);
                    String id = UUID.nameUUIDFromBytes((owner + n).getBytes()).toString();
                    snippet.setString(1, id);
                    snippet.setString(2, owner);
                    snippet.setString(3, fields.title());
                    snippet.setString(4, fields.title().toLowerCase());
                    snippet.setString(5, fields.description());
                    snippet.setString(6, fields.notes());
                    snippet.setString(7, fields.language());
                    snippet.setString(8, fields.code());
                    snippet.setLong(9, now - count + n);
                    snippet.setLong(10, now - count + n);
                    snippet.executeUpdate();
                    for (int t = 0; t < fields.tags().size(); t++) {
                        tag.setString(1, id);
                        tag.setInt(2, t);
                        tag.setString(3, fields.tags().get(t));
                        tag.executeUpdate();
                    }
                    if (n % 10_000 == 9_999) {
                        db.commit();
                    }
                }
            }
            db.commit();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("inserted %d snippets into %s in %.1f s%n", count, file, seconds);
    }

    static String identifier(Random random) {
        return VERBS[random.nextInt(VERBS.length)]
                + NOUNS[random.nextInt(NOUNS.length)]
                + SUFFIXES[random.nextInt(SUFFIXES.length)];
    }

    /** A snippet's fields; {@code notes} and {@code description} may be null. */
    record Fields(String title, String description, String notes, String language, String code, List<String> tags) {}

    static Fields fields(Random random, int n) {
        String language = LANGUAGES[n % LANGUAGES.length];
        String main = identifier(random);
        StringBuilder code = new StringBuilder();
        while (code.length() < 1000) {
            String call = identifier(random);
            String variable = NOUNS[random.nextInt(NOUNS.length)].toLowerCase();
            code.append(
                    switch (language) {
                        case "python" ->
                            "def " + call + "(" + variable + "):\n    result = " + identifier(random) + "(" + variable
                                    + ")\n    return result\n\n";
                        case "go" ->
                            "func " + call + "(" + variable + " string) error {\n\tif err := " + identifier(random)
                                    + "(" + variable + "); err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n\n";
                        case "rust" ->
                            "fn " + call + "(" + variable + ": &str) -> Result<(), Error> {\n    " + identifier(random)
                                    + "(" + variable + ")?;\n    return Ok(());\n}\n\n";
                        case "sql" ->
                            "-- " + call + "\nSELECT id, name FROM " + variable
                                    + " WHERE id = :id; -- return one row\n\n";
                        default ->
                            "function " + call + "(" + variable + ") {\n  const value = " + identifier(random) + "("
                                    + variable + ");\n  return value;\n}\n\n";
                    });
        }
        if (n % 10_000 == 7) {
            code.append("// see quokkaZanzibar for the original\n");
        }
        if (n % 100 < 24) {
            code.append("// the payload goes to " + identifier(random) + "\n");
        }
        if (n % 100 == 73) {
            code.append("// a quokka wrote this\n");
        }
        int tagCount = 2 + random.nextInt(2);
        List<String> tags = new ArrayList<>();
        for (int t = 0; t < tagCount; t++) {
            String tag = TAGS[random.nextInt(TAGS.length)];
            if (!tags.contains(tag)) {
                tags.add(tag);
            }
        }
        String title = main.replaceAll("([A-Z])", " $1").toLowerCase().strip()
                + (n % 100 == 41 ? " for the zebrafish tank" : "");
        return new Fields(
                title + " #" + n,
                "How to " + title + " in " + language,
                n % 3 == 0 ? "Used by " + identifier(random) : null,
                language,
                code.toString(),
                tags);
    }

    static String snippet(Random random, int n) {
        Fields fields = fields(random, n);
        StringBuilder tags = new StringBuilder();
        for (String tag : fields.tags()) {
            tags.append(tags.isEmpty() ? "" : ",").append('"').append(tag).append('"');
        }
        return "{\"title\":" + jsonString(fields.title()) + ",\"description\":" + jsonString(fields.description())
                + ",\"language\":\"" + fields.language() + "\",\"code\":" + jsonString(fields.code())
                + ",\"tags\":[" + tags + "]"
                + (fields.notes() != null ? ",\"notes\":" + jsonString(fields.notes()) : "") + "}";
    }

    static String jsonString(String text) {
        return "\""
                + text.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("\n", "\\n")
                        .replace("\t", "\\t") + "\"";
    }
}
