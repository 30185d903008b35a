package io.snippetstore.search.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Meanings in the index, made by the real model: kept, dropped, filtered and fused. */
class SnippetIndexMeaningTest {

    private static SentenceEmbedder embedder;

    private SnippetIndex index;

    @BeforeAll
    static void loadTheModel() {
        embedder = SentenceEmbedder.load().orElseThrow();
    }

    @AfterAll
    static void closeIt() {
        embedder.close();
    }

    @BeforeEach
    void openAnIndex() throws IOException {
        index = SnippetIndex.open(new ByteBuffersDirectory(), true);
    }

    @AfterEach
    void closeTheIndex() throws IOException {
        index.close();
    }

    @Test
    void aSearchByMeaningFindsASnippetDescribedInOtherWordsAndNothingUnrelated() throws IOException {
        putWithMeaning(snippet("du", "alice", "team", "Disk usage per directory", "du -sh * | sort -h"));
        putWithMeaning(snippet("stash", "alice", "team", "Stash work in progress", "git stash push -m wip"));

        assertEquals(
                List.of("du"),
                ids(search("bob", SearchScope.TEAM, SearchMatch.MEANING, "how much space each folder takes")));
    }

    @Test
    void aSearchByMeaningListsOnlyWhatTheCallerMayList() throws IOException {
        putWithMeaning(snippet("mine", "bob", "private", "Disk usage of my folders", "du -sh ~/*"));
        putWithMeaning(snippet("theirs", "alice", "private", "Disk usage per directory", "du -sh * | sort -h"));

        assertEquals(
                List.of("mine"),
                ids(search("bob", SearchScope.ALL, SearchMatch.MEANING, "how much space each folder takes")));
        assertEquals(
                List.of(),
                ids(search("bob", SearchScope.TEAM, SearchMatch.MEANING, "how much space each folder takes")));
    }

    @Test
    void aHybridSearchPutsWhatBothRankingsFindFirstAndAddsMeaningsWithoutTheWords() throws IOException {
        putWithMeaning(snippet("words-only", "alice", "team", "Folder icons", "set the space theme for each folder"));
        putWithMeaning(snippet("both", "alice", "team", "Space each folder takes", "du -sh * | sort -h"));
        putWithMeaning(snippet("meaning-only", "alice", "team", "Disk usage per directory", "du -h --max-depth=1"));

        List<String> found = ids(search("bob", SearchScope.TEAM, SearchMatch.HYBRID, "space each folder"));

        assertEquals("both", found.get(0), found.toString());
        assertTrue(found.contains("meaning-only"), found.toString());
    }

    @Test
    void aChangeThatLeavesTheTextKeepsItsMeaningAndAChangedTitleLosesIt() throws IOException {
        IndexedSnippet du = snippet("du", "alice", "private", "Disk usage per directory", "du -sh * | sort -h");
        putWithMeaning(du);

        index.put(snippet("du", "alice", "team", "Disk usage per directory", "du -sh * | sort -h"));
        index.refresh();
        assertEquals(0, index.withoutMeaning(10).count(), "only the visibility changed");
        assertEquals(List.of("du"), ids(search("bob", SearchScope.TEAM, SearchMatch.MEANING, "disk usage")));

        index.put(snippet("du", "alice", "team", "Sizes of directories", "du -sh * | sort -h"));
        index.refresh();
        assertEquals(List.of("du"), index.withoutMeaning(10).ids(), "the title changed: made again");
    }

    @Test
    void aSnippetPutWithoutMeaningLosesTheOneItHadThoughItsTextIsTheSame() throws IOException {
        IndexedSnippet du = snippet("du", "alice", "team", "Disk usage per directory", "du -sh * | sort -h");
        putWithMeaning(du);

        index.putWithoutMeaning(du);
        index.refresh();

        assertEquals(List.of("du"), index.withoutMeaning(10).ids());
        assertEquals(List.of(), ids(search("bob", SearchScope.TEAM, SearchMatch.MEANING, "disk usage")));
    }

    private void putWithMeaning(IndexedSnippet snippet) throws IOException {
        String text = IndexFields.meaningText(snippet);
        index.put(snippet, new IndexFields.Meaning(IndexFields.meaningKey(text), embedder.embed(text)));
        index.refresh();
    }

    private SearchHits search(String caller, SearchScope scope, SearchMatch match, String query) throws IOException {
        SearchRequest request = new SearchRequest(
                caller,
                scope,
                Set.of(),
                Set.of(),
                List.of(query.split(" ")),
                List.of(),
                SearchOrder.RELEVANCE,
                10,
                Optional.empty(),
                match);
        return index.related(request, embedder.embed(request.text()));
    }

    private static List<String> ids(SearchHits hits) {
        return hits.hits().stream().map(SearchHits.Hit::id).toList();
    }

    private static IndexedSnippet snippet(String id, String owner, String visibility, String title, String code) {
        return new IndexedSnippet(
                id,
                owner,
                visibility,
                List.of(),
                title,
                title.toLowerCase(),
                null,
                null,
                "shell",
                code,
                List.of(),
                1,
                1,
                IndexedSnippet.Reach.NONE);
    }
}
