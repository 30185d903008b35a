import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;

/**
 * A ByteStash 1.5 API staged on loopback for bench/move-in.sh: {@code GET /api/snippets} answers
 * every snippet at once with its fragments, as ByteStash 1.5 does (server/src/routes/snippetRoutes.js),
 * after checking the {@code x-api-key}. Each snippet: a title, a description, three categories, a
 * public flag, and two fragments of a few hundred bytes.
 * Usage: java bench/StagedByteStash.java PORT SNIPPETS API_KEY
 */
public class StagedByteStash {
    public static void main(String[] arguments) throws Exception {
        int port = Integer.parseInt(arguments[0]);
        int count = Integer.parseInt(arguments[1]);
        String key = arguments[2];
        StringBuilder all = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                all.append(',');
            }
            String code = ("kubectl rollout restart deployment/app-" + i + " -n team-" + (i % 40) + "\\n").repeat(6);
            all.append("{\"id\":")
                    .append(i + 1)
                    .append(",\"title\":\"Restart app ")
                    .append(i)
                    .append("\",\"description\":\"Rolls the pods of app ")
                    .append(i)
                    .append(" one by one\"")
                    .append(",\"user_id\":1,\"username\":\"bench\",\"is_public\":")
                    .append(i % 3 == 0 ? 1 : 0)
                    .append(",\"is_pinned\":0,\"is_favorite\":0,\"expiry_date\":null")
                    .append(",\"categories\":[\"k8s\",\"team-")
                    .append(i % 40)
                    .append("\",\"ops\"]")
                    .append(",\"updated_at\":\"2026-01-01 00:00:00\",\"share_count\":0,\"fragments\":[")
                    .append("{\"id\":")
                    .append(2 * i + 1)
                    .append(",\"file_name\":\"restart.sh\",\"code\":\"")
                    .append(code)
                    .append("\",\"language\":\"bash\",\"position\":0},")
                    .append("{\"id\":")
                    .append(2 * i + 2)
                    .append(",\"file_name\":\"values.yaml\",\"code\":\"")
                    .append("replicas: ")
                    .append(i % 7 + 1)
                    .append("\\nimage: app:")
                    .append(i)
                    .append("\\n\",\"language\":\"yaml\",\"position\":1}]}");
        }
        byte[] body = all.append(']').toString().getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/api/snippets", exchange -> {
            boolean allowed = key.equals(exchange.getRequestHeaders().getFirst("x-api-key"));
            byte[] answer = allowed ? body : "{\"error\":\"Invalid API key\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(allowed ? 200 : 401, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
        System.out.println("ready");
    }
}
