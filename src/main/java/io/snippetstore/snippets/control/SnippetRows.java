package io.snippetstore.snippets.control;

import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import io.snippetstore.platform.JsonProviders;
import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.Visibility;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;

/** The columns every snippet read selects, and their reading into a {@link SnippetData}. */
final class SnippetRows {

    /**
     * Over {@code snippets s}: the snippet with its tags in order, as a JSON array, its owner's
     * username (one statement, no N+1; the one read of the users table outside auth, by its key),
     * and the groups it is shared with, by name, as a JSON array of {@code [id, name, access]}.
     */
    static final String COLUMNS = "s.id, s.title, s.description, s.notes, s.language, s.code, s.created_at, "
            + "s.updated_at, s.version, s.attachment_count, s.title_sort, s.visibility, s.owner_id, s.pinned_at, "
            + "(SELECT json_group_array(t.tag ORDER BY t.position) FROM snippet_tags t WHERE t.snippet_id = s.id) AS tags, "
            + "(SELECT u.username FROM users u WHERE u.id = s.owner_id) AS owner_username, "
            + "(SELECT json_group_array(json_array(g.id, g.name, sg.access) ORDER BY g.name, g.id) FROM snippet_groups sg "
            + "JOIN user_groups g ON g.id = sg.group_id WHERE sg.snippet_id = s.id) AS group_shares";

    /**
     * {@link #COLUMNS} without the two texts that can be large ({@code notes} read as null,
     * {@code code} as empty), for a summary page that shows no match excerpt.
     */
    static final String SUMMARY_COLUMNS =
            COLUMNS.replace("s.notes, ", "NULL AS notes, ").replace("s.code, ", "'' AS code, ");

    private SnippetRows() {}

    static SnippetData snippet(ResultSet row) throws SQLException {
        List<String> tags = JsonProviders.SHARED
                .createReader(new StringReader(row.getString("tags")))
                .readArray()
                .getValuesAs(JsonString.class)
                .stream()
                .map(JsonString::getString)
                .toList();
        SnippetFields fields = new SnippetFields(
                row.getString("title"),
                row.getString("description"),
                row.getString("notes"),
                row.getString("language"),
                row.getString("code"),
                tags,
                Visibility.fromApiName(row.getString("visibility")).orElseThrow());
        return new SnippetData(
                row.getString("id"),
                fields,
                Instant.ofEpochMilli(row.getLong("created_at")),
                Instant.ofEpochMilli(row.getLong("updated_at")),
                row.getLong("version"),
                row.getInt("attachment_count"),
                row.getString("owner_id"),
                row.getString("owner_username"),
                groupShares(row.getString("group_shares")),
                row.getObject("pinned_at") != null);
    }

    private static List<GroupShare> groupShares(String jsonArray) {
        return JsonProviders.SHARED
                .createReader(new StringReader(jsonArray))
                .readArray()
                .getValuesAs(JsonArray.class)
                .stream()
                .map(share -> new GroupShare(share.getString(0), share.getString(1), share.getString(2)))
                .toList();
    }

    /** A row of a list page. */
    static ListedSnippet listed(ResultSet row) throws SQLException {
        return new ListedSnippet(snippet(row), row.getString("title_sort"));
    }
}
