package io.snippetstore.snippets.control;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.SnippetRevision;
import io.snippetstore.snippets.entity.TextPacking;
import io.snippetstore.snippets.entity.Visibility;

/** The columns a revision read selects over {@code snippet_revisions r}, and their reading into a {@link RevisionData}. */
final class RevisionRows {

    /** Who, when and what changed, with the author's username (a user is never deleted, but the read does not depend on it). */
    static final String SUMMARY_COLUMNS = "r.version, r.created_at, r.author_id, r.changed, "
            + "(SELECT u.username FROM users u WHERE u.id = r.author_id) AS author_username";

    static final String COLUMNS =
            SUMMARY_COLUMNS + ", r.title, r.description, r.language, r.tags, r.visibility, r.packing, r.notes, r.code";

    private RevisionRows() {}

    /** A row of {@link #SUMMARY_COLUMNS}. */
    static RevisionData summary(ResultSet row) throws SQLException {
        return new RevisionData(
                row.getLong("version"),
                Instant.ofEpochMilli(row.getLong("created_at")),
                row.getString("author_id"),
                row.getString("author_username"),
                Optional.ofNullable(row.getString("changed")).map(SnippetRevision::strings),
                Optional.empty());
    }

    /** A row of {@link #COLUMNS}. */
    static RevisionData whole(ResultSet row) throws SQLException {
        TextPacking packing = TextPacking.fromStoredName(row.getString("packing"));
        byte[] notes = row.getBytes("notes");
        SnippetFields fields = new SnippetFields(
                row.getString("title"),
                row.getString("description"),
                notes == null ? null : packing.unpack(notes),
                row.getString("language"),
                packing.unpack(row.getBytes("code")),
                SnippetRevision.strings(row.getString("tags")),
                Visibility.fromApiName(row.getString("visibility")).orElseThrow());
        RevisionData summary = summary(row);
        return new RevisionData(
                summary.version(),
                summary.createdAt(),
                summary.authorId(),
                summary.authorUsername(),
                summary.changed(),
                Optional.of(fields));
    }
}
