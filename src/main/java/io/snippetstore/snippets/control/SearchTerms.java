package io.snippetstore.snippets.control;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

import io.snippetstore.search.control.TextFold;

/**
 * A search query as its terms, each of which must occur as a substring, ignoring case: split at
 * whitespace, case-folded ({@link TextFold}), each once, in the order given. Every character is
 * plain text: there is no query syntax.
 */
public record SearchTerms(List<String> all) {

    private static final Pattern WHITESPACE = Pattern.compile("[\\s\\p{Z}]+", Pattern.UNICODE_CHARACTER_CLASS);

    public static SearchTerms parse(String query) {
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        if (query != null) {
            for (String term : WHITESPACE.split(query.strip())) {
                if (!term.isEmpty()) {
                    distinct.add(TextFold.fold(term));
                }
            }
        }
        return new SearchTerms(List.copyOf(distinct));
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    public int size() {
        return all.size();
    }
}
