package io.snippetstore.search.control;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.util.BytesRef;

/**
 * The statistics a relevance search scored with (each word's document frequency, each field's
 * document count and length), recorded by the first page and handed to the next pages in their
 * cursor: BM25's inverse document frequency and average length change with every write of every
 * user, and a later page scored with other statistics than the first would skip or repeat
 * results. With the first page's statistics a snippet keeps its score until it is itself changed.
 * Only the fields that are scored ({@code w.*}) are recorded; the rest are filters.
 */
final class FrozenStatistics {

    /** The fields whose statistics score (the words of each text); the rest are filters. */
    private static final String[] SCORED =
            Stream.of(IndexFields.Text.values()).map(text -> text.words).toArray(String[]::new);

    /** A word of a field. */
    private record Key(String field, BytesRef term) {}

    private final Map<Key, TermStatistics> terms = new HashMap<>();
    private final Map<String, CollectionStatistics> fields = new HashMap<>();

    static FrozenStatistics none() {
        return new FrozenStatistics();
    }

    /**
     * The statistics {@link #encode} wrote for the same terms; what a cursor holds (sealed by the
     * service), so not checked beyond its shape.
     */
    static FrozenStatistics decode(String encoded, List<String> searchTerms) {
        FrozenStatistics statistics = new FrozenStatistics();
        if (encoded.isEmpty()) {
            return statistics;
        }
        try {
            for (String entry : encoded.split(";")) {
                String[] parts = entry.split(",");
                String field = SCORED[Integer.parseInt(parts[1])];
                if (parts[0].equals("t")) {
                    BytesRef term = new BytesRef(searchTerms.get(Integer.parseInt(parts[2])));
                    statistics.terms.put(
                            key(field, term), new TermStatistics(term, number(parts[3]), number(parts[4])));
                } else {
                    statistics.fields.put(
                            field,
                            new CollectionStatistics(
                                    field, number(parts[2]), number(parts[3]), number(parts[4]), number(parts[5])));
                }
            }
        } catch (RuntimeException e) {
            throw new IllegalStateException("A cursor holds malformed statistics", e);
        }
        return statistics;
    }

    /**
     * The statistics, short: fields by their place among the scored ones, terms by their place
     * among the search's terms (the only words a search scores), numbers in base 36. A statistic
     * of any other word is left out (it is looked up again).
     */
    String encode(List<String> searchTerms) {
        List<String> fieldNames = List.of(SCORED);
        StringBuilder encoded = new StringBuilder();
        terms.forEach((key, stats) -> {
            int field = fieldNames.indexOf(key.field());
            int term = searchTerms.indexOf(stats.term().utf8ToString());
            if (field >= 0 && term >= 0) {
                separate(encoded)
                        .append("t,")
                        .append(field)
                        .append(',')
                        .append(term)
                        .append(',')
                        .append(Long.toString(stats.docFreq(), 36))
                        .append(',')
                        .append(Long.toString(stats.totalTermFreq(), 36));
            }
        });
        fields.forEach((field, stats) -> {
            int index = fieldNames.indexOf(field);
            if (index >= 0) {
                separate(encoded)
                        .append("c,")
                        .append(index)
                        .append(',')
                        .append(Long.toString(stats.maxDoc(), 36))
                        .append(',')
                        .append(Long.toString(stats.docCount(), 36))
                        .append(',')
                        .append(Long.toString(stats.sumTotalTermFreq(), 36))
                        .append(',')
                        .append(Long.toString(stats.sumDocFreq(), 36));
            }
        });
        return encoded.toString();
    }

    /** A searcher over {@code reader} that scores with these statistics, recording the live ones of anything not in them yet. */
    IndexSearcher searcher(IndexReader reader) {
        IndexSearcher searcher = new IndexSearcher(reader) {
            @Override
            public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
                if (!isScored(term.field())) {
                    return super.termStatistics(term, docFreq, totalTermFreq);
                }
                Key key = key(term.field(), term.bytes());
                TermStatistics frozen = terms.get(key);
                if (frozen == null) {
                    frozen = super.termStatistics(term, docFreq, totalTermFreq);
                    terms.put(
                            key,
                            new TermStatistics(
                                    BytesRef.deepCopyOf(frozen.term()), frozen.docFreq(), frozen.totalTermFreq()));
                }
                return frozen;
            }

            @Override
            public CollectionStatistics collectionStatistics(String field) throws IOException {
                if (!isScored(field)) {
                    return super.collectionStatistics(field);
                }
                CollectionStatistics frozen = fields.get(field);
                if (frozen == null) {
                    frozen = super.collectionStatistics(field);
                    if (frozen != null) {
                        fields.put(field, frozen);
                    }
                }
                return frozen;
            }
        };
        searcher.setSimilarity(SnippetIndex.SIMILARITY);
        return searcher;
    }

    private static boolean isScored(String field) {
        return List.of(SCORED).contains(field);
    }

    private static Key key(String field, BytesRef term) {
        return new Key(field, BytesRef.deepCopyOf(term));
    }

    private static long number(String base36) {
        return Long.parseLong(base36, 36);
    }

    private static StringBuilder separate(StringBuilder encoded) {
        return encoded.isEmpty() ? encoded : encoded.append(';');
    }
}
