package io.snippetstore.search.control;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.spell.DirectSpellChecker;
import org.apache.lucene.search.spell.SuggestMode;
import org.apache.lucene.search.spell.SuggestWord;

/**
 * "Did you mean": for a search that finds nothing, each term that alone finds nothing is replaced
 * by the closest word (Lucene's spell checker: edit distance over the index's words) that the
 * caller could find in the same scope with the same filters; the words of snippets the caller
 * cannot see are never offered. A suggestion is given only when the whole new search finds
 * something.
 */
final class Suggestions {

    /** Candidates per field the spell checker proposes, and how many of all are tried against the caller's scope. */
    private static final int CANDIDATES_PER_FIELD = 8;

    private static final int CANDIDATES_TRIED = 16;
    /** Longer terms are not respelled: the edit-distance automaton grows with the term, and nobody mistypes such a word. */
    private static final int LONGEST_RESPELLED = 64;

    private final IndexSearcher searcher;
    private final SnippetIndex index;
    private final DirectSpellChecker checker = new DirectSpellChecker();

    Suggestions(IndexSearcher searcher, SnippetIndex index) {
        this.searcher = searcher;
        this.index = index;
    }

    Optional<String> suggest(SearchRequest request) throws IOException {
        List<String> terms = new ArrayList<>(request.terms());
        boolean changed = false;
        for (int i = 0; i < terms.size(); i++) {
            if (index.matchesAny(request, List.of(terms.get(i)))) {
                continue;
            }
            Optional<String> closest = closest(terms.get(i), request);
            if (closest.isEmpty()) {
                return Optional.empty();
            }
            terms.set(i, closest.get());
            changed = true;
        }
        return changed && index.matchesAny(request, terms) ? Optional.of(String.join(" ", terms)) : Optional.empty();
    }

    private Optional<String> closest(String term, SearchRequest request) throws IOException {
        if (!term.codePoints().allMatch(Character::isLetterOrDigit)
                || term.codePointCount(0, term.length()) > LONGEST_RESPELLED) {
            return Optional.empty();
        }
        Map<String, SuggestWord> candidates = new HashMap<>();
        for (IndexFields.Text text : IndexFields.Text.values()) {
            for (SuggestWord word : checker.suggestSimilar(
                    new Term(text.words, term),
                    CANDIDATES_PER_FIELD,
                    searcher.getIndexReader(),
                    SuggestMode.SUGGEST_ALWAYS)) {
                candidates.merge(word.string, word, (known, other) -> known.score >= other.score ? known : other);
            }
        }
        List<SuggestWord> ranked = candidates.values().stream()
                .sorted(Comparator.comparingDouble((SuggestWord word) -> -word.score)
                        .thenComparingInt(word -> -word.freq)
                        .thenComparing(word -> word.string))
                .limit(CANDIDATES_TRIED)
                .toList();
        for (SuggestWord candidate : ranked) {
            if (!candidate.string.equals(term) && index.matchesAny(request, List.of(candidate.string))) {
                return Optional.of(candidate.string);
            }
        }
        return Optional.empty();
    }
}
