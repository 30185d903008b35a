package io.snippetstore.snippets.control;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Trim;
import io.snippetstore.snippets.entity.Snippet;

/** What a client asks of the snippet list: search, filters, order, page size and position. */
public record SnippetQuery(SearchTerms terms, Set<String> tags, String language, SnippetSort sort, int limit, String cursor) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;
    public static final int MAX_QUERY_LENGTH = 2_000;
    public static final int MAX_TERMS = 32;

    /** Parses the query parameters; anything malformed is a 400 {@code bad_request}. */
    public static SnippetQuery parse(String query, List<String> tag, String tags, String language,
                                     String sort, String limit, String cursor) {
        if (query != null && query.codePointCount(0, query.length()) > MAX_QUERY_LENGTH) {
            throw ApiException.badRequest("query is limited to " + MAX_QUERY_LENGTH + " characters.");
        }
        if (query != null && query.indexOf('\0') >= 0) {
            // SQLite's full-text index reads a search string only up to a NUL: such a search cannot be answered truly.
            throw ApiException.badRequest("query must not contain the NUL character.");
        }
        SearchTerms terms = SearchTerms.parse(query);
        if (terms.size() > MAX_TERMS) {
            throw ApiException.badRequest("query is limited to " + MAX_TERMS + " terms.");
        }
        Set<String> wanted = new LinkedHashSet<>();
        if (tag != null) {
            tag.forEach(value -> addTag(wanted, value));
        }
        if (tags != null) {
            for (String value : tags.split(",")) {
                addTag(wanted, value);
            }
        }
        if (wanted.size() > Snippet.TAGS_MAX) {
            // A snippet carries at most TAGS_MAX tags, so more filters could never all match.
            throw ApiException.badRequest("At most " + Snippet.TAGS_MAX + " different tags can be filtered on.");
        }
        String languageFilter = Trim.strip(language);
        return new SnippetQuery(terms, wanted, languageFilter == null || languageFilter.isEmpty() ? null : languageFilter,
                parseSort(sort, terms), parseLimit(limit), cursor == null || cursor.isEmpty() ? null : cursor);
    }

    private static void addTag(Set<String> wanted, String value) {
        String normalized = value.strip().toLowerCase(Locale.ROOT);
        if (!normalized.isEmpty()) {
            wanted.add(normalized);
        }
    }

    private static SnippetSort parseSort(String sort, SearchTerms terms) {
        if (sort == null || sort.isEmpty()) {
            return terms.isEmpty() ? SnippetSort.UPDATED : SnippetSort.RELEVANCE;
        }
        SnippetSort parsed = SnippetSort.fromApiName(sort)
                .orElseThrow(() -> ApiException.badRequest("sort must be one of updated, created, title, relevance."));
        if (parsed == SnippetSort.RELEVANCE && terms.isEmpty()) {
            throw ApiException.badRequest("sort=relevance needs a query.");
        }
        return parsed;
    }

    private static int parseLimit(String limit) {
        if (limit == null || limit.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        try {
            int parsed = Integer.parseInt(limit);
            if (parsed >= 1 && parsed <= MAX_LIMIT) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.badRequest("limit must be an integer from 1 to " + MAX_LIMIT + ".");
    }

    /**
     * What a cursor is bound to: the same search, filters and order. A cursor presented with
     * different ones was not issued for this list.
     */
    String fingerprint() {
        String identity = sort.apiName() + "\n" + String.join(" ", terms.indexed()) + "\n" + String.join(" ", terms.scanned())
                + "\n" + String.join(",", tags) + "\n" + (language == null ? "" : language.toLowerCase(Locale.ROOT));
        byte[] digest = Secrets.sha256(identity.getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(digest, 9));
    }
}
