package io.snippetstore.search.control;

import java.util.List;

import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * A search request as a Lucene query. Each term must occur as a substring of some text (a phrase of
 * its trigrams, or for one or two characters one term of the texts' characters and pairs); that match
 * scores the text's weight. On top, per text, a whole word equal to the term scores BM25 (with
 * the index's statistics: a rare word outweighs a common one) times the text's weight, and a word
 * starting with the term half the weight. So for each text a whole-word match ranks above a
 * prefix match above a match inside a word, a title above a description above notes and code.
 * Every part is a multiple of 1/256 ({@link QuantizedSimilarity}) and a term's parts stay below
 * 11 × (1.5 + 2.2 × 14) &lt; 360 (weights 11 in all, BM25 at most 2.2 times an IDF below 14 for
 * up to a million snippets), so 32 terms stay below 2^15.
 */
final class SearchQueries {

    /** A word starting with the term, per unit of the text's weight. */
    static final float PREFIX = 0.5f;

    private static final int TRIGRAM = 3;

    private SearchQueries() {}

    /** Everything the request matches: scope, terms and filters; scored for relevance. */
    static Query of(SearchRequest request) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        query.add(scope(request), Occur.FILTER);
        for (String term : request.terms()) {
            query.add(substring(term), Occur.MUST);
            query.add(words(term), Occur.SHOULD);
        }
        filters(request, query);
        return query.build();
    }

    /** The same request with each term's substring match only, unscored: whether anything matches. */
    static Query matching(SearchRequest request, List<String> terms) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        query.add(scope(request), Occur.FILTER);
        terms.forEach(term -> query.add(substring(term), Occur.FILTER));
        filters(request, query);
        return query.build();
    }

    /**
     * The snippets the caller may list in the request's scope. What reading collections gives
     * ({@link IndexedSnippet.Reach}) counts in {@code ALL} only, as in the database's scopes.
     */
    static Query scope(SearchRequest request) {
        Query own = new TermQuery(new Term(IndexFields.OWNER, request.callerId()));
        if (request.scope() == SearchScope.OWN) {
            return own;
        }
        Query team = new TermQuery(new Term(IndexFields.VISIBILITY, IndexFields.TEAM));
        BooleanQuery.Builder groups = new BooleanQuery.Builder();
        request.groupIds()
                .forEach(group -> groups.add(new TermQuery(new Term(IndexFields.GROUP, group)), Occur.SHOULD));
        Query sharedWithMyGroups = groups.build();
        Query others = switch (request.scope()) {
            case TEAM -> team;
            case GROUPS -> sharedWithMyGroups;
            default -> {
                BooleanQuery.Builder reached = new BooleanQuery.Builder()
                        .add(team, Occur.SHOULD)
                        .add(sharedWithMyGroups, Occur.SHOULD)
                        .add(
                                new TermQuery(new Term(IndexFields.IN_TEAM_COLLECTION, IndexFields.flag(true))),
                                Occur.SHOULD)
                        .add(new TermQuery(new Term(IndexFields.READER, request.callerId())), Occur.SHOULD);
                request.groupIds()
                        .forEach(group -> reached.add(
                                new TermQuery(new Term(IndexFields.COLLECTION_GROUP, group)), Occur.SHOULD));
                yield reached.build();
            }
        };
        BooleanQuery.Builder visible = new BooleanQuery.Builder().add(others, Occur.FILTER);
        request.hiddenOwners()
                .forEach(owner -> visible.add(new TermQuery(new Term(IndexFields.OWNER, owner)), Occur.MUST_NOT));
        if (request.scope() == SearchScope.GROUPS) {
            visible.add(own, Occur.MUST_NOT);
        }
        if (request.scope() != SearchScope.ALL) {
            return visible.build();
        }
        return new BooleanQuery.Builder()
                .add(own, Occur.SHOULD)
                .add(visible.build(), Occur.SHOULD)
                .setMinimumNumberShouldMatch(1)
                .build();
    }

    private static void filters(SearchRequest request, BooleanQuery.Builder query) {
        for (IndexFilter filter : request.filters()) {
            if (filter.anyOf().size() == 1) {
                query.add(term(filter, filter.anyOf().iterator().next()), Occur.FILTER);
                continue;
            }
            BooleanQuery.Builder anyOf = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
            filter.anyOf().forEach(value -> anyOf.add(term(filter, value), Occur.SHOULD));
            query.add(anyOf.build(), Occur.FILTER);
        }
    }

    private static Query term(IndexFilter filter, String value) {
        return new TermQuery(new Term(filter.field().name, filter.field().term(value)));
    }

    /** The term as a substring of some text, scoring the weight of each text it occurs in. */
    static Query substring(String term) {
        BooleanQuery.Builder anyText = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
        for (IndexFields.Text text : IndexFields.Text.values()) {
            anyText.add(new BoostQuery(new ConstantScoreQuery(substring(text, term)), text.weight), Occur.SHOULD);
        }
        return anyText.build();
    }

    private static Query substring(IndexFields.Text text, String term) {
        int[] codePoints = term.codePoints().toArray();
        if (codePoints.length == 0) {
            return new MatchAllDocsQuery();
        }
        if (codePoints.length < TRIGRAM) {
            return new TermQuery(new Term(text.shortGrams, term)); // one or two characters: looked up, never expanded
        }
        // trigrams at positions 0, 3, 6, ... and the last one: together they cover every character
        PhraseQuery.Builder phrase = new PhraseQuery.Builder();
        int last = codePoints.length - TRIGRAM;
        for (int at = 0; ; at = Math.min(at + TRIGRAM, last)) {
            phrase.add(new Term(text.grams, new String(codePoints, at, TRIGRAM)), at);
            if (at == last) {
                break;
            }
        }
        return phrase.build();
    }

    /** The relevance of whole words and word prefixes equal to the term, per text. */
    private static Query words(String term) {
        BooleanQuery.Builder words = new BooleanQuery.Builder();
        boolean oneWord = term.codePoints().allMatch(Character::isLetterOrDigit);
        if (!oneWord || term.codePointCount(0, term.length()) > IndexFields.LONGEST_WORD) {
            return words.build(); // no indexed word can equal it or start with it
        }
        boolean prefixes = term.codePointCount(0, term.length()) >= TRIGRAM;
        for (IndexFields.Text text : IndexFields.Text.values()) {
            words.add(new BoostQuery(new TermQuery(new Term(text.words, term)), text.weight), Occur.SHOULD);
            if (prefixes) {
                words.add(
                        new BoostQuery(
                                new ConstantScoreQuery(new PrefixQuery(new Term(text.words, term))),
                                text.weight * PREFIX),
                        Occur.SHOULD);
            }
        }
        return words.build();
    }
}
