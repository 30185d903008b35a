package io.snippetstore.transfer.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import io.snippetstore.platform.ApiException;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The limits an import archive is read under, on real ZIP files. */
class ArchiveReaderTest {

    private static final ArchiveLimits LIMITS = new ArchiveLimits(3, 2, 4096, 10_000, 100_000);

    @TempDir
    Path directory;

    private static String manifest(String... documents) {
        JsonArrayBuilder paths = Json.createArrayBuilder();
        for (String document : documents) {
            paths.add(document);
        }
        return Json.createObjectBuilder()
                .add("format", ArchiveFormat.FORMAT)
                .add("version", ArchiveFormat.VERSION)
                .add("snippets", paths)
                .build()
                .toString();
    }

    private static String document(String code, JsonObjectBuilder... attachments) {
        JsonArrayBuilder list = Json.createArrayBuilder();
        for (JsonObjectBuilder attachment : attachments) {
            list.add(attachment);
        }
        return Json.createObjectBuilder()
                .add("title", "t")
                .add("language", "text")
                .add("code", code)
                .add("tags", Json.createArrayBuilder())
                .add("attachments", list)
                .build()
                .toString();
    }

    private static JsonObjectBuilder attachment(String entry, long size) {
        return Json.createObjectBuilder()
                .add("path", entry)
                .add("filename", "f.bin")
                .add("size", size)
                .add("sha256", "00");
    }

    private Path zip(Map<String, String> entries) throws IOException {
        Path file = Files.createTempFile(directory, "archive", ".zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(file))) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(entry.getKey()));
                out.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return file;
    }

    private String refusal(Map<String, String> entries) throws IOException {
        try (ZipFile archive = new ZipFile(zip(entries).toFile())) {
            ApiException refused = assertThrows(ApiException.class, () -> ArchiveReader.read(archive, LIMITS));
            assertEquals("invalid_archive", refused.code());
            return refused.getMessage();
        }
    }

    private static Map<String, String> entries(String... pathsAndContents) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            entries.put(pathsAndContents[i], pathsAndContents[i + 1]);
        }
        return entries;
    }

    @Test
    void anArchiveWithinEveryLimitIsRead() throws IOException {
        Map<String, String> entries = entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json", "b.json"),
                "a.json",
                document("one", attachment("files/1", 10)),
                "b.json",
                document("two"),
                "files/1",
                "0123456789");
        try (ZipFile archive = new ZipFile(zip(entries).toFile())) {
            List<ArchivedSnippet> read = ArchiveReader.read(archive, LIMITS).snippets();
            assertEquals(2, read.size());
            assertEquals("files/1", read.get(0).attachments().get(0).path());
        }
    }

    private static String manifestWithCollections(
            List<String> snippets, List<String> collections, List<String> pinned) {
        return Json.createObjectBuilder()
                .add("format", ArchiveFormat.FORMAT)
                .add("version", ArchiveFormat.VERSION)
                .add("snippets", Json.createArrayBuilder(snippets))
                .add("collections", Json.createArrayBuilder(collections))
                .add("pinned", Json.createArrayBuilder(pinned))
                .build()
                .toString();
    }

    private static String identified(String id, boolean starred) {
        return Json.createObjectBuilder()
                .add("id", id)
                .add("title", "t " + id)
                .add("language", "text")
                .add("code", "x")
                .add("starred", starred)
                .build()
                .toString();
    }

    private static String collection(String id, String parentId, String name, String... snippetIds) {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("id", id)
                .add("name", name)
                .add("visibility", "team")
                .add("snippets", Json.createArrayBuilder(List.of(snippetIds)));
        if (parentId != null) {
            json.add("parentId", parentId);
        }
        return json.build().toString();
    }

    @Test
    void collectionsStarsAndPinsAreReadParentsFirstNamingTheArchivesSnippets() throws IOException {
        Map<String, String> entries = entries(
                ArchiveFormat.MANIFEST,
                manifestWithCollections(
                        List.of("a.json", "b.json"), List.of("c/inner.json", "c/outer.json"), List.of("s2", "s1")),
                "a.json",
                identified("s1", true),
                "b.json",
                identified("s2", false),
                "c/inner.json",
                collection("inner", "outer", "Kubernetes", "s2", "s1"),
                "c/outer.json",
                collection("outer", null, "Infra"));
        try (ZipFile archive = new ZipFile(zip(entries).toFile())) {
            ArchivePlan plan = ArchiveReader.read(archive, LIMITS);

            assertEquals(
                    List.of(true, false),
                    plan.snippets().stream().map(ArchivedSnippet::starred).toList());
            assertEquals(
                    List.of("outer", "inner"),
                    plan.collections().stream()
                            .map(ArchivedCollection::sourceId)
                            .toList());
            assertEquals(List.of("s2", "s1"), plan.collections().get(1).snippetSourceIds());
            assertEquals("team", plan.collections().get(1).input().visibility());
            assertEquals(List.of("s2", "s1"), plan.pinned());
        }
    }

    @Test
    void aCollectionOrAPinNamingASnippetOutsideTheArchiveIsRefused() throws IOException {
        String strayEntry = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifestWithCollections(List.of("a.json"), List.of("c.json"), List.of()),
                "a.json",
                identified("s1", false),
                "c.json",
                collection("c", null, "Infra", "s1", "elsewhere")));
        String strayPin = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifestWithCollections(List.of("a.json"), List.of(), List.of("elsewhere")),
                "a.json",
                identified("s1", false)));
        String twice = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifestWithCollections(List.of("a.json"), List.of("c.json"), List.of()),
                "a.json",
                identified("s1", false),
                "c.json",
                collection("c", null, "Infra", "s1", "s1")));

        assertTrue(strayEntry.contains("c.json: snippets must name snippets of the archive"), strayEntry);
        assertTrue(strayPin.contains("pinned must name snippets of the archive"), strayPin);
        assertTrue(twice.contains("more than once"), twice);
    }

    @Test
    void theSameDocumentListedTwiceIsRefused() throws IOException {
        assertTrue(refusal(entries(ArchiveFormat.MANIFEST, manifest("a.json", "a.json"), "a.json", document("x")))
                .contains("a.json more than once"));
    }

    @Test
    void oneAttachmentEntryUnderTwoAttachmentsIsRefused() throws IOException {
        String message = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json", "b.json"),
                "a.json",
                document("x", attachment("files/1", 1)),
                "b.json",
                document("y", attachment("files/1", 1)),
                "files/1",
                "z"));
        assertTrue(message.contains("files/1 is listed more than once"), message);
    }

    @Test
    void aDocumentLargerThanAnyThisServiceWritesIsRefusedAsItIsRead() throws IOException {
        String message =
                refusal(entries(ArchiveFormat.MANIFEST, manifest("a.json"), "a.json", document("x".repeat(5000))));
        assertTrue(message.contains("a.json is larger than 4096 bytes"), message);
    }

    @Test
    void moreSnippetsOrAttachmentsThanTheLimitsAreRefused() throws IOException {
        assertTrue(refusal(entries(ArchiveFormat.MANIFEST, manifest("a", "b", "c", "d")))
                .contains("snippets has more than 3 entries"));
        String message = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                document("x", attachment("f1", 1), attachment("f2", 1), attachment("f3", 1)),
                "f1",
                "1",
                "f2",
                "2",
                "f3",
                "3"));
        assertTrue(message.contains("attachments has more than 2 entries"), message);
    }

    @Test
    void anArchiveThatExpandsPastTheLimitIsRefusedBeforeAnythingIsCopied() throws IOException {
        String message = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                document("x", attachment("f1", 200_000)),
                "f1",
                "tiny"));
        assertTrue(message.contains("expands to more than 100000 bytes"), message);
    }

    @Test
    void documentsHoldingMoreTextTogetherThanTheLimitAreRefused() throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(ArchiveFormat.MANIFEST, manifest("a", "b", "c"));
        for (String name : List.of("a", "b", "c")) {
            entries.put(name, document("x".repeat(3900)));
        }
        assertTrue(refusal(entries).contains("more than 10000 bytes together"));
    }

    private static String documentWith(String field, String json) {
        String plain = document("x");
        return plain.substring(0, plain.length() - 1) + ",\"" + field + "\":" + json + "}";
    }

    private static String repeated(String value, int times) {
        return "[" + String.join(",", java.util.Collections.nCopies(times, value)) + "]";
    }

    @Test
    void anArrayLongerThanItsFieldAllowsIsRefusedAsItIsReadNotAfter() throws IOException {
        String changed = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                documentWith("changedFields", repeated("\"title\"", 8))));
        String tags = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                document("x").replace("\"tags\":[]", "\"tags\":" + repeated("\"t\"", 33))));

        assertTrue(changed.contains("changedFields has more than 7 entries"), changed);
        assertTrue(tags.contains("tags has more than 32 entries"), tags);
    }

    @Test
    void fieldsTheFormatDoesNotHaveArePassedOverButNotNestedDeeperThanItNests() throws IOException {
        Map<String, String> unknown = entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                documentWith("extra", "{\"b\":[1,2,\"" + "y".repeat(100) + "\"]}"));
        try (ZipFile archive = new ZipFile(zip(unknown).toFile())) {
            assertEquals(
                    "x",
                    ArchiveReader.read(archive, LIMITS)
                            .snippets()
                            .get(0)
                            .input()
                            .code());
        }

        String deep = refusal(entries(
                ArchiveFormat.MANIFEST,
                manifest("a.json"),
                "a.json",
                documentWith("extra", "[".repeat(50) + "]".repeat(50))));

        assertTrue(deep.contains("nest deeper than 3 levels"), deep);
    }

    @Test
    void aFieldGivenTwiceOrANumberNoLongHoldsIsRefused() throws IOException {
        String twice = refusal(
                entries(ArchiveFormat.MANIFEST, manifest("a.json"), "a.json", documentWith("code", "\"again\"")));
        String huge = refusal(
                entries(ArchiveFormat.MANIFEST, manifest("a.json"), "a.json", documentWith("version", "1e999999")));
        String fraction =
                refusal(entries(ArchiveFormat.MANIFEST, manifest("a.json"), "a.json", documentWith("version", "1.5")));

        assertTrue(twice.contains("code is given more than once"), twice);
        assertTrue(huge.contains("version must be a whole number"), huge);
        assertTrue(fraction.contains("version must be a whole number"), fraction);
    }
}
