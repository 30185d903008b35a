import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Creates small snippets as fast as the connections allow for a while and counts what came back:
 * the status, and whether a Location came with it ({@code 201+Location} is the only right answer).
 * Prints the first three answers of every other kind in full. For a race seen once in 100,000
 * creates (docs/BENCHMARKS.md): a create answered 200.
 *
 * Usage: java bench/CreateStatuses.java BASE_URL TOKEN CONNECTIONS SECONDS
 */
public class CreateStatuses {

    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0].replaceAll("/$", "") + "/api/v1/snippets");
        String token = args[1];
        int connections = Integer.parseInt(args[2]);
        long end = System.nanoTime() + Long.parseLong(args[3]) * 1_000_000_000L;
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(connections);
        long sent = 0;
        while (System.nanoTime() < end) {
            inFlight.acquire();
            sent++;
            String body = "{\"title\":\"status " + sent + "\",\"language\":\"java\",\"code\":\"return " + sent
                    + ";\",\"tags\":[\"status\"]}";
            HttpRequest request = HttpRequest.newBuilder(endpoint)
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((response, error) -> {
                String kind = error != null
                        ? error.getClass().getSimpleName()
                        : response.statusCode()
                                + (response.headers().firstValue("Location").isPresent()
                                        ? "+Location"
                                        : " without Location");
                if (answers.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet() <= 3
                        && !kind.equals("201+Location")) {
                    System.err.println(kind + ": "
                            + (error != null ? error : response.headers().map() + " " + response.body()));
                }
                inFlight.release();
            });
        }
        inFlight.acquire(connections);
        System.out.println(sent + " creates at " + connections + " connections: " + new TreeMap<>(answers));
        if (answers.keySet().stream().anyMatch(kind -> !kind.equals("201+Location"))) {
            System.exit(1);
        }
    }
}
