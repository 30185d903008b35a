package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.snippetstore.OpenApiDocumentTest;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.swagger.v3.oas.models.OpenAPI;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/**
 * Tokens limited to collections (docs/API.md, "Tokens limited to collections"): such a token
 * reaches the snippets of its collections and nothing else, on every path to a snippet, over HTTP.
 */
public abstract class TokensLimitedToCollectionsTests {

    private final ApiClient session = TestUsers.signedIn(TestUsers.create());

    private static JsonArrayBuilder array(List<String> values) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        values.forEach(array::add);
        return array;
    }

    private Reply createToken(List<String> collections, List<String> scopes) {
        return session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", "ci")
                        .add("scopes", array(scopes))
                        .add("collections", array(collections))
                        .build());
    }

    private ApiClient tokenFor(List<String> collections, List<String> scopes) {
        Reply created = createToken(collections, scopes);
        assertEquals(201, created.status(), created::toString);
        return new ApiClient().withBearer(created.data().getString("token"));
    }

    private ApiClient readerOf(String collectionId) {
        return tokenFor(List.of(collectionId), List.of("snippets:read"));
    }

    private static String snippet(ApiClient client, String title, String code) {
        Reply created = client.post("/api/v1/snippets", body(title, code));
        assertEquals(201, created.status(), created::toString);
        return created.data().getString("id");
    }

    private static JsonObject body(String title, String code) {
        return Json.createObjectBuilder()
                .add("title", title)
                .add("code", code)
                .add("language", "shell")
                .add("tags", Json.createArrayBuilder().add("limited"))
                .build();
    }

    private static String collection(ApiClient client, String name) {
        Reply created = client.post(
                "/api/v1/collections",
                Json.createObjectBuilder().add("name", name).build());
        assertEquals(201, created.status(), created::toString);
        return created.data().getString("id");
    }

    private static void add(ApiClient client, String collectionId, String snippetId) {
        Reply added = client.post(
                "/api/v1/collections/" + collectionId + "/snippets",
                Json.createObjectBuilder()
                        .add("snippetIds", Json.createArrayBuilder().add(snippetId))
                        .build());
        assertEquals(200, added.status(), added::toString);
    }

    private static List<String> ids(Reply list) {
        assertEquals(200, list.status(), list::toString);
        return list.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(item -> item.getString("id"))
                .toList();
    }

    private static List<String> strings(JsonObject data, String field) {
        return data.getJsonArray(field).getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .toList();
    }

    private static void assertForbidden(Reply reply) {
        assertEquals(403, reply.status(), reply::toString);
        assertEquals("forbidden", reply.errorCode(), reply::toString);
    }

    @Test
    void aTokenLimitedToACollectionListsSearchesAndCountsOnlyItsSnippets() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String inside = snippet(session, "restart the queue", "systemctl restart limitedqueue");
        String outside = snippet(session, "restart the cache", "systemctl restart limitedcache");
        add(session, runbooks, inside);
        ApiClient reader = readerOf(runbooks);

        assertEquals(List.of(inside), ids(reader.get("/api/v1/snippets?scope=all")));
        assertEquals(List.of(inside), ids(reader.get("/api/v1/snippets")));
        assertEquals(List.of(inside), ids(reader.get("/api/v1/snippets?query=restart")));
        assertEquals(List.of(), ids(reader.get("/api/v1/snippets?query=limitedcache")));
        assertEquals(List.of(inside), ids(reader.get("/api/v1/snippets?collection=" + runbooks)));
        JsonObject facets = reader.get("/api/v1/snippets/facets?tag=limited").data();
        assertEquals(1, facets.getJsonArray("tags").getJsonObject(0).getInt("count"), facets::toString);
        assertEquals(200, reader.get("/api/v1/snippets/" + inside).status());
        assertEquals(404, reader.get("/api/v1/snippets/" + outside).status());
        assertEquals(200, session.get("/api/v1/snippets/" + outside).status(), "the session is not limited");
        assertEquals(2, ids(session.get("/api/v1/snippets?query=restart")).size());
    }

    @Test
    void aCollectionOutsideTheTokenIsUnknownToItAndItsListOfCollectionsHoldsOnlyItsOwn() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String other = collection(session, TestUsers.uniqueName("other"));
        ApiClient reader = readerOf(runbooks);

        assertEquals(List.of(runbooks), ids(reader.get("/api/v1/collections")));
        assertEquals(200, reader.get("/api/v1/collections/" + runbooks).status());
        for (String path : List.of(
                "/api/v1/collections/" + other,
                "/api/v1/collections/" + other + "/snippets",
                "/api/v1/snippets?collection=" + other)) {
            Reply reply = reader.get(path);
            assertEquals(404, reply.status(), path + ": " + reply);
        }
        JsonObject whoami = reader.get("/api/v1/auth/whoami").data();
        assertEquals(List.of(runbooks), strings(whoami, "collections"));
        assertTrue(session.get("/api/v1/auth/whoami").data().isNull("collections"), "a session is not limited");
    }

    @Test
    void aWritingTokenChangesAndCreatesOnlyInsideItsCollectionsAndMakesNoCollections() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String inside = snippet(session, "inside", "echo inside");
        String outside = snippet(session, "outside", "echo outside");
        add(session, runbooks, inside);
        ApiClient writer = tokenFor(List.of(runbooks), List.of("snippets:read", "snippets:write"));

        Reply changed = writer.patch(
                "/api/v1/snippets/" + inside,
                Json.createObjectBuilder().add("code", "echo changed").build());
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(
                404,
                writer.patch(
                                "/api/v1/snippets/" + outside,
                                Json.createObjectBuilder()
                                        .add("code", "echo no")
                                        .build())
                        .status());
        assertEquals(
                "echo outside",
                session.get("/api/v1/snippets/" + outside).data().getString("code"));

        assertForbidden(writer.post("/api/v1/snippets", body("anywhere", "echo anywhere")));
        Reply created = writer.post("/api/v1/snippets?collection=" + runbooks, body("new runbook", "echo new"));
        assertEquals(201, created.status(), created::toString);
        String id = created.data().getString("id");
        assertEquals(
                List.of(runbooks),
                created.data().getJsonArray("collections").getValuesAs(JsonObject.class).stream()
                        .map(holder -> holder.getString("id"))
                        .toList());
        assertTrue(ids(session.get("/api/v1/collections/" + runbooks + "/snippets"))
                .contains(id));
        Reply elsewhere = writer.post(
                "/api/v1/snippets?collection=" + collection(session, TestUsers.uniqueName("elsewhere")),
                body("elsewhere", "echo elsewhere"));
        assertEquals(400, elsewhere.status(), elsewhere::toString);

        assertForbidden(writer.post(
                "/api/v1/collections",
                Json.createObjectBuilder().add("name", "more").build()));
        assertForbidden(writer.patch(
                "/api/v1/collections/" + runbooks,
                Json.createObjectBuilder().add("name", "renamed").build()));
        assertForbidden(writer.delete("/api/v1/collections/" + runbooks));
        assertEquals(200, session.get("/api/v1/collections/" + runbooks).status(), "the collection is still there");
    }

    @Test
    void aSnippetTakenOutOfTheCollectionIsUnreadableToTheTokenAtTheVeryNextRequest() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String id = snippet(session, "soon gone", "echo soon gone");
        add(session, runbooks, id);
        ApiClient reader = readerOf(runbooks);
        assertEquals(200, reader.get("/api/v1/snippets/" + id).status());

        assertEquals(
                200,
                session.delete("/api/v1/collections/" + runbooks + "/snippets/" + id)
                        .status());

        assertEquals(404, reader.get("/api/v1/snippets/" + id).status());
        assertEquals(List.of(), ids(reader.get("/api/v1/snippets?query=gone")));
        assertEquals(List.of(), ids(reader.get("/api/v1/snippets")));
    }

    @Test
    void aTokenWhoseCollectionsAreAllDeletedReachesNothing() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String id = snippet(session, "kept", "echo kept");
        add(session, runbooks, id);
        ApiClient reader = readerOf(runbooks);

        assertEquals(200, session.delete("/api/v1/collections/" + runbooks).status());

        assertEquals(List.of(), ids(reader.get("/api/v1/snippets")));
        assertEquals(List.of(), ids(reader.get("/api/v1/snippets?scope=all&query=kept")));
        assertEquals(404, reader.get("/api/v1/snippets/" + id).status());
        assertEquals(List.of(), ids(reader.get("/api/v1/collections")));
        JsonObject facets = reader.get("/api/v1/snippets/facets").data();
        assertEquals(0, facets.getJsonArray("tags").size(), facets::toString);
    }

    @Test
    void aTokenIsLimitedOnlyToCollectionsItsUserMayReadAndSaysSoInItsListing() {
        ApiClient stranger = TestUsers.signedIn(TestUsers.create());
        String theirs = collection(stranger, TestUsers.uniqueName("private"));
        String mine = collection(session, TestUsers.uniqueName("mine"));

        Reply refused = createToken(List.of(mine, theirs), List.of("snippets:read"));
        assertEquals(400, refused.status(), refused::toString);
        assertEquals(
                "collections[1]",
                refused.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"),
                refused::toString);
        assertEquals(400, createToken(List.of(), List.of("snippets:read")).status(), "an empty list limits to nothing");

        Reply created = createToken(List.of(mine), List.of("snippets:read"));
        assertEquals(List.of(mine), strings(created.data(), "collections"));
        JsonObject listed = session.get("/api/v1/auth/tokens/" + created.data().getString("id"))
                .data();
        assertEquals(List.of(mine), strings(listed, "collections"));
        JsonObject unlimited = session.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "everything").build())
                .data();
        assertTrue(unlimited.isNull("collections"), unlimited::toString);
    }

    @Test
    void theTrashExportsImportsAndTheAuditTrailAreRefusedToALimitedToken() {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        ApiClient limited =
                tokenFor(List.of(runbooks), List.of("snippets:read", "snippets:write", "sharing", "account"));

        assertForbidden(limited.get("/api/v1/trash"));
        assertForbidden(limited.get("/api/v1/export"));
        assertForbidden(limited.sendBytes("POST", "/api/v1/import", "application/zip", new byte[] {1}, Map.of()));
        assertForbidden(limited.get("/api/v1/audit"));
        assertEquals(200, limited.get("/api/v1/auth/tokens").status(), "its account is its own");
    }

    /**
     * Every operation on a snippet, its history, attachments, links, stars and pins, and on a
     * collection, taken from the OpenAPI document: a token limited to a collection that does not
     * hold the snippet (or is not the collection) gets 404 from each, as for a snippet that does not
     * exist; the trash, which is refused to such a token as a whole, 403.
     */
    @Test
    void everyOperationOnASnippetOutsideTheTokensCollectionsAnswersNotFound() throws IOException {
        String runbooks = collection(session, TestUsers.uniqueName("runbooks"));
        String other = collection(session, TestUsers.uniqueName("other"));
        String outside = snippet(session, "outside", "echo {{name}}");
        add(session, other, outside);
        assertEquals(
                200,
                session.patch(
                                "/api/v1/snippets/" + outside,
                                Json.createObjectBuilder()
                                        .add("code", "echo {{name}} again")
                                        .add("visibility", "link")
                                        .build())
                        .status());
        Reply attached = new Multipart()
                .file("file", "notes.txt", "text/plain", "notes".getBytes(StandardCharsets.UTF_8))
                .postTo(session, "/api/v1/snippets/" + outside + "/attachments");
        assertEquals(201, attached.status(), attached::toString);
        Reply linked = session.post("/api/v1/snippets/" + outside + "/links", JsonValue.EMPTY_JSON_OBJECT);
        assertEquals(201, linked.status(), linked::toString);
        Map<String, String> values = Map.of(
                "snippetId",
                outside,
                "collectionId",
                other,
                "attachmentId",
                attached.data().getString("id"),
                "linkId",
                linked.data().getString("id"),
                "version",
                "1",
                "from",
                "1",
                "to",
                "2",
                "base",
                "1");
        ApiClient limited =
                tokenFor(List.of(runbooks), List.of("snippets:read", "snippets:write", "sharing", "account"));

        Map<String, String> expected = new TreeMap<>();
        Map<String, String> answered = new TreeMap<>();
        for (Map.Entry<String, Map<String, io.swagger.v3.oas.models.Operation>> path :
                operations().entrySet()) {
            String template = path.getKey();
            if (!template.matches(".*\\{(snippetId|collectionId|attachmentId|linkId)}.*")) {
                continue;
            }
            String filled = template;
            for (Map.Entry<String, String> value : values.entrySet()) {
                filled = filled.replace("{" + value.getKey() + "}", value.getValue());
            }
            for (Map.Entry<String, io.swagger.v3.oas.models.Operation> operation :
                    path.getValue().entrySet()) {
                if (isPublic(operation.getValue())) {
                    continue;
                }
                String call = operation.getKey() + " " + template;
                boolean takesBody = operation.getValue().getRequestBody() != null;
                Reply reply =
                        template.endsWith("/attachments") && operation.getKey().equals("POST")
                                ? new Multipart()
                                        .file("file", "more.txt", "text/plain", "more".getBytes(StandardCharsets.UTF_8))
                                        .postTo(limited, filled)
                                : limited.send(
                                        operation.getKey(),
                                        filled,
                                        takesBody ? "application/json" : null,
                                        takesBody ? bodyFor(template) : null,
                                        Map.of());
                answered.put(call, reply.status() + (reply.status() >= 400 ? " " + reply.errorCode() : ""));
                expected.put(call, template.startsWith("/api/v1/trash/") ? "403 forbidden" : "404 not_found");
            }
        }

        assertTrue(expected.size() > 25, expected::toString);
        assertEquals(expected, answered);
        assertEquals(
                "echo {{name}} again",
                session.get("/api/v1/snippets/" + outside).data().getString("code"),
                "nothing changed");
        assertEquals(
                1,
                ids(session.get("/api/v1/snippets/" + outside + "/attachments")).size());
    }

    /** A body each operation would take from its owner, so that a refusal is the token's, not the body's. */
    private static String bodyFor(String template) {
        if (template.endsWith("/merge")) {
            return "{\"title\":\"merged\",\"code\":\"echo merged\",\"language\":\"shell\",\"tags\":[]}";
        }
        if (template.equals("/api/v1/collections/{collectionId}/snippets")) {
            return "{\"snippetIds\":[\"none\"]}";
        }
        if (template.equals("/api/v1/collections/{collectionId}/snippets/{snippetId}")) {
            return "{\"position\":0}";
        }
        if (template.endsWith("/links")) {
            return "{}";
        }
        if (template.equals("/api/v1/collections/{collectionId}")) {
            return "{\"name\":\"changed\"}";
        }
        return "{\"title\":\"changed\"}";
    }

    private static boolean isPublic(io.swagger.v3.oas.models.Operation operation) {
        return operation.getSecurity() != null
                        && operation.getSecurity().stream().allMatch(Map::isEmpty)
                || operation.getSecurity() != null
                        && operation.getSecurity().stream()
                                .allMatch(requirement -> requirement.keySet().equals(Set.of("sessionCookie")));
    }

    private static Map<String, Map<String, io.swagger.v3.oas.models.Operation>> operations() throws IOException {
        OpenAPI api;
        try (InputStream in = TokensLimitedToCollectionsTests.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(in);
            api = OpenApiDocumentTest.parsed(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        Map<String, Map<String, io.swagger.v3.oas.models.Operation>> operations = new TreeMap<>();
        api.getPaths().forEach((path, item) -> {
            Map<String, io.swagger.v3.oas.models.Operation> byMethod = new TreeMap<>();
            item.readOperationsMap().forEach((method, operation) -> byMethod.put(method.name(), operation));
            operations.put(path, byMethod);
        });
        assertFalse(operations.isEmpty());
        return operations;
    }
}
