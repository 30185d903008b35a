package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.search.control.FacetCounts;
import io.snippetstore.search.control.SearchHits;
import io.snippetstore.search.control.SearchIndex;
import io.snippetstore.search.control.SearchMatch;
import io.snippetstore.search.control.SearchPosition;
import io.snippetstore.search.control.SearchRequest;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The snippet reads. A list without a search is one SQL statement per page
 * ({@link SnippetListStatement}) read off the index of its order; a search asks the search
 * index for the page's ids in order, then reads just those rows. Facets come from the search
 * index. In SQL because JPA cannot say row values for keyset pages or read tags in one statement.
 */
@ApplicationScoped
public class SnippetQueries {

    /** The most languages, and the most tags, a facet answer names. */
    static final int FACETS_MAX = 100;

    /**
     * A page ends early, with a next cursor, once the snippets on it hold more than this many
     * characters of code, notes and description: a page of 1 MiB snippets would otherwise hold
     * {@code limit} of them in memory at once, and several such pages more than the heap.
     */
    public static final long PAGE_TEXT_MAX_CHARS = 2L * 1024 * 1024;

    /** A list's cursor: sort key and id; a search's adds the statistics its relevance was scored with. */
    private static final int LIST_POSITION = 2;

    private static final int SEARCH_POSITION = 3;

    @Inject
    Database database;

    @Inject
    SearchIndex index;

    @Inject
    CursorCodec cursors;

    public Optional<SnippetData> find(String id) {
        return database.first(
                "SELECT " + SnippetRows.COLUMNS + " FROM snippets s WHERE s.id = ? AND s.trashed_at IS NULL",
                List.of(id),
                SnippetRows::snippet);
    }

    /** A snippet's revisions older than {@code beforeVersion}, newest first, {@code limit} of them at most; without their texts. */
    List<RevisionData> revisions(String snippetId, long beforeVersion, int limit) {
        return database.list(
                "SELECT " + RevisionRows.SUMMARY_COLUMNS
                        + " FROM snippet_revisions r WHERE r.snippet_id = ? AND r.version < ?"
                        + " ORDER BY r.version DESC LIMIT ?",
                List.of(snippetId, beforeVersion, limit),
                RevisionRows::summary);
    }

    /** As {@link #revisions}, only the versions made while the snippet was team-visible, and the current one ({@code currentVersion}). */
    List<RevisionData> teamRevisions(String snippetId, long currentVersion, long beforeVersion, int limit) {
        return database.list(
                "SELECT " + RevisionRows.SUMMARY_COLUMNS
                        + " FROM snippet_revisions r WHERE r.snippet_id = ? AND r.version < ?"
                        + " AND (r.visibility = ? OR r.version = ?) ORDER BY r.version DESC LIMIT ?",
                List.of(snippetId, beforeVersion, Visibility.TEAM.apiName(), currentVersion, limit),
                RevisionRows::summary);
    }

    /** One revision of a snippet, with its fields. */
    Optional<RevisionData> revision(String snippetId, long version) {
        return database.first(
                "SELECT " + RevisionRows.COLUMNS + " FROM snippet_revisions r WHERE r.snippet_id = ? AND r.version = ?",
                List.of(snippetId, version),
                RevisionRows::whole);
    }

    /** A page of the owner's trash, most recently deleted first, after the position (deletion time, id) of the previous page's last. */
    List<TrashedSnippet> trash(String ownerId, Optional<List<Object>> after, int limit) {
        StringBuilder sql = new StringBuilder("SELECT ")
                .append(SnippetRows.SUMMARY_COLUMNS)
                .append(", s.trashed_at FROM snippets s WHERE s.owner_id = ? AND s.trashed_at IS NOT NULL");
        List<Object> parameters = new ArrayList<>(List.of(ownerId));
        after.ifPresent(position -> {
            sql.append(" AND (s.trashed_at, s.id) < (?, ?)");
            parameters.addAll(position);
        });
        sql.append(" ORDER BY s.trashed_at DESC, s.id DESC LIMIT ?");
        parameters.add(limit);
        return database.list(
                sql.toString(),
                parameters,
                row -> new TrashedSnippet(SnippetRows.snippet(row), Instant.ofEpochMilli(row.getLong("trashed_at"))));
    }

    /** Trashed snippets deleted before {@code cutoff}, oldest first, {@code limit} of them at most: what the purge takes next. */
    List<String> trashedBefore(Instant cutoff, int limit) {
        return database.list(
                "SELECT id FROM snippets WHERE trashed_at IS NOT NULL AND trashed_at < ? ORDER BY trashed_at LIMIT ?",
                List.of(cutoff.toEpochMilli(), limit),
                row -> row.getString(1));
    }

    /** A page of the list, for the caller (whose own snippets the scopes own and all include), a member of these groups. */
    public SnippetPage list(String callerId, SnippetQuery query) {
        // the index alone knows which codes have variables
        return query.terms().isEmpty() && query.variables().isEmpty()
                ? listStored(callerId, query)
                : search(callerId, query);
    }

    private SnippetPage listStored(String callerId, SnippetQuery query) {
        SnippetOrder order = SnippetOrder.of(query.sort());
        Optional<List<Object>> after = query.cursor().map(cursor -> {
            List<String> position = cursors.decode(cursor, query.fingerprint(), LIST_POSITION);
            return List.of(order.keyParameter(position.get(0)), position.get(1));
        });
        SnippetListStatement statement = SnippetListStatement.of(callerId, query, after);
        List<ListedSnippet> rows = database.listUntil(
                statement.sql(),
                statement.parameters(),
                SnippetRows::listed,
                read -> isFull(read.stream().map(ListedSnippet::snippet).toList(), query.limit()));
        // the row that made the page full, if any, is read only to know that there is more
        boolean more = isFull(rows.stream().map(ListedSnippet::snippet).toList(), query.limit());
        List<ListedSnippet> page = more ? rows.subList(0, rows.size() - 1) : rows;
        String next = null;
        if (more) {
            ListedSnippet last = page.get(page.size() - 1);
            next = cursors.encode(
                    query.fingerprint(),
                    List.of(order.keyOf(last), last.snippet().id()));
        }
        List<SnippetData> items = page.stream().map(ListedSnippet::snippet).toList();
        return new SnippetPage(items, Map.of(), next, query.limit(), Optional.empty(), memberOf(callerId, items));
    }

    /**
     * A page of search results: their ids from the index, then their rows. A snippet deleted or
     * hidden between the two is left out of the page, which keeps its place in the order.
     */
    private SnippetPage search(String callerId, SnippetQuery query) {
        Optional<SearchPosition> after = query.cursor().map(cursor -> {
            List<String> position = cursors.decode(cursor, query.fingerprint(), SEARCH_POSITION);
            return new SearchPosition(position.get(0), position.get(1), position.get(2));
        });
        SearchRequest request = request(callerId, query, after);
        List<SearchHits.Hit> hits = index.search(request).hits();
        boolean more = hits.size() > query.limit();
        List<SearchHits.Hit> pageHits = more ? hits.subList(0, query.limit()) : hits;
        Map<String, SnippetData> rows = readable(
                callerId,
                query.scope(),
                pageHits.stream().map(SearchHits.Hit::id).toList());
        List<SnippetData> page = new ArrayList<>();
        SearchPosition end = null;
        long chars = 0;
        for (int i = 0; i < pageHits.size(); i++) {
            end = pageHits.get(i).position();
            SnippetData snippet = rows.get(pageHits.get(i).id());
            if (snippet != null) {
                page.add(snippet);
                chars += textChars(snippet);
            }
            // the snippet that passes the text budget is on the page; the page ends after it
            if (chars > PAGE_TEXT_MAX_CHARS && i < pageHits.size() - 1) {
                more = true;
                break;
            }
        }
        String next = more && end != null
                ? cursors.encode(query.fingerprint(), List.of(end.key(), end.id(), end.statistics()))
                : null;
        Map<String, MatchExcerpt> matches = new HashMap<>();
        page.forEach(snippet ->
                MatchExcerpt.of(snippet, query.terms().all()).ifPresent(match -> matches.put(snippet.id(), match)));
        Optional<String> suggestion = hits.isEmpty() && after.isEmpty() && query.match() == SearchMatch.WORDS
                ? index.suggestion(request)
                : Optional.empty();
        // the scopes that reach the caller's groups have read them for the index already
        Set<String> memberOf = reachesGroups(query.scope()) ? request.groupIds() : memberOf(callerId, page);
        return new SnippetPage(page, matches, next, query.limit(), suggestion, memberOf);
    }

    private static boolean reachesGroups(SnippetScope scope) {
        return scope == SnippetScope.GROUPS || scope == SnippetScope.ALL;
    }

    /** The caller's groups if some of these snippets are someone else's: read once per page, and only then. */
    private Set<String> memberOf(String callerId, List<SnippetData> snippets) {
        return snippets.stream().allMatch(snippet -> snippet.ownerId().equals(callerId))
                ? Set.of()
                : groupsOf(callerId);
    }

    /** The snippets of these ids that the caller may list in the scope, by id. */
    private Map<String, SnippetData> readable(String callerId, SnippetScope scope, List<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        SnippetListStatement statement = SnippetListStatement.ofHits(callerId, scope, ids);
        Map<String, SnippetData> byId = new HashMap<>();
        database.list(statement.sql(), statement.parameters(), SnippetRows::snippet)
                .forEach(snippet -> byId.put(snippet.id(), snippet));
        return byId;
    }

    private SearchRequest request(String callerId, SnippetQuery query, Optional<SearchPosition> after) {
        Set<String> hidden = query.scope() == SnippetScope.OWN ? Set.of() : disabledUsers();
        // only the index needs the caller's groups (SQL joins the memberships), and only in the scopes that reach them
        Set<String> groupIds = reachesGroups(query.scope()) ? groupsOf(callerId) : Set.of();
        return new SearchRequest(
                callerId,
                query.scope().inIndex(),
                groupIds,
                hidden,
                query.terms().all(),
                query.tags(),
                query.languages(),
                query.variables(),
                query.sort().inIndex(),
                query.limit(),
                after,
                query.match());
    }

    /** Users whose team and group snippets leave others' lists while they are disabled: few, read once per search. */
    private Set<String> disabledUsers() {
        return Set.copyOf(database.list(
                "SELECT id FROM users WHERE disabled_at IS NOT NULL", List.of(), row -> row.getString(1)));
    }

    /** The groups the caller is a member of: few, read once per search or page. */
    Set<String> groupsOf(String callerId) {
        return Set.copyOf(database.list(
                "SELECT group_id FROM group_members WHERE user_id = ?", List.of(callerId), row -> row.getString(1)));
    }

    /** Whether the snippets read hold a whole page and one more: {@code limit} of them, or those before the last past the text budget. */
    static boolean isFull(List<SnippetData> read, int limit) {
        if (read.size() > limit) {
            return true;
        }
        long chars = 0;
        for (int i = 0; i < read.size() - 1; i++) {
            chars += textChars(read.get(i));
        }
        return chars > PAGE_TEXT_MAX_CHARS;
    }

    private static long textChars(SnippetData snippet) {
        var fields = snippet.fields();
        return length(fields.code()) + length(fields.notes()) + length(fields.description());
    }

    private static long length(String text) {
        return text == null ? 0 : text.length();
    }

    /** The languages and tags of everything the query matches (its order, page size and cursor aside), counted by the search index. */
    public SnippetFacets facets(String callerId, SnippetQuery query) {
        FacetCounts counts = index.facets(request(callerId, query, Optional.empty()));
        return new SnippetFacets(facetsOf(counts.languages()), facetsOf(counts.tags()));
    }

    private static List<SnippetFacets.Facet> facetsOf(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(entry -> new SnippetFacets.Facet(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingLong(SnippetFacets.Facet::count)
                        .reversed()
                        .thenComparing(SnippetFacets.Facet::name))
                .limit(FACETS_MAX)
                .toList();
    }
}
