package io.snippetstore.snippets.control;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.snippetstore.platform.Text;
import io.snippetstore.search.control.IndexFilter;

/**
 * The snippet list's filters, each defined once: what it binds a cursor to, its condition in SQL
 * over {@code snippets s}, and its condition in the search index. Every list, read by SQL or off
 * the index, applies all of them, so a new filter is a constant here, its value in
 * {@link SnippetQuery} and its query parameter (and, when the index lacks its data, a field of
 * the index: docs/developing.md).
 */
enum ListFilter {

    /** {@code tag=}: every one of the tags. */
    TAGS {
        @Override
        String fingerprint(SnippetQuery query) {
            return String.join(",", query.tags());
        }

        @Override
        List<Condition> sql(Listing listing) {
            return listing.query().tags().stream()
                    .map(tag -> new Condition(
                            "EXISTS (SELECT 1 FROM snippet_tags t WHERE t.snippet_id = s.id AND t.tag = ?)",
                            List.of(tag)))
                    .toList();
        }

        @Override
        List<IndexFilter> index(Listing listing) {
            return listing.query().tags().stream()
                    .map(tag -> IndexFilter.of(IndexFilter.Field.TAG, tag))
                    .toList();
        }
    },

    /** {@code language=}: any one of the languages, ignoring ASCII case. */
    LANGUAGES {
        @Override
        String fingerprint(SnippetQuery query) {
            return query.languages().stream().map(Text::asciiLowerCase).sorted().collect(Collectors.joining(","));
        }

        @Override
        List<Condition> sql(Listing listing) {
            Set<String> languages = listing.query().languages();
            if (languages.isEmpty()) {
                return List.of();
            }
            return List.of(new Condition(
                    "s.language COLLATE NOCASE IN (" + String.join(", ", Collections.nCopies(languages.size(), "?"))
                            + ")",
                    List.copyOf(languages)));
        }

        @Override
        List<IndexFilter> index(Listing listing) {
            Set<String> languages = listing.query().languages();
            return languages.isEmpty() ? List.of() : List.of(new IndexFilter(IndexFilter.Field.LANGUAGE, languages));
        }
    },

    /** {@code variables=}: code with variables, or without. Only the index knows (the code is parsed as it is indexed). */
    VARIABLES {
        @Override
        String fingerprint(SnippetQuery query) {
            return query.variables().map(String::valueOf).orElse("");
        }

        @Override
        boolean sqlCanSay(Listing listing) {
            return listing.query().variables().isEmpty();
        }

        @Override
        List<Condition> sql(Listing listing) {
            if (!sqlCanSay(listing)) {
                throw new IllegalStateException("A list filtered by variables is read off the index");
            }
            return List.of();
        }

        @Override
        List<IndexFilter> index(Listing listing) {
            return listing.query().variables().stream()
                    .map(wanted -> IndexFilter.of(IndexFilter.Field.VARIABLES, wanted.toString()))
                    .toList();
        }
    },

    /**
     * {@code collection=} (and {@code recursive=}), or the collections a credential is limited to:
     * in any one of {@link Listing#collections()}.
     */
    COLLECTIONS {
        @Override
        String fingerprint(SnippetQuery query) {
            return query.collection()
                    .map(within -> within.id() + (within.recursive() ? "/*" : ""))
                    .orElse("");
        }

        /** The index reads a collection's snippets in any order off its postings, where SQL would sort them all (up to 10,000). */
        @Override
        boolean readFromIndex(Listing listing) {
            return !listing.collections().isEmpty();
        }

        @Override
        List<Condition> sql(Listing listing) {
            if (listing.collections().isEmpty()) {
                return List.of();
            }
            return List.of(new Condition(
                    "EXISTS (SELECT 1 FROM collection_snippets cf WHERE cf.snippet_id = s.id"
                            + " AND cf.collection_id IN (SELECT value FROM json_each(?)))",
                    List.of(SnippetListStatement.jsonArray(listing.collections()))));
        }

        @Override
        List<IndexFilter> index(Listing listing) {
            return listing.collections().isEmpty()
                    ? List.of()
                    : List.of(new IndexFilter(IndexFilter.Field.COLLECTION, listing.collections()));
        }
    },

    /** {@code starred=true}: the caller starred it. */
    STARRED {
        @Override
        String fingerprint(SnippetQuery query) {
            return query.starred() ? "true" : "";
        }

        @Override
        List<Condition> sql(Listing listing) {
            return listing.query().starred()
                    ? List.of(new Condition(
                            "EXISTS (SELECT 1 FROM snippet_stars st WHERE st.snippet_id = s.id AND st.user_id = ?)",
                            List.of(listing.callerId())))
                    : List.of();
        }

        @Override
        List<IndexFilter> index(Listing listing) {
            return listing.query().starred()
                    ? List.of(IndexFilter.of(IndexFilter.Field.STARRED_BY, listing.callerId()))
                    : List.of();
        }
    };

    /**
     * One list being read: the caller, what they asked for, and the collections it is limited to
     * (those of {@code collection=}, or of the credential's reach; any, when none).
     */
    record Listing(String callerId, SnippetQuery query, Set<String> collections) {}

    /** A condition over {@code snippets s} with its parameters in order. */
    record Condition(String sql, List<Object> parameters) {}

    /** The filter's value as a cursor is bound to it: empty when it is not set. */
    abstract String fingerprint(SnippetQuery query);

    /** Its conditions in SQL: none when it is not set. Only asked where {@link #sqlCanSay}. */
    abstract List<Condition> sql(Listing listing);

    /** Its conditions in the index: none when it is not set. */
    abstract List<IndexFilter> index(Listing listing);

    /** Whether SQL can say the filter as set (where it cannot, the list is read off the index). */
    boolean sqlCanSay(Listing listing) {
        return true;
    }

    /** Whether a list with the filter as set is read off the index. */
    boolean readFromIndex(Listing listing) {
        return !sqlCanSay(listing);
    }

    /** Whether SQL can say every filter of the list. */
    static boolean sqlCanSayAll(Listing listing) {
        return Arrays.stream(values()).allMatch(filter -> filter.sqlCanSay(listing));
    }

    /** Whether some filter of the list has it read off the index. */
    static boolean anyReadFromIndex(Listing listing) {
        return Arrays.stream(values()).anyMatch(filter -> filter.readFromIndex(listing));
    }

    /** Every filter's conditions in SQL. */
    static List<Condition> sqlOf(Listing listing) {
        return Arrays.stream(values())
                .flatMap(filter -> filter.sql(listing).stream())
                .toList();
    }

    /** Every filter's conditions in the index. */
    static List<IndexFilter> indexOf(Listing listing) {
        return Arrays.stream(values())
                .flatMap(filter -> filter.index(listing).stream())
                .toList();
    }

    /** What the list's filters bind a cursor to: each one set, named, on a line of its own. */
    static String fingerprintOf(SnippetQuery query) {
        return Arrays.stream(values())
                .map(filter -> {
                    String value = filter.fingerprint(query);
                    return value.isEmpty() ? "" : "\n" + filter.name() + "=" + value;
                })
                .collect(Collectors.joining());
    }
}
