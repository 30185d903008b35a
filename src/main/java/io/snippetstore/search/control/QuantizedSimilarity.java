package io.snippetstore.search.control;

import org.apache.lucene.index.FieldInvertState;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.Similarity;

/**
 * BM25, each term's score rounded to a multiple of 1/256. Every part of a relevance score is then
 * a multiple of 1/256 well below 2^15 (see {@link SearchQueries}), which a float holds exactly: a
 * snippet's score is the same whatever order Lucene adds its parts in, which differs when other
 * writes reshape the index between two pages, and a relevance cursor compares scores exactly.
 */
final class QuantizedSimilarity extends Similarity {

    static final float STEP = 256f;

    private final BM25Similarity bm25 = new BM25Similarity();

    @Override
    public long computeNorm(FieldInvertState state) {
        return bm25.computeNorm(state);
    }

    @Override
    public SimScorer scorer(float boost, CollectionStatistics collectionStats, TermStatistics... termStats) {
        SimScorer exact = bm25.scorer(boost, collectionStats, termStats);
        return new SimScorer() {
            @Override
            public float score(float freq, long norm) {
                return Math.round(exact.score(freq, norm) * STEP) / STEP;
            }
        };
    }
}
