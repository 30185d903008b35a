package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

import io.snippetstore.storage.control.TextFunctions;

/**
 * A search query as terms that must all occur, case-insensitively, as substrings; case is folded
 * by {@link TextFunctions#fold}, as the index and the row-by-row scan fold it. Terms of three
 * or more characters go to the FTS5 trigram index, each as a quoted string so that no character
 * (quotes, {@code *}, {@code (}, {@code NEAR}, {@code OR}, {@code -}, {@code :}) is ever FTS5
 * syntax; shorter terms have no trigram and are matched by a substring scan of the candidates.
 */
public record SearchTerms(List<String> indexed, List<String> scanned) {

    private static final Pattern WHITESPACE = Pattern.compile("[\\s\\p{Z}]+", Pattern.UNICODE_CHARACTER_CLASS);
    private static final int TRIGRAM = 3;

    public static SearchTerms parse(String query) {
        List<String> indexed = new ArrayList<>();
        List<String> scanned = new ArrayList<>();
        if (query != null) {
            LinkedHashSet<String> distinct = new LinkedHashSet<>();
            for (String term : WHITESPACE.split(query.strip())) {
                if (!term.isEmpty()) {
                    distinct.add(TextFunctions.fold(term));
                }
            }
            for (String term : distinct) {
                (term.codePointCount(0, term.length()) >= TRIGRAM ? indexed : scanned).add(term);
            }
        }
        return new SearchTerms(List.copyOf(indexed), List.copyOf(scanned));
    }

    public boolean isEmpty() {
        return indexed.isEmpty() && scanned.isEmpty();
    }

    /** Every term, indexed ones first. */
    public List<String> all() {
        List<String> all = new ArrayList<>(indexed);
        all.addAll(scanned);
        return all;
    }

    public int size() {
        return indexed.size() + scanned.size();
    }

    /** The same search with every term matched by scanning: for terms so common that the index would hand back most rows. */
    public SearchTerms allScanned() {
        return new SearchTerms(List.of(), List.copyOf(all()));
    }

    /** The FTS5 MATCH expression of the indexed terms: {@code "t1" AND "t2"}, quotes doubled inside. */
    public String matchExpression() {
        return String.join(" AND ", indexed.stream().map(term -> '"' + term.replace("\"", "\"\"") + '"').toList());
    }
}
