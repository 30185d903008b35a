package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Secrets;
import io.snippetstore.search.control.FacetCounts;
import io.snippetstore.search.control.SearchHits;
import io.snippetstore.search.control.SearchIndex;
import io.snippetstore.search.control.SearchMatch;
import io.snippetstore.search.control.SearchPosition;
import io.snippetstore.search.control.SearchRequest;
import io.snippetstore.snippets.entity.SnippetCollection;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The snippet reads. A list without a search is one SQL statement per page
 * ({@link SnippetListStatement}) read off the index of its order; a search, or a list with a
 * filter that has it read off the search index ({@link ListFilter}), asks the search index for
 * the page's ids in order, then reads just those rows. Both apply the same {@link ListFilter}s.
 * Facets come from the search index. In SQL because JPA cannot say row values for keyset pages or read tags in one statement.
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

    /**
     * For each of these inputs, the owner's snippet out of the trash with exactly its title and
     * code, if there is one (the first by id): what an import finds already here. Read by the
     * title's index, once per distinct title, each code only hashed (so an owner's thousands of
     * snippets of one title are read once, never once per input, and never held whole).
     */
    List<Optional<String>> sameTitleAndCode(String ownerId, List<SnippetInput> wanted) {
        List<Optional<String>> found = new ArrayList<>();
        wanted.forEach(input -> found.add(Optional.empty()));
        Map<String, List<Integer>> byTitle = new HashMap<>();
        for (int i = 0; i < wanted.size(); i++) {
            byTitle.computeIfAbsent(wanted.get(i).title().toLowerCase(Locale.ROOT), title -> new ArrayList<>())
                    .add(i);
        }
        byTitle.forEach((titleSort, indexes) -> {
            Map<String, String> idByTitleAndCode = new HashMap<>();
            database.list(
                            "SELECT id, title, code FROM snippets WHERE owner_id = ? AND title_sort = ?"
                                    + " AND trashed_at IS NULL ORDER BY id",
                            List.of(ownerId, titleSort),
                            row -> Map.entry(titleAndCode(row.getString(2), row.getString(3)), row.getString(1)))
                    .forEach(entry -> idByTitleAndCode.putIfAbsent(entry.getKey(), entry.getValue()));
            indexes.forEach(index -> found.set(
                    index,
                    Optional.ofNullable(idByTitleAndCode.get(titleAndCode(
                            wanted.get(index).title(), wanted.get(index).code())))));
        });
        return found;
    }

    private static String titleAndCode(String title, String code) {
        return title + "\n" + Secrets.sha256Hex(code);
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

    /**
     * A page of the list, for the caller (whose own snippets the scopes own and all include), a
     * member of these groups, through a credential that reaches only the snippets of the
     * collections in {@code reach}, when there are such (empty: all).
     */
    public SnippetPage list(String callerId, SnippetQuery query, Optional<Set<String>> reach) {
        Set<String> collections = collectionsWithin(callerId, query, reach);
        if (reach.isPresent() && collections.isEmpty()) {
            return SnippetPage.empty(query.limit());
        }
        return query.terms().isEmpty()
                        && !ListFilter.anyReadFromIndex(new ListFilter.Listing(callerId, query, collections))
                ? listStored(callerId, query, collections)
                : search(callerId, query, collections);
    }

    /**
     * Whether the caller may read a collection, over {@code collections c}, the caller's id each
     * parameter: theirs, team-visible, or shared with a group of theirs.
     */
    static final String READABLE_COLLECTION = "(c.owner_id = ? OR c.visibility = 'team' OR EXISTS (SELECT 1 "
            + "FROM collection_groups cg JOIN group_members m ON m.group_id = cg.group_id "
            + "WHERE cg.collection_id = c.id AND m.user_id = ?))";

    /**
     * The collections a list is limited to: the one asked for and, recursively, those inside it
     * that the caller may read (at most {@link SnippetCollection#PER_USER_MAX}: they are its
     * owner's), of those in {@code reach} if there are such. 404 unless the caller may read the one
     * asked for (and it is in {@code reach}). None without {@code collection}, unless {@code reach}
     * names some: then those of them the caller may read.
     */
    private Set<String> collectionsWithin(String callerId, SnippetQuery query, Optional<Set<String>> reach) {
        if (query.collection().isEmpty()) {
            return reach.map(ids -> readableCollections(callerId, List.copyOf(ids)))
                    .orElse(Set.of());
        }
        SnippetQuery.CollectionFilter within = query.collection().get();
        String tree = within.recursive()
                ? "WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT c.id FROM collections c JOIN tree t ON c.parent_id = t.id) "
                : "WITH tree(id) AS (SELECT ?) ";
        Set<String> readable = database
                .list(
                        tree + "SELECT c.id FROM tree t JOIN collections c ON c.id = t.id WHERE " + READABLE_COLLECTION,
                        List.of(within.id(), callerId, callerId),
                        row -> row.getString(1))
                .stream()
                .filter(id -> reach.map(ids -> ids.contains(id)).orElse(true))
                .collect(Collectors.toUnmodifiableSet());
        if (!readable.contains(within.id())) {
            throw ApiException.notFound("No collection " + within.id() + " that you may read.");
        }
        return readable;
    }

    private SnippetPage listStored(String callerId, SnippetQuery query, Set<String> collections) {
        SnippetOrder order = SnippetOrder.of(query.sort());
        Optional<List<Object>> after = query.cursor().map(cursor -> {
            List<String> position = cursors.decode(cursor, query.fingerprint(), LIST_POSITION);
            return List.of(order.keyParameter(position.get(0)), position.get(1));
        });
        SnippetListStatement.Pins pins = SnippetListStatement.Pins.of(query.scope());
        // the first page starts with the caller's pinned snippets that match, before its limit of others
        List<SnippetData> pinned = pins == SnippetListStatement.Pins.EXCLUDED && after.isEmpty()
                ? pinnedMatching(callerId, query, collections)
                : List.of();
        SnippetListStatement statement = SnippetListStatement.of(callerId, query, collections, pins, after);
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
        List<SnippetData> items = new ArrayList<>(pinned);
        page.stream().map(ListedSnippet::snippet).forEach(items::add);
        return new SnippetPage(
                items,
                Map.of(),
                next,
                query.limit(),
                Optional.empty(),
                memberOf(callerId, items),
                starredOf(callerId, items));
    }

    /**
     * A page of search results: their ids from the index, then their rows. A snippet deleted or
     * hidden between the two is left out of the page, which keeps its place in the order.
     */
    private SnippetPage search(String callerId, SnippetQuery query, Set<String> collections) {
        Optional<SearchPosition> after = query.cursor().map(cursor -> {
            List<String> position = cursors.decode(cursor, query.fingerprint(), SEARCH_POSITION);
            return new SearchPosition(position.get(0), position.get(1), position.get(2));
        });
        // a list without a query starts with the caller's pinned snippets, as the stored list does (the index has no
        // pins: they are read apart, and left out of every page)
        boolean pinsFirst = query.terms().isEmpty()
                && ListFilter.sqlCanSayAll(new ListFilter.Listing(callerId, query, collections))
                && SnippetListStatement.Pins.of(query.scope()) == SnippetListStatement.Pins.EXCLUDED;
        Set<String> pinnedIds = pinsFirst ? pinnedOf(callerId) : Set.of();
        List<SnippetData> pinned =
                !pinnedIds.isEmpty() && after.isEmpty() ? pinnedMatching(callerId, query, collections) : List.of();
        SearchRequest request = request(callerId, query, collections, after, query.limit() + pinnedIds.size());
        List<SearchHits.Hit> hits = index.search(request).hits().stream()
                .filter(hit -> !pinnedIds.contains(hit.id()))
                .toList();
        boolean more = hits.size() > query.limit();
        List<SearchHits.Hit> pageHits = more ? hits.subList(0, query.limit()) : hits;
        Map<String, SnippetData> rows = readable(
                callerId,
                query.scope(),
                pageHits.stream().map(SearchHits.Hit::id).toList());
        List<SnippetData> page = new ArrayList<>(pinned);
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
        return new SnippetPage(page, matches, next, query.limit(), suggestion, memberOf, starredOf(callerId, page));
    }

    private static boolean reachesGroups(SnippetScope scope) {
        return scope == SnippetScope.GROUPS || scope == SnippetScope.ALL;
    }

    /** The caller's pinned snippets that match the list's filters, the latest pinned first: what its first page starts with. */
    private List<SnippetData> pinnedMatching(String callerId, SnippetQuery query, Set<String> collections) {
        SnippetListStatement first =
                SnippetListStatement.of(callerId, query, collections, SnippetListStatement.Pins.ONLY, Optional.empty());
        return database.list(first.sql(), first.parameters(), SnippetRows::snippet);
    }

    /** The caller's pinned snippets out of the trash (at most {@link Snippets#PINS_MAX}): read off their own index. */
    private Set<String> pinnedOf(String callerId) {
        return Set.copyOf(database.list(
                "SELECT id FROM snippets WHERE owner_id = ? AND pinned_at IS NOT NULL AND trashed_at IS NULL",
                List.of(callerId),
                row -> row.getString(1)));
    }

    /** Which of these snippets the caller starred: one read per page. */
    private Set<String> starredOf(String callerId, List<SnippetData> snippets) {
        return starredAmong(callerId, snippets.stream().map(SnippetData::id).toList());
    }

    Set<String> starredAmong(String callerId, List<String> snippetIds) {
        if (snippetIds.isEmpty()) {
            return Set.of();
        }
        return Set.copyOf(database.list(
                "SELECT snippet_id FROM snippet_stars WHERE user_id = ? AND snippet_id IN (SELECT value FROM json_each(?))",
                List.of(callerId, SnippetListStatement.jsonArray(snippetIds)),
                row -> row.getString(1)));
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

    private SearchRequest request(
            String callerId, SnippetQuery query, Set<String> collections, Optional<SearchPosition> after, int limit) {
        Set<String> hidden = query.scope() == SnippetScope.OWN ? Set.of() : disabledUsers();
        // only the index needs the caller's groups (SQL joins the memberships), and only in the scopes that reach them
        Set<String> groupIds = reachesGroups(query.scope()) ? groupsOf(callerId) : Set.of();
        return new SearchRequest(
                callerId,
                query.scope().inIndex(),
                groupIds,
                hidden,
                query.terms().all(),
                ListFilter.indexOf(new ListFilter.Listing(callerId, query, collections)),
                query.sort().inIndex(),
                limit,
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
    public SnippetFacets facets(String callerId, SnippetQuery query, Optional<Set<String>> reach) {
        Set<String> collections = collectionsWithin(callerId, query, reach);
        if (reach.isPresent() && collections.isEmpty()) {
            return new SnippetFacets(List.of(), List.of(), List.of());
        }
        FacetCounts counts = index.facets(request(callerId, query, collections, Optional.empty(), query.limit()));
        return new SnippetFacets(
                facetsOf(counts.languages()),
                facetsOf(counts.tags()),
                collectionFacetsOf(callerId, counts.collections(), reach));
    }

    /**
     * The collections of these counts that the caller may read (and their credential reaches), by
     * name, most first: the index counts every collection, and another user's private one is not
     * the caller's to know of.
     */
    private List<SnippetFacets.CollectionFacet> collectionFacetsOf(
            String callerId, Map<String, Long> counts, Optional<Set<String>> reach) {
        if (counts.isEmpty()) {
            return List.of();
        }
        return database
                .list(
                        "SELECT c.id, c.name FROM collections c WHERE c.id IN (SELECT value FROM json_each(?)) AND "
                                + READABLE_COLLECTION,
                        List.of(SnippetListStatement.jsonArray(counts.keySet()), callerId, callerId),
                        row -> new SnippetFacets.CollectionFacet(
                                row.getString(1), row.getString(2), counts.get(row.getString(1))))
                .stream()
                .filter(facet -> reach.map(ids -> ids.contains(facet.id())).orElse(true))
                .sorted(Comparator.comparingLong(SnippetFacets.CollectionFacet::count)
                        .reversed()
                        .thenComparing(SnippetFacets.CollectionFacet::name)
                        .thenComparing(SnippetFacets.CollectionFacet::id))
                .limit(FACETS_MAX)
                .toList();
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

    // --- collections ---

    /** Snippets of a collection out of the trash, over {@code collection_snippets cs}. */
    private static final String LIVE_ENTRY =
            "FROM collection_snippets cs JOIN snippets ls ON ls.id = cs.snippet_id AND ls.trashed_at IS NULL";

    /** How many snippets (out of the trash) each of the owner's collections holds, by collection id. */
    Map<String, Long> collectionSizesOf(String ownerId) {
        Map<String, Long> sizes = new HashMap<>();
        database.list(
                        "SELECT cs.collection_id, count(*) " + LIVE_ENTRY
                                + " WHERE cs.collection_id IN (SELECT id FROM collections WHERE owner_id = ?)"
                                + " GROUP BY cs.collection_id",
                        List.of(ownerId),
                        row -> Map.entry(row.getString(1), row.getLong(2)))
                .forEach(entry -> sizes.put(entry.getKey(), entry.getValue()));
        return sizes;
    }

    /** How many snippets (out of the trash) the collection holds. */
    long collectionSize(String collectionId) {
        return database.first(
                        "SELECT count(*) " + LIVE_ENTRY + " WHERE cs.collection_id = ?",
                        List.of(collectionId),
                        row -> row.getLong(1))
                .orElse(0L);
    }

    /** The groups each of the owner's collections is shared with, by name, by collection id. */
    Map<String, List<GroupShare>> collectionSharesOf(String ownerId) {
        Map<String, List<GroupShare>> shares = new HashMap<>();
        database.list(
                        "SELECT cg.collection_id, g.id, g.name, cg.access FROM collection_groups cg"
                                + " JOIN user_groups g ON g.id = cg.group_id"
                                + " JOIN collections c ON c.id = cg.collection_id WHERE c.owner_id = ? ORDER BY g.name, g.id",
                        List.of(ownerId),
                        row -> Map.entry(
                                row.getString(1), new GroupShare(row.getString(2), row.getString(3), row.getString(4))))
                .forEach(entry -> shares.computeIfAbsent(entry.getKey(), id -> new ArrayList<>())
                        .add(entry.getValue()));
        return shares;
    }

    /** The positions of the collection's entries in order (its snippets in the trash too: they keep their place). */
    List<Long> positionsOf(String collectionId) {
        return database.list(
                "SELECT position FROM collection_snippets WHERE collection_id = ? ORDER BY position",
                List.of(collectionId),
                row -> row.getLong(1));
    }

    /** The owner's own snippets (out of the trash) in one of their collections, in its order. */
    List<String> ownSnippetIdsIn(String ownerId, String collectionId) {
        return database.list(
                "SELECT cs.snippet_id " + LIVE_ENTRY
                        + " WHERE cs.collection_id = ? AND ls.owner_id = ?"
                        + " AND EXISTS (SELECT 1 FROM collections c WHERE c.id = cs.collection_id AND c.owner_id = ?)"
                        + " ORDER BY cs.position",
                List.of(collectionId, ownerId, ownerId),
                row -> row.getString(1));
    }

    /** Which of these snippets the collection holds already. */
    List<String> snippetIdsIn(String collectionId, Collection<String> snippetIds) {
        if (snippetIds.isEmpty()) {
            return List.of();
        }
        return database.list(
                "SELECT snippet_id FROM collection_snippets WHERE collection_id = ?"
                        + " AND snippet_id IN (SELECT value FROM json_each(?))",
                List.of(collectionId, SnippetListStatement.jsonArray(snippetIds)),
                row -> row.getString(1));
    }

    /** Whether the user exists and is not disabled. */
    boolean isEnabled(String userId) {
        return database.first(
                        "SELECT 1 FROM users WHERE id = ? AND disabled_at IS NULL",
                        List.of(userId),
                        row -> row.getInt(1))
                .isPresent();
    }

    String usernameOf(String userId) {
        return database.first("SELECT username FROM users WHERE id = ?", List.of(userId), row -> row.getString(1))
                .orElse("");
    }

    /**
     * A page of others' collections the caller may read, by name then id, of those in {@code reach}
     * if there are such. A parent is named only when the caller may read it too; the path is the
     * collection alone (its page says more).
     */
    CollectionPage sharedCollections(String callerId, Optional<Set<String>> reach, Optional<String> cursor, int limit) {
        Optional<List<String>> after = cursor.map(value -> cursors.decode(value, SHARED_COLLECTIONS, 2));
        StringBuilder sql =
                new StringBuilder("SELECT c.id, c.name, c.description, c.parent_id, c.visibility, c.owner_id, "
                        + "u.username, c.created_at, c.updated_at, (SELECT count(*) " + LIVE_ENTRY
                        + " WHERE cs.collection_id = c.id) AS size, "
                        + "(SELECT cg.access FROM collection_groups cg JOIN group_members m ON m.group_id = cg.group_id"
                        + " WHERE cg.collection_id = c.id AND m.user_id = ? ORDER BY cg.access = 'write' DESC LIMIT 1) AS group_access"
                        + " FROM collections c JOIN users u ON u.id = c.owner_id WHERE c.owner_id <> ? AND u.disabled_at IS NULL AND "
                        + READABLE_COLLECTION);
        List<Object> parameters = new ArrayList<>(List.of(callerId, callerId, callerId, callerId));
        reach.ifPresent(ids -> {
            sql.append(" AND c.id IN (SELECT value FROM json_each(?))");
            parameters.add(SnippetListStatement.jsonArray(ids));
        });
        after.ifPresent(position -> {
            sql.append(" AND (c.name, c.id) > (?, ?)");
            parameters.addAll(position);
        });
        sql.append(" ORDER BY c.name, c.id LIMIT ?");
        parameters.add(limit + 1);
        List<CollectionData> rows = database.list(sql.toString(), parameters, row -> {
            String groupAccess = row.getString("group_access");
            return new CollectionData(
                    row.getString("id"),
                    row.getString("name"),
                    Optional.ofNullable(row.getString("description")),
                    Optional.ofNullable(row.getString("parent_id")),
                    List.of(new CollectionRef(row.getString("id"), row.getString("name"))),
                    Visibility.fromApiName(row.getString("visibility")).orElseThrow(),
                    row.getString("owner_id"),
                    row.getString("username"),
                    "write".equals(groupAccess) ? "write" : "read",
                    row.getLong("size"),
                    List.of(),
                    Instant.ofEpochMilli(row.getLong("created_at")),
                    Instant.ofEpochMilli(row.getLong("updated_at")));
        });
        boolean more = rows.size() > limit;
        List<CollectionData> page = more ? rows.subList(0, limit) : rows;
        Set<String> readableParents = readableCollections(
                callerId,
                page.stream()
                        .flatMap(collection -> collection.parentId().stream())
                        .toList());
        List<CollectionData> items = page.stream()
                .map(collection ->
                        collection.parentId().filter(readableParents::contains).isPresent()
                                ? collection
                                : withoutParent(collection))
                .toList();
        String next = more
                ? cursors.encode(
                        SHARED_COLLECTIONS,
                        List.of(page.get(limit - 1).name(), page.get(limit - 1).id()))
                : null;
        return new CollectionPage(items, next, limit);
    }

    /** What a cursor of the shared collections' list is bound to. */
    private static final String SHARED_COLLECTIONS = "shared collections";

    private static CollectionData withoutParent(CollectionData collection) {
        return new CollectionData(
                collection.id(),
                collection.name(),
                collection.description(),
                Optional.empty(),
                collection.path(),
                collection.visibility(),
                collection.ownerId(),
                collection.ownerUsername(),
                collection.access(),
                collection.snippetCount(),
                collection.groups(),
                collection.createdAt(),
                collection.updatedAt());
    }

    /** Which of these collections the caller may read. */
    Set<String> readableCollections(String callerId, List<String> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        return Set.copyOf(database.list(
                "SELECT c.id FROM collections c WHERE c.id IN (SELECT value FROM json_each(?)) AND "
                        + READABLE_COLLECTION,
                List.of(SnippetListStatement.jsonArray(ids), callerId, callerId),
                row -> row.getString(1)));
    }

    /**
     * A page of the collection's snippets the caller may read (in any scope: {@code all}), in the
     * collection's order, after the position the cursor holds.
     */
    SnippetPage collectionPage(String callerId, String collectionId, Optional<String> cursor, int limit) {
        String fingerprint = "collection " + collectionId;
        Optional<Long> after = cursor.map(
                value -> Long.parseLong(cursors.decode(value, fingerprint, 1).get(0)));
        List<Object> parameters = new ArrayList<>(List.of(collectionId, after.orElse(Long.MIN_VALUE)));
        for (int i = 0; i < SnippetScope.ALL.callerParameters(); i++) {
            parameters.add(callerId);
        }
        parameters.add(limit + 1);
        List<Positioned> rows = database.listUntil(
                "SELECT " + SnippetRows.SUMMARY_COLUMNS + ", cs.position AS entry_position FROM collection_snippets cs"
                        + " CROSS JOIN snippets s ON s.id = cs.snippet_id WHERE cs.collection_id = ? AND cs.position > ? AND "
                        + SnippetScope.ALL.condition() + " ORDER BY cs.position LIMIT ?",
                parameters,
                row -> new Positioned(SnippetRows.snippet(row), row.getLong("entry_position")),
                read -> read.size() > limit);
        boolean more = rows.size() > limit;
        List<Positioned> page = more ? rows.subList(0, limit) : rows;
        String next = more
                ? cursors.encode(
                        fingerprint, List.of(Long.toString(page.get(limit - 1).position())))
                : null;
        List<SnippetData> items = page.stream().map(Positioned::snippet).toList();
        return new SnippetPage(
                items, Map.of(), next, limit, Optional.empty(), memberOf(callerId, items), starredOf(callerId, items));
    }

    /**
     * What a collection's share link opens of it, over {@code collection_snippets cs JOIN snippets
     * s}: the snippets out of the trash that their owner put there, while that owner is enabled (a
     * collection never gives access its snippets' owners did not give).
     */
    private static final String OPENED_BY_LINK = "cs.added_by = s.owner_id AND s.trashed_at IS NULL"
            + " AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.owner_id AND u.disabled_at IS NULL)";

    /** Which of these snippets a share link of the collection opens ({@link #OPENED_BY_LINK}). */
    Set<String> openedByLink(String collectionId, Collection<String> snippetIds) {
        if (snippetIds.isEmpty()) {
            return Set.of();
        }
        return Set.copyOf(database.list(
                "SELECT s.id FROM collection_snippets cs JOIN snippets s ON s.id = cs.snippet_id"
                        + " WHERE cs.collection_id = ? AND s.id IN (SELECT value FROM json_each(?)) AND "
                        + OPENED_BY_LINK,
                List.of(collectionId, SnippetListStatement.jsonArray(snippetIds)),
                row -> row.getString(1)));
    }

    /** How many snippets a share link of the collection opens. */
    long openedByLinkCount(String collectionId) {
        return database.first(
                        "SELECT count(*) FROM collection_snippets cs JOIN snippets s ON s.id = cs.snippet_id"
                                + " WHERE cs.collection_id = ? AND " + OPENED_BY_LINK,
                        List.of(collectionId),
                        row -> row.getLong(1))
                .orElse(0L);
    }

    private record Positioned(SnippetData snippet, long position) {}
}
