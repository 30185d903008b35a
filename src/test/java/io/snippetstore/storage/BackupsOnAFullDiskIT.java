package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SmallDisk;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Restores on a data directory whose disk really fills up: a 40 MiB tmpfs mounted under
 * {@code target/} (root, as CI has), a Payara Micro of its own. Apart from FullDiskIT's disk, so
 * that neither class's tests find the other's leftovers: how full a small disk is decides what
 * each can stage.
 */
@Tag(TestTags.OWN_SERVER)
class BackupsOnAFullDiskIT {

    private static final long MIB = 1024 * 1024;
    private static final long FLOOR = 8 * MIB;

    private static SmallDisk disk;
    private static Path mount;
    private static OwnPayaraMicro server;

    @BeforeAll
    static void startOnASmallDisk() throws Exception {
        disk = SmallDisk.mount("full-disk-backups", "40m");
        mount = disk.path();
        Map<String, String> environment = new HashMap<>(
                Map.of("SNIPPETS_DATA_DIR", mount.toString(), "SNIPPETS_MIN_FREE_BYTES", String.valueOf(FLOOR)));
        server = OwnPayaraMicro.start("full-disk-backups", environment);
    }

    @AfterAll
    static void stopAndUnmount() throws Exception {
        if (server != null) {
            server.close();
        }
        if (disk != null) {
            disk.close();
        }
    }

    private static ApiClient signedIn() {
        return server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
    }

    private static ApiClient withNewToken() {
        return server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
    }

    private static JsonObject snippet(String title, int codeLength) {
        return Json.createObjectBuilder()
                .add("title", title)
                .add("language", "text")
                .add("code", "x".repeat(codeLength))
                .add("tags", Json.createArrayBuilder())
                .build();
    }

    private static void assertUnavailable(Reply reply) {
        assertEquals(503, reply.status(), reply::toString);
        assertEquals("unavailable", reply.errorCode());
    }

    @Test
    void aWriteSqliteFindsNoRoomForLeavesNoTransactionOpenAndABackupOnALowDiskIs503() throws Exception {
        ApiClient admin = withNewToken();
        List<String> before = backupsDirectory();
        // Free pages above the floor inside the database let the service's own check pass a write;
        // with the write-ahead log emptied, SQLite then needs the disk for it, at the commit.
        List<String> spare = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            spare.add(admin.post("/api/v1/snippets", snippet("spare " + i, 512 * 1024))
                    .data()
                    .getString("id"));
        }
        purge(admin, spare);
        assertTrue(freeInDatabase() > FLOOR + MIB, "free pages for one more write: " + freeInDatabase());
        emptyTheWriteAheadLog();
        Path filler = mount.resolve("filler");
        try {
            disk.fill(filler);
            Reply write = admin.post("/api/v1/snippets", snippet("no room for its log", 512 * 1024));
            assertUnavailable(write);
            assertTrue(write.toString().contains("The database cannot take this request"), write::toString);

            assertUnavailable(admin.post(
                    "/api/v1/storage/backups", Json.createObjectBuilder().build()));
            assertEquals(before, backupsDirectory(), "no backup and no partial file");
        } finally {
            Files.deleteIfExists(filler);
        }
        // Room again, and nothing written since: the failed commit's connection, back in the pool,
        // must not keep a transaction open, in which VACUUM INTO is refused.
        Reply taken =
                admin.post("/api/v1/storage/backups", Json.createObjectBuilder().build());
        assertEquals(201, taken.status(), "room again: " + taken);
        assertEquals(
                200,
                admin.delete("/api/v1/storage/backups/" + taken.data().getString("name"))
                        .status());
    }

    @Test
    void anUploadedRestoreIsReceivedOnlyWhileTheDiskHasRoomForItTwiceOverTheFloor() throws Exception {
        ApiClient token = withNewToken();
        ApiClient session = signedIn();
        List<String> before = backupsDirectory();
        Path filler = mount.resolve("filler");
        List<String> written = new ArrayList<>(fillTheDiskAndTheDatabase(token, filler));
        Files.delete(filler);
        // n bytes received are refused unless (free on disk + free in the database) - 2n stays above the floor
        long room;
        while ((room = Files.getFileStore(mount).getUsableSpace() + freeInDatabase() - FLOOR) < 6 * MIB
                && !written.isEmpty()) {
            purge(token, List.of(written.remove(0)));
        }
        assertTrue(room >= 6 * MIB, "room to stage the rule above the floor: " + room + " bytes");
        byte[] tooLarge = new byte[(int) (room / 2 + MIB)];
        new Random(8).nextBytes(tooLarge);

        Reply refused =
                session.sendBytes("POST", "/api/v1/storage/restore", "application/octet-stream", tooLarge, Map.of());
        Reply read = session.sendBytes(
                "POST",
                "/api/v1/storage/restore",
                "application/octet-stream",
                Arrays.copyOf(tooLarge, (int) (room / 2 - MIB)),
                Map.of());

        assertUnavailable(refused); // once over would still fit: twice does not
        assertEquals(400, read.status(), "with room for it twice, it is read and checked: " + read);
        assertEquals("invalid_backup", read.errorCode(), "random bytes are no database");
        assertEquals(before, backupsDirectory(), "no partial upload is left");
        purge(token, written);
    }

    /**
     * Fills the disk with {@code filler}, then writes snippets of half a MiB until the service
     * refuses one, which uses up the database's own free pages without growing its file: its ids.
     */
    private static List<String> fillTheDiskAndTheDatabase(ApiClient client, Path filler) throws IOException {
        disk.fill(filler);
        List<String> written = new ArrayList<>();
        Reply write;
        while ((write = client.post("/api/v1/snippets", snippet("filling " + written.size(), 512 * 1024))).status()
                == 201) {
            written.add(write.data().getString("id"));
            assertTrue(written.size() < 100, "40 MiB cannot hold 100 snippets of half a MiB");
        }
        assertUnavailable(write);
        return written;
    }

    /** The free pages inside the database, which new data fills before the file grows. */
    private static long freeInDatabase() throws SQLException {
        try (Connection database =
                        DriverManager.getConnection("jdbc:sqlite:file:" + mount.resolve("snippets.db") + "?mode=ro");
                PreparedStatement free = database.prepareStatement(
                        "SELECT freelist_count * page_size FROM pragma_freelist_count, pragma_page_size");
                ResultSet bytes = free.executeQuery()) {
            return bytes.getLong(1);
        }
    }

    /** Checkpoints the write-ahead log into the database and truncates it, as SQLite allows another process to. */
    private static void emptyTheWriteAheadLog() throws SQLException, IOException {
        try (Connection database = DriverManager.getConnection("jdbc:sqlite:file:" + mount.resolve("snippets.db"));
                PreparedStatement checkpoint = database.prepareStatement("PRAGMA wal_checkpoint(TRUNCATE)");
                ResultSet result = checkpoint.executeQuery()) {
            assertEquals(0, result.getInt(1), "the checkpoint was not kept waiting by a reader or writer");
        }
        assertEquals(0, Files.size(mount.resolve("snippets.db-wal")), "the log is empty");
    }

    /** The backups directory's entries, sorted (partial files included). */
    private static List<String> backupsDirectory() throws IOException {
        Path backups = mount.resolve("backups");
        if (!Files.exists(backups)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(backups)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    /** Deletes and purges the snippets, leaving their pages free for the other tests. */
    private static void purge(ApiClient client, List<String> ids) {
        for (String id : ids) {
            assertEquals(200, client.delete("/api/v1/snippets/" + id).status());
            assertEquals(200, client.delete("/api/v1/trash/" + id).status());
        }
    }
}
