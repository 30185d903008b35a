package io.snippetstore.search.control;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;

/**
 * How many matching snippets carry each language and each tag, and how many each collection
 * holds (every collection: which of them a caller may see is its caller's to decide), counted from the index's doc
 * values: per segment by ordinal, then by name. Languages that differ only in (ASCII) case are one,
 * named by the first of their spellings in code point order.
 */
public final class FacetCounts {

    private final Map<String, Long> tags = new HashMap<>();
    private final Map<String, Long> collections = new HashMap<>();
    private final Map<String, Long> languageCounts = new HashMap<>();
    private final Map<String, String> languageNames = new HashMap<>();

    /** Tag → how many matches carry it. */
    public Map<String, Long> tags() {
        return tags;
    }

    /** Collection id → how many matches it holds. */
    public Map<String, Long> collections() {
        return collections;
    }

    /** Language (one spelling) → how many matches are in it. */
    public Map<String, Long> languages() {
        Map<String, Long> named = new HashMap<>();
        languageCounts.forEach((key, count) -> named.put(languageNames.get(key), count));
        return named;
    }

    private void add(FacetCounts other) {
        other.tags.forEach((tag, count) -> tags.merge(tag, count, Long::sum));
        other.collections.forEach((collection, count) -> collections.merge(collection, count, Long::sum));
        other.languageCounts.forEach((key, count) -> addLanguage(key, other.languageNames.get(key), count));
    }

    private void addLanguage(String key, String name, long count) {
        languageCounts.merge(key, count, Long::sum);
        languageNames.merge(key, name, (known, other) -> known.compareTo(other) <= 0 ? known : other);
    }

    static final class Manager implements CollectorManager<Collector, FacetCounts> {
        @Override
        public Collector newCollector() {
            return new Collector();
        }

        @Override
        public FacetCounts reduce(Collection<Collector> collectors) throws IOException {
            FacetCounts all = new FacetCounts();
            for (Collector collector : collectors) {
                collector.flush();
                all.add(collector.counts);
            }
            return all;
        }
    }

    /** Counts ordinals of one segment at a time, turning them into names when it moves on. */
    static final class Collector extends SimpleCollector {
        private final FacetCounts counts = new FacetCounts();
        private SortedSetDocValues tagValues;
        private SortedSetDocValues collectionValues;
        private SortedDocValues languageKeys;
        private SortedDocValues languageNames;
        private long[] tagCounts = new long[0];
        private long[] collectionCounts = new long[0];
        private long[] keyCounts = new long[0];
        private int[] keyNames = new int[0];

        @Override
        protected void doSetNextReader(LeafReaderContext context) throws IOException {
            flush();
            tagValues = DocValues.getSortedSet(context.reader(), IndexFields.TAG);
            languageKeys = DocValues.getSorted(context.reader(), IndexFields.LANGUAGE_KEY);
            languageNames = DocValues.getSorted(context.reader(), IndexFields.LANGUAGE_NAME);
            tagCounts = new long[(int) tagValues.getValueCount()];
            collectionValues = DocValues.getSortedSet(context.reader(), IndexFields.COLLECTION);
            collectionCounts = new long[(int) collectionValues.getValueCount()];
            keyCounts = new long[languageKeys.getValueCount()];
            keyNames = new int[languageKeys.getValueCount()];
            java.util.Arrays.fill(keyNames, Integer.MAX_VALUE);
        }

        @Override
        public void collect(int doc) throws IOException {
            if (tagValues.advanceExact(doc)) {
                for (int i = 0; i < tagValues.docValueCount(); i++) {
                    tagCounts[(int) tagValues.nextOrd()]++;
                }
            }
            if (collectionValues.advanceExact(doc)) {
                for (int i = 0; i < collectionValues.docValueCount(); i++) {
                    collectionCounts[(int) collectionValues.nextOrd()]++;
                }
            }
            if (languageKeys.advanceExact(doc) && languageNames.advanceExact(doc)) {
                int key = languageKeys.ordValue();
                keyCounts[key]++;
                keyNames[key] = Math.min(keyNames[key], languageNames.ordValue());
            }
        }

        void flush() throws IOException {
            for (int ord = 0; ord < tagCounts.length; ord++) {
                if (tagCounts[ord] > 0) {
                    counts.tags.merge(tagValues.lookupOrd(ord).utf8ToString(), tagCounts[ord], Long::sum);
                }
            }
            for (int ord = 0; ord < collectionCounts.length; ord++) {
                if (collectionCounts[ord] > 0) {
                    counts.collections.merge(
                            collectionValues.lookupOrd(ord).utf8ToString(), collectionCounts[ord], Long::sum);
                }
            }
            for (int ord = 0; ord < keyCounts.length; ord++) {
                if (keyCounts[ord] > 0) {
                    counts.addLanguage(
                            languageKeys.lookupOrd(ord).utf8ToString(),
                            languageNames.lookupOrd(keyNames[ord]).utf8ToString(),
                            keyCounts[ord]);
                }
            }
            tagCounts = new long[0];
            collectionCounts = new long[0];
            keyCounts = new long[0];
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }
    }
}
