package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

public abstract class BackupsTests {

    private static final String SQLITE = "application/vnd.sqlite3";
    /** The suite's administrator password (integration-admin-password), hashed as Jakarta Security did. */
    private static final String INTEGRATION_ADMIN_PASSWORD_HASH =
            "PBKDF2WithHmacSHA512:210000:DItPDHErypbZeQin6hetPw==:fI2k+Kkkg4wntn9hKi2cvZoOnlr4Q5Y3ae8BAvryWJo=";

    /**
     * The copy a test's first restore kept of the database as it was (its {@code previousData}):
     * restored again after the test, so that the suite's shared database goes on as if the test
     * had restored nothing, whatever other tests wrote before it.
     */
    private String databaseBeforeTheTest;

    /** A restore's answer, its copy of the database before it noted for {@link #putTheSharedDatabaseBack}. */
    private Reply noted(Reply restored) {
        if (restored.status() == 200 && databaseBeforeTheTest == null) {
            databaseBeforeTheTest =
                    restored.data().getJsonObject("previousData").getString("name");
        }
        return restored;
    }

    @AfterEach
    void putTheSharedDatabaseBack() {
        if (databaseBeforeTheTest != null) {
            Reply putBack = administrator()
                    .post(
                            "/api/v1/storage/backups/" + databaseBeforeTheTest + "/restore",
                            Json.createObjectBuilder().build());
            assertEquals(200, putBack.status(), putBack::toString);
            assertEquals(databaseBeforeTheTest, putBack.data().getString("restoredFrom"));
        }
    }

    @Test
    void aBackupTakenWhileWritesGoOnRestoresEverySnippetAndAttachmentByteIdentical() throws Exception {
        ApiClient admin = administrator();
        ApiClient owner = TestUsers.withToken(TestUsers.create());
        Map<String, String> codeById = new LinkedHashMap<>();
        Map<String, byte[]> bytesByDownloadUrl = new LinkedHashMap<>();
        Random random = new Random(42);
        for (int i = 0; i < 12; i++) {
            String code = "print(" + i + ") # ünïcode " + "x".repeat(i * 100);
            String id = SnippetsApi.create(owner, SnippetsApi.snippet("kept " + i, "python", code, "backup"))
                    .getString("id");
            codeById.put(id, code);
            if (i % 4 == 0) {
                byte[] content = new byte[300_000 + i * 100_000];
                random.nextBytes(content);
                Reply uploaded = new Multipart()
                        .file("file", "data-" + i + ".bin", "application/octet-stream", content)
                        .postTo(owner, "/api/v1/snippets/" + id + "/attachments");
                assertEquals(201, uploaded.status(), uploaded::toString);
                bytesByDownloadUrl.put(uploaded.data().getString("downloadUrl"), content);
            }
        }
        ApiClient writer = TestUsers.withToken(TestUsers.create());
        List<String> acknowledged = new CopyOnWriteArrayList<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread concurrentWrites = new Thread(() -> {
            int n = 0;
            while (writing.get()) {
                Reply created = writer.post(
                        "/api/v1/snippets",
                        SnippetsApi.snippet("during backup " + n++, "text", "w").build());
                if (created.status() == 201) {
                    acknowledged.add(created.data().getString("id"));
                }
            }
        });
        concurrentWrites.start();
        awaitAcknowledged(acknowledged, 5, "writes go on before the backup");

        List<String> acknowledgedBeforeTheBackup = List.copyOf(acknowledged);
        Reply backup =
                admin.post("/api/v1/storage/backups", Json.createObjectBuilder().build());
        awaitAcknowledged(acknowledged, acknowledged.size() + 3, "and after it: the backup left the writer free");
        writing.set(false);
        concurrentWrites.join();

        assertEquals(201, backup.status(), backup::toString);
        assertTrue(backup.data().getString("name").matches("snippets-\\d{8}T\\d{6}\\.\\d{3}Z\\.db"), backup::toString);
        Reply download = admin.get(backup.data().getString("downloadUrl"));
        assertEquals(200, download.status(), download::toString);
        assertEquals(SQLITE, download.header("Content-Type").replaceAll(";.*", ""));
        assertEquals(backup.data().getJsonNumber("sizeBytes").longValue(), download.body().length);

        String firstId = codeById.keySet().iterator().next();
        assertEquals(200, owner.delete("/api/v1/snippets/" + firstId).status());
        String afterTheBackup = SnippetsApi.create(owner, SnippetsApi.snippet("after the backup", "text", "gone"))
                .getString("id");

        Set<String> earlierRestores = auditIds(admin, "backup.restored");
        Reply restored = noted(admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, download.body(), Map.of()));

        assertEquals(200, restored.status(), restored::toString);
        assertTrue(
                restored.data().getJsonObject("previousData").getString("name").startsWith("before-restore-"),
                restored::toString);
        for (Map.Entry<String, String> snippet : codeById.entrySet()) {
            Reply read = owner.get("/api/v1/snippets/" + snippet.getKey());
            assertEquals(200, read.status(), read::toString);
            assertEquals(snippet.getValue(), read.data().getString("code"));
        }
        for (Map.Entry<String, byte[]> attachment : bytesByDownloadUrl.entrySet()) {
            Reply bytes = owner.get(attachment.getKey());
            assertEquals(200, bytes.status(), bytes::toString);
            assertArrayEquals(attachment.getValue(), bytes.body(), "byte-identical after the restore");
        }
        // one writer wrote one after another: a consistent copy holds a prefix of its writes, every
        // one acknowledged before the backup was asked for among them, and no later one without an earlier
        List<Integer> kept = acknowledged.stream()
                .map(id -> writer.get("/api/v1/snippets/" + id).status())
                .toList();
        int prefix = kept.indexOf(404) < 0 ? kept.size() : kept.indexOf(404);
        assertEquals(
                Collections.nCopies(kept.size() - prefix, 404),
                kept.subList(prefix, kept.size()),
                "no write after a missing one: " + kept);
        assertTrue(
                prefix >= acknowledgedBeforeTheBackup.size(),
                "acknowledged before the backup: all " + acknowledgedBeforeTheBackup.size() + " kept, " + kept);
        assertEquals(
                404,
                owner.get("/api/v1/snippets/" + afterTheBackup).status(),
                "written after the backup, so not in it");
        assertEquals(
                new java.util.HashSet<>(codeById.keySet()),
                new java.util.HashSet<>(SnippetsApi.ids(SnippetsApi.walk(
                        owner, "/api/v1/snippets?fields=summary&query=" + SnippetsApi.encode("ünïcode")))),
                "search answers from the restored database: the snippet deleted after the backup is back");
        assertEquals(
                List.of(),
                SnippetsApi.ids(
                        SnippetsApi.walk(owner, "/api/v1/snippets?query=" + SnippetsApi.encode("after the backup"))),
                "and the one written after it is not found");
        Set<String> restores = auditIds(admin, "backup.restored");
        restores.removeAll(earlierRestores);
        assertEquals(1, restores.size(), "this restore is in the audit trail");
    }

    private static void awaitAcknowledged(List<String> acknowledged, int count, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (acknowledged.size() < count) {
            assertTrue(
                    System.nanoTime() < deadline,
                    what + ": only " + acknowledged.size() + " of " + count + " writes in a minute");
            Thread.sleep(5);
        }
    }

    private static Set<String> auditIds(ApiClient admin, String action) {
        Reply records = admin.get("/api/v1/audit?action=" + action);
        assertEquals(200, records.status(), records::toString);
        return records.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(record -> record.getString("id"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    void
            aFileThatIsNotADatabaseFailsTheIntegrityCheckComesFromANewerBuildOrAnotherBuildsMigrationsIsRefusedAndNothingChanges(
                    @org.junit.jupiter.api.io.TempDir Path temp) throws IOException, SQLException {
        ApiClient admin = administrator();
        ApiClient owner = TestUsers.withToken(TestUsers.create());
        byte[] backup = admin.get(admin.post(
                                "/api/v1/storage/backups",
                                Json.createObjectBuilder().build())
                        .data()
                        .getString("downloadUrl"))
                .body();
        String marker = SnippetsApi.create(owner, SnippetsApi.snippet("made after the backup", "text", "stays"))
                .getString("id");

        byte[] damaged = backup.clone();
        int pageSize = ((damaged[16] & 0xff) << 8 | (damaged[17] & 0xff)) == 1
                ? 65536
                : ((damaged[16] & 0xff) << 8 | (damaged[17] & 0xff));
        Arrays.fill(damaged, pageSize, Math.min(damaged.length, pageSize * 6), (byte) 0x5a);
        Path newer = temp.resolve("newer.db");
        Files.write(newer, backup);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + newer)) {
            connection
                    .createStatement()
                    .executeUpdate(
                            "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, "
                                    + "installed_by, execution_time, success) VALUES (9999, '9999', 'from the future', 'SQL', 'V9999__future.sql', 'test', 0, 1)");
        }

        // A build whose migrations differ (a fork, an edited script): Flyway refuses such a history
        // at every later start, so a restore that took it would keep the service from starting again.
        Path otherHistory = temp.resolve("other-history.db");
        Files.write(otherHistory, backup);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + otherHistory)) {
            assertEquals(
                    1,
                    connection
                            .createStatement()
                            .executeUpdate(
                                    "UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '3'"));
        }

        Reply notADatabase = admin.sendBytes(
                "POST", "/api/v1/storage/restore", SQLITE, "just text".getBytes(StandardCharsets.UTF_8), Map.of());
        Reply failsTheCheck = admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, damaged, Map.of());
        Reply fromTheFuture =
                admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, Files.readAllBytes(newer), Map.of());

        Reply ofAnotherBuild =
                admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, Files.readAllBytes(otherHistory), Map.of());

        for (Reply refused : List.of(notADatabase, failsTheCheck, fromTheFuture, ofAnotherBuild)) {
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("invalid_backup", refused.errorCode());
        }
        assertTrue(
                ofAnotherBuild
                        .json()
                        .getJsonObject("error")
                        .getString("message")
                        .contains("migration 3"),
                ofAnotherBuild::toString);
        assertTrue(
                failsTheCheck.json().getJsonObject("error").getString("message").contains("integrity check"),
                failsTheCheck::toString);
        assertTrue(
                fromTheFuture.json().getJsonObject("error").getString("message").contains("newer build"),
                fromTheFuture::toString);
        assertEquals(200, owner.get("/api/v1/snippets/" + marker).status(), "nothing was restored");
    }

    /**
     * A backup of a build from before revisions, groups, single sign-on and collections (schema
     * version 14): checked against a scratch database of that version, restored, and migrated to
     * this build's schema before anyone reads it.
     */
    @Test
    void aBackupOfAnOlderSchemaIsMigratedAsItIsRestored(@org.junit.jupiter.api.io.TempDir Path temp)
            throws IOException, SQLException {
        ApiClient admin = administrator();
        String adminId = admin.get("/api/v1/auth/whoami").data().getString("userId");
        Path older = temp.resolve("older.db");
        org.sqlite.SQLiteDataSource file = new org.sqlite.SQLiteDataSource();
        file.setUrl("jdbc:sqlite:" + older);
        org.flywaydb.core.Flyway.configure()
                .dataSource(file)
                .locations("classpath:db/migration")
                .target("14")
                .load()
                .migrate();
        String snippetId = "01a25200-0000-7000-8000-00000000000e";
        try (Connection connection = file.getConnection();
                java.sql.Statement statement = connection.createStatement()) {
            // the same administrator (its id, the suite's password), so that the restorer stays signed in
            statement.execute("INSERT INTO users (id, username, password_hash, role, created_at) VALUES ('" + adminId
                    + "', 'admin', '" + INTEGRATION_ADMIN_PASSWORD_HASH + "', 'admin', 1)");
            statement.execute(
                    "INSERT INTO snippets (id, owner_id, title, title_sort, notes, language, code, created_at, updated_at, version)"
                            + " VALUES ('" + snippetId + "', '" + adminId
                            + "', 'From an older build', 'from an older build',"
                            + " NULL, 'sh', 'echo kept', 1, 1, 1)");
        }

        Reply restored =
                noted(admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, Files.readAllBytes(older), Map.of()));

        assertEquals(200, restored.status(), restored::toString);
        assertEquals("14", restored.data().getString("schemaVersion"), "the version it came with");
        JsonObject snippet = admin.get("/api/v1/snippets/" + snippetId).data();
        assertEquals(
                List.of("From an older build", "echo kept", "private"),
                List.of(snippet.getString("title"), snippet.getString("code"), snippet.getString("visibility")));
        assertEquals(
                200,
                admin.get("/api/v1/snippets/" + snippetId + "/revisions").status(),
                "revisions (version 15) are there");
        assertEquals(
                201,
                admin.post(
                                "/api/v1/collections",
                                Json.createObjectBuilder().add("name", "after").build())
                        .status(),
                "collections (version 19) are there");
        assertEquals(
                List.of(snippetId),
                admin.get("/api/v1/snippets?query=older").json().getJsonArray("data").stream()
                        .map(found -> found.asJsonObject().getString("id"))
                        .toList(),
                "and the search index was built from it");
    }

    @Test
    void aBackupWithATriggerOrViewOfAnyoneElsesMakingIsRefusedAndNothingChanges(
            @org.junit.jupiter.api.io.TempDir Path temp) throws IOException, SQLException {
        ApiClient admin = administrator();
        ApiClient owner = TestUsers.withToken(TestUsers.create());
        byte[] backup = admin.get(admin.post(
                                "/api/v1/storage/backups",
                                Json.createObjectBuilder().build())
                        .data()
                        .getString("downloadUrl"))
                .body();
        String marker = SnippetsApi.create(owner, SnippetsApi.snippet("made after the backup", "text", "stays"))
                .getString("id");
        Path withTrigger = temp.resolve("trigger.db");
        Files.write(withTrigger, backup);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + withTrigger)) {
            connection
                    .createStatement()
                    .executeUpdate("CREATE TRIGGER keep_a_copy AFTER INSERT ON api_tokens BEGIN "
                            + "UPDATE users SET role = 'admin' WHERE id = NEW.user_id; END");
        }
        Path withView = temp.resolve("view.db");
        Files.write(withView, backup);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + withView)) {
            connection.createStatement().executeUpdate("CREATE VIEW everyone AS SELECT * FROM users");
        }

        Reply trigger =
                admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, Files.readAllBytes(withTrigger), Map.of());
        Reply view = admin.sendBytes("POST", "/api/v1/storage/restore", SQLITE, Files.readAllBytes(withView), Map.of());

        for (Reply refused : List.of(trigger, view)) {
            assertEquals(400, refused.status(), refused::toString);
            assertEquals("invalid_backup", refused.errorCode());
        }
        assertTrue(
                trigger.json().getJsonObject("error").getString("message").contains("trigger 'keep_a_copy'"),
                trigger::toString);
        assertTrue(view.json().getJsonObject("error").getString("message").contains("view 'everyone'"), view::toString);
        assertEquals(200, owner.get("/api/v1/snippets/" + marker).status(), "nothing was restored");
    }

    @Test
    void tokensAndSessionsRevokedOrMadeAfterABackupDoNotWorkOnceItIsRestored() {
        ApiClient admin = administrator();
        TestUsers.TestUser owner = TestUsers.create();
        ApiClient laptop = TestUsers.signedIn(owner);
        ApiClient phone = TestUsers.signedIn(owner);
        Reply kept = laptop.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "kept").build());
        Reply revoked = laptop.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "revoked").build());
        ApiClient keptToken = new ApiClient().withBearer(kept.data().getString("token"));
        ApiClient revokedToken = new ApiClient().withBearer(revoked.data().getString("token"));
        String phoneSession =
                phone.get("/api/v1/auth/sessions").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .filter(session -> session.getBoolean("current"))
                        .findFirst()
                        .orElseThrow()
                        .getString("id");
        String name = admin.post(
                        "/api/v1/storage/backups", Json.createObjectBuilder().build())
                .data()
                .getString("name");
        assertEquals(
                200,
                laptop.delete("/api/v1/auth/tokens/" + revoked.data().getString("id"))
                        .status());
        assertEquals(200, laptop.delete("/api/v1/auth/sessions/" + phoneSession).status());
        assertEquals(401, revokedToken.get("/api/v1/auth/whoami").status());
        ApiClient tablet = TestUsers.signedIn(owner);
        ApiClient lateToken = new ApiClient().withBearer(TestUsers.newToken(laptop, "made after the backup"));
        assertEquals(200, lateToken.get("/api/v1/auth/whoami").status());

        Reply restored = noted(admin.post(
                "/api/v1/storage/backups/" + name + "/restore",
                Json.createObjectBuilder().build()));

        assertEquals(200, restored.status(), restored::toString);
        assertEquals(
                401,
                revokedToken.get("/api/v1/auth/whoami").status(),
                "a token revoked after the backup stays revoked");
        assertEquals(
                401,
                phone.get("/api/v1/auth/whoami").status(),
                "a session signed out after the backup stays signed out");
        assertEquals(
                200,
                keptToken.get("/api/v1/auth/whoami").status(),
                "a token live before and after the backup still works");
        assertEquals(200, laptop.get("/api/v1/auth/whoami").status(), "and so does a session");
        assertEquals(401, lateToken.get("/api/v1/auth/whoami").status(), "a token made after the backup is not in it");
        assertEquals(401, tablet.get("/api/v1/auth/whoami").status(), "nor a session signed in after it");
        assertEquals(200, admin.delete("/api/v1/storage/backups/" + name).status());
    }

    @Test
    void theAdministratorWhoRestoresStaysSignedInWhileTheirOtherNewerSessionsAndNewAdministratorsAreSignedOut() {
        String name = administrator()
                .post("/api/v1/storage/backups", Json.createObjectBuilder().build())
                .data()
                .getString("name");
        ApiClient restorer = administrator(); // signed in after the backup was taken
        ApiClient otherTab = administrator();
        TestUsers.TestUser newcomer = TestUsers.create("admin");
        ApiClient newAdministrator = TestUsers.signedIn(newcomer);

        Reply restored = noted(restorer.post(
                "/api/v1/storage/backups/" + name + "/restore",
                Json.createObjectBuilder().build()));

        assertEquals(200, restored.status(), restored::toString);
        assertEquals(200, restorer.get("/api/v1/auth/whoami").status(), "the restorer stays signed in");
        assertEquals(200, restorer.get("/api/v1/storage/backups").status(), "and may go on");
        assertEquals(401, otherTab.get("/api/v1/auth/whoami").status(), "their other session is newer than the backup");

        Reply again = newAdministrator.post(
                "/api/v1/storage/backups/" + name + "/restore",
                Json.createObjectBuilder().build());
        assertEquals(401, again.status(), "an administrator made after the backup was signed out by the first restore");
        TestUsers.TestUser laterAdmin = TestUsers.create("admin");
        ApiClient notInTheBackup = TestUsers.signedIn(laterAdmin);
        assertEquals(
                200,
                notInTheBackup
                        .post(
                                "/api/v1/storage/backups/" + name + "/restore",
                                Json.createObjectBuilder().build())
                        .status());
        assertEquals(
                401,
                notInTheBackup.get("/api/v1/auth/whoami").status(),
                "a restorer the backup does not know is signed out with the others");
        assertEquals(
                200, administrator().delete("/api/v1/storage/backups/" + name).status());
    }

    @Test
    void backupsAreListedReadDeletedAndRestoredByNameByAdministratorsOnly() {
        ApiClient admin = administrator();
        ApiClient user = TestUsers.withToken(TestUsers.create());
        String kept = SnippetsApi.create(user, SnippetsApi.snippet("in the backup", "text", "k"))
                .getString("id");
        JsonObject backup = admin.post(
                        "/api/v1/storage/backups", Json.createObjectBuilder().build())
                .data();
        String name = backup.getString("name");
        assertEquals(200, user.delete("/api/v1/snippets/" + kept).status());

        List<String> listed =
                admin.get("/api/v1/storage/backups").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .map(b -> b.getString("name"))
                        .toList();
        Reply restored = noted(admin.post(
                "/api/v1/storage/backups/" + name + "/restore",
                Json.createObjectBuilder().build()));

        assertTrue(listed.contains(name), listed::toString);
        assertEquals(backup, admin.get("/api/v1/storage/backups/" + name).data());
        assertEquals(200, restored.status(), restored::toString);
        assertEquals(name, restored.data().getString("restoredFrom"));
        assertEquals(200, user.get("/api/v1/snippets/" + kept).status(), "the deleted snippet is back");
        assertEquals(
                403,
                user.post("/api/v1/storage/backups", Json.createObjectBuilder().build())
                        .status());
        assertEquals(
                403,
                user.sendBytes("POST", "/api/v1/storage/restore", SQLITE, new byte[] {1}, Map.of())
                        .status());
        ApiClient adminToken = new ApiClient().withBearer(TestUsers.newToken(TestUsers.admin(), "backups"));
        assertEquals(200, adminToken.get("/api/v1/storage/backups").status(), "a token reads backups");
        Reply restoreByToken = adminToken.post(
                "/api/v1/storage/backups/" + name + "/restore",
                Json.createObjectBuilder().build());
        Reply uploadByToken = adminToken.sendBytes("POST", "/api/v1/storage/restore", SQLITE, new byte[] {1}, Map.of());
        assertEquals(403, restoreByToken.status(), restoreByToken::toString);
        assertEquals(
                "session_required",
                restoreByToken.errorCode(),
                "a leaked administrator's token cannot replace the database");
        assertEquals("session_required", uploadByToken.errorCode(), uploadByToken::toString);
        Reply traversal = admin.get("/api/v1/storage/backups/..%2Fsnippets.db/download");
        assertTrue(
                traversal.status() == 404 || traversal.status() == 400,
                "refused (Liberty refuses an encoded slash itself): " + traversal);
        assertEquals(404, admin.get("/api/v1/storage/backups/no-such-backup.db").status());
        assertEquals(200, admin.delete("/api/v1/storage/backups/" + name).status());
        assertEquals(404, admin.get("/api/v1/storage/backups/" + name).status());
    }

    /** Signed in with a browser session: a restore takes one (a token may take and read backups, not restore them). */
    private static ApiClient administrator() {
        return TestUsers.admin();
    }
}
