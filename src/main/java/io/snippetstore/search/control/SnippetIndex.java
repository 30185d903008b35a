package io.snippetstore.search.control;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
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
    static final String FORMAT = "4";

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

    /**
     * Puts the snippet, with the meaning its document had if that was made of the same text (a
     * change of visibility or groups keeps it); else without one, for {@link #withoutMeaning}.
     */
    void put(IndexedSnippet snippet) throws IOException {
        String key = IndexFields.meaningKey(IndexFields.meaningText(snippet));
        writer.updateDocument(
                new Term(IndexFields.ID, snippet.id()), IndexFields.document(snippet, meaningOf(snippet.id(), key)));
    }

    /** Puts the snippet without a meaning, not looking for the one it had: search by meaning is off. */
    void putWithoutMeaning(IndexedSnippet snippet) throws IOException {
        writer.updateDocument(new Term(IndexFields.ID, snippet.id()), IndexFields.document(snippet, Optional.empty()));
    }

    /** Puts the snippet with a meaning made of its current text. */
    void put(IndexedSnippet snippet, IndexFields.Meaning meaning) throws IOException {
        writer.updateDocument(
                new Term(IndexFields.ID, snippet.id()), IndexFields.document(snippet, Optional.of(meaning)));
    }

    /** Adds a snippet the index does not hold yet (a rebuild): cheaper than {@link #put}, which first removes any copy. */
    void add(IndexedSnippet snippet) throws IOException {
        writer.addDocument(IndexFields.document(snippet, Optional.empty()));
    }

    /** The meaning the searchable document of {@code id} holds, if it was made of the text of that key. */
    private Optional<IndexFields.Meaning> meaningOf(String id, String key) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            Query same = new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(IndexFields.ID, id)), BooleanClause.Occur.FILTER)
                    .add(new TermQuery(new Term(IndexFields.MEANING_OF, key)), BooleanClause.Occur.FILTER)
                    .build();
            TopDocs found = searcher.search(same, 1);
            if (found.scoreDocs.length == 0) {
                return Optional.empty();
            }
            int doc = found.scoreDocs[0].doc;
            List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
            FloatVectorValues vectors = leaf.reader().getFloatVectorValues(IndexFields.MEANING);
            int inLeaf = doc - leaf.docBase;
            if (vectors == null || vectors.advance(inLeaf) != inLeaf) {
                return Optional.empty();
            }
            return Optional.of(
                    new IndexFields.Meaning(key, vectors.vectorValue().clone()));
        } finally {
            searchers.release(searcher);
        }
    }

    /** Up to {@code max} ids of searchable snippets whose meaning is not made yet (in id order), and how many there are. */
    Pending withoutMeaning(int max) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            Query lacking = new BooleanQuery.Builder()
                    .add(new MatchAllDocsQuery(), BooleanClause.Occur.FILTER)
                    .add(new FieldExistsQuery(IndexFields.MEANING), BooleanClause.Occur.MUST_NOT)
                    .build();
            int count = searcher.count(lacking);
            List<String> ids = new ArrayList<>();
            if (max > 0 && count > 0) {
                TopFieldDocs top =
                        searcher.search(lacking, max, new Sort(new SortField(IndexFields.ID, SortField.Type.STRING)));
                for (ScoreDoc scoreDoc : top.scoreDocs) {
                    ids.add(((BytesRef) ((FieldDoc) scoreDoc).fields[0]).utf8ToString());
                }
            }
            return new Pending(ids, count);
        } finally {
            searchers.release(searcher);
        }
    }

    /** Snippets waiting for their meaning: some of their ids, and their number. */
    record Pending(List<String> ids, long count) {}

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

    /**
     * The page of a search by meaning or hybrid: the nearest meanings among what the request may
     * list (its scope and filters, not its words), and for hybrid the word matches too, their two
     * rankings fused ({@link RankFusion}); then the page after the request's position.
     */
    SearchHits related(SearchRequest request, float[] meaning) throws IOException {
        IndexSearcher shared = searchers.acquire();
        try {
            List<RankFusion.Ranked> nearest = nearest(shared, request, meaning);
            List<RankFusion.Ranked> ranked;
            String encodedStatistics = "";
            if (request.match() == SearchMatch.HYBRID) {
                FrozenStatistics statistics = request.after()
                        .map(after -> FrozenStatistics.decode(after.statistics(), request.terms()))
                        .orElseGet(FrozenStatistics::none);
                IndexSearcher searcher = statistics.searcher(shared.getIndexReader());
                TopDocs words = searcher.search(
                        SearchQueries.of(request),
                        new TopFieldCollectorManager(
                                sort(SearchOrder.RELEVANCE), RankFusion.EACH_MAX, null, RankFusion.EACH_MAX));
                ranked = RankFusion.fuse(
                        ids(words), nearest.stream().map(RankFusion.Ranked::id).toList());
                encodedStatistics = statistics.encode(request.terms());
            } else {
                ranked = nearest;
            }
            List<SearchHits.Hit> hits = new ArrayList<>();
            for (RankFusion.Ranked result : RankFusion.after(ranked, request.after())) {
                if (hits.size() > request.limit()) {
                    break;
                }
                hits.add(new SearchHits.Hit(
                        result.id(),
                        new SearchPosition(RankFusion.key(result.score()), result.id(), encodedStatistics)));
            }
            return new SearchHits(hits);
        } finally {
            searchers.release(shared);
        }
    }

    /** The languages and tags of every result of a search by meaning or hybrid. */
    FacetCounts relatedFacets(SearchRequest request, float[] meaning) throws IOException {
        List<BytesRef> ids = related(request.everything(), meaning).hits().stream()
                .map(hit -> new BytesRef(hit.id()))
                .toList();
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.search(new TermInSetQuery(IndexFields.ID, ids), new FacetCounts.Manager());
        } finally {
            searchers.release(searcher);
        }
    }

    /** The snippets the request may list whose meaning is near enough to {@code meaning}, nearest first, ties by id. */
    private static List<RankFusion.Ranked> nearest(IndexSearcher searcher, SearchRequest request, float[] meaning)
            throws IOException {
        Query near = new KnnFloatVectorQuery(
                IndexFields.MEANING, meaning, RankFusion.EACH_MAX, SearchQueries.matching(request, List.of()));
        TopDocs top = searcher.search(near, RankFusion.EACH_MAX);
        List<String> ids = ids(searcher, top);
        List<RankFusion.Ranked> nearest = new ArrayList<>();
        for (int i = 0; i < top.scoreDocs.length; i++) {
            // Lucene scores a dot product d as (1 + d) / 2
            float similarity = 2 * top.scoreDocs[i].score - 1;
            if (similarity >= RankFusion.MIN_SIMILARITY) {
                nearest.add(new RankFusion.Ranked(ids.get(i), similarity));
            }
        }
        nearest.sort(RankFusion.ORDER);
        return nearest;
    }

    /** The ids of a search sorted by {@link #sort}, in order. */
    private static List<String> ids(TopDocs sorted) {
        List<String> ids = new ArrayList<>(sorted.scoreDocs.length);
        for (ScoreDoc scoreDoc : sorted.scoreDocs) {
            ids.add(((BytesRef) ((FieldDoc) scoreDoc).fields[1]).utf8ToString());
        }
        return ids;
    }

    /** The ids of the documents of {@code top}, in order, from their doc values. */
    private static List<String> ids(IndexSearcher searcher, TopDocs top) throws IOException {
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        List<String> ids = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc scoreDoc : top.scoreDocs) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(scoreDoc.doc, leaves));
            SortedDocValues values = DocValues.getSorted(leaf.reader(), IndexFields.ID);
            if (!values.advanceExact(scoreDoc.doc - leaf.docBase)) {
                throw new IllegalStateException("A document without its id");
            }
            ids.add(values.lookupOrd(values.ordValue()).utf8ToString());
        }
        return ids;
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

    /** The languages, tags and collections of everything the request matches. */
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
