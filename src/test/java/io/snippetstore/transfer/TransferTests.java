package io.snippetstore.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.ImportArchive;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.RawHttp;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

public abstract class TransferTests {

    /** The manifest with one member replaced. */
    private static byte[] manifestWith(byte[] manifest, String member, JsonValue value) {
        JsonObject read = Json.createReader(new ByteArrayInputStream(manifest)).readObject();
        return Json.createObjectBuilder(read)
                .add(member, value)
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
    }

    private static final String ZIP = "application/zip";

    @Test
    void anExportImportedIntoAnotherAccountRecreatesEverySnippetTagAndAttachmentByteIdentical() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        JsonObject plain = SnippetsApi.create(source, SnippetsApi.snippet("plain", "sql", "SELECT 1;"));
        JsonObject rich = SnippetsApi.create(
                source,
                SnippetsApi.snippet("  rïch ✓ ", "python", "print('ünïcode')\n\ttabbed\n", "Tools", "exported")
                        .add("description", "a description")
                        .add("notes", "notes\nwith lines")
                        .add("visibility", "team"));
        byte[] large = new byte[50 * 1000 * 1000];
        new Random(7).nextBytes(large);
        byte[] small = "small text file\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                201,
                new Multipart()
                        .file("file", "large.bin", "application/octet-stream", large)
                        .postTo(source, "/api/v1/snippets/" + rich.getString("id") + "/attachments")
                        .status());
        assertEquals(
                201,
                new Multipart()
                        .file("file", "notes.txt", "text/plain", small)
                        .postTo(source, "/api/v1/snippets/" + rich.getString("id") + "/attachments")
                        .status());

        Reply export = source.get("/api/v1/export");

        assertEquals(200, export.status(), export::toString);
        assertEquals(ZIP, export.header("Content-Type").replaceAll(";.*", ""));
        assertTrue(
                export.header("Content-Disposition").startsWith("attachment; filename=\"snippets-"),
                export.header("Content-Disposition"));
        Map<String, byte[]> entries = unzip(export.body());
        JsonObject manifest = Json.createReader(new ByteArrayInputStream(entries.get("manifest.json")))
                .readObject();
        assertEquals("snippet-store-export", manifest.getString("format"));
        assertEquals(3, manifest.getInt("version"), "3: with collections, stars and pins");
        assertEquals(2, manifest.getInt("snippetCount"));
        assertEquals(2, manifest.getInt("attachmentCount"));

        ApiClient target = TestUsers.withToken(TestUsers.create());
        Reply imported = target.sendBytes("POST", "/api/v1/import", ZIP, export.body(), Map.of());

        assertEquals(200, imported.status(), imported::toString);
        assertEquals(2, imported.data().getInt("snippetsCreated"));
        assertEquals(2, imported.data().getInt("attachmentsCreated"));
        Map<String, String> newIdBySource = new LinkedHashMap<>();
        imported.data()
                .getJsonArray("snippets")
                .getValuesAs(JsonObject.class)
                .forEach(report -> newIdBySource.put(report.getString("sourceId"), report.getString("id")));
        for (JsonObject original : List.of(plain, rich)) {
            JsonObject copy = target.get("/api/v1/snippets/" + newIdBySource.get(original.getString("id")))
                    .data();
            for (String field : List.of("title", "description", "notes", "language", "code", "tags", "visibility")) {
                assertEquals(original.get(field), copy.get(field), field + " of " + original.getString("title"));
            }
        }
        List<JsonObject> copies = target.get(
                        "/api/v1/snippets/" + newIdBySource.get(rich.getString("id")) + "/attachments")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertEquals(
                List.of("large.bin", "notes.txt"),
                copies.stream().map(a -> a.getString("filename")).toList());
        assertArrayEquals(
                large,
                target.get(copies.get(0).getString("downloadUrl")).body(),
                "the 50 MB attachment, byte for byte");
        assertArrayEquals(
                small, target.get(copies.get(1).getString("downloadUrl")).body());
        assertEquals("text/plain", copies.get(1).getString("mimeType"));
    }

    /** An export holds the caller's own snippets out of the trash, and neither share links nor groups travel. */
    @Test
    void anExportHoldsOnlyTheCallersOwnSnippetsOutOfTheTrashAndNoShareLinks() throws IOException {
        ApiClient exporter = TestUsers.withToken(TestUsers.create());
        ApiClient colleague = TestUsers.withToken(TestUsers.create());
        String mine = SnippetsApi.create(
                        exporter, SnippetsApi.snippet("mine", "text", "kept").add("visibility", "link"))
                .getString("id");
        String trashed = SnippetsApi.create(exporter, SnippetsApi.snippet("trashed", "text", "gone"))
                .getString("id");
        assertEquals(200, exporter.delete("/api/v1/snippets/" + trashed).status());
        String theirs = SnippetsApi.create(
                        colleague,
                        SnippetsApi.snippet("theirs", "text", "shared").add("visibility", "team"))
                .getString("id");
        assertEquals(200, exporter.get("/api/v1/snippets/" + theirs).status(), "the exporter reads it");
        assertEquals(
                201,
                exporter.post(
                                "/api/v1/snippets/" + mine + "/links",
                                Json.createObjectBuilder().build())
                        .status());

        Reply export = exporter.get("/api/v1/export");

        assertEquals(200, export.status(), export::toString);
        Map<String, byte[]> entries = unzip(export.body());
        assertEquals(
                List.of("snippets/" + mine + ".json"),
                entries.keySet().stream()
                        .filter(name -> name.startsWith("snippets/"))
                        .toList(),
                "neither the one in the trash nor the colleague's");
        JsonObject document = Json.createReader(new ByteArrayInputStream(entries.get("snippets/" + mine + ".json")))
                .readObject();
        assertFalse(document.containsKey("links") || document.containsKey("groups"), document::toString);

        ApiClient importer = TestUsers.withToken(TestUsers.create());
        Reply imported = importer.sendBytes("POST", "/api/v1/import", ZIP, export.body(), Map.of());
        assertEquals(200, imported.status(), imported::toString);
        String copy = imported.data().getJsonArray("snippets").getJsonObject(0).getString("id");
        assertEquals(
                0,
                importer.get("/api/v1/snippets/" + copy + "/links")
                        .json()
                        .getJsonArray("data")
                        .size(),
                "a share link is the exporter's, not the copy's");
        assertEquals(
                0,
                importer.get("/api/v1/snippets/" + copy)
                        .data()
                        .getJsonArray("groups")
                        .size());
    }

    @Test
    void reImportingOnesOwnExportSaysWhatItHoldsAndSkipsKeepsOrUpdatesWhatIsAlreadyHere() {
        ApiClient owner = TestUsers.withToken(TestUsers.create());
        String same = SnippetsApi.create(owner, SnippetsApi.snippet("Same", "bash", "echo same", "old"))
                .getString("id");
        String other = SnippetsApi.create(owner, SnippetsApi.snippet("Other", "bash", "echo other"))
                .getString("id");
        byte[] archive = owner.get("/api/v1/export").body();
        assertEquals(
                200,
                owner.patch(
                                "/api/v1/snippets/" + same,
                                Json.createObjectBuilder()
                                        .add("tags", Json.createArrayBuilder().add("changed-here"))
                                        .build())
                        .status());
        assertEquals(
                200,
                owner.patch(
                                "/api/v1/snippets/" + other,
                                Json.createObjectBuilder()
                                        .add("code", "echo changed")
                                        .build())
                        .status());

        Reply preview = owner.sendBytes("POST", "/api/v1/import?dryRun=true&duplicates=skip", ZIP, archive, Map.of());
        assertEquals(200, preview.status(), preview::toString);
        JsonObject said = preview.data();
        assertTrue(said.getBoolean("dryRun"));
        assertEquals(2, said.getInt("snippetsInArchive"));
        assertEquals(0, said.getInt("snippetsCreated"));
        assertEquals(1, said.getJsonArray("duplicates").size(), "the other's code changed here: not the same");
        JsonObject duplicate = said.getJsonArray("duplicates").getJsonObject(0);
        assertEquals(same, duplicate.getString("id"));
        assertEquals("skipped", duplicate.getString("action"));
        assertEquals(2, ownCount(owner), "a dry run writes nothing");

        Reply skipped = owner.sendBytes("POST", "/api/v1/import?duplicates=skip", ZIP, archive, Map.of());
        assertEquals(200, skipped.status(), skipped::toString);
        assertEquals(1, skipped.data().getInt("snippetsCreated"), "only the one not here");
        assertEquals(3, ownCount(owner));

        Reply updated = owner.sendBytes("POST", "/api/v1/import?duplicates=update", ZIP, archive, Map.of());
        assertEquals(200, updated.status(), updated::toString);
        JsonObject update = updated.data().getJsonArray("duplicates").stream()
                .map(JsonValue::asJsonObject)
                .filter(entry -> entry.getString("id").equals(same))
                .findFirst()
                .orElseThrow();
        assertEquals("updated", update.getString("action"));
        assertEquals(2, update.getJsonNumber("versionBefore").longValue());
        JsonObject now = owner.get("/api/v1/snippets/" + same).data();
        assertEquals(3, now.getInt("version"), "brought up to date as a new version");
        assertEquals("[\"old\"]", now.getJsonArray("tags").toString());
        assertEquals(0, updated.data().getInt("snippetsCreated"), "both are here now");
        assertEquals(3, ownCount(owner));

        Reply kept = owner.sendBytes("POST", "/api/v1/import", ZIP, archive, Map.of());
        assertEquals(200, kept.status(), kept::toString);
        assertEquals(2, kept.data().getInt("snippetsCreated"), "keeping both, as an import always did");
        assertEquals(
                "kept", kept.data().getJsonArray("duplicates").getJsonObject(0).getString("action"));
        assertEquals(5, ownCount(owner));
        assertEquals(
                "bad_request",
                owner.sendBytes("POST", "/api/v1/import?duplicates=maybe", ZIP, archive, Map.of())
                        .errorCode());
    }

    @Test
    void twoOfTheArchivesSnippetsInOneCollectionThatAreOneAlreadyHereAreListedThereOnce() throws IOException {
        ApiClient owner = TestUsers.withToken(TestUsers.create());
        String here = SnippetsApi.create(owner, SnippetsApi.snippet("Twice", "bash", "echo twice"))
                .getString("id");
        String twice = "{\"title\":\"Twice\",\"language\":\"bash\",\"code\":\"echo twice\",\"tags\":[]}";
        String name = TestUsers.uniqueName("Both");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String[] entry : List.of(
                    new String[] {"snippets/a.json", twice.replace("{", "{\"id\":\"a\",")},
                    new String[] {"snippets/b.json", twice.replace("{", "{\"id\":\"b\",")},
                    new String[] {
                        "collections/c.json", "{\"id\":\"c\",\"name\":\"" + name + "\",\"snippets\":[\"a\",\"b\"]}"
                    },
                    new String[] {
                        "manifest.json",
                        "{\"format\":\"snippet-store-export\",\"version\":3,\"snippets\":[\"snippets/a.json\","
                                + "\"snippets/b.json\"],\"collections\":[\"collections/c.json\"]}"
                    })) {
                zip.putNextEntry(new ZipEntry(entry[0]));
                zip.write(entry[1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }

        Reply skipped = owner.sendBytes("POST", "/api/v1/import?duplicates=skip", ZIP, out.toByteArray(), Map.of());

        assertEquals(200, skipped.status(), skipped::toString);
        assertEquals(0, skipped.data().getInt("snippetsCreated"));
        assertEquals(2, skipped.data().getJsonArray("duplicates").size());
        String collection = owner.get("/api/v1/collections").json().getJsonArray("data").stream()
                .map(JsonValue::asJsonObject)
                .filter(each -> each.getString("name").equals(name))
                .findFirst()
                .orElseThrow()
                .getString("id");
        JsonArray held = owner.get("/api/v1/collections/" + collection + "/snippets")
                .json()
                .getJsonArray("data");
        assertEquals(1, held.size(), held::toString);
        assertEquals(here, held.getJsonObject(0).getString("id"));
    }

    private static int ownCount(ApiClient owner) {
        return owner.get("/api/v1/snippets?limit=200&fields=summary")
                .json()
                .getJsonArray("data")
                .size();
    }

    @Test
    void theHistoryTravelsWithTheExportEachVersionWithItsNumberTimeAndChangedFields() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        String id = SnippetsApi.create(source, SnippetsApi.snippet("history", "sh", "echo 1\n"))
                .getString("id");
        assertEquals(
                200,
                source.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("code", "echo 2\n")
                                        .build())
                        .status());
        assertEquals(
                200,
                source.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("title", "history 3")
                                        .build())
                        .status());
        List<JsonObject> sourceHistory = source.get("/api/v1/snippets/" + id + "/revisions")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        byte[] archive = source.get("/api/v1/export").body();
        assertTrue(
                unzip(archive).containsKey("revisions/" + id + "/1.json"),
                "each earlier version is an entry of its own");

        TestUsers.TestUser importer = TestUsers.create();
        ApiClient target = TestUsers.withToken(importer);
        Reply imported = target.sendBytes("POST", "/api/v1/import", ZIP, archive, Map.of());

        assertEquals(200, imported.status(), imported::toString);
        String copy = imported.data().getJsonArray("snippets").getJsonObject(0).getString("id");
        Reply current = target.get("/api/v1/snippets/" + copy);
        assertEquals(3, current.data().getInt("version"), "the version it had");
        assertEquals("\"3\"", current.header("ETag"));
        List<JsonObject> history = target.get("/api/v1/snippets/" + copy + "/revisions")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertEquals(
                List.of(3, 2, 1),
                history.stream().map(version -> version.getInt("version")).toList());
        for (int i = 1; i < 3; i++) {
            assertEquals(
                    sourceHistory.get(i).getString("createdAt"), history.get(i).getString("createdAt"));
            assertEquals(
                    sourceHistory.get(i).get("changedFields"), history.get(i).get("changedFields"));
        }
        assertEquals(sourceHistory.get(0).get("changedFields"), history.get(0).get("changedFields"));
        history.forEach(version -> assertEquals(
                importer.username(),
                version.getJsonObject("author").getString("username"),
                "the exporting instance's users are not this one's: every version is the importer's"));
        assertEquals(
                "echo 1\n",
                target.get("/api/v1/snippets/" + copy + "/revisions/1").data().getString("code"));
        assertEquals(
                "echo 2\n",
                target.get("/api/v1/snippets/" + copy + "/revisions/2").data().getString("code"));

        Reply badVersion = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(
                        archive,
                        "revisions/" + id + "/1.json",
                        bytes -> new String(bytes, StandardCharsets.UTF_8)
                                .replace("\"version\":1", "\"version\":7")
                                .getBytes(StandardCharsets.UTF_8)),
                Map.of());
        Reply badFields = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(
                        archive,
                        "revisions/" + id + "/2.json",
                        bytes -> new String(bytes, StandardCharsets.UTF_8)
                                .replace("\"title\":\"history\"", "\"title\":\"\"")
                                .getBytes(StandardCharsets.UTF_8)),
                Map.of());
        for (Reply refused : List.of(badVersion, badFields)) {
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("invalid_archive", refused.errorCode(), refused::toString);
        }
        assertEquals(
                1,
                target.get("/api/v1/snippets").json().getJsonArray("data").size(),
                "the refused imports added nothing");
    }

    @Test
    void anArchiveWithOneBadPartImportsNothing() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        SnippetsApi.create(source, SnippetsApi.snippet("first", "text", "one"));
        String second = SnippetsApi.create(source, SnippetsApi.snippet("second", "text", "two"))
                .getString("id");
        String attachmentId = new Multipart()
                .file("file", "bytes.bin", null, new byte[] {1, 2, 3})
                .postTo(source, "/api/v1/snippets/" + second + "/attachments")
                .data()
                .getString("id");
        byte[] archive = source.get("/api/v1/export").body();
        ApiClient target = TestUsers.withToken(TestUsers.create());

        Reply tampered = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(archive, "attachments/" + attachmentId, bytes -> new byte[] {9, 9, 9}),
                Map.of());
        Reply brokenRule = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(
                        archive,
                        "snippets/" + second + ".json",
                        bytes -> new String(bytes, StandardCharsets.UTF_8)
                                .replace("\"title\":\"second\"", "\"title\":\"\"")
                                .getBytes(StandardCharsets.UTF_8)),
                Map.of());
        Reply noManifest = target.sendBytes(
                "POST", "/api/v1/import", ZIP, rezip(archive, "manifest.json", bytes -> null), Map.of());
        Reply notAZip =
                target.sendBytes("POST", "/api/v1/import", ZIP, "not a zip".getBytes(StandardCharsets.UTF_8), Map.of());
        Reply otherFormat = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(
                        archive,
                        "manifest.json",
                        bytes -> manifestWith(bytes, "format", Json.createValue("another-export"))),
                Map.of());
        Reply newerVersion = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(archive, "manifest.json", bytes -> manifestWith(bytes, "version", Json.createValue(4))),
                Map.of());

        for (Reply refused : List.of(tampered, brokenRule, noManifest, notAZip, otherFormat, newerVersion)) {
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("invalid_archive", refused.errorCode(), refused::toString);
        }
        assertTrue(
                brokenRule.json().getJsonObject("error").getString("message").contains("title"), brokenRule::toString);
        assertEquals(
                0,
                target.get("/api/v1/snippets").json().getJsonArray("data").size(),
                "nothing of a refused archive is kept");
        assertEquals(401, new ApiClient().get("/api/v1/export").status());
        assertEquals(
                401,
                new ApiClient()
                        .sendBytes("POST", "/api/v1/import", ZIP, archive, Map.of())
                        .status());
    }

    @Test
    void anArchiveThatWouldBuildFarMoreThanItsSizeIsRefusedAsItIsReadAndTheServiceGoesOn() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        String id = SnippetsApi.create(source, SnippetsApi.snippet("one", "text", "one"))
                .getString("id");
        byte[] archive = source.get("/api/v1/export").body();
        ApiClient target = TestUsers.withToken(TestUsers.create());
        // 700,000 short strings: 5.6 MB of JSON that, parsed whole, became tens of millions of objects
        String manyChanges = "\"changedFields\":[" + "\"title\",".repeat(700_000) + "\"code\"],";
        byte[] flood = rezip(
                archive,
                "snippets/" + id + ".json",
                bytes -> new String(bytes, StandardCharsets.UTF_8)
                        .replaceFirst("\\{", "{" + manyChanges)
                        .getBytes(StandardCharsets.UTF_8));
        byte[] deep = rezip(
                archive,
                "snippets/" + id + ".json",
                bytes -> new String(bytes, StandardCharsets.UTF_8)
                        .replaceFirst("\\{", "{\"x\":" + "[".repeat(10_000) + "]".repeat(10_000) + ",")
                        .getBytes(StandardCharsets.UTF_8));
        byte[] claimsHugeDirectory = archive.clone();
        int end = claimsHugeDirectory.length - 22; // the end record: no comment in an export
        claimsHugeDirectory[end + 12] = (byte) 0xF0;
        claimsHugeDirectory[end + 13] = (byte) 0xFF;
        claimsHugeDirectory[end + 14] = (byte) 0xFF;
        claimsHugeDirectory[end + 15] = (byte) 0x7F;

        Reply flooded = target.sendBytes("POST", "/api/v1/import", ZIP, flood, Map.of());
        Reply nested = target.sendBytes("POST", "/api/v1/import", ZIP, deep, Map.of());
        Reply directory = target.sendBytes("POST", "/api/v1/import", ZIP, claimsHugeDirectory, Map.of());

        assertEquals(400, flooded.status(), flooded::toString);
        assertEquals("invalid_archive", flooded.errorCode());
        assertTrue(
                flooded.json()
                        .getJsonObject("error")
                        .getString("message")
                        .contains("changedFields has more than 7 entries"),
                flooded::toString);
        assertEquals(400, nested.status(), nested::toString);
        assertTrue(nested.json().getJsonObject("error").getString("message").contains("nest deeper"), nested::toString);
        assertEquals(400, directory.status(), directory::toString);
        assertTrue(
                directory.json().getJsonObject("error").getString("message").contains("directory lists more than"),
                directory::toString);
        assertEquals(
                0, target.get("/api/v1/snippets").json().getJsonArray("data").size());
        assertEquals(
                200,
                target.sendBytes("POST", "/api/v1/import", ZIP, archive, Map.of())
                        .status(),
                "the next import goes through");
    }

    @Test
    void anArchiveListingADocumentOrAnAttachmentTwiceImportsNothing() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        String first = SnippetsApi.create(source, SnippetsApi.snippet("first", "text", "one"))
                .getString("id");
        String second = SnippetsApi.create(source, SnippetsApi.snippet("second", "text", "two"))
                .getString("id");
        new Multipart()
                .file("file", "bytes.bin", null, new byte[] {1, 2, 3})
                .postTo(source, "/api/v1/snippets/" + second + "/attachments");
        byte[] archive = source.get("/api/v1/export").body();
        Map<String, byte[]> entries = unzip(archive);
        String secondDocument = new String(entries.get("snippets/" + second + ".json"), StandardCharsets.UTF_8);
        String attachmentsOfSecond = secondDocument.substring(secondDocument.indexOf("\"attachments\":"));
        ApiClient target = TestUsers.withToken(TestUsers.create());

        Reply documentTwice = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(
                        archive,
                        "manifest.json",
                        bytes -> new String(bytes, StandardCharsets.UTF_8)
                                .replace(
                                        "\"snippets/" + first + ".json\"",
                                        "\"snippets/" + first + ".json\",\"snippets/" + first + ".json\"")
                                .getBytes(StandardCharsets.UTF_8)),
                Map.of());
        Reply entryTwice = target.sendBytes(
                "POST",
                "/api/v1/import",
                ZIP,
                rezip(archive, "snippets/" + first + ".json", bytes -> {
                    String document = new String(bytes, StandardCharsets.UTF_8);
                    return (document.substring(0, document.indexOf("\"attachments\":")) + attachmentsOfSecond)
                            .getBytes(StandardCharsets.UTF_8);
                }),
                Map.of());

        for (Reply refused : List.of(documentTwice, entryTwice)) {
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("invalid_archive", refused.errorCode(), refused::toString);
            assertTrue(
                    refused.json().getJsonObject("error").getString("message").contains("more than once"),
                    refused::toString);
        }
        assertEquals(
                0,
                target.get("/api/v1/snippets").json().getJsonArray("data").size(),
                "nothing of a refused archive is kept");
    }

    @Test
    void otherUsersWriteAndSignInWhileALargeImportIsUnderWay() throws Exception {
        ApiClient importer = TestUsers.withToken(TestUsers.create());
        TestUsers.TestUser colleague = TestUsers.create();
        ApiClient colleagueClient = TestUsers.withToken(colleague);
        Path archive = ImportArchive.write(Files.createTempFile("import-under-way", ".zip"), 100, 1024 * 1024);
        try {
            CompletableFuture<Reply> running =
                    CompletableFuture.supplyAsync(() -> importer.sendFile("POST", "/api/v1/import", ZIP, archive));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (importer.get("/api/v1/snippets?limit=1")
                            .json()
                            .getJsonArray("data")
                            .isEmpty()
                    && !running.isDone()
                    && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertFalse(running.isDone(), () -> "the import was under way, a batch written: " + running.join());

            Reply created = colleagueClient.post(
                    "/api/v1/snippets",
                    SnippetsApi.snippet("meanwhile", "text", "written during an import")
                            .build());
            Reply signedIn = new ApiClient()
                    .post(
                            "/api/v1/auth/login",
                            Json.createObjectBuilder()
                                    .add("username", colleague.username())
                                    .add("password", colleague.password())
                                    .build());

            assertEquals(201, created.status(), created::toString);
            assertEquals(200, signedIn.status(), signedIn::toString);
            assertFalse(running.isDone(), "another user's write and sign-in did not wait for the whole import");
            Reply imported = running.get(120, TimeUnit.SECONDS);
            assertEquals(200, imported.status(), imported::toString);
            assertEquals(100, imported.data().getInt("attachmentsCreated"));
        } finally {
            Files.delete(archive);
        }
    }

    /**
     * As with uploads: clients that stop sending their archives half-way hold none of the server's
     * workers (WildFly has 16 a core) that a JSON request needs, and nothing of them is kept.
     */
    @Test
    void importsThatTheirClientsStopSendingHoldNoneOfTheWorkersThatJsonRequestsNeed() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        SnippetsApi.create(source, SnippetsApi.snippet("exported", "text", "sent half-way"));
        byte[] archive = source.get("/api/v1/export").body();
        ApiClient session = TestUsers.signedIn(TestUsers.create());
        String token = TestUsers.newToken(session, "stalled imports");
        ApiClient importer = new ApiClient().withBearer(token);
        JsonObject own =
                SnippetsApi.create(importer, SnippetsApi.snippet("own", "text", "read while the imports stall"));
        int stalled = 16 * Runtime.getRuntime().availableProcessors() + 8;
        Set<Path> receivedBefore = receivedArchives();
        List<RawHttp> imports = new ArrayList<>();
        try {
            for (int i = 0; i < stalled; i++) {
                imports.add(new RawHttp(
                                "POST",
                                "/api/v1/import",
                                Map.of(
                                        "Authorization",
                                        "Bearer " + token,
                                        "Content-Type",
                                        ZIP,
                                        "Content-Length",
                                        String.valueOf(archive.length)))
                        .write(Arrays.copyOf(archive, archive.length / 2)));
            }
            Eventually.holds(
                    () -> receivedArchives().stream()
                                    .filter(file -> !receivedBefore.contains(file))
                                    .count()
                            >= stalled,
                    "every import under way at once");

            Reply read = assertTimeoutPreemptively(
                    Duration.ofSeconds(20), () -> importer.get("/api/v1/snippets/" + own.getString("id")));

            assertEquals(200, read.status(), read::toString);
            assertEquals("own", read.data().getString("title"));
        } finally {
            imports.forEach(RawHttp::close);
        }
        Eventually.holds(
                () -> receivedArchives().stream().noneMatch(file -> !receivedBefore.contains(file)),
                "the abandoned imports' received archives removed");
        assertEquals(
                List.of("own"),
                importer.get("/api/v1/snippets").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .map(snippet -> snippet.getString("title"))
                        .toList(),
                "nothing of the abandoned imports is kept");
    }

    /**
     * Clients that stop reading their exports leave each export blocked in a write. More of them
     * than WildFly's default pool of each bean's instances (16 a core), or than the database's
     * connections, must not keep another export from starting: an export holds neither while it waits.
     */
    @Test
    void exportsThatTheirClientsStopReadingKeepNoOtherExportWaiting() throws IOException {
        String ownersToken = TestUsers.newToken(TestUsers.signedIn(TestUsers.create()), "stalled exports");
        ApiClient owner = new ApiClient().withBearer(ownersToken);
        String snippetId = SnippetsApi.create(owner, SnippetsApi.snippet("large", "text", "with a large file"))
                .getString("id");
        byte[] large = new byte[16 * 1024 * 1024];
        new Random(9)
                .nextBytes(large); // does not compress: each export is larger than what the loopback's buffers take in
        assertEquals(
                201,
                new Multipart()
                        .file("file", "large.bin", "application/octet-stream", large)
                        .postTo(owner, "/api/v1/snippets/" + snippetId + "/attachments")
                        .status());
        ApiClient other = TestUsers.withToken(TestUsers.create());
        SnippetsApi.create(other, SnippetsApi.snippet("small", "text", "exported meanwhile"));
        int stalled = 16 * Runtime.getRuntime().availableProcessors() + 8;
        List<RawHttp> exports = new ArrayList<>();
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                for (int i = 0; i < stalled; i++) {
                    RawHttp export =
                            new RawHttp("GET", "/api/v1/export", Map.of("Authorization", "Bearer " + ownersToken));
                    exports.add(export);
                    assertEquals(200, export.status(), "every export under way at once");
                }
            });

            Reply another = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> other.get("/api/v1/export"));

            assertEquals(200, another.status(), another::toString);
            assertTrue(unzip(another.body()).containsKey("manifest.json"), "a whole archive");
        } finally {
            exports.forEach(RawHttp::close);
        }
    }

    /** The archives being received, which the service keeps beside its database while it reads them. */
    @Test
    void collectionsStarsAndPinsComeAlongWithTheSnippetsTheyHoldAndATakenNameGetsANumber() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        ApiClient colleague = TestUsers.withToken(TestUsers.create());
        String drain = SnippetsApi.create(source, SnippetsApi.snippet("Drain", "bash", "kubectl drain"))
                .getString("id");
        String cordon = SnippetsApi.create(source, SnippetsApi.snippet("Cordon", "bash", "kubectl cordon"))
                .getString("id");
        String theirs = SnippetsApi.create(
                        colleague,
                        SnippetsApi.snippet("Theirs", "bash", "echo theirs").add("visibility", "team"))
                .getString("id");
        String infra = source.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", "Infra")
                                .add("description", "Our *machines*")
                                .add("visibility", "team")
                                .build())
                .data()
                .getString("id");
        String kubernetes = source.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", "Kubernetes")
                                .add("parentId", infra)
                                .build())
                .data()
                .getString("id");
        assertEquals(
                200,
                source.post(
                                "/api/v1/collections/" + kubernetes + "/snippets",
                                Json.createObjectBuilder()
                                        .add(
                                                "snippetIds",
                                                Json.createArrayBuilder()
                                                        .add(cordon)
                                                        .add(theirs)
                                                        .add(drain))
                                        .build())
                        .status());
        assertEquals(
                200,
                source.send("PUT", "/api/v1/snippets/" + drain + "/star", null, null, Map.of())
                        .status());
        assertEquals(
                200,
                source.send("PUT", "/api/v1/snippets/" + theirs + "/star", null, null, Map.of())
                        .status());
        assertEquals(
                200,
                source.send("PUT", "/api/v1/snippets/" + cordon + "/pin", null, null, Map.of())
                        .status());
        Reply export = source.get("/api/v1/export");
        assertEquals(200, export.status(), export::toString);

        ApiClient target = TestUsers.withToken(TestUsers.create());
        target.post(
                "/api/v1/collections",
                Json.createObjectBuilder().add("name", "infra").build());
        Reply imported = target.sendBytes("POST", "/api/v1/import", ZIP, export.body(), Map.of());

        assertEquals(200, imported.status(), imported::toString);
        Map<String, String> newIdBySource = new LinkedHashMap<>();
        imported.data()
                .getJsonArray("snippets")
                .getValuesAs(JsonObject.class)
                .forEach(report -> newIdBySource.put(report.getString("sourceId"), report.getString("id")));
        assertEquals(Set.of(drain, cordon), newIdBySource.keySet(), "only the exporter's own snippets");
        Map<String, JsonObject> byPath = target.get("/api/v1/collections").json().getJsonArray("data").stream()
                .map(JsonValue::asJsonObject)
                .collect(Collectors.toMap(
                        collection -> collection.getJsonArray("path").getValuesAs(JsonObject.class).stream()
                                .map(step -> step.getString("name"))
                                .collect(Collectors.joining("/")),
                        collection -> collection));
        assertEquals(Set.of("infra", "Infra (2)", "Infra (2)/Kubernetes"), byPath.keySet());
        JsonObject copiedInfra = byPath.get("Infra (2)");
        assertEquals("Our *machines*", copiedInfra.getString("description"));
        assertEquals("team", copiedInfra.getString("visibility"));
        assertEquals("private", byPath.get("Infra (2)/Kubernetes").getString("visibility"));
        List<String> held = target
                .get("/api/v1/collections/" + byPath.get("Infra (2)/Kubernetes").getString("id") + "/snippets")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(snippet -> snippet.getString("id"))
                .toList();
        assertEquals(
                List.of(newIdBySource.get(cordon), newIdBySource.get(drain)),
                held,
                "in their order, without the colleague's snippet that was not exported");
        JsonObject copiedDrain =
                target.get("/api/v1/snippets/" + newIdBySource.get(drain)).data();
        JsonObject copiedCordon =
                target.get("/api/v1/snippets/" + newIdBySource.get(cordon)).data();
        assertTrue(copiedDrain.getBoolean("starred") && !copiedDrain.getBoolean("pinned"), copiedDrain::toString);
        assertTrue(copiedCordon.getBoolean("pinned") && !copiedCordon.getBoolean("starred"), copiedCordon::toString);
        assertEquals(1, copiedDrain.getInt("stars"));
    }

    @Test
    void anArchiveWhoseCollectionsDoNotFormATreeImportsNothing() throws IOException {
        ApiClient source = TestUsers.withToken(TestUsers.create());
        SnippetsApi.create(source, SnippetsApi.snippet("kept out", "bash", "true"));
        String collection = source.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "Loop").build())
                .data()
                .getString("id");
        byte[] archive = source.get("/api/v1/export").body();
        byte[] looped = rezip(
                archive,
                "collections/" + collection + ".json",
                bytes -> Json.createObjectBuilder(Json.createReader(new ByteArrayInputStream(bytes))
                                .readObject())
                        .add("parentId", collection)
                        .build()
                        .toString()
                        .getBytes(StandardCharsets.UTF_8));
        ApiClient target = TestUsers.withToken(TestUsers.create());

        Reply refused = target.sendBytes("POST", "/api/v1/import", ZIP, looped, Map.of());

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("invalid_archive", refused.errorCode());
        assertEquals(
                0, target.get("/api/v1/snippets").json().getJsonArray("data").size());
        assertEquals(
                0, target.get("/api/v1/collections").json().getJsonArray("data").size());
    }

    private static Set<Path> receivedArchives() {
        try (Stream<Path> files = Files.list(Database.file().getParent())) {
            return files.filter(file -> file.getFileName().toString().startsWith(".import-"))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, byte[]> unzip(byte[] archive) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries.put(entry.getName(), zip.readAllBytes());
            }
        }
        return entries;
    }

    /** The archive again, with one entry's bytes changed (or the entry left out when the change answers null). */
    private static byte[] rezip(byte[] archive, String name, UnaryOperator<byte[]> change) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> entry : unzip(archive).entrySet()) {
                byte[] bytes = entry.getKey().equals(name) ? change.apply(entry.getValue()) : entry.getValue();
                if (bytes != null) {
                    zip.putNextEntry(new ZipEntry(entry.getKey()));
                    zip.write(bytes);
                    zip.closeEntry();
                }
            }
        }
        return out.toByteArray();
    }
}
