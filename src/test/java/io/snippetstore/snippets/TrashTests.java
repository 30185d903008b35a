package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** The trash over HTTP: a deleted snippet is gone everywhere but there, restorable as it was, or purged. */
public abstract class TrashTests {

    private final ApiClient owner = TestUsers.withToken(TestUsers.create());
    private final ApiClient colleague = TestUsers.withToken(TestUsers.create());

    private List<JsonObject> trash(ApiClient client) {
        return SnippetsApi.walk(client, "/api/v1/trash?limit=2");
    }

    private String upload(String snippetId, String content) {
        Reply reply = new Multipart()
                .file("file", "notes.txt", "text/plain", content.getBytes(StandardCharsets.UTF_8))
                .postTo(owner, "/api/v1/snippets/" + snippetId + "/attachments");
        assertEquals(201, reply.status(), reply::toString);
        return reply.data().getString("id");
    }

    private String linkSecret(String snippetId) {
        Reply reply = owner.post(
                "/api/v1/snippets/" + snippetId + "/links",
                Json.createObjectBuilder().build());
        assertEquals(201, reply.status(), reply::toString);
        String url = reply.data().getString("url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    @Test
    void aDeletedSnippetIsA404EverywhereAndLeavesListsSearchFacetsLinksAndAttachments() {
        String word = "qztrash" + Long.toString(System.nanoTime(), 36);
        String id = create(
                        owner,
                        snippet("trash me " + word, "haskell", "main = print " + word, word)
                                .add("visibility", "link"))
                .getString("id");
        String team = create(
                        owner,
                        snippet("team trash " + word, "haskell", "x", word).add("visibility", "team"))
                .getString("id");
        assertEquals(
                1,
                colleague
                        .get("/api/v1/snippets?scope=team&query=" + word)
                        .json()
                        .getJsonArray("data")
                        .size());
        assertEquals(200, owner.delete("/api/v1/snippets/" + team).status());
        String attachment = upload(id, "attached");
        String secret = linkSecret(id);
        assertEquals(200, new ApiClient().get("/api/v1/shared/" + secret).status());

        Reply deleted = owner.delete("/api/v1/snippets/" + id);

        assertEquals(200, deleted.status(), deleted::toString);
        assertEquals(id, deleted.data().getString("id"));
        assertEquals(404, owner.get("/api/v1/snippets/" + id).status());
        assertEquals(404, owner.get("/api/v1/snippets/" + id + "/raw").status());
        assertEquals(404, colleague.get("/api/v1/snippets/" + team).status());
        assertEquals(
                404,
                owner.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder().add("title", "x").build())
                        .status());
        assertEquals(
                404, owner.delete("/api/v1/snippets/" + id).status(), "deleted twice: it is no longer there to delete");
        assertEquals(404, owner.get("/api/v1/attachments/" + attachment).status());
        assertEquals(
                404,
                owner.get("/api/v1/attachments/" + attachment + "/download").status());
        assertEquals(404, owner.get("/api/v1/snippets/" + id + "/attachments").status());
        assertEquals(404, owner.get("/api/v1/snippets/" + id + "/links").status());
        assertEquals(404, new ApiClient().get("/api/v1/shared/" + secret).status());
        assertEquals(
                0,
                owner.get("/api/v1/snippets?query=" + word)
                        .json()
                        .getJsonArray("data")
                        .size());
        assertEquals(
                0,
                colleague
                        .get("/api/v1/snippets?scope=team&query=" + word)
                        .json()
                        .getJsonArray("data")
                        .size());
        assertEquals(
                0,
                owner.get("/api/v1/snippets?tag=" + word)
                        .json()
                        .getJsonArray("data")
                        .size());
        assertEquals(
                0,
                owner.get("/api/v1/snippets/facets?query=" + word)
                        .data()
                        .getJsonArray("tags")
                        .size());
    }

    @Test
    void theOwnersTrashListsWhatTheyDeletedNewestFirstWithWhenItWillBePurged() {
        String first = create(owner, snippet("first deleted", "text", "1")).getString("id");
        String second = create(owner, snippet("second deleted", "text", "2")).getString("id");
        String third = create(owner, snippet("third deleted", "text", "3")).getString("id");
        Instant before = Instant.now().minusSeconds(5);
        for (String id : List.of(first, second, third)) {
            assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());
        }

        List<JsonObject> trashed = trash(owner);

        assertEquals(List.of(third, second, first), SnippetsApi.ids(trashed), "walked two at a time");
        JsonObject newest = trashed.get(0);
        assertEquals("third deleted", newest.getString("title"));
        assertFalse(newest.containsKey("code"), "a trash item is a summary");
        Instant deletedAt = Instant.parse(newest.getString("deletedAt"));
        assertTrue(deletedAt.isAfter(before), newest::toString);
        assertEquals(
                deletedAt.plus(Duration.ofDays(30)),
                Instant.parse(newest.getString("purgeAt")),
                "SNIPPETS_TRASH_DAYS defaults to 30");
        assertEquals(List.of(), trash(colleague), "a trash is its owner's alone");
    }

    @Test
    void aRestoredSnippetComesBackAsItWasWithItsAttachmentsLinksAndVersion() {
        String word = "qzrestore" + Long.toString(System.nanoTime(), 36);
        String id = create(owner, snippet("restore me " + word, "text", "body " + word, word))
                .getString("id");
        owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("visibility", "link").build());
        String attachment = upload(id, "kept");
        String secret = linkSecret(id);
        assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());
        assertEquals(
                404,
                colleague
                        .post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status(),
                "nobody else restores it");

        Reply restored = owner.post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT);

        assertEquals(200, restored.status(), restored::toString);
        assertEquals(2, restored.data().getInt("version"), "restoring from the trash is not a change of the fields");
        assertEquals("\"2\"", restored.header("ETag"));
        assertEquals(1, restored.data().getInt("attachmentCount"));
        assertEquals(
                "kept",
                owner.get("/api/v1/attachments/" + attachment + "/download").text());
        assertEquals(200, new ApiClient().get("/api/v1/shared/" + secret).status());
        assertEquals(
                List.of(id),
                SnippetsApi.ids(owner.get("/api/v1/snippets?query=" + word)
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)),
                "searchable again at once");
        assertEquals(
                List.of(),
                trash(owner).stream()
                        .filter(item -> item.getString("id").equals(id))
                        .toList());
        assertEquals(
                404,
                owner.post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
    }

    @Test
    void purgingDeletesForGoodWithTheAttachmentsLinksAndHistoryAndOnlyFromTheTrash() {
        String id = create(owner, snippet("purge me", "text", "x").add("visibility", "link"))
                .getString("id");
        String attachment = upload(id, "bytes");
        assertEquals(
                200,
                owner.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder().add("code", "y").build())
                        .status());
        JsonObject link = owner.post("/api/v1/snippets/" + id + "/links", JsonValue.EMPTY_JSON_OBJECT)
                .data();
        String secret = link.getString("url").replaceAll(".*/s/", "");
        assertEquals(2, Database.number("SELECT COUNT(*) FROM snippet_revisions WHERE snippet_id = ?", id));
        assertEquals(404, owner.delete("/api/v1/trash/" + id).status(), "a live snippet is not in the trash");
        assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());
        assertEquals(404, colleague.delete("/api/v1/trash/" + id).status());

        Reply purged = owner.delete("/api/v1/trash/" + id);

        assertEquals(200, purged.status(), purged::toString);
        assertEquals(id, purged.data().getString("id"));
        assertTrue(purged.data().getBoolean("deleted"));
        assertEquals(
                404,
                owner.post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(404, owner.delete("/api/v1/trash/" + id).status());
        assertEquals(404, owner.get("/api/v1/attachments/" + attachment).status());
        assertEquals(404, owner.get("/api/v1/links/" + link.getString("id")).status());
        assertEquals(404, new ApiClient().get("/api/v1/shared/" + secret).status(), "the link's holder");
        assertEquals(
                0,
                Database.number("SELECT COUNT(*) FROM snippet_revisions WHERE snippet_id = ?", id),
                "no version is kept of a purged snippet");
        assertEquals(0, Database.number("SELECT COUNT(*) FROM share_links WHERE snippet_id = ?", id));
        List<JsonObject> audited = TestUsers.admin()
                .get("/api/v1/audit?action=snippet.purged&limit=200")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertTrue(audited.stream().anyMatch(record -> id.equals(record.getString("subject"))), audited::toString);
    }
}
