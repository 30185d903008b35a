package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/**
 * Share links of collections (docs/API.md, "Share links of collections"), over HTTP: what a link
 * opens to whoever holds it, signed in or not, and what ends that at the very next request.
 */
public abstract class CollectionLinksTests {

    private final ApiClient owner = TestUsers.signedIn(TestUsers.create());
    private final ApiClient stranger = new ApiClient();

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

    /** A new link's secret, from the URL its creation answered. */
    private String link(String collectionId) {
        Reply made = owner.post("/api/v1/collections/" + collectionId + "/links", JsonValue.EMPTY_JSON_OBJECT);
        assertEquals(201, made.status(), made::toString);
        String url = made.data().getString("url");
        assertTrue(url.startsWith(ApiClient.base().resolve("/c/").toString()), url);
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private List<String> opened(String secret, String parameters) {
        Reply page = stranger.get(
                "/api/v1/shared-collections/" + secret + "/snippets" + (parameters.isEmpty() ? "" : "?" + parameters));
        assertEquals(200, page.status(), page::toString);
        return page.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(snippet -> snippet.getString("title"))
                .toList();
    }

    @Test
    void aLinkOpensTheCollectionsSnippetsToAnyoneReadOnlyWithSearchAndRawCodeAndNothingElse() {
        String word = TestUsers.uniqueName("linked").replace("-", "");
        String runbooks = collection(owner, "runbooks " + word);
        String restart = create(owner, snippet("restart " + word, "shell", "systemctl restart app"))
                .getString("id");
        String rollback = create(owner, snippet("rollback " + word, "shell", "kubectl rollout undo"))
                .getString("id");
        String elsewhere = create(owner, snippet("elsewhere " + word, "shell", "echo mine"))
                .getString("id");
        add(owner, runbooks, restart);
        add(owner, runbooks, rollback);
        String secret = link(runbooks);

        JsonObject shared = stranger.get("/api/v1/shared-collections/" + secret).data();
        assertEquals("runbooks " + word, shared.getString("name"));
        assertEquals(2, shared.getInt("snippetCount"));
        assertFalse(shared.toString().contains("username"), "nothing of its owner: " + shared);
        assertEquals(
                List.of("restart " + word, "rollback " + word),
                opened(secret, "sort=title").stream().sorted().toList());
        assertEquals(List.of("rollback " + word), opened(secret, "query=rollout"));
        Reply one = stranger.get("/api/v1/shared-collections/" + secret + "/snippets/" + restart);
        assertEquals(200, one.status(), one::toString);
        assertEquals("systemctl restart app", one.data().getString("code"));
        Reply raw = stranger.get("/api/v1/shared-collections/" + secret + "/snippets/" + restart + "/raw");
        assertEquals("systemctl restart app", raw.text());
        assertEquals("sandbox", raw.header("Content-Security-Policy"));
        assertEquals(
                404,
                stranger.get("/api/v1/shared-collections/" + secret + "/snippets/" + elsewhere)
                        .status(),
                "another snippet of the owner is not opened by the link");

        Reply attached = new Multipart()
                .file("file", "notes.txt", "text/plain", "the notes".getBytes(StandardCharsets.UTF_8))
                .postTo(owner, "/api/v1/snippets/" + restart + "/attachments");
        assertEquals(201, attached.status(), attached::toString);
        new Multipart()
                .file("file", "private.txt", "text/plain", "mine".getBytes(StandardCharsets.UTF_8))
                .postTo(owner, "/api/v1/snippets/" + elsewhere + "/attachments");
        List<JsonObject> attachments = stranger.get(
                        "/api/v1/shared-collections/" + secret + "/snippets/" + restart + "/attachments")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertEquals(1, attachments.size(), attachments::toString);
        Reply bytes = stranger.get(attachments.get(0).getString("downloadUrl"));
        assertEquals(200, bytes.status(), bytes::toString);
        assertEquals("the notes", bytes.text());
        assertEquals(
                404,
                stranger.get("/api/v1/shared-collections/" + secret + "/snippets/" + elsewhere + "/attachments")
                        .status(),
                "nor its attachments");
        assertEquals(404, stranger.get("/api/v1/shared-collections/nope").status());
        Reply page = stranger.get("/c/" + secret);
        assertEquals(200, page.status());
        assertTrue(page.text().contains("/js/shared-collection.js"), page::toString);
        assertEquals(404, stranger.get("/c/nope").status(), "a dead link's page says so to a link checker");
    }

    @Test
    void aSnippetTakenOutARevokedLinkOrADeletedCollectionOpensNothingAtTheVeryNextRequest() {
        String runbooks = collection(owner, TestUsers.uniqueName("runbooks"));
        String id = create(owner, snippet("soon out", "shell", "echo out")).getString("id");
        add(owner, runbooks, id);
        String secret = link(runbooks);
        String second = link(runbooks);
        assertEquals(List.of("soon out"), opened(secret, ""));

        assertEquals(
                200,
                owner.delete("/api/v1/collections/" + runbooks + "/snippets/" + id)
                        .status());
        assertEquals(List.of(), opened(secret, ""));
        assertEquals(
                404,
                stranger.get("/api/v1/shared-collections/" + secret + "/snippets/" + id)
                        .status());

        List<JsonObject> links = owner.get("/api/v1/collections/" + runbooks + "/links")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertEquals(2, links.size());
        assertFalse(links.toString().contains(secret), "a link's secret is never listed");
        assertEquals(
                200,
                owner.delete("/api/v1/collections/" + runbooks + "/links/"
                                + links.get(0).getString("id"))
                        .status());
        assertEquals(404, stranger.get("/api/v1/shared-collections/" + secret).status(), "revoked at once");
        assertEquals(200, stranger.get("/api/v1/shared-collections/" + second).status(), "the other still opens");

        assertEquals(200, owner.delete("/api/v1/collections/" + runbooks).status());
        assertEquals(404, stranger.get("/api/v1/shared-collections/" + second).status(), "gone with its collection");
    }

    @Test
    void onlyTheOwnerMakesListsAndRevokesLinksAndALinkNeverOpensWhatTheSnippetsOwnerDidNotPutThere() {
        ApiClient reader = TestUsers.signedIn(TestUsers.create());
        String team = owner.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", TestUsers.uniqueName("team"))
                                .add("visibility", "team")
                                .build())
                .data()
                .getString("id");
        String theirs = create(reader, snippet("theirs", "shell", "echo theirs").add("visibility", "team"))
                .getString("id");
        add(owner, team, theirs); // readable to the owner as a team snippet; its owner did not put it here
        String secret = link(team);

        assertEquals(List.of(), opened(secret, ""), "another user's snippet is not opened by the owner's link");
        assertEquals(
                0, stranger.get("/api/v1/shared-collections/" + secret).data().getInt("snippetCount"));
        assertEquals(
                403,
                reader.post("/api/v1/collections/" + team + "/links", JsonValue.EMPTY_JSON_OBJECT)
                        .status(),
                "a reader of the collection may not share it");
        assertEquals(403, reader.get("/api/v1/collections/" + team + "/links").status());
        String mine = collection(owner, TestUsers.uniqueName("private"));
        assertEquals(
                404,
                reader.post("/api/v1/collections/" + mine + "/links", JsonValue.EMPTY_JSON_OBJECT)
                        .status(),
                "a collection one may not read does not exist for one");
        assertEquals(401, stranger.get("/api/v1/collections/" + mine + "/links").status());
    }
}
