import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Relevance of search, measured (issue 61): loads a corpus into a running service as one user's
 * snippets, waits until every snippet's meaning is made, then asks each query with match=words,
 * meaning and hybrid (limit 10) and prints MRR@10 (the mean of 1/rank of the snippet looked for,
 * 0 when it is not in the ten) and recall@10 (how often it is in the ten) per kind of query.
 * Misses go to standard error, so a change's effect can be read query by query.
 *
 * Usage: java bench/RelevanceQuality.java BASE_URL TOKEN CORPUS.tsv QUERIES.tsv
 */
public class RelevanceQuality {

    static final List<String> MATCHES = List.of("words", "meaning", "hybrid");
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

    record Query(String kind, String text, String wanted) {}

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String token = args[1];
        Map<String, String> ids = new LinkedHashMap<>();
        for (String[] row : rows(Path.of(args[2]))) {
            String tags = String.join(
                    ",",
                    java.util.Arrays.stream(row[3].split(","))
                            .map(RelevanceQuality::json)
                            .toList());
            String body = "{\"title\":" + json(row[1]) + ",\"language\":" + json(row[2]) + ",\"tags\":[" + tags
                    + "],\"code\":" + json(row[4].replace("\\n", "\n")) + "}";
            HttpResponse<String> created = send(base, token, "POST", "/api/v1/snippets", body);
            if (created.statusCode() != 201) {
                throw new IllegalStateException("creating " + row[0] + ": " + created.body());
            }
            Matcher id = ID.matcher(created.body());
            id.find();
            ids.put(row[0], id.group(1));
        }
        // a search applies every change first, so that readiness then counts what waits for its meaning
        send(base, token, "GET", "/api/v1/snippets?query=a", null);
        awaitMeanings(base);
        List<Query> queries = rows(Path.of(args[3])).stream()
                .map(row -> new Query(row[0], row[1], row[2]))
                .toList();
        Map<String, double[]> reciprocal = new LinkedHashMap<>();
        Map<String, int[]> found = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Query query : queries) {
            counts.merge(query.kind(), 1, Integer::sum);
            String wanted = ids.get(query.wanted());
            if (wanted == null) {
                throw new IllegalStateException("no snippet " + query.wanted() + " in the corpus");
            }
            for (int m = 0; m < MATCHES.size(); m++) {
                String path = "/api/v1/snippets?limit=10&fields=summary&match=" + MATCHES.get(m) + "&query="
                        + URLEncoder.encode(query.text(), StandardCharsets.UTF_8);
                HttpResponse<String> answer = send(base, token, "GET", path, null);
                if (answer.statusCode() != 200) {
                    throw new IllegalStateException(path + ": " + answer.statusCode() + " " + answer.body());
                }
                List<String> ranked = new ArrayList<>();
                Matcher id = ID.matcher(answer.body());
                while (id.find()) {
                    ranked.add(id.group(1));
                }
                int rank = ranked.indexOf(wanted) + 1;
                reciprocal.computeIfAbsent(query.kind(), kind -> new double[MATCHES.size()])[m] +=
                        rank == 0 ? 0 : 1.0 / rank;
                found.computeIfAbsent(query.kind(), kind -> new int[MATCHES.size()])[m] += rank == 0 ? 0 : 1;
                if (rank != 1) {
                    System.err.printf(
                            "%-8s %-7s %-48s rank %s%n",
                            query.kind(), MATCHES.get(m), query.text(), rank == 0 ? "-" : rank);
                }
            }
        }
        System.out.println("| kind (queries) | MRR@10 words | meaning | hybrid | recall@10 words | meaning | hybrid |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, Integer> kind : counts.entrySet()) {
            double[] rr = reciprocal.get(kind.getKey());
            int[] in = found.get(kind.getKey());
            int n = kind.getValue();
            System.out.printf(
                    "| %s (%d) | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                    kind.getKey(),
                    n,
                    rr[0] / n,
                    rr[1] / n,
                    rr[2] / n,
                    (double) in[0] / n,
                    (double) in[1] / n,
                    (double) in[2] / n);
        }
        System.out.printf("%n%d snippets, %d queries.%n", ids.size(), queries.size());
    }

    /** Until /api/ready says no snippet waits for its meaning (two minutes at most). */
    static void awaitMeanings(String base) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            String ready = send(base, null, "GET", "/api/ready", null).body();
            if (ready.contains("\"meaning\":\"on\"")) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("meanings were not made within two minutes");
    }

    static List<String[]> rows(Path file) throws Exception {
        return Files.readAllLines(file).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> line.split("\t"))
                .toList();
    }

    static HttpResponse<String> send(String base, String token, String method, String path, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String json(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
