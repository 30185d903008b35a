package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

public abstract class SnippetsCrudTests {

    private final ApiClient owner = TestUsers.withToken(TestUsers.create());

    private static void assertValidationFailure(Reply reply, String field) {
        assertEquals(400, reply.status(), reply::toString);
        assertEquals("validation_failed", reply.errorCode(), reply::toString);
        assertTrue(
                reply.json().getJsonObject("error").getJsonArray("details").getValuesAs(JsonObject.class).stream()
                        .anyMatch(detail -> detail.getString("field").equals(field)),
                reply::toString);
    }

    @Test
    void theRawCodeIsPlainTextForWhoeverMayReadTheSnippet() {
        String code = "<script>alert(1)</script>\n  indented \u00e9\n";
        String id = create(owner, snippet("raw", "html", code)).getString("id");

        Reply raw = owner.get("/api/v1/snippets/" + id + "/raw");
        assertEquals(200, raw.status(), raw::toString);
        assertTrue(raw.header("Content-Type").startsWith("text/plain"), raw.header("Content-Type"));
        assertEquals("sandbox", raw.header("Content-Security-Policy"));
        assertEquals(code, new String(raw.body(), java.nio.charset.StandardCharsets.UTF_8), "byte for byte, as stored");
        assertEquals(
                404,
                TestUsers.withToken(TestUsers.create())
                        .get("/api/v1/snippets/" + id + "/raw")
                        .status());
        assertEquals(404, owner.get("/api/v1/snippets/no-such-id/raw").status());
    }

    /** For clients that cannot send PATCH (the command-line client's HttpURLConnection): checked as any PATCH, and nothing else overridden. */
    @Test
    void aPostThatNamesPatchInItsOverrideHeaderIsAPatchWithItsPreconditionAndNoOtherMethodIsOverridden() {
        String id = create(owner, snippet("override", "sh", "echo 1")).getString("id");
        String path = "/api/v1/snippets/" + id;

        Reply patched = owner.send(
                "POST",
                path,
                "application/merge-patch+json",
                "{\"title\":\"patched\"}",
                Map.of("X-HTTP-Method-Override", "PATCH", "If-Match", "\"1\""));
        assertEquals(200, patched.status(), patched::toString);
        assertEquals("patched", patched.data().getString("title"));
        assertEquals(
                412,
                owner.send(
                                "POST",
                                path,
                                "application/json",
                                "{\"title\":\"again\"}",
                                Map.of("X-HTTP-Method-Override", "patch", "If-Match", "\"1\""))
                        .status(),
                "If-Match holds as for any PATCH");
        assertEquals(
                405,
                owner.send("POST", path, "application/json", "{}", Map.of("X-HTTP-Method-Override", "DELETE"))
                        .status());
        assertEquals(200, owner.get(path).status(), "still there");
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String theirs = create(browser, snippet("theirs", "sh", "echo 2")).getString("id");
        assertEquals(
                "csrf_rejected",
                browser.send(
                                "POST",
                                "/api/v1/snippets/" + theirs,
                                "application/json",
                                "{\"title\":\"x\"}",
                                Map.of("X-HTTP-Method-Override", "PATCH", "Origin", "https://elsewhere.example"))
                        .errorCode(),
                "the same-origin rule of a PATCH");
    }

    @Test
    void creatingASnippetAnswers201WithLocationEtagAndTheNormalizedSnippet() {
        Reply reply = owner.post(
                "/api/v1/snippets",
                snippet("  Binary search  ", " Java ", "  int mid;\n", " Algo", "SEARCH", "algo ", "search")
                        .add("description", " desc ")
                        .add("notes", "**notes**")
                        .build());

        assertEquals(201, reply.status(), reply::toString);
        JsonObject created = reply.data();
        assertEquals("Binary search", created.getString("title"));
        assertEquals("Java", created.getString("language"));
        assertEquals("  int mid;\n", created.getString("code"), "code is stored exactly");
        assertEquals(" desc ", created.getString("description"), "description is stored exactly");
        assertEquals(
                List.of("algo", "search"),
                created.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
        assertEquals(1, created.getInt("version"));
        assertEquals(0, created.getInt("attachmentCount"));
        assertEquals(created.getString("createdAt"), created.getString("updatedAt"));
        assertTrue(
                created.getString("createdAt").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z"),
                "RFC 3339 in UTC with milliseconds: " + created.getString("createdAt"));
        assertEquals("\"1\"", reply.header("ETag"));
        assertTrue(reply.header("Location").endsWith("/api/v1/snippets/" + created.getString("id")));
    }

    @Test
    void optionalFieldsAreNullWhenNotGivenAndTagsMayBeEmpty() {
        JsonObject created = create(owner, snippet("t", "sql", "select 1"));

        assertEquals(JsonValue.NULL, created.get("description"));
        assertEquals(JsonValue.NULL, created.get("notes"));
        assertEquals(0, created.getJsonArray("tags").size());
    }

    @Test
    void getAnswersTheSnippetWithItsEtag() {
        JsonObject created = create(owner, snippet("fetch me", "go", "package main", "x"));

        Reply reply = owner.get("/api/v1/snippets/" + created.getString("id"));

        assertEquals(200, reply.status());
        assertEquals(created, reply.data());
        assertEquals("\"1\"", reply.header("ETag"));
    }

    @Test
    void requiredFieldsMustBePresentAndNotNull() {
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        Json.createObjectBuilder()
                                .add("language", "x")
                                .add("code", "y")
                                .add("tags", Json.createArrayBuilder())
                                .build()),
                "title");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y").addNull("title").build()),
                "title");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        Json.createObjectBuilder()
                                .add("title", "t")
                                .add("language", "x")
                                .add("code", "y")
                                .build()),
                "tags");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y").remove("code").build()),
                "code");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y").remove("language").build()),
                "language");
    }

    /** The resource checks its bodies itself (RequestBodies): a request with none is refused as clearly as an empty one. */
    @Test
    void aCreateOrChangeWithoutAnyBodyIsABadRequestAndChangesNothing() {
        String id = create(owner, snippet("kept", "sh", "echo 1")).getString("id");
        for (String[] write : List.of(
                new String[] {"POST", "/api/v1/snippets"},
                new String[] {"PATCH", "/api/v1/snippets/" + id},
                new String[] {"POST", "/api/v1/snippets/" + id + "/revisions/1/merge"})) {
            Reply empty = owner.send(write[0], write[1], "application/json", "", Map.of());
            assertEquals(400, empty.status(), empty::toString);
            assertEquals("bad_request", empty.errorCode(), empty::toString);
            Reply none = owner.send(write[0], write[1], null, null, Map.of());
            assertTrue(
                    none.status() == 400 && "bad_request".equals(none.errorCode())
                            || none.status() == 415 && "unsupported_media_type".equals(none.errorCode()),
                    none::toString);
        }
        Reply kept = owner.get("/api/v1/snippets/" + id);
        assertEquals("kept", kept.data().getString("title"));
        assertEquals(1, kept.data().getInt("version"));
        assertEquals(
                1, owner.get("/api/v1/snippets").json().getJsonArray("data").size(), "no snippet created");
    }

    @Test
    void fieldLengthsAreCheckedInCharactersAfterTrimming() {
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("   ", "x", "y").build()), "title");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets", snippet("t".repeat(201), "x", "y").build()),
                "title");
        assertEquals(
                201,
                owner.post(
                                "/api/v1/snippets",
                                snippet(" " + "😀".repeat(200) + " ", "x", "y").build())
                        .status());
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("t", "l".repeat(65), "y").build()), "language");
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("t", " ", "y").build()), "language");
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("t", "x", "").build()), "code");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y")
                                .add("description", "d".repeat(2001))
                                .build()),
                "description");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y").add("notes", "n".repeat(20_001)).build()),
                "notes");
        assertEquals(
                201,
                owner.post(
                                "/api/v1/snippets",
                                snippet("t", "x", "y")
                                        .add("notes", "n".repeat(20_000))
                                        .build())
                        .status());
    }

    @Test
    void codeIsLimitedInUtf8Bytes() {
        String justOver = "é".repeat(1024 * 1024 / 2) + "x";

        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("big", "x", justOver).build()), "code");
        assertEquals(
                201,
                owner.post(
                                "/api/v1/snippets",
                                snippet("big", "x", justOver.substring(1)).build())
                        .status());
    }

    @Test
    void tagsAreTrimmedLowerCasedDeduplicatedAndLimited() {
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("t", "x", "y", "a,b").build()), "tags");
        assertValidationFailure(
                owner.post("/api/v1/snippets", snippet("t", "x", "y", " ").build()), "tags");
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y", "t".repeat(51)).build()),
                "tags");
        JsonArrayBuilder tooMany = Json.createArrayBuilder();
        IntStream.range(0, 33).forEach(i -> tooMany.add("tag" + i));
        assertValidationFailure(
                owner.post(
                        "/api/v1/snippets",
                        snippet("t", "x", "y").add("tags", tooMany).build()),
                "tags");
        JsonArrayBuilder manyDuplicates = Json.createArrayBuilder();
        IntStream.range(0, 40).forEach(i -> manyDuplicates.add(i % 2 == 0 ? "Same" : " same "));
        JsonObject created = create(owner, snippet("t", "x", "y").add("tags", manyDuplicates));
        assertEquals(1, created.getJsonArray("tags").size(), "32 applies after duplicates are dropped");
    }

    @Test
    void wrongJsonTypesAndUnknownFieldsAreRejected() {
        Reply number = owner.post(
                "/api/v1/snippets", snippet("t", "x", "y").add("title", 5).build());
        Reply tagsString = owner.post(
                "/api/v1/snippets", snippet("t", "x", "y").add("tags", "a,b").build());
        Reply unknown = owner.post(
                "/api/v1/snippets", snippet("t", "x", "y").add("colour", "red").build());

        assertEquals("bad_request", number.errorCode());
        assertEquals("bad_request", tagsString.errorCode());
        assertValidationFailure(unknown, "colour");
    }

    @Test
    void patchChangesOnlySentFieldsAndBumpsTheVersion() throws InterruptedException {
        JsonObject created =
                create(owner, snippet("before", "js", "let a;", "one").add("notes", "keep me"));
        String path = "/api/v1/snippets/" + created.getString("id");
        Thread.sleep(5);

        Reply reply = owner.patch(
                path,
                Json.createObjectBuilder()
                        .add("title", " after ")
                        .add("tags", Json.createArrayBuilder().add("Two"))
                        .build());

        assertEquals(200, reply.status(), reply::toString);
        JsonObject patched = reply.data();
        assertEquals("after", patched.getString("title"));
        assertEquals("keep me", patched.getString("notes"));
        assertEquals("let a;", patched.getString("code"));
        assertEquals("two", patched.getJsonArray("tags").getString(0));
        assertEquals(2, patched.getInt("version"));
        assertEquals("\"2\"", reply.header("ETag"));
        assertTrue(patched.getString("updatedAt").compareTo(created.getString("updatedAt")) > 0);
        assertEquals(created.getString("createdAt"), patched.getString("createdAt"));
    }

    @Test
    void patchWithNullClearsOptionalFieldsAndRefusesRequiredOnes() {
        JsonObject created =
                create(owner, snippet("t", "js", "x").add("description", "d").add("notes", "n"));
        String path = "/api/v1/snippets/" + created.getString("id");

        JsonObject cleared = owner.patch(
                        path,
                        Json.createObjectBuilder()
                                .addNull("description")
                                .addNull("notes")
                                .build())
                .data();
        assertEquals(JsonValue.NULL, cleared.get("description"));
        assertEquals(JsonValue.NULL, cleared.get("notes"));

        for (String required : List.of("title", "language", "code", "tags")) {
            assertValidationFailure(
                    owner.patch(
                            path, Json.createObjectBuilder().addNull(required).build()),
                    required);
        }
        assertEquals(2, owner.get(path).data().getInt("version"), "failed patches change nothing");
    }

    @Test
    void anEmptyPatchOrOneThatChangesNothingKeepsVersionAndUpdatedAt() {
        JsonObject created = create(owner, snippet("same", "js", "x", "a"));
        String path = "/api/v1/snippets/" + created.getString("id");

        JsonObject empty = owner.patch(path, Json.createObjectBuilder().build()).data();
        JsonObject same = owner.patch(
                        path,
                        Json.createObjectBuilder()
                                .add("title", " same ")
                                .add("tags", Json.createArrayBuilder().add("A"))
                                .build())
                .data();

        assertEquals(created, empty);
        assertEquals(created, same);
    }

    @Test
    void patchAcceptsTheMergePatchMediaType() {
        JsonObject created = create(owner, snippet("t", "js", "x"));

        Reply reply = owner.send(
                "PATCH",
                "/api/v1/snippets/" + created.getString("id"),
                "application/merge-patch+json",
                "{\"language\":\"ts\"}",
                Map.of());

        assertEquals(200, reply.status(), reply::toString);
        assertEquals("ts", reply.data().getString("language"));
    }

    @Test
    void ifMatchWithAStaleVersionIsAFailedPrecondition() {
        JsonObject created = create(owner, snippet("t", "js", "x"));
        String path = "/api/v1/snippets/" + created.getString("id");
        String body = "{\"title\":\"first writer\"}";

        Reply first = owner.send("PATCH", path, "application/json", body, Map.of("If-Match", "\"1\""));
        Reply stale = owner.send(
                "PATCH", path, "application/json", "{\"title\":\"second writer\"}", Map.of("If-Match", "\"1\""));
        Reply star = owner.send("PATCH", path, "application/json", "{\"notes\":\"any\"}", Map.of("If-Match", "*"));

        assertEquals(200, first.status());
        assertEquals(412, stale.status());
        assertEquals("precondition_failed", stale.errorCode());
        assertEquals("first writer", owner.get(path).data().getString("title"));
        assertEquals(200, star.status());
    }

    @Test
    void aWeakOrMalformedIfMatchIsAFailedPreconditionAndChangesNothing() {
        JsonObject created = create(owner, snippet("kept", "js", "x"));
        String path = "/api/v1/snippets/" + created.getString("id");

        for (String ifMatch : List.of("W/\"1\"", "1", "\"1", "garbage", "\"one\"", "\"\"")) {
            Reply refused = owner.send(
                    "PATCH", path, "application/json", "{\"title\":\"changed\"}", Map.of("If-Match", ifMatch));
            assertEquals(412, refused.status(), ifMatch + " -> " + refused);
            assertEquals("precondition_failed", refused.errorCode());
        }
        assertEquals("kept", owner.get(path).data().getString("title"));
        assertEquals(1, owner.get(path).data().getInt("version"));
    }

    @Test
    void aVisibilityOnlyChangeIsANewVersion() {
        JsonObject created = create(owner, snippet("seen", "js", "x"));
        String path = "/api/v1/snippets/" + created.getString("id");

        Reply changed =
                owner.send("PATCH", path, "application/json", "{\"visibility\":\"team\"}", Map.of("If-Match", "\"1\""));

        assertEquals(200, changed.status(), changed::toString);
        assertEquals(2, changed.data().getInt("version"));
        assertEquals("\"2\"", changed.header("ETag"));
        Reply stale = owner.send(
                "PATCH", path, "application/json", "{\"visibility\":\"private\"}", Map.of("If-Match", "\"1\""));
        assertEquals(412, stale.status(), "the version before the change is stale: " + stale);
    }

    @Test
    void deleteAnswersTheIdAndTheSnippetIsGone() {
        JsonObject created = create(owner, snippet("bye", "js", "x"));
        String path = "/api/v1/snippets/" + created.getString("id");

        Reply deleted = owner.delete(path);

        assertEquals(200, deleted.status());
        assertEquals(created.getString("id"), deleted.data().getString("id"));
        assertTrue(deleted.data().getBoolean("deleted"));
        assertEquals(404, owner.get(path).status());
        assertEquals(404, owner.delete(path).status());
    }

    @Test
    void unknownAndMalformedIdsAreNotFound() {
        for (String id : List.of("01a20000-0000-7000-8000-000000000000", "not-an-id", "%27%20OR%201%3D1")) {
            Reply reply = owner.get("/api/v1/snippets/" + id);
            assertEquals(404, reply.status(), id);
            assertEquals("not_found", reply.errorCode());
        }
    }

    @Test
    void anotherUsersSnippetDoesNotExistForGetPatchDeleteOrList() {
        JsonObject mine = create(owner, snippet("private", "js", "secretFunction()", "mine"));
        String path = "/api/v1/snippets/" + mine.getString("id");
        ApiClient stranger = TestUsers.withToken(TestUsers.create());

        assertEquals(404, stranger.get(path).status());
        assertEquals(
                404,
                stranger.patch(
                                path,
                                Json.createObjectBuilder()
                                        .add("title", "hijacked")
                                        .build())
                        .status());
        assertEquals(404, stranger.delete(path).status());
        assertEquals(
                0, stranger.get("/api/v1/snippets").json().getJsonArray("data").size());
        assertEquals(
                0,
                stranger.get("/api/v1/snippets?query=secretFunction")
                        .json()
                        .getJsonArray("data")
                        .size());
        assertEquals("private", owner.get(path).data().getString("title"));
    }

    @Test
    void snippetsNeedCredentials() {
        Reply reply = new ApiClient().get("/api/v1/snippets");

        assertEquals(401, reply.status());
        assertFalse(reply.json().getBoolean("ok"));
    }
}
