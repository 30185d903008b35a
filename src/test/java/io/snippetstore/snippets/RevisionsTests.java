package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** A snippet's history over HTTP: versions, each version's fields, diffs, and restoring one. */
public abstract class RevisionsTests {

    private final TestUsers.TestUser ownerUser = TestUsers.create();
    private final ApiClient owner = TestUsers.withToken(ownerUser);
    private final ApiClient colleague = TestUsers.withToken(TestUsers.create());

    private String path(String id) {
        return "/api/v1/snippets/" + id + "/revisions";
    }

    private JsonObject change(String id, JsonObject patch) {
        Reply reply = owner.patch("/api/v1/snippets/" + id, patch);
        assertEquals(200, reply.status(), reply::toString);
        return reply.data();
    }

    private static List<String> strings(JsonObject object, String field) {
        return object.getJsonArray(field).getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .toList();
    }

    @Test
    void everyChangeKeepsAVersionWithItsAuthorTimeAndChangedFieldsNewestFirst() {
        String id = create(owner, snippet("deploy", "sh", "kubectl apply -f a.yaml\n", "k8s"))
                .getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("code", "kubectl apply -f b.yaml\n")
                        .build());
        change(
                id,
                Json.createObjectBuilder()
                        .add("title", "deploy b")
                        .add("tags", Json.createArrayBuilder().add("k8s").add("ops"))
                        .build());
        change(id, Json.createObjectBuilder().add("title", "deploy b").build()); // no change: no version

        Reply list = owner.get(path(id));

        assertEquals(200, list.status(), list::toString);
        List<JsonObject> versions = list.json().getJsonArray("data").getValuesAs(JsonObject.class);
        assertEquals(
                List.of(3, 2, 1),
                versions.stream().map(version -> version.getInt("version")).toList());
        assertEquals(List.of("title", "tags"), strings(versions.get(0), "changedFields"));
        assertEquals(List.of("code"), strings(versions.get(1), "changedFields"));
        assertEquals(
                List.of("title", "description", "notes", "language", "code", "tags", "visibility"),
                strings(versions.get(2), "changedFields"),
                "a new snippet's first version names all seven, in the documented order");
        assertEquals(
                ownerUser.username(), versions.get(0).getJsonObject("author").getString("username"));
        assertEquals(ownerUser.id(), versions.get(0).getJsonObject("author").getString("id"));
        assertEquals(
                owner.get("/api/v1/snippets/" + id).data().getString("updatedAt"),
                versions.get(0).getString("createdAt"));
    }

    @Test
    void eachVersionAnswersItsFieldsAsTheyWere() {
        JsonObject created = create(
                owner, snippet("first title", "python", "print(1)\n", "a").add("notes", "first notes"));
        String id = created.getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("title", "second title")
                        .add("notes", JsonValue.NULL)
                        .add("code", "print(2)\n")
                        .build());

        JsonObject first = owner.get(path(id) + "/1").data();
        JsonObject second = owner.get(path(id) + "/2").data();

        assertEquals("first title", first.getString("title"));
        assertEquals("first notes", first.getString("notes"));
        assertEquals("print(1)\n", first.getString("code"));
        assertEquals(List.of("a"), strings(first, "tags"));
        assertEquals("private", first.getString("visibility"));
        assertEquals("second title", second.getString("title"));
        assertEquals(JsonValue.NULL, second.get("notes"));
        assertEquals(404, owner.get(path(id) + "/3").status());
        assertEquals("not_found", owner.get(path(id) + "/3").errorCode());
        assertEquals(404, owner.get(path(id) + "/x").status());
    }

    @Test
    void aDiffListsOnlyChangedFieldsCodeAndNotesLineByLineInHunks() {
        String code = "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\n";
        String id = create(owner, snippet("diffed", "text", code, "x")).getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("code", code.replace("line 5\n", "line five\n"))
                        .add("language", "txt")
                        .add("tags", Json.createArrayBuilder().add("x").add("y"))
                        .build());

        Reply reply = owner.get(path(id) + "/1/diff/2");

        assertEquals(200, reply.status(), reply::toString);
        JsonObject diff = reply.data();
        assertEquals(1, diff.getInt("from"));
        assertEquals(2, diff.getInt("to"));
        List<JsonObject> fields = diff.getJsonArray("fields").getValuesAs(JsonObject.class);
        assertEquals(
                List.of("language", "code", "tags"),
                fields.stream().map(field -> field.getString("field")).toList());
        assertEquals("text", fields.get(0).getString("from"));
        assertEquals("txt", fields.get(0).getString("to"));
        assertEquals(List.of("x", "y"), strings(fields.get(2), "to"));
        JsonObject hunk = fields.get(1).getJsonArray("hunks").getJsonObject(0);
        assertEquals(2, hunk.getInt("fromLine"));
        assertEquals(7, hunk.getInt("fromCount"));
        List<String> lines = hunk.getJsonArray("lines").getValuesAs(JsonObject.class).stream()
                .map(line -> line.getString("type") + ":" + line.getString("text"))
                .toList();
        assertEquals(
                List.of(
                        "context:line 2",
                        "context:line 3",
                        "context:line 4",
                        "removed:line 5",
                        "added:line five",
                        "context:line 6",
                        "context:line 7",
                        "context:line 8"),
                lines);

        List<JsonObject> backwards =
                owner.get(path(id) + "/2/diff/1").data().getJsonArray("fields").getValuesAs(JsonObject.class);
        assertEquals("txt", backwards.get(0).getString("from"), "either version may come first");
        assertEquals(
                0,
                owner.get(path(id) + "/2/diff/2").data().getJsonArray("fields").size());
        assertEquals(404, owner.get(path(id) + "/1/diff/9").status());
    }

    /** The diff's finer rules (docs/API.md): a kept carriage return, the last line's break, a hunk of no old lines. */
    @Test
    void aDiffKeepsCarriageReturnsMarksALastLineWithoutABreakAndCountsNoLinesFromTheLineBefore() {
        String id =
                create(owner, snippet("line ends", "text", "one\r\ntwo\nthree")).getString("id");
        change(id, Json.createObjectBuilder().add("code", "one\r\ntwo\nthree\n").build());
        change(id, Json.createObjectBuilder().add("notes", "a note\n").build());

        JsonObject code =
                owner.get(path(id) + "/1/diff/2").data().getJsonArray("fields").getJsonObject(0);
        assertEquals("code", code.getString("field"));
        JsonObject hunk = code.getJsonArray("hunks").getJsonObject(0);
        assertEquals(List.of(1, 3, 1, 3), counts(hunk));
        List<JsonObject> lines = hunk.getJsonArray("lines").getValuesAs(JsonObject.class);
        assertEquals("one\r", lines.get(0).getString("text"), "the \\r stays in the text");
        assertEquals("removed", lines.get(2).getString("type"));
        assertEquals("three", lines.get(2).getString("text"));
        assertTrue(lines.get(2).getBoolean("noNewline"), "losing the final line break changes that line");
        assertEquals("added", lines.get(3).getString("type"));
        assertFalse(lines.get(3).getBoolean("noNewline", false), lines.get(3)::toString);

        JsonObject notes =
                owner.get(path(id) + "/2/diff/3").data().getJsonArray("fields").getJsonObject(0);
        assertEquals("notes", notes.getString("field"));
        assertEquals(
                List.of(0, 0, 1, 1),
                counts(notes.getJsonArray("hunks").getJsonObject(0)),
                "no old lines: a count of 0 with the line before (none: 0)");
    }

    private static List<Integer> counts(JsonObject hunk) {
        return List.of(
                hunk.getInt("fromLine"), hunk.getInt("fromCount"), hunk.getInt("toLine"), hunk.getInt("toCount"));
    }

    @Test
    void restoringAVersionMakesItsFieldsTheNextVersionUnderIfMatchAndIsAudited() {
        String id =
                create(owner, snippet("original", "go", "package main\n", "go")).getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("title", "broken")
                        .add("code", "oops\n")
                        .add("visibility", "team")
                        .build());

        Reply stale = owner.send("POST", path(id) + "/1/restore", null, null, Map.of("If-Match", "\"1\""));
        assertEquals(412, stale.status(), stale::toString);
        Reply restored = owner.send("POST", path(id) + "/1/restore", null, null, Map.of("If-Match", "\"2\""));

        assertEquals(200, restored.status(), restored::toString);
        assertEquals("\"3\"", restored.header("ETag"));
        JsonObject snippet = restored.data();
        assertEquals(3, snippet.getInt("version"));
        assertEquals("original", snippet.getString("title"));
        assertEquals("package main\n", snippet.getString("code"));
        assertEquals("team", snippet.getString("visibility"), "restoring text neither shares nor hides the snippet");
        assertEquals(
                List.of("title", "code"),
                strings(owner.get(path(id)).json().getJsonArray("data").getJsonObject(0), "changedFields"));
        List<JsonObject> audited = TestUsers.admin()
                .get("/api/v1/audit?action=revision.restored&limit=200")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertTrue(
                audited.stream()
                        .anyMatch(record -> id.equals(record.getString("subject"))
                                && ownerUser.username().equals(record.getString("username"))
                                && "version 1 as version 3".equals(record.getString("detail"))),
                audited::toString);

        // version 1's fields are the snippet's own now: restoring it again makes no version
        Reply again = owner.send("POST", path(id) + "/1/restore", null, null, Map.of("If-Match", "\"3\""));
        assertEquals(200, again.status(), again::toString);
        assertEquals(3, again.data().getInt("version"));
        assertEquals("\"3\"", again.header("ETag"));
        assertEquals(
                List.of(3, 2, 1),
                owner.get(path(id)).json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .map(version -> version.getInt("version"))
                        .toList());
    }

    @Test
    void whoeverMayReadTheSnippetReadsItsHistoryAndOnlyWhoeverMayChangeItRestores() {
        String team = create(owner, snippet("team one", "sql", "select 1\n").add("visibility", "team"))
                .getString("id");
        String secret =
                create(owner, snippet("private one", "sql", "select 2\n")).getString("id");
        change(team, Json.createObjectBuilder().add("code", "select 11\n").build());

        assertEquals(200, colleague.get(path(team)).status());
        assertEquals(200, colleague.get(path(team) + "/1").status());
        assertEquals(200, colleague.get(path(team) + "/1/diff/2").status());
        assertEquals(
                403,
                colleague
                        .post(path(team) + "/1/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(404, colleague.get(path(secret)).status());
        assertEquals(404, colleague.get(path(secret) + "/1").status());
        assertEquals(
                404,
                colleague
                        .post(path(secret) + "/1/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(401, new ApiClient().get(path(team)).status());
    }

    @Test
    void tagsDescriptionAndVisibilityMergeAsFieldsTheSameChangeIsTakenOnceAndAnEmptiedTextIsNull() {
        String id = create(
                        owner,
                        snippet("fields", "text", "x\n", "a")
                                .add("description", "base description")
                                .add("notes", "a note\n"))
                .getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("tags", Json.createArrayBuilder().add("a").add("b"))
                        .add("visibility", "team")
                        .add("language", "python")
                        .add("code", "x\ny\n")
                        .build());

        Reply merged = owner.post(
                path(id) + "/1/merge",
                Json.createObjectBuilder()
                        .add("tags", Json.createArrayBuilder().add("a").add("c"))
                        .add("description", "my description")
                        .add("language", "python")
                        .add("code", "x\ny\n")
                        .add("notes", "")
                        .build());

        assertEquals(200, merged.status(), merged::toString);
        assertFalse(merged.data().getBoolean("clean"), "both changed the tags, differently");
        JsonObject fields = merged.data().getJsonObject("fields");
        JsonObject tags = fields.getJsonObject("tags").getJsonObject("conflict");
        assertEquals(List.of("a"), strings(tags, "base"));
        assertEquals(List.of("a", "c"), strings(tags, "mine"));
        assertEquals(List.of("a", "b"), strings(tags, "theirs"));
        assertEquals("my description", fields.getJsonObject("description").getString("merged"), "mine alone");
        assertEquals("team", fields.getJsonObject("visibility").getString("merged"), "theirs alone");
        assertEquals("python", fields.getJsonObject("language").getString("merged"), "the same value, taken");
        assertEquals("x\ny\n", fields.getJsonObject("code").getString("merged"), "the same change, once");
        assertEquals(JsonValue.NULL, fields.getJsonObject("notes").get("merged"), "a text merged empty is null");
    }

    @Test
    void anEditFromAnOlderVersionMergesFieldByFieldAndLineByLineWithWhatWasSavedMeanwhile() {
        String base = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";
        String id = create(owner, snippet("merged", "text", base).add("visibility", "team"))
                .getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("title", "theirs")
                        .add("code", base.replace("six\n", "SIX\n"))
                        .build());

        Reply clean = owner.post(
                path(id) + "/1/merge",
                Json.createObjectBuilder()
                        .add("language", "mine")
                        .add("code", base.replace("two\n", "TWO\n"))
                        .build());

        assertEquals(200, clean.status(), clean::toString);
        JsonObject merge = clean.data();
        assertEquals(1, merge.getInt("base"));
        assertEquals(2, merge.getInt("version"), "merged with the version it is at now");
        assertTrue(merge.getBoolean("clean"));
        JsonObject fields = merge.getJsonObject("fields");
        assertEquals("theirs", fields.getJsonObject("title").getString("merged"), "their change to a field I left");
        assertEquals("mine", fields.getJsonObject("language").getString("merged"));
        assertEquals(
                "one\nTWO\nthree\nfour\nfive\nSIX\nseven\n",
                fields.getJsonObject("code").getString("merged"),
                "both lines");
        assertEquals(JsonValue.NULL, fields.getJsonObject("notes").get("merged"));
        assertEquals(2, owner.get("/api/v1/snippets/" + id).data().getInt("version"), "a merge saves nothing");

        Reply conflicting = owner.post(
                path(id) + "/1/merge",
                Json.createObjectBuilder()
                        .add("title", "mine")
                        .add("code", base.replace("six\n", "six (mine)\n"))
                        .build());

        JsonObject conflict = conflicting.data();
        assertEquals(false, conflict.getBoolean("clean"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("base", "merged")
                        .add("mine", "mine")
                        .add("theirs", "theirs")
                        .build(),
                conflict.getJsonObject("fields").getJsonObject("title").getJsonObject("conflict"));
        List<JsonObject> chunks = conflict.getJsonObject("fields")
                .getJsonObject("code")
                .getJsonArray("chunks")
                .getValuesAs(JsonObject.class);
        assertEquals("one\ntwo\nthree\nfour\nfive\n", chunks.get(0).getString("text"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("base", "six\n")
                        .add("mine", "six (mine)\n")
                        .add("theirs", "SIX\n")
                        .build(),
                chunks.get(1).getJsonObject("conflict"));
        assertEquals("seven\n", chunks.get(2).getString("text"));

        assertEquals(
                404,
                owner.post(path(id) + "/9/merge", JsonValue.EMPTY_JSON_OBJECT).status());
        assertEquals(
                400,
                owner.post(
                                path(id) + "/1/merge",
                                Json.createObjectBuilder().add("title", " ").build())
                        .status());
        assertEquals(
                403,
                colleague
                        .post(path(id) + "/1/merge", JsonValue.EMPTY_JSON_OBJECT)
                        .status(),
                "only whoever may change it merges");
    }

    private static String numberedLines(String prefix, int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(prefix).append(i).append('\n');
        }
        return text.toString();
    }

    @Test
    void textsThatDifferInMoreLinesThanADiffShowsComeWholeAndMergeAsOneConflict() {
        String before = "head\n" + numberedLines("old line ", 10_000) + "tail\n";
        String after = "head\n" + numberedLines("new line ", 10_000) + "tail\n";
        String id = create(owner, snippet("large", "text", before)).getString("id");
        change(id, Json.createObjectBuilder().add("code", after).build());

        Reply diff = owner.get(path(id) + "/1/diff/2");
        Reply merge = owner.post(
                path(id) + "/1/merge",
                Json.createObjectBuilder()
                        .add("code", "head\n" + numberedLines("my line ", 10_000) + "tail\n")
                        .build());

        assertEquals(200, diff.status(), diff::toString);
        JsonObject code = diff.data().getJsonArray("fields").getJsonObject(0);
        assertEquals("code", code.getString("field"));
        assertTrue(code.getBoolean("replaced"), code.keySet()::toString);
        assertEquals(before, code.getString("from"));
        assertEquals(after, code.getString("to"));
        assertEquals(false, code.containsKey("hunks"));
        assertEquals(200, merge.status(), merge::toString);
        List<JsonObject> chunks = merge.data()
                .getJsonObject("fields")
                .getJsonObject("code")
                .getJsonArray("chunks")
                .getValuesAs(JsonObject.class);
        assertEquals(List.of("head\n"), List.of(chunks.get(0).getString("text")));
        assertEquals(
                numberedLines("old line ", 10_000),
                chunks.get(1).getJsonObject("conflict").getString("base"),
                "the whole changed middle");
        assertEquals("tail\n", chunks.get(2).getString("text"));
    }

    @Test
    void aDiffWithinTheBudgetStillComesLineByLineHoweverLongTheText() {
        String before = numberedLines("line ", 20_000);
        String after = before.replace("line 500\n", "line five hundred\n").replace("line 15000\n", "");
        String id = create(owner, snippet("long", "text", before)).getString("id");
        change(id, Json.createObjectBuilder().add("code", after).build());

        JsonObject code =
                owner.get(path(id) + "/1/diff/2").data().getJsonArray("fields").getJsonObject(0);

        assertEquals(false, code.containsKey("replaced"));
        List<JsonObject> hunks = code.getJsonArray("hunks").getValuesAs(JsonObject.class);
        assertEquals(2, hunks.size());
        assertEquals(498, hunks.get(0).getInt("fromLine"), "three lines of context before line 501");
        assertEquals(14_998, hunks.get(1).getInt("fromLine"));
        assertEquals(0, hunks.get(1).getInt("toCount") - hunks.get(1).getInt("fromCount") + 1, "one line removed");
    }

    @Test
    void byDefaultTheNewestHundredVersionsAreKeptSoHistoryCannotGrowWithoutBound() {
        String id = create(owner, snippet("edited often", "text", "v1\n")).getString("id");
        for (int version = 2; version <= 102; version++) {
            change(
                    id,
                    Json.createObjectBuilder().add("code", "v" + version + "\n").build());
        }

        List<JsonObject> kept = SnippetsApi.walk(owner, path(id) + "?limit=200");

        assertEquals(100, kept.size(), "SNIPPETS_REVISIONS_KEEP is 100 by default");
        assertEquals(102, kept.get(0).getInt("version"));
        assertEquals(3, kept.get(kept.size() - 1).getInt("version"), "the two oldest went");
        assertEquals(404, owner.get(path(id) + "/2").status());
    }

    @Test
    void aReaderSeesOnlyTheVersionsMadeWhileTheSnippetWasTeamVisibleAndTheCurrentOne() {
        String id = create(owner, snippet("deploy key", "sh", "export KEY=hunter2-secret\n"))
                .getString("id");
        change(
                id,
                Json.createObjectBuilder()
                        .add("code", "export KEY=\"$(pass show deploy)\"\n")
                        .build());
        change(id, Json.createObjectBuilder().add("visibility", "team").build());
        change(
                id,
                Json.createObjectBuilder().add("title", "deploy key, from pass").build());

        List<Integer> theirs = SnippetsApi.walk(colleague, path(id)).stream()
                .map(version -> version.getInt("version"))
                .toList();
        List<Integer> mine = SnippetsApi.walk(owner, path(id)).stream()
                .map(version -> version.getInt("version"))
                .toList();

        assertEquals(List.of(4, 3), theirs, "the versions made while private stay the owner's");
        assertEquals(List.of(4, 3, 2, 1), mine);
        Reply first = colleague.get(path(id) + "/1");
        assertEquals(404, first.status(), first::toString);
        assertTrue(!first.toString().contains("hunter2"), first::toString);
        assertEquals(404, colleague.get(path(id) + "/4/diff/1").status(), "nor through a diff");
        assertEquals(200, colleague.get(path(id) + "/3/diff/4").status());
        assertTrue(owner.get(path(id) + "/1").data().getString("code").contains("hunter2"), "the owner still has it");
    }

    @Test
    void theHistoryIsPagedByCursorLikeEveryList() {
        String id = create(owner, snippet("paged", "text", "v1\n")).getString("id");
        for (int version = 2; version <= 7; version++) {
            change(
                    id,
                    Json.createObjectBuilder().add("code", "v" + version + "\n").build());
        }

        List<JsonObject> walked = SnippetsApi.walk(owner, path(id) + "?limit=2");

        assertEquals(
                List.of(7, 6, 5, 4, 3, 2, 1),
                walked.stream().map(version -> version.getInt("version")).toList());
        Reply foreignCursor = owner.get("/api/v1/snippets?cursor="
                + SnippetsApi.encode(owner.get(path(id) + "?limit=2")
                        .json()
                        .getJsonObject("meta")
                        .getString("nextCursor")));
        assertEquals(400, foreignCursor.status(), "a history's cursor is not a list's");
    }

    @Test
    void aDeletedSnippetHasNoHistoryUntilItIsRestoredFromTheTrash() {
        String id = create(owner, snippet("gone", "text", "a\n")).getString("id");
        assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());

        assertEquals(404, owner.get(path(id)).status());
        assertEquals(
                404,
                owner.post(path(id) + "/1/restore", JsonValue.EMPTY_JSON_OBJECT).status());
        assertEquals(
                200,
                owner.post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(1, owner.get(path(id)).json().getJsonArray("data").size());
    }
}
