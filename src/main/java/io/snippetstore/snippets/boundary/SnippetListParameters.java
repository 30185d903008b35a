package io.snippetstore.snippets.boundary;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.PageLimit;
import io.snippetstore.platform.Text;
import io.snippetstore.search.control.SearchMatch;
import io.snippetstore.snippets.control.SearchTerms;
import io.snippetstore.snippets.control.SnippetQuery;
import io.snippetstore.snippets.control.SnippetScope;
import io.snippetstore.snippets.control.SnippetSort;
import io.snippetstore.snippets.entity.Snippet;
import jakarta.ws.rs.QueryParam;

/** The query parameters of the snippet list, as sent; {@link #toQuery()} checks them (400 {@code bad_request}). */
public class SnippetListParameters {

    static final int MAX_QUERY_LENGTH = 2_000;
    static final int MAX_TERMS = 32;
    /** Enough for every name one language goes by (highlight.js knows XML by a dozen). */
    static final int MAX_LANGUAGES = 32;

    /** {@code own} (the default), {@code team}, {@code groups} or {@code all}. */
    @QueryParam("scope")
    String scope;

    @QueryParam("query")
    String query;

    /** Repeated {@code tag=a&tag=b}; merged with the comma-separated {@code tags}. */
    @QueryParam("tag")
    List<String> tag;

    @QueryParam("tags")
    String tags;

    /** Repeated {@code language=a&language=b}: a snippet in any of them. */
    @QueryParam("language")
    List<String> language;

    /** {@code true}: only snippets whose code has variables; {@code false}: only those without. */
    @QueryParam("variables")
    String variables;

    @QueryParam("sort")
    String sort;

    @QueryParam("limit")
    String limit;

    @QueryParam("cursor")
    String cursor;

    @QueryParam("fields")
    String fields;

    /** {@code words} (the default), {@code meaning} or {@code hybrid}: how the query's terms find snippets. */
    @QueryParam("match")
    String match;

    /** A collection's id: only the snippets in it (scope {@code all} unless another is asked for). */
    @QueryParam("collection")
    String collection;

    /** {@code true}: with {@code collection}, the snippets of the readable collections inside it too. */
    @QueryParam("recursive")
    String recursive;

    /** {@code true}: only the snippets the caller starred. */
    @QueryParam("starred")
    String starred;

    SnippetQuery toQuery() {
        if (query != null && query.codePointCount(0, query.length()) > MAX_QUERY_LENGTH) {
            throw ApiException.badRequest("query is limited to " + MAX_QUERY_LENGTH + " characters.");
        }
        if (query != null && query.indexOf('\0') >= 0) {
            // refused since the first engine, which read a search only up to a NUL: one rule across versions
            // (docs/API.md)
            throw ApiException.badRequest("query must not contain the NUL character.");
        }
        SearchTerms terms = SearchTerms.parse(query);
        if (terms.size() > MAX_TERMS) {
            throw ApiException.badRequest("query is limited to " + MAX_TERMS + " terms.");
        }
        SearchMatch matching = match(terms);
        return new SnippetQuery(
                scope(),
                terms,
                tagFilters(),
                languageFilters(),
                variables(),
                sort(terms, matching),
                PageLimit.parse(limit),
                Optional.ofNullable(cursor).filter(value -> !value.isEmpty()),
                summary(),
                matching,
                collection(),
                flag("starred", starred).orElse(false));
    }

    private Optional<SnippetQuery.CollectionFilter> collection() {
        boolean inside = flag("recursive", recursive).orElse(false);
        if (collection == null || collection.isEmpty()) {
            if (inside) {
                throw ApiException.badRequest("recursive=true needs a collection.");
            }
            return Optional.empty();
        }
        return Optional.of(new SnippetQuery.CollectionFilter(collection, inside));
    }

    private static Optional<Boolean> flag(String name, String value) {
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        if (value.equals("true") || value.equals("false")) {
            return Optional.of(Boolean.parseBoolean(value));
        }
        throw ApiException.badRequest(name + " must be true or false.");
    }

    private SearchMatch match(SearchTerms terms) {
        if (match == null || match.isEmpty() || match.equals("words")) {
            return SearchMatch.WORDS;
        }
        SearchMatch parsed = switch (match) {
            case "meaning" -> SearchMatch.MEANING;
            case "hybrid" -> SearchMatch.HYBRID;
            default -> throw ApiException.badRequest("match must be one of words, meaning, hybrid.");
        };
        if (terms.isEmpty()) {
            throw ApiException.badRequest("match=" + match + " needs a query.");
        }
        return parsed;
    }

    private Optional<Boolean> variables() {
        return flag("variables", variables);
    }

    /** {@code fields=summary}: the list items without code and notes. */
    boolean summary() {
        if (fields == null || fields.isEmpty() || fields.equals("all")) {
            return false;
        }
        if (fields.equals("summary")) {
            return true;
        }
        throw ApiException.badRequest("fields must be summary or all.");
    }

    private SnippetScope scope() {
        if (scope == null || scope.isEmpty()) {
            // a collection is listed with everything of it the caller may read
            return collection == null || collection.isEmpty() ? SnippetScope.OWN : SnippetScope.ALL;
        }
        return SnippetScope.fromApiName(scope)
                .orElseThrow(() -> ApiException.badRequest("scope must be one of own, team, groups, all."));
    }

    private Set<String> tagFilters() {
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
        return wanted;
    }

    private Set<String> languageFilters() {
        Map<String, String> wanted = new LinkedHashMap<>();
        if (language != null) {
            language.stream()
                    .map(String::strip)
                    .filter(name -> !name.isEmpty())
                    .forEach(name -> wanted.putIfAbsent(Text.asciiLowerCase(name), name));
        }
        if (wanted.size() > MAX_LANGUAGES) {
            throw ApiException.badRequest("At most " + MAX_LANGUAGES + " different languages can be filtered on.");
        }
        return new LinkedHashSet<>(wanted.values());
    }

    private static void addTag(Set<String> wanted, String value) {
        String normalized = value.strip().toLowerCase(Locale.ROOT);
        if (!normalized.isEmpty()) {
            wanted.add(normalized);
        }
    }

    private SnippetSort sort(SearchTerms terms, SearchMatch matching) {
        if (sort == null || sort.isEmpty()) {
            return terms.isEmpty() ? SnippetSort.UPDATED : SnippetSort.RELEVANCE;
        }
        SnippetSort parsed = SnippetSort.fromApiName(sort)
                .orElseThrow(() -> ApiException.badRequest("sort must be one of updated, created, title, relevance."));
        if (parsed != SnippetSort.RELEVANCE && matching != SearchMatch.WORDS) {
            // every snippet is near a query's meaning to some degree: only the nearness orders them
            throw ApiException.badRequest("match=" + match + " is ordered by relevance only.");
        }
        if (parsed == SnippetSort.RELEVANCE && terms.isEmpty()) {
            throw ApiException.badRequest("sort=relevance needs a query.");
        }
        return parsed;
    }
}
