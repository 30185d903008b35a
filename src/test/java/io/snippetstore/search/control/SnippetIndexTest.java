package io.snippetstore.search.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.snippetstore.placeholders.control.CodeTemplate;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The index against a brute-force reference: a random corpus (Unicode, camelCase, one- and
 * two-character texts, tags, languages in several cases, codes with and without variables, three users, every visibility) and
 * random searches in every scope, filter and order, walked page by page through their positions;
 * each must return exactly the snippets the reference finds, in the reference's order (relevance:
 * the score docs/API.md documents, worked out here for every match and compared with the engine's
 * exactly, then the id).
 */
class SnippetIndexTest {

    private static final List<String> USERS = List.of("alice", "bob", "carol");
    private static final List<String> WORDS = List.of(
            "getUserById",
            "payload",
            "zebrafish",
            "quokka",
            "Ärger",
            "straße",
            "STRASSE",
            "日本語",
            "🦀crab",
            "x",
            "go",
            "if",
            "return",
            "user_name",
            "HTTP2Server",
            "a",
            "ß",
            "ä",
            "naïve",
            "kubectl",
            "{{app}}",
            "*",
            "?",
            "\\",
            "100%",
            "-x",
            "NEAR(a*");
    private static final List<String> GROUPS = List.of("g-ops", "g-dev");
    private static final List<String> COLLECTIONS = List.of("c-runbooks", "c-infra", "c-onboarding");
    private static final List<String> TAGS = List.of("ops", "web", "db", "k8s");
    private static final List<String> LANGUAGES = List.of("Java", "java", "JAVA", "Python", "go", "Ärlang", "sh");

    private final Random random = new Random(20261125);
    private final Map<String, IndexedSnippet> corpus = new HashMap<>();
    private SnippetIndex index;

    @BeforeEach
    void build() throws IOException {
        index = SnippetIndex.open(new ByteBuffersDirectory(), true);
        for (int i = 0; i < 400; i++) {
            put(randomSnippet(String.format("%04d", i)));
        }
        index.refresh();
    }

    @AfterEach
    void close() throws IOException {
        index.close();
    }

    @Test
    void everySearchFindsWhatTheReferenceFindsInItsOrder() throws IOException {
        int found = 0;
        for (int round = 0; round < 400; round++) {
            SearchRequest request = randomRequest();
            List<String> expected = reference(request);
            List<SearchHits.Hit> walked = walkHits(request);
            List<String> ids = walked.stream().map(SearchHits.Hit::id).toList();
            if (request.order() == SearchOrder.RELEVANCE) {
                Map<String, Double> scores = relevance(request, expected);
                List<String> ranked = expected.stream()
                        .sorted(Comparator.comparing((String id) -> -scores.get(id))
                                .thenComparing(id -> id))
                        .toList();
                assertEquals(ranked, ids, () -> "best first by the documented score, then by id: " + request);
                for (SearchHits.Hit hit : walked) {
                    assertEquals(scores.get(hit.id()), (double) score(hit), () -> "the score of " + hit.id());
                }
            } else {
                assertEquals(expected, ids, () -> "results of " + request);
            }
            found += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(found > 200, "most random searches find something: " + found);
    }

    private static float score(SearchHits.Hit hit) {
        return Float.intBitsToFloat(Integer.parseUnsignedInt(hit.position().key(), 16));
    }

    @Test
    void facetsCountWhatTheReferenceFinds() throws IOException {
        for (int round = 0; round < 100; round++) {
            SearchRequest request = randomRequest();
            List<IndexedSnippet> matches =
                    reference(request).stream().map(corpus::get).toList();
            FacetCounts counts = index.facets(request);
            Map<String, Long> tags = matches.stream()
                    .flatMap(snippet -> snippet.tags().stream())
                    .collect(Collectors.groupingBy(tag -> tag, Collectors.counting()));
            assertEquals(tags, counts.tags(), () -> "tags of " + request);
            Map<String, Long> languages = matches.stream()
                    .collect(Collectors.groupingBy(
                            snippet -> IndexFields.languageKey(snippet.language()), Collectors.counting()));
            assertEquals(
                    languages,
                    counts.languages().entrySet().stream()
                            .collect(Collectors.toMap(
                                    entry -> IndexFields.languageKey(entry.getKey()), Map.Entry::getValue)),
                    () -> "languages of " + request);
        }
    }

    @Test
    void relevancePagesReturnEachMatchOnceWhileOthersWriteBetweenThem() throws IOException {
        SearchRequest first =
                request("alice", SearchScope.ALL, List.of("user"), SearchOrder.RELEVANCE, 3, Optional.empty());
        Set<String> expected = new HashSet<>(reference(first));
        List<String> seen = new ArrayList<>();
        Optional<SearchPosition> after = Optional.empty();
        int written = 0;
        while (true) {
            List<SearchHits.Hit> hits = index.search(withAfter(first, after)).hits();
            List<SearchHits.Hit> page = hits.subList(0, Math.min(3, hits.size()));
            page.forEach(hit -> seen.add(hit.id()));
            if (hits.size() <= 3) {
                break;
            }
            after = Optional.of(page.get(page.size() - 1).position());
            // another user's new snippets shift every statistic of "user" (document frequency, lengths)
            for (int i = 0; i < 20; i++) {
                put(snippet(
                        "new" + written++,
                        "dave",
                        "private",
                        "user user user " + "filler ".repeat(i),
                        "java",
                        List.of()));
            }
            index.refresh();
        }
        assertEquals(seen.size(), new HashSet<>(seen).size(), "no snippet twice: " + seen);
        assertEquals(expected, new HashSet<>(seen));
    }

    @Test
    void relevanceRanksTitleOverCodeWholeWordsOverPartsAndRareTermsOverCommonOnes() throws IOException {
        index = SnippetIndex.open(new ByteBuffersDirectory(), true);
        put(snippet("code", "u", "private", "Backup notes", "sh", List.of(), "restore the payload"));
        put(snippet("title", "u", "private", "Payload restore", "sh", List.of(), "nothing to see"));
        put(snippet("inside", "u", "private", "About uploads", "sh", List.of(), "a bigpayloadish word restore"));
        for (int i = 0; i < 30; i++) {
            put(snippet("common" + i, "u", "private", "Restore " + i, "sh", List.of(), "restore restore"));
        }
        index.refresh();

        List<String> ranked =
                walk(request("u", SearchScope.OWN, List.of("payload"), SearchOrder.RELEVANCE, 10, Optional.empty()));
        assertEquals(List.of("title", "code", "inside"), ranked);

        // "payload" is in 3 snippets, "restore" in 33: the rare term decides over the common one
        List<String> both = walk(request(
                "u", SearchScope.OWN, List.of("restore", "payload"), SearchOrder.RELEVANCE, 10, Optional.empty()));
        assertEquals("title", both.get(0));
        assertEquals(Set.of("title", "code", "inside"), new HashSet<>(both));
    }

    @Test
    void aMisspelledTermIsRespelledFromWordsTheCallerCanSeeOnly() throws IOException {
        index = SnippetIndex.open(new ByteBuffersDirectory(), true);
        put(snippet("visible", "alice", "team", "Zebrafish tank", "text", List.of(), "feed the zebrafish"));
        put(snippet("hidden", "bob", "private", "Quokkas", "text", List.of(), "quokka island"));
        index.refresh();

        assertEquals(
                Optional.of("zebrafish tank"),
                index.suggest(request(
                        "carol",
                        SearchScope.ALL,
                        List.of("zebrafihs", "tank"),
                        SearchOrder.RELEVANCE,
                        10,
                        Optional.empty())));
        assertEquals(
                Optional.empty(),
                index.suggest(request(
                        "carol", SearchScope.ALL, List.of("quokak"), SearchOrder.RELEVANCE, 10, Optional.empty())),
                "bob's private words are not offered");
        assertEquals(
                Optional.of("quokka"),
                index.suggest(request(
                        "bob", SearchScope.OWN, List.of("quokak"), SearchOrder.RELEVANCE, 10, Optional.empty())));
    }

    @Test
    void aRemovedOrChangedSnippetIsFoundAsItNowIsAfterARefresh() throws IOException {
        IndexedSnippet before = corpus.values().iterator().next();
        put(snippet(before.id(), before.ownerId(), before.visibility(), "Changed to marmoset", "text", List.of()));
        index.refresh();
        assertEquals(
                List.of(before.id()),
                walk(request(
                        before.ownerId(),
                        SearchScope.OWN,
                        List.of("marmoset"),
                        SearchOrder.UPDATED,
                        5,
                        Optional.empty())));

        index.remove(before.id());
        corpus.remove(before.id());
        index.refresh();
        assertEquals(
                List.of(),
                walk(request(
                        before.ownerId(),
                        SearchScope.OWN,
                        List.of("marmoset"),
                        SearchOrder.UPDATED,
                        5,
                        Optional.empty())));
    }

    @Test
    void theLongestQueriesAndWordsAreAnsweredNotRefusedByLucenesLimits() throws IOException {
        index = SnippetIndex.open(new ByteBuffersDirectory(), true);
        String longWord = "q".repeat(400) + "Z".repeat(100_000);
        put(snippet("long", "u", "private", "Long words", "text", List.of(), "a " + longWord + " b"));
        index.refresh();

        String longTerm = TextFold.fold("q".repeat(300) + "Z".repeat(1_700));
        for (SearchOrder order : SearchOrder.values()) {
            assertEquals(
                    List.of("long"),
                    walk(request("u", SearchScope.OWN, List.of(longTerm), order, 10, Optional.empty())),
                    order.name());
        }
        List<String> manyTerms = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            manyTerms.add("q".repeat(60 - i));
        }
        assertEquals(
                List.of("long"),
                walk(request("u", SearchScope.OWN, manyTerms, SearchOrder.RELEVANCE, 10, Optional.empty())));
        assertEquals(
                Optional.empty(),
                index.suggest(request(
                        "u", SearchScope.OWN, List.of(longTerm + "x"), SearchOrder.RELEVANCE, 10, Optional.empty())),
                "no respelling of a term nobody types, and no failure either");
    }

    // --- the reference ---

    private List<String> reference(SearchRequest request) {
        Comparator<IndexedSnippet> order = switch (request.order()) {
            case UPDATED ->
                Comparator.comparingLong(IndexedSnippet::updatedAt)
                        .thenComparing(IndexedSnippet::id)
                        .reversed();
            case CREATED ->
                Comparator.comparingLong(IndexedSnippet::createdAt)
                        .thenComparing(IndexedSnippet::id)
                        .reversed();
            case TITLE ->
                Comparator.comparing(
                                (IndexedSnippet snippet) -> snippet.titleSort().getBytes(StandardCharsets.UTF_8),
                                Arrays::compareUnsigned)
                        .thenComparing(IndexedSnippet::id);
            case RELEVANCE -> Comparator.comparing(IndexedSnippet::id);
        };
        return corpus.values().stream()
                .filter(snippet -> matches(request, snippet))
                .sorted(order)
                .map(IndexedSnippet::id)
                .toList();
    }

    /**
     * docs/API.md's relevance, worked out here: for each term and each text, the text's weight if
     * the text holds the term; for a term of letters and digits, BM25 (k1 = 1.2, b = 0.75, Lucene's
     * 9.x formula and its one-byte lengths) times the weight if a word of the text is the term, and
     * for three or more characters half the weight if a word starts with it; each part rounded to
     * 1/256. The statistics are the whole corpus's, every user's snippets included.
     */
    /** docs/API.md's weights of the texts, written here rather than read from the engine's. */
    private static final Map<IndexFields.Text, Float> DOCUMENTED_WEIGHT = Map.of(
            IndexFields.Text.TITLE, 5f,
            IndexFields.Text.DESCRIPTION, 2f,
            IndexFields.Text.LANGUAGE, 2f,
            IndexFields.Text.NOTES, 1f,
            IndexFields.Text.CODE, 1f);

    private Map<String, Double> relevance(SearchRequest request, List<String> matched) throws IOException {
        Map<String, Double> scores = new HashMap<>();
        for (String id : matched) {
            IndexedSnippet snippet = corpus.get(id);
            double score = 0;
            for (String term : request.terms()) {
                boolean oneWord = term.codePoints().allMatch(Character::isLetterOrDigit)
                        && term.codePointCount(0, term.length()) <= IndexFields.LONGEST_WORD;
                for (IndexFields.Text text : IndexFields.Text.values()) {
                    String value = snippet.text(text);
                    if (value == null || value.isEmpty()) {
                        continue;
                    }
                    if (TextFold.fold(value).contains(term)) {
                        score += DOCUMENTED_WEIGHT.get(text);
                    }
                    if (!oneWord) {
                        continue;
                    }
                    Words words = words(text, value);
                    Integer freq = words.frequencies().get(term);
                    if (freq != null) {
                        score += bm25(text, term, freq, words.length(), DOCUMENTED_WEIGHT.get(text));
                    }
                    if (term.codePointCount(0, term.length()) >= 3
                            && words.frequencies().keySet().stream().anyMatch(word -> word.startsWith(term))) {
                        score += DOCUMENTED_WEIGHT.get(text) * 0.5;
                    }
                }
            }
            scores.put(id, score);
        }
        return scores;
    }

    /** A text's words as the index counts them: each word's frequency, and the length BM25 normalises by. */
    private record Words(Map<String, Integer> frequencies, int length, int tokens) {}

    private final Map<String, Words> wordsOf = new HashMap<>();

    private Words words(IndexFields.Text text, String value) throws IOException {
        Words known = wordsOf.get(text.words + "\u0000" + value);
        if (known != null) {
            return known;
        }
        Map<String, Integer> frequencies = new HashMap<>();
        int tokens = 0;
        int overlapping = 0;
        try (org.apache.lucene.analysis.Analyzer analyzer = IndexFields.analyzer();
                org.apache.lucene.analysis.TokenStream stream = analyzer.tokenStream(text.words, value)) {
            var term = stream.addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);
            var increment =
                    stream.addAttribute(org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                frequencies.merge(term.toString(), 1, Integer::sum);
                tokens++;
                overlapping += increment.getPositionIncrement() == 0 ? 1 : 0;
            }
            stream.end();
        }
        // BM25's norm: the length without overlapping tokens (a whole word beside its parts), stored in one byte
        Words words = new Words(frequencies, tokens - overlapping, tokens);
        wordsOf.put(text.words + "\u0000" + value, words);
        return words;
    }

    /** A words field's statistics over the corpus: documents with a word, all their words, and those with the term. */
    private record FieldStatistics(long docCount, long sumTotalTermFreq, long docFreq) {}

    private final Map<String, FieldStatistics> statistics = new HashMap<>();

    private FieldStatistics statistics(IndexFields.Text text, String term) throws IOException {
        FieldStatistics known = statistics.get(text.words + "\u0000" + term);
        if (known != null) {
            return known;
        }
        long docCount = 0;
        long sumTotalTermFreq = 0;
        long docFreq = 0;
        for (IndexedSnippet snippet : corpus.values()) {
            String value = snippet.text(text);
            if (value == null || value.isEmpty()) {
                continue;
            }
            Words words = words(text, value);
            if (words.tokens() > 0) {
                docCount++;
                sumTotalTermFreq += words.tokens();
                docFreq += words.frequencies().containsKey(term) ? 1 : 0;
            }
        }
        FieldStatistics counted = new FieldStatistics(docCount, sumTotalTermFreq, docFreq);
        statistics.put(text.words + "\u0000" + term, counted);
        return counted;
    }

    private double bm25(IndexFields.Text text, String term, int freq, int length, float weight) throws IOException {
        FieldStatistics field = statistics(text, term);
        long docCount = field.docCount();
        long docFreq = field.docFreq();
        long sumTotalTermFreq = field.sumTotalTermFreq();
        float idf = (float) Math.log(1 + (docCount - docFreq + 0.5D) / (docFreq + 0.5D));
        float averageLength = (float) (sumTotalTermFreq / (double) docCount);
        int storedLength =
                org.apache.lucene.util.SmallFloat.byte4ToInt(org.apache.lucene.util.SmallFloat.intToByte4(length));
        float normInverse = 1f / (1.2f * ((1 - 0.75f) + 0.75f * storedLength / averageLength));
        float bm25Weight = weight * idf;
        float score = (float) (bm25Weight - bm25Weight / (1f + freq * (double) normInverse));
        return Math.round(score * 256f) / 256f;
    }

    private static boolean matches(SearchRequest request, IndexedSnippet snippet) {
        boolean own = snippet.ownerId().equals(request.callerId());
        boolean hidden = request.hiddenOwners().contains(snippet.ownerId());
        boolean team = snippet.visibility().equals("team") && !hidden;
        boolean group = snippet.groupIds().stream().anyMatch(request.groupIds()::contains) && !hidden;
        IndexedSnippet.Reach reach = snippet.reach();
        // what reading collections gives counts in scope all only
        boolean throughCollections = !hidden
                && (reach.inTeamCollection()
                        || reach.collectionGroupIds().stream().anyMatch(request.groupIds()::contains)
                        || reach.collectionOwnerIds().contains(request.callerId()));
        boolean inScope = switch (request.scope()) {
            case OWN -> own;
            case TEAM -> team;
            case GROUPS -> group && !own;
            case ALL -> own || team || group || throughCollections;
        };
        List<String> texts = Stream.of(
                        snippet.title(), snippet.description(), snippet.notes(), snippet.code(), snippet.language())
                .filter(text -> text != null)
                .map(TextFold::fold)
                .toList();
        return inScope
                && request.terms().stream().allMatch(term -> texts.stream().anyMatch(text -> text.contains(term)))
                && request.filters().stream()
                        .allMatch(filter -> filter.anyOf().stream()
                                .map(filter.field()::term)
                                .anyMatch(valuesOf(filter.field(), snippet)::contains));
    }

    /** The snippet's values of a field, as the index compares them, worked out here from what was indexed. */
    private static Set<String> valuesOf(IndexFilter.Field field, IndexedSnippet snippet) {
        return switch (field) {
            case TAG -> Set.copyOf(snippet.tags());
            case LANGUAGE -> Set.of(IndexFields.languageKey(snippet.language()));
            case VARIABLES ->
                Set.of(IndexFields.flag(CodeTemplate.parse(snippet.code()).hasVariables()));
            case COLLECTION -> Set.copyOf(snippet.reach().collectionIds());
            case STARRED_BY -> Set.copyOf(snippet.reach().starredBy());
        };
    }

    // --- walking pages ---

    private List<String> walk(SearchRequest request) throws IOException {
        return walkHits(request).stream().map(SearchHits.Hit::id).toList();
    }

    private List<SearchHits.Hit> walkHits(SearchRequest request) throws IOException {
        List<SearchHits.Hit> ids = new ArrayList<>();
        Optional<SearchPosition> after = Optional.empty();
        for (int page = 0; page < 1000; page++) {
            List<SearchHits.Hit> hits = index.search(withAfter(request, after)).hits();
            List<SearchHits.Hit> shown = hits.subList(0, Math.min(request.limit(), hits.size()));
            ids.addAll(shown);
            if (hits.size() <= request.limit()) {
                return ids;
            }
            after = Optional.of(shown.get(shown.size() - 1).position());
        }
        throw new AssertionError("no end of pages");
    }

    private static SearchRequest withAfter(SearchRequest request, Optional<SearchPosition> after) {
        return new SearchRequest(
                request.callerId(),
                request.scope(),
                request.groupIds(),
                request.hiddenOwners(),
                request.terms(),
                request.filters(),
                request.order(),
                request.limit(),
                after,
                request.match());
    }

    private static SearchRequest request(
            String caller,
            SearchScope scope,
            List<String> terms,
            SearchOrder order,
            int limit,
            Optional<SearchPosition> after) {
        return new SearchRequest(
                caller, scope, Set.of(), Set.of(), terms, List.of(), order, limit, after, SearchMatch.WORDS);
    }

    // --- random data ---

    private SearchRequest randomRequest() {
        String caller = USERS.get(random.nextInt(USERS.size()));
        SearchScope scope = SearchScope.values()[random.nextInt(SearchScope.values().length)];
        Set<String> groups =
                GROUPS.stream().filter(group -> random.nextBoolean()).collect(Collectors.toSet());
        Set<String> hidden = random.nextInt(4) == 0 ? Set.of(USERS.get(random.nextInt(USERS.size()))) : Set.of();
        LinkedHashSet<String> terms = new LinkedHashSet<>();
        int count = random.nextInt(3);
        for (int i = 0; i < count; i++) {
            terms.add(TextFold.fold(randomTerm()));
        }
        Set<String> tags = random.nextInt(4) == 0 ? Set.of(TAGS.get(random.nextInt(TAGS.size()))) : Set.of();
        // none, one, or two (any of them)
        Set<String> languages =
                random.nextInt(5) == 0 ? Set.of(LANGUAGES.get(random.nextInt(LANGUAGES.size()))) : Set.of();
        if (!languages.isEmpty() && random.nextBoolean()) {
            languages = new HashSet<>(languages);
            languages.add(LANGUAGES.get(random.nextInt(LANGUAGES.size())));
        }
        List<IndexFilter> filters = new ArrayList<>();
        tags.forEach(tag -> filters.add(IndexFilter.of(IndexFilter.Field.TAG, tag)));
        if (!languages.isEmpty()) {
            filters.add(new IndexFilter(IndexFilter.Field.LANGUAGE, languages));
        }
        if (random.nextInt(4) == 0) {
            filters.add(IndexFilter.of(IndexFilter.Field.VARIABLES, Boolean.toString(random.nextBoolean())));
        }
        if (random.nextInt(4) == 0) {
            filters.add(
                    IndexFilter.of(IndexFilter.Field.COLLECTION, COLLECTIONS.get(random.nextInt(COLLECTIONS.size()))));
        }
        if (random.nextInt(5) == 0) {
            filters.add(IndexFilter.of(IndexFilter.Field.STARRED_BY, caller));
        }
        SearchOrder order = SearchOrder.values()[random.nextInt(SearchOrder.values().length)];
        return new SearchRequest(
                caller,
                scope,
                groups,
                hidden,
                List.copyOf(terms),
                List.copyOf(filters),
                order,
                1 + random.nextInt(20),
                Optional.empty(),
                SearchMatch.WORDS);
    }

    /** A piece of some snippet's text (one to eight code points), or a word that may be nowhere. */
    private String randomTerm() {
        if (random.nextInt(5) == 0) {
            return WORDS.get(random.nextInt(WORDS.size()));
        }
        List<IndexedSnippet> all = new ArrayList<>(corpus.values());
        IndexedSnippet snippet = all.get(random.nextInt(all.size()));
        String text = random.nextBoolean() ? snippet.title() : snippet.code();
        int[] codePoints =
                text.codePoints().filter(c -> !Character.isWhitespace(c)).toArray();
        if (codePoints.length == 0) {
            return "x";
        }
        int length = 1 + random.nextInt(Math.min(8, codePoints.length));
        int start = random.nextInt(codePoints.length - length + 1);
        return new String(codePoints, start, length);
    }

    private IndexedSnippet randomSnippet(String id) {
        String owner = USERS.get(random.nextInt(USERS.size()));
        String visibility = List.of("private", "team", "link").get(random.nextInt(3));
        // a one-character title is a word's first code point: never half a surrogate pair, which no request can carry
        String title = random.nextInt(10) == 0
                ? WORDS.get(random.nextInt(WORDS.size()))
                        .codePoints()
                        .limit(1)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                        .toString()
                : words(1 + random.nextInt(4));
        List<String> tags = TAGS.stream().filter(tag -> random.nextInt(3) == 0).toList();
        List<String> groups =
                GROUPS.stream().filter(group -> random.nextInt(4) == 0).toList();
        IndexedSnippet snippet = new IndexedSnippet(
                id,
                owner,
                visibility,
                groups,
                title,
                TextFold.fold(title),
                random.nextBoolean() ? null : words(random.nextInt(6)),
                random.nextBoolean() ? null : words(random.nextInt(30)),
                LANGUAGES.get(random.nextInt(LANGUAGES.size())),
                words(1 + random.nextInt(60)),
                tags,
                1_700_000_000_000L + random.nextInt(50),
                1_700_000_000_000L + random.nextInt(50),
                randomReach());
        return snippet;
    }

    /** In some collections (of which some give reading to a team, a group or their owners), starred by some users. */
    private IndexedSnippet.Reach randomReach() {
        if (random.nextInt(3) == 0) {
            return IndexedSnippet.Reach.NONE;
        }
        return new IndexedSnippet.Reach(
                COLLECTIONS.stream()
                        .filter(collection -> random.nextInt(3) == 0)
                        .toList(),
                random.nextInt(6) == 0,
                GROUPS.stream().filter(group -> random.nextInt(5) == 0).toList(),
                USERS.stream().filter(user -> random.nextInt(5) == 0).toList(),
                USERS.stream().filter(user -> random.nextInt(3) == 0).toList());
    }

    private String words(int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : random.nextInt(8) == 0 ? "\n" : " ")
                    .append(WORDS.get(random.nextInt(WORDS.size())));
        }
        return text.toString();
    }

    private static IndexedSnippet snippet(
            String id, String owner, String visibility, String title, String language, List<String> tags) {
        return snippet(id, owner, visibility, title, language, tags, "code of " + id);
    }

    private static IndexedSnippet snippet(
            String id, String owner, String visibility, String title, String language, List<String> tags, String code) {
        return new IndexedSnippet(
                id,
                owner,
                visibility,
                List.of(),
                title,
                TextFold.fold(title),
                null,
                null,
                language,
                code,
                tags,
                1,
                1,
                IndexedSnippet.Reach.NONE);
    }

    private void put(IndexedSnippet snippet) throws IOException {
        corpus.put(snippet.id(), snippet);
        index.put(snippet);
    }
}
