package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Random;

import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.storage.control.MigratedDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

class ChunkStatementsTest {

    /** Half of G1's smallest region: an array this large or larger is allocated as "humongous". */
    private static final int HUMONGOUS = 512 * 1024;

    @TempDir
    Path directory;

    @Test
    void theSlicesOfAChunkAreNeverHumongousAndTogetherCoverIt() {
        assertTrue(ChunkStatements.SLICE < HUMONGOUS);
        assertEquals(AttachmentChunk.SIZE, ChunkStatements.SLICES * ChunkStatements.SLICE);
    }

    @Test
    void aFullChunkIsReadInFullSlicesInOrder() throws SQLException {
        byte[] chunk = randomBytes(AttachmentChunk.SIZE);

        List<byte[]> slices = readBack(chunk);

        assertEquals(ChunkStatements.SLICES, slices.size());
        assertTrue(slices.stream().allMatch(slice -> slice.length == ChunkStatements.SLICE));
        assertArrayEquals(chunk, joined(slices));
    }

    @Test
    void aLastChunkShorterThanASliceIsReadAsOneSlice() throws SQLException {
        byte[] chunk = randomBytes(1000);

        List<byte[]> slices = readBack(chunk);

        assertEquals(1, slices.size());
        assertArrayEquals(chunk, slices.get(0));
    }

    @Test
    void aLastChunkEndingWithinASliceIsReadWithoutEmptySlicesAfterIt() throws SQLException {
        byte[] chunk = randomBytes(ChunkStatements.SLICE * 2 + 17);

        List<byte[]> slices = readBack(chunk);

        assertEquals(3, slices.size());
        assertEquals(17, slices.get(2).length);
        assertArrayEquals(chunk, joined(slices));
    }

    @Test
    void aChunkNotStoredIsNoRow() throws SQLException {
        try (Connection connection = migrated().getConnection()) {
            assertFalse(select(connection, "gone", 0).next());
        }
    }

    /** Stores {@code chunk} with the insert uploads use and reads it back with the select downloads use. */
    private List<byte[]> readBack(byte[] chunk) throws SQLException {
        try (Connection connection = migrated().getConnection()) {
            try (PreparedStatement insert = connection.prepareStatement(ChunkStatements.INSERT)) {
                insert.setString(1, "a1");
                insert.setLong(2, 7);
                insert.setBytes(3, chunk);
                insert.executeUpdate();
            }
            try (ResultSet row = select(connection, "a1", 7)) {
                assertTrue(row.next());
                return ChunkStatements.slices(row);
            }
        }
    }

    private static ResultSet select(Connection connection, String attachmentId, long ordinal) throws SQLException {
        PreparedStatement select = connection.prepareStatement(ChunkStatements.SELECT_SLICES);
        select.setString(1, attachmentId);
        select.setLong(2, ordinal);
        select.closeOnCompletion();
        return select.executeQuery();
    }

    private SQLiteDataSource migrated() {
        return MigratedDatabase.create(directory.resolve("snippets.db"));
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }

    private static byte[] joined(List<byte[]> slices) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        slices.forEach(joined::writeBytes);
        return joined.toByteArray();
    }
}
