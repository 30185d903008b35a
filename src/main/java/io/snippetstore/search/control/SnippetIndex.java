package io.snippetstore.search.control;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.similarities.Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;

/**
 * The Lucene index of every snippet: one document per snippet, replaced whole on every change,
 * searched through near-real-time readers. Knows nothing of where its documents come from: the
 * caller puts and removes them, refreshes to make them searchable, and commits with the sequence
 * number of the last change they include, which the next opening reads back.
 */
final class SnippetIndex implements Closeable {

    static final Similarity SIMILARITY = new QuantizedSimilarity();

    /**
     * A term is a phrase of its trigrams in each of five texts: a query of 2,000 characters (the
     * list's limit) asks for about 3,500 of them, over Lucene's default of 1,024 per query.
     */
    static final int MAX_CLAUSES = 8 * 1024;

    static {
        IndexSearcher.setMaxClauseCount(MAX_CLAUSES);
    }

    /** What the documents look like; an index of another format is rebuilt. */
    static final String FORMAT = "3";

    private static final String FORMAT_KEY = "format";
    private static final String SEQUENCE_KEY = "sequence";

    private final IndexWriter writer;
    private final SearcherManager searchers;

    private SnippetIndex(IndexWriter writer) throws IOException {
        this.writer = writer;
        this.searchers = new SearcherManager(writer, new SearcherFactory() {
            @Override
            public IndexSearcher newSearcher(
                    org.apache.lucene.index.IndexReader reader, org.apache.lucene.index.IndexReader previous) {
                IndexSearcher searcher = new IndexSearcher(reader);
                searcher.setSimilarity(SIMILARITY);
                return searcher;
            }
        });
    }

    /** Opens the index in {@code directory}, or creates an empty one there when {@code create} or none exists. */
    static SnippetIndex open(Directory directory, boolean create) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig(IndexFields.analyzer())
                .setSimilarity(SIMILARITY)
                .setOpenMode(create ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setRAMBufferSizeMB(32);
        IndexWriter writer = new IndexWriter(directory, config);
        try {
            return new SnippetIndex(writer);
        } catch (IOException | RuntimeException e) {
            writer.close();
            throw e;
        }
    }

    /** Whether an index exists in {@code directory} and is of this build's format. */
    static boolean isCurrent(Directory directory) throws IOException {
        if (!DirectoryReader.indexExists(directory)) {
            return false;
        }
        List<IndexCommit> commits = DirectoryReader.listCommits(directory);
        return FORMAT.equals(commits.get(commits.size() - 1).getUserData().get(FORMAT_KEY));
    }

    /** The sequence number of the last change the last commit includes (0 for a new index). */
    long committedSequence() {
        for (Map.Entry<String, String> entry : writer.getLiveCommitData()) {
            if (entry.getKey().equals(SEQUENCE_KEY)) {
                return Long.parseLong(entry.getValue());
            }
        }
        return 0;
    }

    void put(IndexedSnippet snippet) throws IOException {
        writer.updateDocument(new Term(IndexFields.ID, snippet.id()), IndexFields.document(snippet));
    }

    /** Adds a snippet the index does not hold yet (a rebuild): cheaper than {@link #put}, which first removes any copy. */
    void add(IndexedSnippet snippet) throws IOException {
        writer.addDocument(IndexFields.document(snippet));
    }

    void remove(String id) throws IOException {
        writer.deleteDocuments(new Term(IndexFields.ID, id));
    }

    /** Makes everything put and removed so far searchable. */
    void refresh() throws IOException {
        searchers.maybeRefreshBlocking();
    }

    /** Makes everything so far durable, as of the change {@code sequence}. */
    void commit(long sequence) throws IOException {
        writer.setLiveCommitData(
                List.of(Map.entry(FORMAT_KEY, FORMAT), Map.entry(SEQUENCE_KEY, Long.toString(sequence))));
        writer.commit();
    }

    /** How many snippets the searchable index holds. */
    int size() throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.getIndexReader().numDocs();
        } finally {
            searchers.release(searcher);
        }
    }

    /** The ids of the request's page (and one more, when there is more), with their positions. */
    SearchHits search(SearchRequest request) throws IOException {
        IndexSearcher shared = searchers.acquire();
        try {
            boolean ranked = request.order() == SearchOrder.RELEVANCE;
            FrozenStatistics statistics = ranked
                    ? request.after()
                            .map(after -> FrozenStatistics.decode(after.statistics(), request.terms()))
                            .orElseGet(FrozenStatistics::none)
                    : FrozenStatistics.none();
            IndexSearcher searcher = ranked ? statistics.searcher(shared.getIndexReader()) : shared;
            Query query = ranked ? SearchQueries.of(request) : SearchQueries.matching(request, request.terms());
            Sort sort = sort(request.order());
            FieldDoc after = request.after()
                    .map(position -> after(request.order(), position))
                    .orElse(null);
            int wanted = request.limit() + 1;
            TopFieldDocs top = searcher.search(query, new TopFieldCollectorManager(sort, wanted, after, wanted));
            String encodedStatistics = ranked ? statistics.encode(request.terms()) : "";
            List<SearchHits.Hit> hits = new ArrayList<>(top.scoreDocs.length);
            for (ScoreDoc scoreDoc : top.scoreDocs) {
                Object[] values = ((FieldDoc) scoreDoc).fields;
                String id = ((BytesRef) values[1]).utf8ToString();
                hits.add(new SearchHits.Hit(
                        id, new SearchPosition(key(request.order(), values[0]), id, encodedStatistics)));
            }
            return new SearchHits(hits);
        } finally {
            searchers.release(shared);
        }
    }

    /** Whether anything matches the request's scope and filters with these terms. */
    boolean matchesAny(SearchRequest request, List<String> terms) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.count(SearchQueries.matching(request, terms)) > 0;
        } finally {
            searchers.release(searcher);
        }
    }

    /** The languages and tags of everything the request matches. */
    FacetCounts facets(SearchRequest request) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.search(SearchQueries.matching(request, request.terms()), new FacetCounts.Manager());
        } finally {
            searchers.release(searcher);
        }
    }

    /** A spelling of the request's terms that finds something, when they find nothing ({@link Suggestions}). */
    Optional<String> suggest(SearchRequest request) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return new Suggestions(searcher, this).suggest(request);
        } finally {
            searchers.release(searcher);
        }
    }

    private static Sort sort(SearchOrder order) {
        return switch (order) {
            case UPDATED ->
                new Sort(
                        new SortField(IndexFields.UPDATED, SortField.Type.LONG, true),
                        new SortField(IndexFields.ID, SortField.Type.STRING, true));
            case CREATED ->
                new Sort(
                        new SortField(IndexFields.CREATED, SortField.Type.LONG, true),
                        new SortField(IndexFields.ID, SortField.Type.STRING, true));
            case TITLE ->
                new Sort(
                        new SortField(IndexFields.TITLE_SORT, SortField.Type.STRING),
                        new SortField(IndexFields.ID, SortField.Type.STRING));
            case RELEVANCE -> new Sort(SortField.FIELD_SCORE, new SortField(IndexFields.ID, SortField.Type.STRING));
        };
    }

    private static String key(SearchOrder order, Object value) {
        return switch (order) {
            case UPDATED, CREATED -> Long.toString((Long) value);
            case TITLE -> ((BytesRef) value).utf8ToString();
            case RELEVANCE -> Integer.toHexString(Float.floatToRawIntBits((Float) value));
        };
    }

    /** The position as a {@link FieldDoc} past which results continue (no document id ties: the id is part of every order). */
    private static FieldDoc after(SearchOrder order, SearchPosition position) {
        Object key;
        try {
            key = switch (order) {
                case UPDATED, CREATED -> Long.parseLong(position.key());
                case TITLE -> new BytesRef(position.key());
                case RELEVANCE -> Float.intBitsToFloat(Integer.parseUnsignedInt(position.key(), 16));
            };
        } catch (NumberFormatException e) {
            throw new IllegalStateException("A signed cursor holds a malformed key", e);
        }
        float score = key instanceof Float relevance ? relevance : Float.NaN;
        return new FieldDoc(Integer.MAX_VALUE, score, new Object[] {key, new BytesRef(position.id())});
    }

    @Override
    public void close() throws IOException {
        try {
            searchers.close();
        } finally {
            writer.close();
        }
    }

    /** Closes after a failure, without committing; the next opening starts from the last commit. */
    void abandon() {
        try {
            searchers.close();
        } catch (IOException | RuntimeException e) {
            // closing what failed: the failure was reported
        }
        try {
            writer.rollback();
        } catch (IOException | RuntimeException e) {
            // as above
        }
    }
}
