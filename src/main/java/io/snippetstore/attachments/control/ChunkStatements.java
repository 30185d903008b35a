package io.snippetstore.attachments.control;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.snippetstore.attachments.entity.AttachmentChunk;

/**
 * The native SQL of attachment chunks, which JPA cannot say: a chunk written without staying in
 * the persistence context, and read in slices.
 */
final class ChunkStatements {

    /**
     * Native, because a persisted entity stays referenced by the persistence context until the
     * commit: a large file would be held in memory whole.
     */
    static final String INSERT = "INSERT INTO attachment_chunks (attachment_id, ordinal, data) VALUES (?1, ?2, ?3)";

    /**
     * A chunk is read in slices of this size, under half of G1's smallest region (1 MiB), so that
     * no read allocates a "humongous" array: each such allocation started a young collection,
     * about five a second at 100 downloads at 1 MB/s.
     */
    static final int SLICE = 256 * 1024;

    static final int SLICES = AttachmentChunk.SIZE / SLICE;

    /** One row of {@link #SLICES} columns; SQLite's {@code substr} slices a blob by bytes, from 1. */
    static final String SELECT_SLICES = IntStream.range(0, SLICES)
            .mapToObj(slice -> "substr(data, %d, %d)".formatted(slice * SLICE + 1, SLICE))
            .collect(Collectors.joining(
                    ", ", "SELECT ", " FROM attachment_chunks WHERE attachment_id = ? AND ordinal = ?"));

    private ChunkStatements() {}

    /** The slices of a row of {@link #SELECT_SLICES}, empty ones (past a last chunk's end) left out. */
    static List<byte[]> slices(ResultSet row) throws SQLException {
        List<byte[]> slices = new ArrayList<>(SLICES);
        for (int column = 1; column <= SLICES; column++) {
            byte[] slice = row.getBytes(column);
            if (slice != null && slice.length > 0) {
                slices.add(slice);
            }
        }
        return slices;
    }
}
