import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many users at once, each a closed loop (the next request when the last is answered) with the mix
 * of issue 33's outside measurement: 40 % reads by id, 20 % lists and searches, 20 % creates, 10 %
 * changes under If-Match, 5 % deletes, 5 % uploads (4 KiB). Each client is its own user with its
 * own API token and its own snippets. Prints a Markdown table of each operation's rate and latency,
 * measured after a warm-up; a wrong status counts as an error (a 412 of a change is not wrong: the
 * client reads the snippet again).
 *
 * Usage: java bench/MixedLoad.java BASE_URL ADMIN_TOKEN [clients] [seconds] [warm-up seconds]
 */
public class MixedLoad {

    static final String CODE = "return computeOrderTotal(order).withTax(rate);";
    static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");
    static final Pattern TOKEN = Pattern.compile("\"token\":\"([^\"]+)\"");
    static final String[] OPERATIONS = {"read by id", "list or search", "create", "change", "delete", "upload"};
    static final int[] PERCENT = {40, 20, 20, 10, 5, 5};

    final String base;
    final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    final AtomicLong[] errors = new AtomicLong[OPERATIONS.length];

    MixedLoad(String base) {
        this.base = base.replaceAll("/$", "");
        for (int i = 0; i < errors.length; i++) {
            errors[i] = new AtomicLong();
        }
    }

    public static void main(String[] args) throws Exception {
        MixedLoad load = new MixedLoad(args[0]);
        String admin = args[1];
        int clients = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 60;
        int warmUp = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        long run = System.nanoTime();
        List<Client> all = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            all.add(load.newClient(admin, "load" + run % 100000 + "u" + i));
        }
        System.err.printf("%d users with 20 snippets each; %d s warm-up, %d s measured%n", clients, warmUp, seconds);
        long start = System.nanoTime();
        long measureFrom = start + Duration.ofSeconds(warmUp).toNanos();
        long end = measureFrom + Duration.ofSeconds(seconds).toNanos();
        List<Thread> threads = new ArrayList<>();
        for (Client client : all) {
            Thread thread = new Thread(() -> client.loop(measureFrom, end));
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        load.report(all, seconds);
    }

    Client newClient(String admin, String username) throws Exception {
        String password = username + "-bench-password";
        send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/users"))
                        .header("Authorization", "Bearer " + admin)
                        .header("Content-Type", "application/json")
                        .POST(body("{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}")),
                201);
        HttpClient session =
                HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
        HttpResponse<String> login = session.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/login"))
                        .header("Content-Type", "application/json")
                        .POST(body("{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        check(login, 200);
        HttpResponse<String> created = session.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/tokens"))
                        .header("Content-Type", "application/json")
                        .POST(body("{\"name\":\"load\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        check(created, 201);
        Matcher token = TOKEN.matcher(created.body());
        token.find();
        Client client = new Client(token.group(1));
        for (int i = 0; i < 20; i++) {
            client.create();
        }
        return client;
    }

    final class Client {
        final String token;
        final List<String> ids = new ArrayList<>();
        final Map<String, String> etags = new HashMap<>();
        final List<List<Long>> measured = new ArrayList<>();

        Client(String token) {
            this.token = token;
            for (int i = 0; i < OPERATIONS.length; i++) {
                measured.add(new ArrayList<>());
            }
        }

        void loop(long measureFrom, long end) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            long now;
            while ((now = System.nanoTime()) < end) {
                int operation = pick(random.nextInt(100));
                boolean right;
                try {
                    right = run(operation, random);
                } catch (Exception e) {
                    right = false;
                }
                long took = System.nanoTime() - now;
                if (now >= measureFrom) {
                    measured.get(operation).add(took);
                    if (!right) {
                        errors[operation].incrementAndGet();
                    }
                }
            }
        }

        boolean run(int operation, ThreadLocalRandom random) throws Exception {
            String id = ids.get(random.nextInt(ids.size()));
            switch (operation) {
                case 0:
                    return status(request("/api/v1/snippets/" + id).GET()) == 200;
                case 1:
                    String query = random.nextBoolean() ? "?limit=20" : "?query=computeOrderTotal&limit=20";
                    return status(request("/api/v1/snippets" + query).GET()) == 200;
                case 2:
                    return create();
                case 3:
                    HttpResponse<String> changed = http.send(
                            request("/api/v1/snippets/" + id)
                                    .header("Content-Type", "application/merge-patch+json")
                                    .header("If-Match", etags.get(id))
                                    .method("PATCH", body("{\"title\":\"changed " + System.nanoTime() + "\"}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    changed.headers().firstValue("ETag").ifPresent(etag -> etags.put(id, etag));
                    return changed.statusCode() == 200;
                case 4:
                    if (ids.size() <= 5) {
                        return create();
                    }
                    ids.remove(id);
                    etags.remove(id);
                    return status(request("/api/v1/snippets/" + id).DELETE()) == 200;
                default:
                    String boundary = "----bench" + random.nextLong();
                    byte[] file = new byte[4096];
                    random.nextBytes(file);
                    byte[] head = ("--" + boundary
                                    + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\n"
                                    + "Content-Type: application/octet-stream\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII);
                    byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
                    byte[] multipart = new byte[head.length + file.length + tail.length];
                    System.arraycopy(head, 0, multipart, 0, head.length);
                    System.arraycopy(file, 0, multipart, head.length, file.length);
                    System.arraycopy(tail, 0, multipart, head.length + file.length, tail.length);
                    return status(request("/api/v1/snippets/" + id + "/attachments")
                                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                                    .POST(HttpRequest.BodyPublishers.ofByteArray(multipart)))
                            == 201;
            }
        }

        boolean create() throws Exception {
            HttpResponse<String> created = http.send(
                    request("/api/v1/snippets")
                            .header("Content-Type", "application/json")
                            .POST(body("{\"title\":\"load create\",\"language\":\"java\",\"code\":\"" + CODE
                                    + "\",\"tags\":[\"api\",\"db\"]}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (created.statusCode() != 201) {
                return false;
            }
            Matcher id = ID.matcher(created.body());
            id.find();
            ids.add(id.group(1));
            etags.put(id.group(1), created.headers().firstValue("ETag").orElse("*"));
            return true;
        }

        HttpRequest.Builder request(String path) {
            return HttpRequest.newBuilder(URI.create(base + path))
                    .header("Authorization", "Bearer " + token)
                    .timeout(Duration.ofSeconds(60));
        }

        int status(HttpRequest.Builder request) throws Exception {
            return http.send(request.build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        }
    }

    static int pick(int roll) {
        int sum = 0;
        for (int i = 0; i < PERCENT.length; i++) {
            sum += PERCENT[i];
            if (roll < sum) {
                return i;
            }
        }
        return PERCENT.length - 1;
    }

    void report(List<Client> clients, int seconds) {
        System.out.println("| operation | requests/s | p50 | p99 | wrong answers |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (int op = 0; op < OPERATIONS.length; op++) {
            int operation = op;
            long[] all = clients.stream()
                    .flatMap(client -> client.measured.get(operation).stream())
                    .mapToLong(Long::longValue)
                    .sorted()
                    .toArray();
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %.1f | %s | %s | %d |%n",
                    OPERATIONS[op],
                    all.length / (double) seconds,
                    millis(percentile(all, 0.50)),
                    millis(percentile(all, 0.99)),
                    errors[op].get());
        }
    }

    static long percentile(long[] sorted, double fraction) {
        return sorted.length == 0
                ? 0
                : sorted[Math.min(sorted.length - 1, (int) Math.ceil(fraction * sorted.length) - 1)];
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    void send(HttpRequest.Builder request, int expected) throws Exception {
        check(http.send(request.build(), HttpResponse.BodyHandlers.ofString()), expected);
    }

    static void check(HttpResponse<String> response, int expected) {
        if (response.statusCode() != expected) {
            throw new IllegalStateException(
                    response.request().uri() + ": " + response.statusCode() + " " + response.body());
        }
    }

    static HttpRequest.BodyPublisher body(String json) {
        return HttpRequest.BodyPublishers.ofString(json);
    }
}
