package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Small helpers for tests that create and list snippets. */
public final class SnippetsApi {

    private SnippetsApi() {}

    public static JsonObjectBuilder snippet(String title, String language, String code, String... tags) {
        JsonArrayBuilder tagArray = Json.createArrayBuilder();
        for (String tag : tags) {
            tagArray.add(tag);
        }
        return Json.createObjectBuilder()
                .add("title", title)
                .add("language", language)
                .add("code", code)
                .add("tags", tagArray);
    }

    public static JsonObject create(ApiClient client, JsonObjectBuilder snippet) {
        Reply reply = client.post("/api/v1/snippets", snippet.build());
        assertEquals(201, reply.status(), reply::toString);
        return reply.data();
    }

    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Every snippet of a list, page by page through {@code meta.nextCursor}. */
    public static List<JsonObject> walk(ApiClient client, String listPath) {
        List<JsonObject> all = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String separator = listPath.contains("?") ? "&" : "?";
            Reply page = client.get(listPath + (cursor == null ? "" : separator + "cursor=" + encode(cursor)));
            assertEquals(200, page.status(), page::toString);
            all.addAll(page.json().getJsonArray("data").getValuesAs(JsonObject.class));
            var next = page.json().getJsonObject("meta").get("nextCursor");
            cursor = next.getValueType() == jakarta.json.JsonValue.ValueType.STRING
                    ? page.json().getJsonObject("meta").getString("nextCursor")
                    : null;
            if (++pages > 1000) {
                throw new AssertionError("the walk does not end");
            }
        } while (cursor != null);
        return all;
    }

    public static List<String> ids(List<JsonObject> snippets) {
        return snippets.stream().map(snippet -> snippet.getString("id")).toList();
    }
}
