package io.snippetstore.search.control;

import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One condition a search's results must meet: the snippet's {@code field} holds one of
 * {@code anyOf}. Several filters must all hold, so "all of these tags" is one filter a tag. The
 * index knows its fields; what a list filters on, and how, is defined by the list.
 */
public record IndexFilter(Field field, Set<String> anyOf) {

    public IndexFilter {
        if (anyOf.isEmpty()) {
            throw new IllegalArgumentException("A filter names at least one value of " + field);
        }
        anyOf = Set.copyOf(anyOf);
    }

    public static IndexFilter of(Field field, String value) {
        return new IndexFilter(field, Set.of(value));
    }

    /** The fields a list may filter on, each with the indexed term a value is compared as. */
    public enum Field {
        /** A tag of the snippet (lower case, as stored). */
        TAG(IndexFields.TAG, UnaryOperator.identity()),
        /** Its language, ignoring ASCII case as the database's NOCASE does. */
        LANGUAGE(IndexFields.LANGUAGE_KEY, IndexFields::languageKey),
        /** Whether its code has variables: {@code true} or {@code false}. */
        VARIABLES(IndexFields.VARIABLES, value -> IndexFields.flag(Boolean.parseBoolean(value))),
        /** A collection holding it. */
        COLLECTION(IndexFields.COLLECTION, UnaryOperator.identity()),
        /** A user who starred it. */
        STARRED_BY(IndexFields.STARRED_BY, UnaryOperator.identity());

        final String name;

        private final UnaryOperator<String> term;

        Field(String name, UnaryOperator<String> term) {
            this.name = name;
            this.term = term;
        }

        /** The value as the index holds it in this field. */
        String term(String value) {
            return term.apply(value);
        }
    }
}
