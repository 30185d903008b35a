package io.snippetstore.attachments;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.snippetstore.platform.Secrets;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.RawHttp;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

public abstract class AttachmentsTests {

    static final long MAX_UPLOAD_BYTES = Long.getLong("snippets.maxUploadBytes");

    private final String token = TestUsers.newToken(TestUsers.signedIn(TestUsers.create()), "attachments");
    private final ApiClient owner = new ApiClient().withBearer(token);
    private final String snippetId =
            create(owner, snippet("with files", "java", "class A {}")).getString("id");

    static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(Secrets.sha256(bytes));
    }

    private String attachmentsPath() {
        return "/api/v1/snippets/" + snippetId + "/attachments";
    }

    private JsonObject upload(String filename, byte[] content) {
        Reply reply = new Multipart().file("file", filename, null, content).postTo(owner, attachmentsPath());
        assertEquals(201, reply.status(), reply::toString);
        return reply.data();
    }

    private List<JsonObject> list() {
        Reply reply = owner.get(attachmentsPath());
        assertEquals(200, reply.status(), reply::toString);
        return reply.json().getJsonArray("data").getValuesAs(JsonObject.class);
    }

    private Reply download(JsonObject attachment, Map<String, String> headers) {
        return owner.sendBytes("GET", attachment.getString("downloadUrl"), null, null, headers);
    }

    @Test
    void anUploadAnswers201WithLocationAndItsMetadata() {
        byte[] content = "hello, attachments\n".getBytes(StandardCharsets.UTF_8);

        Reply reply = new Multipart()
                .file("file", "hello.txt", "text/plain", content)
                .text("mimeType", "text/x-greeting")
                .postTo(owner, attachmentsPath());

        assertEquals(201, reply.status(), reply::toString);
        JsonObject attachment = reply.data();
        String id = attachment.getString("id");
        assertEquals(snippetId, attachment.getString("snippetId"));
        assertEquals("hello.txt", attachment.getString("filename"));
        assertEquals(
                "text/x-greeting",
                attachment.getString("mimeType"),
                "the mimeType part wins over the file part's type");
        assertEquals(content.length, attachment.getJsonNumber("size").longValue());
        assertEquals(sha256(content), attachment.getString("sha256"));
        assertEquals("/api/v1/attachments/" + id + "/download", attachment.getString("downloadUrl"));
        assertTrue(
                attachment.getString("createdAt").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
                attachment::toString);
        assertTrue(reply.header("Location").endsWith("/api/v1/attachments/" + id), reply.header("Location"));
        assertEquals(
                attachment, owner.get("/api/v1/attachments/" + id).data(), "the detail is the blob download metadata");
    }

    @Test
    void aThirtyMebibyteUploadRoundTripsByteExact() {
        byte[] content = randomBytes(30 * 1024 * 1024 + 17, 30);

        JsonObject attachment = upload("big.bin", content);
        Reply download = download(attachment, Map.of());

        assertEquals(200, download.status());
        assertEquals(content.length, attachment.getJsonNumber("size").longValue());
        assertEquals(sha256(content), attachment.getString("sha256"));
        assertEquals(String.valueOf(content.length), download.header("Content-Length"));
        assertArrayEquals(content, download.body());
        assertEquals(
                31,
                Database.number(
                        "SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id = ?", attachment.getString("id")),
                "stored in chunks of 1 MiB");
    }

    @Test
    void aLargeUploadIsWrittenInStepsThatOtherWritesPassAndIsNeverSeenUnfinished() {
        byte[] content = randomBytes(50 * 1024 * 1024, 50);
        CompletableFuture<Reply> uploading = CompletableFuture.supplyAsync(() ->
                new Multipart().file("file", "stepwise.bin", null, content).postTo(owner, attachmentsPath()));
        boolean seenUnfinished = false;
        int writesMeanwhile = 0;
        while (!uploading.isDone()) {
            long unfinished = Database.number(
                    "SELECT COUNT(*) FROM attachments WHERE snippet_id = ? AND uploading_since IS NOT NULL", snippetId);
            if (unfinished > 0) {
                seenUnfinished = true;
                create(owner, snippet("between two steps", "text", "written while the upload is copied"));
                writesMeanwhile++;
            }
            List<JsonObject> listed = list();
            assertTrue(
                    listed.isEmpty() || listed.get(0).getJsonNumber("size").longValue() == content.length,
                    () -> "half an upload: " + listed);
            int counted = owner.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount");
            assertTrue(counted == 0 || counted == 1, "attachmentCount " + counted);
        }
        Reply uploaded = uploading.join();

        assertEquals(201, uploaded.status(), uploaded::toString);
        assertTrue(seenUnfinished, "the upload was seen in the database before its last step");
        assertTrue(writesMeanwhile > 0);
        assertArrayEquals(content, download(uploaded.data(), Map.of()).body());
        assertEquals(1, owner.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));
        assertEquals(
                0,
                Database.number(
                        "SELECT COUNT(*) FROM attachments WHERE uploading_since IS NOT NULL AND snippet_id = ?",
                        snippetId));
    }

    @Test
    void anUploadIsWrittenIntoTheDatabaseWhileItsBodyStillArrivesAndALaterMimeTypePartStillDecides() {
        byte[] content = randomBytes(12 * 1024 * 1024 + 3, 12);
        Multipart multipart =
                new Multipart().file("file", "streamed.bin", null, content).text("mimeType", "application/x-streamed");
        byte[] body = multipart.bytes();
        Set<Path> stagedBefore = stagingFiles();

        try (RawHttp request = rawUpload(multipart, body)) {
            request.write(Arrays.copyOf(body, 10 * 1024 * 1024));
            awaitUnfinishedChunks(4);
            assertEquals(List.of(), list(), "nobody sees the attachment before its last step");

            request.write(Arrays.copyOfRange(body, 10 * 1024 * 1024, body.length));
            assertEquals(201, request.status());
        }

        JsonObject attachment = list().get(0);
        assertEquals(
                "application/x-streamed", attachment.getString("mimeType"), "the mimeType part after the file decides");
        assertEquals(content.length, attachment.getJsonNumber("size").longValue());
        assertEquals(sha256(content), attachment.getString("sha256"));
        assertArrayEquals(content, download(attachment, Map.of()).body());
        assertNoStagingFileLeftSince(stagedBefore);
    }

    @Test
    void aClientThatLeavesInTheMiddleOfAnUploadLeavesNothingBehind() {
        Multipart multipart = new Multipart().file("file", "abandoned.bin", null, randomBytes(20 * 1024 * 1024, 20));
        byte[] body = multipart.bytes();
        Set<Path> stagedBefore = stagingFiles();

        try (RawHttp request = rawUpload(multipart, body)) {
            request.write(Arrays.copyOf(body, 10 * 1024 * 1024));
            awaitUnfinishedChunks(4);
        }

        awaitNoAttachmentRows();
        assertEquals(List.of(), list());
        assertEquals(0, owner.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));
        assertNoStagingFileLeftSince(stagedBefore);
    }

    @Test
    void aSnippetDeletedDuringItsUploadEndsTheUploadWith404AndNothingIsKept() {
        Multipart multipart = new Multipart().file("file", "orphan.bin", null, randomBytes(9 * 1024 * 1024 + 5, 9));
        byte[] body = multipart.bytes();
        // all but the file's last 5 bytes: whatever step fails after the delete, it is answered
        // once the whole body is read, so the client hears the 404 rather than a reset connection
        int cut = contentStart(body) + 9 * 1024 * 1024;
        Set<Path> stagedBefore = stagingFiles();

        try (RawHttp request = rawUpload(multipart, body)) {
            request.write(Arrays.copyOf(body, cut));
            awaitUnfinishedChunks(4);
            assertEquals(200, owner.delete("/api/v1/snippets/" + snippetId).status());

            request.write(Arrays.copyOfRange(body, cut, body.length));
            assertEquals(404, request.status());
        }

        assertEquals(0, Database.number("SELECT COUNT(*) FROM attachments WHERE snippet_id = ?", snippetId));
        assertNoStagingFileLeftSince(stagedBefore);
    }

    /** Where the first part's content begins in a multipart body: after its header lines and the blank line. */
    private static int contentStart(byte[] body) {
        String head = new String(body, 0, Math.min(body.length, 4096), StandardCharsets.ISO_8859_1);
        return head.indexOf("\r\n\r\n") + 4;
    }

    /** An upload whose body the test sends piece by piece. */
    private RawHttp rawUpload(Multipart multipart, byte[] body) {
        return new RawHttp(
                "POST",
                attachmentsPath(),
                Map.of(
                        "Authorization",
                        "Bearer " + token,
                        "Content-Type",
                        multipart.contentType(),
                        "Content-Length",
                        String.valueOf(body.length)));
    }

    /** Waits until the database holds at least {@code chunks} chunks of an unfinished attachment of the snippet. */
    private void awaitUnfinishedChunks(long chunks) {
        String unfinishedChunks =
                "SELECT COUNT(*) FROM attachment_chunks c JOIN attachments a ON a.id = c.attachment_id"
                        + " WHERE a.snippet_id = ? AND a.uploading_since IS NOT NULL";
        Eventually.holds(
                () -> Database.number(unfinishedChunks, snippetId) >= chunks,
                chunks + " chunks written while the body still arrives");
    }

    /** Waits until the snippet has no attachment, not even an unfinished one. */
    private void awaitNoAttachmentRows() {
        Eventually.holds(
                () -> Database.number("SELECT COUNT(*) FROM attachments WHERE snippet_id = ?", snippetId) == 0,
                "the abandoned upload removed");
    }

    @Test
    void anEmptyFileIsAnAttachmentOfNoBytes() {
        JsonObject attachment = upload("empty.txt", new byte[0]);

        Reply download = download(attachment, Map.of());

        assertEquals(0, attachment.getJsonNumber("size").longValue());
        assertEquals(sha256(new byte[0]), attachment.getString("sha256"));
        assertEquals(200, download.status());
        assertEquals(0, download.body().length);
    }

    @Test
    void theLimitAClientChecksBeforeSendingIsTheOneTheServiceKeeps() {
        long limit = owner.get("/api/v1/attachments/limits")
                .data()
                .getJsonNumber("maxUploadBytes")
                .longValue();

        assertEquals(MAX_UPLOAD_BYTES, limit);
        Reply over = new Multipart()
                .file("file", "over.bin", null, new byte[Math.toIntExact(limit + 1)])
                .postTo(owner, attachmentsPath());
        assertEquals(413, over.status(), over::toString);
    }

    @Test
    void oneByteOverTheLimitIs413AndNothingIsKept() {
        upload("kept.txt", "kept".getBytes(StandardCharsets.UTF_8));
        String chunksOfThisSnippet =
                "SELECT COUNT(*) FROM attachment_chunks c JOIN attachments a ON a.id = c.attachment_id WHERE a.snippet_id = ?";
        long chunksBefore = Database.number(chunksOfThisSnippet, snippetId);
        Set<Path> stagedBefore = stagingFiles();

        Reply reply = new Multipart()
                .file("file", "too-big.bin", null, new byte[Math.toIntExact(MAX_UPLOAD_BYTES + 1)])
                .postTo(owner, attachmentsPath());

        assertEquals(413, reply.status(), reply::toString);
        assertEquals("payload_too_large", reply.errorCode());
        assertEquals(
                List.of("kept.txt"),
                list().stream().map(a -> a.getString("filename")).toList());
        assertEquals(1, owner.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));
        assertEquals(
                chunksBefore,
                Database.number(chunksOfThisSnippet, snippetId),
                "no chunk of the refused upload is left");
        assertNoStagingFileLeftSince(stagedBefore);
    }

    @Test
    void aChunkedBodyOverTheLimitIs413AndLeavesNoStagingFile() {
        Multipart body =
                new Multipart().file("file", "chunked.bin", null, new byte[Math.toIntExact(MAX_UPLOAD_BYTES + 1)]);
        Set<Path> stagedBefore = stagingFiles();

        Reply reply = owner.sendStream("POST", attachmentsPath(), body.contentType(), body.bytes());

        assertEquals(413, reply.status(), reply::toString);
        assertEquals(0, list().size());
        assertNoStagingFileLeftSince(stagedBefore);
    }

    /** The staging folder is the whole service's: only files that appeared during the test's own request are its. */
    private static Set<Path> stagingFiles() {
        Path folder = Database.file().resolveSibling("staging");
        if (!Files.isDirectory(folder)) {
            return Set.of(); // made by the first upload since the service started
        }
        try (Stream<Path> staged = Files.list(folder)) {
            return staged.collect(java.util.stream.Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void assertNoStagingFileLeftSince(Set<Path> before) {
        Set<Path> left = new java.util.HashSet<>(stagingFiles());
        left.removeAll(before);
        assertEquals(Set.of(), left, "staging files are deleted before the answer");
    }

    @Test
    void anUploadExactlyAtTheLimitIsAccepted() {
        byte[] content = randomBytes(Math.toIntExact(MAX_UPLOAD_BYTES), 7);

        assertEquals(
                MAX_UPLOAD_BYTES,
                upload("at-limit.bin", content).getJsonNumber("size").longValue());
    }

    @Test
    void aBodyDeclaredFarOverTheLimitIsRefusedBeforeItIsSent() {
        try (RawHttp request = new RawHttp(
                "POST",
                attachmentsPath(),
                Map.of(
                        "Authorization",
                        "Bearer " + token,
                        "Content-Type",
                        "multipart/form-data; boundary=x",
                        "Content-Length",
                        String.valueOf(MAX_UPLOAD_BYTES + 1024 * 1024)))) {

            assertEquals(413, request.status(), "answered while the body is still to come");
        }
        assertEquals(0, list().size());
    }

    @Test
    void aSlowUploadDoesNotHoldUpOtherWrites() throws Exception {
        Multipart body =
                new Multipart().file("file", "slow.txt", null, "slowly, slowly".getBytes(StandardCharsets.UTF_8));
        byte[] bytes = body.bytes();
        try (RawHttp slow = new RawHttp(
                "POST",
                attachmentsPath(),
                Map.of(
                        "Authorization",
                        "Bearer " + token,
                        "Content-Type",
                        body.contentType(),
                        "Content-Length",
                        String.valueOf(bytes.length)))) {
            slow.write(Arrays.copyOf(bytes, bytes.length / 2));

            // were the writer held by the stalled upload, this write would wait for it and end in a 503
            JsonObject other =
                    create(owner, snippet("written meanwhile", "text", "while an upload waits for its client"));
            assertEquals("written meanwhile", other.getString("title"));

            slow.write(Arrays.copyOfRange(bytes, bytes.length / 2, bytes.length));
            assertEquals(201, slow.status());
        }
        assertEquals(
                List.of("slow.txt"),
                list().stream().map(a -> a.getString("filename")).toList());
    }

    /**
     * Clients that stop reading leave their downloads blocked in a write, as a slow client does for
     * as long as it takes. More of them than WildFly's default workers (16 a core) must not keep
     * a JSON request from being answered: the bytes are written by threads of the service's own.
     */
    @Test
    void downloadsThatTheirClientsStopReadingHoldNoneOfTheWorkersThatJsonRequestsNeed() {
        // larger than what the loopback's socket buffers take in, so that each download blocks
        JsonObject attachment = upload("large.bin", randomBytes(32 * 1024 * 1024, 7));
        int stalled = 16 * Runtime.getRuntime().availableProcessors() + 8;
        List<RawHttp> downloads = new ArrayList<>();
        try {
            for (int i = 0; i < stalled; i++) {
                downloads.add(new RawHttp(
                        "GET", attachment.getString("downloadUrl"), Map.of("Authorization", "Bearer " + token)));
            }
            for (RawHttp download : downloads) {
                assertEquals(200, download.status(), "every download under way at once");
            }

            // a request stuck behind them fails at the client's own timeout: no time is asserted here
            Reply read = owner.get("/api/v1/snippets/" + snippetId);

            assertEquals(200, read.status(), read::toString);
            assertEquals("with files", read.data().getString("title"));
        } finally {
            downloads.forEach(RawHttp::close);
        }
    }

    /** As with downloads: clients that stop sending their uploads half-way hold no worker a JSON request needs. */
    @Test
    void uploadsThatTheirClientsStopSendingHoldNoneOfTheWorkersThatJsonRequestsNeed() {
        Multipart body = new Multipart().file("file", "stalled.bin", null, randomBytes(1024 * 1024, 8));
        byte[] bytes = body.bytes();
        int stalled = 16 * Runtime.getRuntime().availableProcessors() + 8;
        Set<Path> stagedBefore = stagingFiles();
        List<RawHttp> uploads = new ArrayList<>();
        try {
            for (int i = 0; i < stalled; i++) {
                uploads.add(new RawHttp(
                                "POST",
                                attachmentsPath(),
                                Map.of(
                                        "Authorization",
                                        "Bearer " + token,
                                        "Content-Type",
                                        body.contentType(),
                                        "Content-Length",
                                        String.valueOf(bytes.length)))
                        .write(Arrays.copyOf(bytes, bytes.length / 2)));
            }
            Eventually.holds(
                    () -> stagingFiles().stream()
                                    .filter(file -> !stagedBefore.contains(file))
                                    .count()
                            >= stalled,
                    "every upload under way at once");

            Reply read = owner.get("/api/v1/snippets/" + snippetId);

            assertEquals(200, read.status(), read::toString);
            assertEquals("with files", read.data().getString("title"));
            assertTrue(
                    stagingFiles().stream()
                                    .filter(file -> !stagedBefore.contains(file))
                                    .count()
                            >= stalled,
                    "answered while every upload was still held");
        } finally {
            uploads.forEach(RawHttp::close);
        }
        Eventually.holds(
                () -> stagingFiles().stream().noneMatch(file -> !stagedBefore.contains(file)),
                "the abandoned uploads' staging files removed");
        assertEquals(List.of(), list(), "nothing of the abandoned uploads is kept");
    }

    @Test
    void aPathInTheFilenameIsStrippedAndUnicodeNamesAreKept() {
        assertEquals("passwd", upload("../../etc/passwd", new byte[] {1}).getString("filename"));
        assertEquals("日本語 メモ 🚀.md", upload("日本語 メモ 🚀.md", new byte[] {2}).getString("filename"));
        assertEquals("attachment", upload("", new byte[] {3}).getString("filename"));
    }

    @Test
    void theDownloadOfAUnicodeNameHasAnAsciiFallbackAndAnEncodedName() {
        JsonObject attachment = upload("résumé \"final\".txt", "x".getBytes(StandardCharsets.UTF_8));

        String disposition = download(attachment, Map.of()).header("Content-Disposition");

        assertEquals(
                "attachment; filename=\"r_sum_ _final_.txt\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt",
                disposition);
    }

    @Test
    void withoutAMimeTypePartTheFilePartsTypeThenTheExtensionDecide() {
        Reply explicit = new Multipart()
                .file("file", "diagram.txt", "image/svg+xml", new byte[] {1})
                .postTo(owner, attachmentsPath());
        assertEquals("image/svg+xml", explicit.data().getString("mimeType"));

        assertEquals("text/plain", upload("notes.txt", new byte[] {1}).getString("mimeType"));
        assertEquals("image/png", upload("logo.png", new byte[] {1}).getString("mimeType"));
        assertEquals(
                "application/octet-stream", upload("data.zzqx", new byte[] {1}).getString("mimeType"));
        Reply blank = new Multipart()
                .file("file", "blank.txt", null, new byte[] {1})
                .text("mimeType", "  ")
                .postTo(owner, attachmentsPath());
        assertEquals("text/plain", blank.data().getString("mimeType"), "a blank mimeType part counts as absent");
    }

    @Test
    void theFirstFilePartCountsAndOtherPartsAreIgnored() {
        Reply reply = new Multipart()
                .text("comment", "ignored")
                .file("file", "first.txt", null, "first".getBytes(StandardCharsets.UTF_8))
                .file("file", "second.txt", null, "second".getBytes(StandardCharsets.UTF_8))
                .postTo(owner, attachmentsPath());

        assertEquals(201, reply.status(), reply::toString);
        assertEquals("first.txt", reply.data().getString("filename"));
        assertEquals(5, reply.data().getJsonNumber("size").longValue());
        assertEquals(1, list().size());
    }

    @Test
    void aMimeTypeThatIsNotAMediaTypeIs400AndNothingIsKept() {
        Reply reply = new Multipart()
                .file("file", "a.txt", null, new byte[] {1})
                .text("mimeType", "not a type")
                .postTo(owner, attachmentsPath());

        assertEquals(400, reply.status(), reply::toString);
        assertEquals("validation_failed", reply.errorCode());
        assertEquals(
                "mimeType",
                reply.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
        assertEquals(0, list().size());
    }

    @Test
    void aMimeTypeOverTwoHundredFiftyFiveCharactersIs400AndNothingIsKept() {
        String longest = "text/plain; p=" + "a".repeat(255 - "text/plain; p=".length());
        Reply tooLong = new Multipart()
                .file("file", "a.txt", null, new byte[] {1})
                .text("mimeType", longest + "a")
                .postTo(owner, attachmentsPath());

        assertEquals(400, tooLong.status(), tooLong::toString);
        assertEquals("validation_failed", tooLong.errorCode());
        assertEquals(0, list().size());
        Reply atTheLimit = new Multipart()
                .file("file", "a.txt", null, new byte[] {1})
                .text("mimeType", longest)
                .postTo(owner, attachmentsPath());
        assertEquals(201, atTheLimit.status(), atTheLimit::toString);
        assertEquals(longest, atTheLimit.data().getString("mimeType"));
    }

    @Test
    void aMissingFilePartIsABadRequest() {
        Reply reply = new Multipart().text("mimeType", "text/plain").postTo(owner, attachmentsPath());

        assertEquals(400, reply.status(), reply::toString);
        assertEquals("bad_request", reply.errorCode());
        assertEquals(
                "file",
                reply.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
    }

    @Test
    void aBodyThatIsNotMultipartIs415AndAMalformedOneIs400() {
        Reply json = owner.send("POST", attachmentsPath(), "application/json", "{}", Map.of());
        assertEquals(415, json.status(), json::toString);
        assertEquals("unsupported_media_type", json.errorCode());

        Reply malformed =
                owner.send("POST", attachmentsPath(), "multipart/form-data; boundary=abc", "no parts here", Map.of());
        assertEquals(400, malformed.status(), malformed::toString);
        assertEquals(false, malformed.json().getBoolean("ok"));
    }

    @Test
    void aMultipartBodySentWithoutAContentTypeIs415AndStoresNothing() {
        Multipart body =
                new Multipart().file("file", "untyped.txt", "text/plain", "no type".getBytes(StandardCharsets.UTF_8));

        Reply reply = owner.sendBytes("POST", attachmentsPath(), null, body.bytes(), Map.of());

        assertEquals(415, reply.status(), reply::toString);
        assertEquals("unsupported_media_type", reply.errorCode());
        assertEquals(0, list().size());
    }

    @Test
    void theDownloadCarriesTheStoredTypeAndSafeHeaders() {
        byte[] content = "<script>alert(1)</script>".getBytes(StandardCharsets.UTF_8);
        JsonObject attachment = upload("page.html", content);

        Reply download = download(attachment, Map.of());

        assertEquals(200, download.status());
        assertArrayEquals(content, download.body());
        assertEquals("text/html", download.header("Content-Type"));
        assertEquals("\"" + sha256(content) + "\"", download.header("ETag"));
        assertEquals("nosniff", download.header("X-Content-Type-Options"));
        assertEquals("sandbox", download.header("Content-Security-Policy"));
        assertEquals("bytes", download.header("Accept-Ranges"));
        assertTrue(download.header("Content-Disposition").startsWith("attachment; filename=\"page.html\""));
        assertEquals("no-store", download.header("Cache-Control"));
    }

    @Test
    void anIfMatchForOtherContentIs412() {
        JsonObject attachment = upload("guarded.txt", "guarded".getBytes(StandardCharsets.UTF_8));

        Reply reply = download(attachment, Map.of("If-Match", "\"something-else\""));

        assertEquals(412, reply.status(), reply::toString);
        assertEquals("precondition_failed", reply.errorCode());
    }

    @Test
    void severalRangesInOneHeaderGetTheWholeFile() {
        JsonObject attachment = upload("ranges.txt", "0123456789".getBytes(StandardCharsets.UTF_8));

        Reply reply = download(attachment, Map.of("Range", "bytes=0-1,4-5"));

        assertEquals(200, reply.status());
        assertEquals("0123456789", reply.text());
    }

    @Test
    void aMatchingIfNoneMatchIs304WithoutABody() {
        JsonObject attachment = upload("cached.txt", "cache me".getBytes(StandardCharsets.UTF_8));
        String etag = download(attachment, Map.of()).header("ETag");

        Reply notModified = download(attachment, Map.of("If-None-Match", etag));
        Reply changed = download(attachment, Map.of("If-None-Match", "\"something-else\""));

        assertEquals(304, notModified.status());
        assertEquals(0, notModified.body().length);
        assertEquals(etag, notModified.header("ETag"));
        assertEquals(200, changed.status());
    }

    @Test
    void entityTagsThatAreNotEntityTagsMatchNothingAndAreNoError() {
        byte[] content = "tags".getBytes(StandardCharsets.UTF_8);
        JsonObject attachment = upload("tags.txt", content);

        Reply noneMatch = download(attachment, Map.of("If-None-Match", "garbage"));
        Reply ifMatch = download(attachment, Map.of("If-Match", "garbage"));
        Reply weakNoneMatch = download(
                attachment,
                Map.of("If-None-Match", "W/" + download(attachment, Map.of()).header("ETag")));

        assertEquals(200, noneMatch.status(), noneMatch::toString);
        assertArrayEquals(content, noneMatch.body());
        assertEquals(412, ifMatch.status(), ifMatch::toString);
        assertEquals("precondition_failed", ifMatch.errorCode());
        assertEquals(304, weakNoneMatch.status(), "If-None-Match compares weakly");
    }

    @Test
    void aFilenameWithANulCharacterIsKeptWithoutIt() {
        Reply reply = new Multipart()
                .file("file", "a\u0000b.txt", "text/plain", new byte[] {1, 2})
                .postTo(owner, attachmentsPath());

        assertEquals(201, reply.status(), reply::toString);
        assertEquals("ab.txt", reply.data().getString("filename"));
    }

    @Test
    void aFilePartWithNeitherFilenameNorContentTypeIsStoredUnderTheDefaults() {
        Multipart body = new Multipart();
        Reply reply = owner.sendBytes(
                "POST",
                attachmentsPath(),
                body.contentType(),
                body.rawPart("Content-Disposition: form-data; name=\"file\"\r\n", new byte[] {7})
                        .bytes(),
                Map.of());

        assertEquals(201, reply.status(), reply::toString);
        assertEquals("attachment", reply.data().getString("filename"));
        assertEquals("application/octet-stream", reply.data().getString("mimeType"));
    }

    @Test
    void aRangeIsAnsweredWith206AndExactlyThoseBytes() {
        byte[] content = "0123456789".getBytes(StandardCharsets.UTF_8);
        JsonObject attachment = upload("digits.txt", content);

        Reply partial = download(attachment, Map.of("Range", "bytes=2-5"));
        Reply suffix = download(attachment, Map.of("Range", "bytes=-3"));

        assertEquals(206, partial.status(), partial::toString);
        assertEquals("2345", partial.text());
        assertEquals("bytes 2-5/10", partial.header("Content-Range"));
        assertEquals("4", partial.header("Content-Length"));
        assertEquals("789", suffix.text());
    }

    @Test
    void aRangeAcrossAChunkBoundaryIsExact() {
        byte[] content = randomBytes(3 * 1024 * 1024 + 5, 3);
        JsonObject attachment = upload("three-chunks.bin", content);
        int first = 1024 * 1024 - 10;
        int last = 2 * 1024 * 1024 + 10;

        Reply partial = download(attachment, Map.of("Range", "bytes=" + first + "-" + last));

        assertEquals(206, partial.status());
        assertArrayEquals(Arrays.copyOfRange(content, first, last + 1), partial.body());
        assertArrayEquals(
                Arrays.copyOfRange(content, content.length - 5, content.length),
                download(attachment, Map.of("Range", "bytes=" + (content.length - 5) + "-"))
                        .body());
    }

    @Test
    void aRangePastTheEndIs416WithTheSize() {
        JsonObject attachment = upload("short.txt", "abc".getBytes(StandardCharsets.UTF_8));

        Reply reply = download(attachment, Map.of("Range", "bytes=3-"));

        assertEquals(416, reply.status(), reply::toString);
        assertEquals("range_not_satisfiable", reply.errorCode());
        assertEquals("bytes */3", reply.header("Content-Range"));
    }

    @Test
    void anIfRangeForOtherContentGetsTheWholeFile() {
        JsonObject attachment = upload("if-range.txt", "abcdef".getBytes(StandardCharsets.UTF_8));

        Reply stale = download(attachment, Map.of("Range", "bytes=0-1", "If-Range", "\"old\""));
        Reply current = download(
                attachment, Map.of("Range", "bytes=0-1", "If-Range", "\"" + attachment.getString("sha256") + "\""));

        assertEquals(200, stale.status());
        assertEquals("abcdef", stale.text());
        assertEquals(206, current.status());
        assertEquals("ab", current.text());
    }

    @Test
    void theListIsOldestFirstWithMeta() {
        upload("first.txt", new byte[] {1});
        upload("second.txt", new byte[] {2});
        upload("third.txt", new byte[] {3});

        Reply reply = owner.get(attachmentsPath());

        assertEquals(
                List.of("first.txt", "second.txt", "third.txt"),
                reply.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .map(a -> a.getString("filename"))
                        .toList());
        assertEquals(3, reply.json().getJsonObject("meta").getInt("limit"));
        assertTrue(reply.json().getJsonObject("meta").isNull("nextCursor"));
    }

    @Test
    void attachmentCountFollowsUploadsAndDeletesWithoutChangingVersionOrUpdatedAt() {
        JsonObject before = owner.get("/api/v1/snippets/" + snippetId).data();
        JsonObject first = upload("a.txt", new byte[] {1});
        upload("b.txt", new byte[] {2});

        JsonObject withTwo = owner.get("/api/v1/snippets/" + snippetId).data();
        owner.delete("/api/v1/attachments/" + first.getString("id"));
        JsonObject withOne = owner.get("/api/v1/snippets/" + snippetId).data();

        assertEquals(2, withTwo.getInt("attachmentCount"));
        assertEquals(1, withOne.getInt("attachmentCount"));
        assertEquals(before.getInt("version"), withOne.getInt("version"));
        assertEquals(before.getString("updatedAt"), withOne.getString("updatedAt"));
    }

    @Test
    void deletingAnAttachmentRemovesItAndItsBytes() {
        JsonObject attachment = upload("gone.bin", randomBytes(2 * 1024 * 1024 + 1, 2));
        String id = attachment.getString("id");

        Reply deleted = owner.delete("/api/v1/attachments/" + id);

        assertEquals(200, deleted.status(), deleted::toString);
        assertEquals(id, deleted.data().getString("id"));
        assertTrue(deleted.data().getBoolean("deleted"));
        assertEquals(404, owner.get("/api/v1/attachments/" + id).status());
        assertEquals(404, download(attachment, Map.of()).status());
        assertEquals(404, owner.delete("/api/v1/attachments/" + id).status());
        assertEquals(0, Database.number("SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id = ?", id));
    }

    @Test
    void purgingTheSnippetFromTheTrashRemovesItsAttachmentsAndTheirBytes() {
        String first = upload("one.bin", randomBytes(1024 * 1024 + 1, 1)).getString("id");
        String second = upload("two.bin", new byte[] {2}).getString("id");
        assertEquals(
                3,
                Database.number("SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id IN (?, ?)", first, second));

        assertEquals(200, owner.delete("/api/v1/snippets/" + snippetId).status());
        assertEquals(404, owner.get("/api/v1/attachments/" + first).status());
        assertEquals(
                3,
                Database.number("SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id IN (?, ?)", first, second),
                "kept in the trash, restorable");
        assertEquals(200, owner.delete("/api/v1/trash/" + snippetId).status());

        assertEquals(0, Database.number("SELECT COUNT(*) FROM attachments WHERE snippet_id = ?", snippetId));
        assertEquals(
                0,
                Database.number("SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id IN (?, ?)", first, second));
        assertEquals(404, owner.get("/api/v1/attachments/" + first).status());
    }

    @Test
    void anotherUsersSnippetAndAttachmentAreNotFoundOnEveryRoute() {
        JsonObject attachment = upload("private.txt", "secret".getBytes(StandardCharsets.UTF_8));
        String id = attachment.getString("id");
        ApiClient stranger = TestUsers.withToken(TestUsers.create());

        assertEquals(404, stranger.get(attachmentsPath()).status());
        Reply foreignUpload =
                new Multipart().file("file", "x.txt", null, new byte[] {1}).postTo(stranger, attachmentsPath());
        assertEquals(404, foreignUpload.status(), foreignUpload::toString);
        assertEquals("not_found", foreignUpload.errorCode());
        assertEquals(404, stranger.get("/api/v1/attachments/" + id).status());
        assertEquals(
                404, stranger.get("/api/v1/attachments/" + id + "/download").status());
        assertEquals(404, stranger.delete("/api/v1/attachments/" + id).status());

        assertEquals(
                List.of(id),
                list().stream().map(a -> a.getString("id")).toList(),
                "the owner's attachment is untouched");
        assertEquals(200, download(attachment, Map.of()).status());
    }

    @Test
    void anUploadToAnotherUsersSnippetIsRefusedBeforeItsBodyIsSent() {
        String strangerToken = TestUsers.newToken(TestUsers.signedIn(TestUsers.create()), "stranger");
        try (RawHttp request = new RawHttp(
                "POST",
                attachmentsPath(),
                Map.of(
                        "Authorization", "Bearer " + strangerToken,
                        "Content-Type", "multipart/form-data; boundary=x",
                        "Content-Length", "1000000"))) {

            assertEquals(404, request.status(), "answered while the body is still to come");
        }
    }

    @Test
    void attachmentRoutesNeedAuthentication() {
        Reply reply =
                new Multipart().file("file", "x.txt", null, new byte[] {1}).postTo(new ApiClient(), attachmentsPath());

        assertEquals(401, reply.status());
        assertEquals("Bearer", reply.header("WWW-Authenticate"));
        assertEquals(
                401,
                new ApiClient().get("/api/v1/attachments/anything/download").status());
    }

    @Test
    void anUnknownSnippetOrAttachmentIs404() {
        assertEquals(
                404,
                new Multipart()
                        .file("file", "x.txt", null, new byte[] {1})
                        .postTo(owner, "/api/v1/snippets/nope/attachments")
                        .status());
        assertEquals(404, owner.get("/api/v1/snippets/nope/attachments").status());
        assertEquals(404, owner.get("/api/v1/attachments/nope").status());
    }
}
