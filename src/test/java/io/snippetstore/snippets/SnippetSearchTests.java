package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.encode;
import static io.snippetstore.testing.SnippetsApi.ids;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.testing.SnippetsApi.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

public abstract class SnippetSearchTests {

    private final ApiClient owner = TestUsers.withToken(TestUsers.create());

    private List<String> search(String query) {
        Reply reply = owner.get("/api/v1/snippets?query=" + encode(query));
        assertEquals(200, reply.status(), reply::toString);
        return ids(reply.json().getJsonArray("data").getValuesAs(JsonObject.class));
    }

    @Test
    void aResultMatchedInTheCodeShowsTheLinesAroundTheMatchWithTheTermsMarked() {
        String id = create(
                        owner, snippet("Binary search", "java", "int lo = 0;\nint mid = (lo + HI) >>> 1;\nreturn -1;"))
                .getString("id");

        Reply reply = owner.get("/api/v1/snippets?query=" + encode("mid hi"));
        JsonObject listed = reply.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(item -> item.getString("id").equals(id))
                .findFirst()
                .orElseThrow();
        JsonObject match = listed.getJsonObject("match");
        assertEquals("code", match.getString("field"));
        assertEquals(1, match.getInt("line"));
        String text = match.getString("text");
        assertEquals("int lo = 0;\nint mid = (lo + HI) >>> 1;\nreturn -1;", text);
        List<String> marked = match.getJsonArray("highlights").getValuesAs(JsonObject.class).stream()
                .map(highlight -> text.substring(highlight.getInt("start"), highlight.getInt("end")))
                .toList();
        assertEquals(List.of("mid", "HI"), marked);

        assertTrue(hasNoMatch(owner.get("/api/v1/snippets/" + id).data()), "a single snippet carries no match");
        assertTrue(
                hasNoMatch(owner
                        .get("/api/v1/snippets?query=" + encode("binary"))
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .filter(item -> item.getString("id").equals(id))
                        .findFirst()
                        .orElseThrow()),
                "a match in the title only needs no excerpt");
    }

    private static boolean hasNoMatch(JsonObject snippet) {
        return !snippet.containsKey("match") || snippet.isNull("match");
    }

    @Test
    void facetsCountTheLanguagesAndTagsOfWhatTheFiltersMatch() {
        ApiClient someone = TestUsers.withToken(TestUsers.create());
        create(someone, snippet("one", "Java", "class One {}", "web", "db"));
        create(someone, snippet("two", "java", "class Two {}", "web"));
        create(someone, snippet("three", "SQL", "select 1", "db"));

        JsonObject all = someone.get("/api/v1/snippets/facets").data();
        assertEquals(
                List.of("Java:2", "SQL:1"), facets(all, "languages"), "languages that differ in case only are one");
        assertEquals(List.of("db:2", "web:2"), facets(all, "tags"));

        JsonObject filtered =
                someone.get("/api/v1/snippets/facets?tag=db&query=class").data();
        assertEquals(List.of("db:1", "web:1"), facets(filtered, "tags"));
        assertEquals(1, facets(filtered, "languages").size());
        assertEquals(
                "bad_request",
                someone.get("/api/v1/snippets/facets?scope=nobody").errorCode());
        assertEquals(
                List.of(),
                facets(
                        TestUsers.withToken(TestUsers.create())
                                .get("/api/v1/snippets/facets")
                                .data(),
                        "tags"),
                "another user's snippets count for nobody else");
    }

    private static List<String> facets(JsonObject facets, String kind) {
        return facets.getJsonArray(kind).getValuesAs(JsonObject.class).stream()
                .map(facet -> facet.getString("name") + ":"
                        + facet.getJsonNumber("count").longValue())
                .toList();
    }

    @Test
    void aSubstringOfAnIdentifierFindsItIgnoringCase() {
        String id = create(owner, snippet("users", "java", "User getUserById(long id)"))
                .getString("id");

        assertEquals(List.of(id), search("UserBy"));
        assertEquals(List.of(id), search("userby"));
        assertEquals(List.of(id), search("GETUSERBYID"));
    }

    @Test
    void everyTermMustOccurSomewhereInTheSearchableFields() {
        String both = create(
                        owner, snippet("Parse dates", "kotlin", "fun parse()").add("notes", "uses java.time"))
                .getString("id");
        create(owner, snippet("Parse numbers", "kotlin", "fun parseInt()"));

        assertEquals(List.of(both), search("parse java.time"));
        assertEquals(List.of(both), search("kotlin   dates"));
        assertTrue(search("parse nonexistentterm").isEmpty());
    }

    @Test
    void eachSearchableFieldIsSearched() {
        String title = create(owner, snippet("xqtitlezz", "a", "b")).getString("id");
        String description = create(owner, snippet("t", "a", "b").add("description", "xqdescriptionzz"))
                .getString("id");
        String notes =
                create(owner, snippet("t", "a", "b").add("notes", "xqnoteszz")).getString("id");
        String code = create(owner, snippet("t", "a", "xqcodezz")).getString("id");
        String language = create(owner, snippet("t", "xqlanguagezz", "b")).getString("id");

        assertEquals(List.of(title), search("qtitlez"));
        assertEquals(List.of(description), search("qdescriptionz"));
        assertEquals(List.of(notes), search("qnotesz"));
        assertEquals(List.of(code), search("qcodez"));
        assertEquals(List.of(language), search("qlanguagez"));
    }

    @Test
    void shortTermsOfOneOrTwoCharactersMatchAsSubstringsToo() {
        String id = create(owner, snippet("Queue", "rust", "let q = VecDeque::new(); // zq"))
                .getString("id");
        create(owner, snippet("Other", "rust", "nothing here"));

        assertEquals(List.of(id), search("zq"));
        assertEquals(List.of(id), search("Q VecDeque"));
        assertTrue(search("zq nothing").isEmpty());
    }

    @Test
    void operatorsAndQuotesAreSearchedAsPlainText() {
        String or =
                create(owner, snippet("logic", "text", "either a OR b will do")).getString("id");
        String quoted = create(owner, snippet("quotes", "text", "say \"hello\" NEAR(a b) -x title:y"))
                .getString("id");

        assertEquals(List.of(or), search("a OR b"));
        assertEquals(List.of(quoted), search("\"hello\""));
        assertEquals(List.of(quoted), search("NEAR(a"));
        assertEquals(List.of(quoted), search("-x title:y"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"",
                "'",
                "*",
                "(",
                ")",
                "NEAR(a b)",
                "a OR b",
                "-x",
                "title:x",
                "%",
                "_",
                "\\",
                "' OR 1=1 --",
                "日本語",
                "🦀",
                "AND",
                "NOT",
                "^",
                "\"\"\"",
                "a\"b",
                "{col}: x",
                "\u0001",
                "\t\r\n"
            })
    void hostileQueriesAreSearchedAsPlainText(String query) {
        String holder = create(owner, snippet("holder", "text", "before " + query + " after"))
                .getString("id");
        String other =
                create(owner, snippet("other", "text", "plain words only")).getString("id");

        // every term (whitespace apart) occurs in the holder's code and none in the other snippet
        List<String> expected = query.isBlank() ? List.of(holder, other) : List.of(holder);
        assertEquals(
                expected.stream().sorted().toList(),
                search(query).stream().sorted().toList(),
                () -> "the query "
                        + query.codePoints().mapToObj(Integer::toHexString).toList());
    }

    @Test
    void aVeryLongQueryIsRefusedCleanlyNotWithAServerError() {
        Reply overTheLimit = owner.get("/api/v1/snippets?query=" + "x".repeat(2_001));
        Reply manyTerms = owner.get("/api/v1/snippets?query="
                + encode(String.join(
                        " ",
                        java.util.stream.IntStream.range(0, 33)
                                .mapToObj(i -> "t" + i)
                                .toList())));
        Reply tenThousand = owner.get("/api/v1/snippets?query=" + "x".repeat(10_000));

        assertEquals(400, overTheLimit.status());
        assertEquals("bad_request", overTheLimit.errorCode());
        assertEquals(400, manyTerms.status());
        assertEquals("bad_request", manyTerms.errorCode());
        assertEquals(
                200, owner.get("/api/v1/snippets?query=" + "y".repeat(2_000)).status());
        // A request line over the HTTP layer's 8 KiB limit is refused before it reaches the application.
        assertTrue(tenThousand.status() >= 400 && tenThousand.status() < 500, tenThousand::toString);
    }

    @Test
    void aNulCharacterInTheQueryIsABadRequest() {
        Reply reply = owner.get("/api/v1/snippets?query=abc%00def");

        assertEquals(400, reply.status(), reply::toString);
        assertEquals("bad_request", reply.errorCode());
    }

    @Test
    void moreTagFiltersThanASnippetCanCarryAreABadRequest() {
        String thousandTags = String.join(
                ",",
                java.util.stream.IntStream.range(0, 1_000)
                        .mapToObj(i -> "t" + i)
                        .toList());
        String thirtyTwoTags = String.join(
                ",",
                java.util.stream.IntStream.range(0, 32).mapToObj(i -> "t" + i).toList());

        Reply tooMany = owner.get("/api/v1/snippets?tags=" + thousandTags);

        assertEquals(400, tooMany.status(), tooMany::toString);
        assertEquals("bad_request", tooMany.errorCode());
        assertEquals(200, owner.get("/api/v1/snippets?tags=" + thirtyTwoTags).status());
    }

    @Test
    void caseIsFoldedForEveryLetterInEveryOrder() {
        String german = create(owner, snippet("Straße über Ärger", "text", "ÜBERGRÖSSE and Ä"))
                .getString("id");
        List<String> others = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            others.add(create(owner, snippet("Übersicht " + i, "text", "über alles"))
                    .getString("id"));
        }

        for (String term : List.of("ä", "Ä", "ärger", "ÄRGER", "grösse", "GRÖSSE")) {
            assertEquals(List.of(german), search(term), term);
            Reply byDate = owner.get("/api/v1/snippets?sort=updated&query=" + encode(term));
            assertEquals(
                    List.of(german),
                    ids(byDate.json().getJsonArray("data").getValuesAs(JsonObject.class)),
                    term + " by date");
        }
        for (String term : List.of("über", "ÜBER", "üBeR")) {
            List<String> all = new ArrayList<>(others);
            all.add(german);
            assertEquals(new HashSet<>(all), new HashSet<>(search(term)), term);
            Reply byDate = owner.get("/api/v1/snippets?sort=updated&query=" + encode(term));
            assertEquals(
                    new HashSet<>(all),
                    new HashSet<>(ids(byDate.json().getJsonArray("data").getValuesAs(JsonObject.class))),
                    term + " by date");
        }
    }

    @Test
    void walkingTheRelevanceOrderReturnsEachMatchOnceWhateverOtherUsersWriteMeanwhile() {
        ApiClient reader = TestUsers.withToken(TestUsers.create());
        ApiClient other = TestUsers.withToken(TestUsers.create());
        String term = "qzrelevance" + Long.toString(System.nanoTime(), 36);
        String first = create(reader, snippet("twin", "text", term + " twin")).getString("id");
        String second = create(reader, snippet("twin", "text", term + " twin")).getString("id");

        Reply page1 = reader.get("/api/v1/snippets?limit=1&query=" + term);
        for (int i = 0; i < 20; i++) {
            create(other, snippet("long " + i, "text", (term + " ").repeat(50) + "padding ".repeat(500)));
        }
        String cursor = page1.json().getJsonObject("meta").getString("nextCursor");
        Reply page2 = reader.get("/api/v1/snippets?limit=1&query=" + term + "&cursor=" + encode(cursor));

        List<String> seen =
                new ArrayList<>(ids(page1.json().getJsonArray("data").getValuesAs(JsonObject.class)));
        seen.addAll(ids(page2.json().getJsonArray("data").getValuesAs(JsonObject.class)));
        assertEquals(new HashSet<>(List.of(first, second)), new HashSet<>(seen), page2::toString);
        assertEquals(2, seen.size());
        assertEquals(
                jakarta.json.JsonValue.NULL, page2.json().getJsonObject("meta").get("nextCursor"));
    }

    @Test
    void aUserWithFewSnippetsAmongManyMatchesOfOthersGetsTheSameRankedResultsInEveryScope() {
        ApiClient reader = TestUsers.withToken(TestUsers.create());
        ApiClient other = TestUsers.withToken(TestUsers.create());
        String term = "qzfew" + Long.toString(System.nanoTime(), 36);
        for (int i = 0; i < 4; i++) {
            create(
                    reader,
                    snippet(
                            i == 2 ? term + " in the title" : "title " + i,
                            "text",
                            (term + " ").repeat(1 + i) + "hay ".repeat(20 * i)));
        }
        create(reader, snippet("unrelated", "text", "hay without the term"));
        for (int i = 0; i < 12; i++) {
            create(other, snippet("private " + i, "text", term + " of another user in the hay"));
        }

        // own and all find the same: the other user's matches are private
        JsonObject ownScope =
                reader.get("/api/v1/snippets?scope=own&query=" + term).json();
        JsonObject allScope =
                reader.get("/api/v1/snippets?scope=all&query=" + term).json();

        assertEquals(4, ownScope.getJsonArray("data").size(), ownScope::toString);
        assertEquals(
                allScope.getJsonArray("data"),
                ownScope.getJsonArray("data"),
                "the same snippets, order and match excerpts");
        assertTrue(
                ownScope.getJsonArray("data")
                        .getJsonObject(0)
                        .getString("title")
                        .startsWith(term),
                "a title match ranks first");
        assertEquals(
                ids(walk(reader, "/api/v1/snippets?scope=all&limit=1&query=" + term)),
                ids(walk(reader, "/api/v1/snippets?scope=own&limit=1&query=" + term)),
                "and page by page");

        // two terms, 15 matches of both: a snippet must hold every term (the first of the four has no hay)
        String bothTerms = encode(term + " HAY");
        JsonObject bothInOwnScope =
                reader.get("/api/v1/snippets?scope=own&query=" + bothTerms).json();
        assertEquals(3, bothInOwnScope.getJsonArray("data").size(), bothInOwnScope::toString);
        assertEquals(
                reader.get("/api/v1/snippets?scope=all&query=" + bothTerms)
                        .json()
                        .getJsonArray("data"),
                bothInOwnScope.getJsonArray("data"));
    }

    @Test
    void theRelevanceOrderIsTheSameOnEveryPageAsInOneList() {
        ApiClient reader = TestUsers.withToken(TestUsers.create());
        for (int i = 0; i < 9; i++) {
            create(
                    reader,
                    snippet(
                            i % 3 == 0 ? "needle in the title " + i : "title " + i,
                            "text",
                            "needle ".repeat(1 + i % 4) + "hay ".repeat(10 * i)));
        }

        List<String> oneList = ids(reader.get("/api/v1/snippets?limit=50&query=needle")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class));
        List<String> paged = ids(walk(reader, "/api/v1/snippets?limit=2&query=needle"));

        assertEquals(9, oneList.size());
        assertEquals(oneList, paged);
        assertTrue(
                reader.get("/api/v1/snippets?limit=3&query=needle")
                        .json()
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getString("title")
                        .startsWith("needle in the title"),
                "a title match ranks first");
    }

    @Test
    void percentAndUnderscoreAreLiteral() {
        String percent =
                create(owner, snippet("fmt", "c", "printf(\"%d%%\", n);")).getString("id");
        create(owner, snippet("plain", "c", "print d n"));

        assertEquals(List.of(percent), search("%d%%"));
        assertEquals(List.of(percent), search("%"));
    }

    @Test
    void unicodeAndEmojiAreFound() {
        String japanese = create(owner, snippet("日本語のメモ", "text", "こんにちは世界")).getString("id");
        String crab = create(owner, snippet("crab", "rust", "fn main() { println!(\"🦀 rocks\"); }"))
                .getString("id");

        assertEquals(List.of(japanese), search("日本語"));
        assertEquals(List.of(japanese), search("世界"));
        assertEquals(List.of(crab), search("🦀"));
        assertEquals(List.of(crab), search("🦀 rocks"));
    }

    @Test
    void theIndexFollowsCreateUpdateAndDelete() {
        String id = create(owner, snippet("t", "js", "const zebraOld = 1;")).getString("id");
        assertEquals(List.of(id), search("zebraold"));

        owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("code", "const zebraNew = 2;").build());
        assertTrue(search("zebraold").isEmpty(), "the old text is no longer found");
        assertEquals(List.of(id), search("zebranew"));

        owner.delete("/api/v1/snippets/" + id);
        assertTrue(search("zebranew").isEmpty());
    }

    @Test
    void aSnippetCreatedChangedOrDeletedIsFoundOrGoneInTheVeryNextSearchOfAnotherUser() {
        ApiClient colleague = TestUsers.withToken(TestUsers.create());
        String term = "qzreadyourwrites" + Long.toString(System.nanoTime(), 36);
        String teamSearch = "/api/v1/snippets?scope=team&query=";

        String id = create(
                        owner, snippet("shared", "sh", "echo " + term + "old").add("visibility", "team"))
                .getString("id");
        assertEquals(
                List.of(id),
                ids(walk(colleague, teamSearch + term + "old")),
                "created, then found at once by someone else");

        Reply changed = owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("code", "echo " + term + "new").build());
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(List.of(), ids(walk(colleague, teamSearch + term + "old")), "the old text is gone at once");
        assertEquals(List.of(id), ids(walk(colleague, teamSearch + term + "new")));

        owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("visibility", "private").build());
        assertEquals(
                List.of(), ids(walk(colleague, teamSearch + term)), "made private: out of the team's search at once");
        owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("visibility", "team").build());
        assertEquals(List.of(id), ids(walk(colleague, teamSearch + term)));

        assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());
        assertEquals(List.of(), ids(walk(colleague, teamSearch + term)), "deleted: gone at once");
        assertEquals(
                0,
                colleague
                        .get("/api/v1/snippets/facets?scope=team&query=" + term)
                        .data()
                        .getJsonArray("languages")
                        .size(),
                "and from the facets");
    }

    @Test
    void everyWriterFindsItsOwnWriteInItsNextSearchWhileOthersWriteAndSearchAtOnce() throws Exception {
        int writers = 8;
        int rounds = 15;
        String run = Long.toString(System.nanoTime(), 36).replaceAll("[0-9]", "");
        List<ApiClient> clients = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            clients.add(TestUsers.withToken(TestUsers.create()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<List<String>>> misses = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                ApiClient client = clients.get(i);
                String writer = "qzconcurrent" + run + (char) ('a' + i);
                misses.add(pool.submit(() -> {
                    List<String> missed = new ArrayList<>();
                    for (int round = 0; round < rounds; round++) {
                        String word = writer + "x" + (char) ('a' + round);
                        String id = create(client, snippet("round " + round, "sh", "echo " + word))
                                .getString("id");
                        Reply found = client.get("/api/v1/snippets?query=" + word);
                        if (found.status() != 200
                                || !ids(found.json().getJsonArray("data").getValuesAs(JsonObject.class))
                                        .equals(List.of(id))) {
                            missed.add(word + ": " + found);
                        }
                    }
                    return missed;
                }));
            }
            for (Future<List<String>> missed : misses) {
                assertEquals(
                        List.of(), missed.get(2, TimeUnit.MINUTES), "a write not found by its writer's next search");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSearchThatFindsNothingSuggestsASpellingThatWouldFromWordsTheCallerCanSee() {
        ApiClient writer = TestUsers.withToken(TestUsers.create());
        ApiClient reader = TestUsers.withToken(TestUsers.create());
        String word = "quokkafish" + Long.toString(System.nanoTime(), 36).replaceAll("[0-9]", "");
        String misspelled = word.substring(0, 4) + word.charAt(5) + word.charAt(4) + word.substring(6);
        create(writer, snippet("Feeding the " + word, "text", "the " + word + " eats at noon"));

        JsonObject own = writer.get("/api/v1/snippets?query=" + encode(misspelled + " noon"))
                .json();
        assertEquals(0, own.getJsonArray("data").size());
        assertEquals(word + " noon", own.getJsonObject("meta").getString("suggestion"), own::toString);

        JsonObject others = reader.get("/api/v1/snippets?scope=all&query=" + encode(misspelled))
                .json();
        assertEquals(
                jakarta.json.JsonValue.NULL,
                others.getJsonObject("meta").get("suggestion"),
                "a private snippet's words are never offered");

        JsonObject found = writer.get("/api/v1/snippets?query=" + encode(word)).json();
        assertEquals(1, found.getJsonArray("data").size());
        assertEquals(
                jakarta.json.JsonValue.NULL,
                found.getJsonObject("meta").get("suggestion"),
                "nothing to suggest when something is found");
        JsonObject list = writer.get("/api/v1/snippets").json();
        assertTrue(
                !list.getJsonObject("meta").containsKey("suggestion"),
                "a list without a search has no suggestion: " + list.getJsonObject("meta"));
    }

    @Test
    void aSuggestionComesOnlyFromSnippetsOfTheSameTagsAndLanguage() {
        // the letters swapped are the fixed "ka": two letters of the clock-made part may be the same one
        String word = "quokka" + uniqueWord();
        String misspelled = "quokak" + word.substring(6);
        create(owner, snippet("Feeding the " + word, "python", "the " + word + " eats", "zoo"));

        JsonObject sameFilters = owner.get("/api/v1/snippets?language=python&tag=zoo&query=" + encode(misspelled))
                .json();
        assertEquals(word, sameFilters.getJsonObject("meta").getString("suggestion"), sameFilters::toString);
        JsonObject otherTag = owner.get("/api/v1/snippets?tag=farm&query=" + encode(misspelled))
                .json();
        assertEquals(JsonValue.NULL, otherTag.getJsonObject("meta").get("suggestion"), "no snippet tagged farm has it");
        JsonObject otherLanguage = owner.get("/api/v1/snippets?language=go&query=" + encode(misspelled))
                .json();
        assertEquals(JsonValue.NULL, otherLanguage.getJsonObject("meta").get("suggestion"), "no go snippet has it");
    }

    @Test
    void relevanceIsTheDefaultOrderOfASearchAndPutsTitleMatchesFirst() {
        String inCode = create(owner, snippet("something", "go", "func frobnicate() {}"))
                .getString("id");
        String inTitle = create(owner, snippet("frobnicate", "go", "x")).getString("id");

        assertEquals(List.of(inTitle, inCode), search("frobnicate"));
    }

    /** A term of letters only that no other snippet holds (words split at digits, so none in it). */
    private static String uniqueWord() {
        return "zq"
                + Long.toString(System.nanoTime(), 26)
                        .chars()
                        .mapToObj(
                                c -> String.valueOf((char) (Character.isDigit(c) ? 'a' + (c - '0') : 'k' + (c - 'a'))))
                        .collect(java.util.stream.Collectors.joining());
    }

    /** docs/API.md's weights, each deciding one ranking: title over description over notes; a whole word over a word's start over a word's inside. */
    @Test
    void relevanceWeighsTheTitleOverTheDescriptionOverTheNotesAndAWholeWordOverItsStartOverItsInside() {
        String field = uniqueWord();
        String inNotes = create(owner, snippet("one", "text", "x").add("notes", field + " one"))
                .getString("id");
        String inDescription = create(owner, snippet("two", "text", "x").add("description", field + " two"))
                .getString("id");
        String inTitle = create(owner, snippet(field + " three", "text", "x")).getString("id");

        assertEquals(List.of(inTitle, inDescription, inNotes), search(field));

        String word = uniqueWord();
        String inside = create(owner, snippet("four", "text", "abc" + word)).getString("id");
        String start = create(owner, snippet("five", "text", word + "abc")).getString("id");
        String whole = create(owner, snippet("six", "text", word)).getString("id");

        assertEquals(List.of(whole, start, inside), search(word));
    }

    @Test
    void tagsFilterByAllGivenTagsWhetherRepeatedOrCommaSeparated() {
        String ab = create(owner, snippet("ab", "x", "y", "alpha", "beta")).getString("id");
        String a = create(owner, snippet("a", "x", "y", "alpha")).getString("id");
        create(owner, snippet("b", "x", "y", "beta"));

        assertEquals(List.of(ab), ids(walk(owner, "/api/v1/snippets?tag=alpha&tag=BETA")));
        assertEquals(List.of(ab), ids(walk(owner, "/api/v1/snippets?tags=alpha,%20beta")));
        assertEquals(List.of(ab), ids(walk(owner, "/api/v1/snippets?tag=Alpha&tags=beta")));
        assertEquals(new HashSet<>(List.of(ab, a)), new HashSet<>(ids(walk(owner, "/api/v1/snippets?tag=alpha"))));
    }

    @Test
    void languageFiltersExactlyIgnoringCaseAndCombinesWithSearchAndTags() {
        String python = create(owner, snippet("p", "Python", "def handler(): pass", "web"))
                .getString("id");
        create(owner, snippet("p2", "Python3", "def handler(): pass", "web"));
        create(owner, snippet("j", "java", "void handler() {}", "web"));

        assertEquals(List.of(python), ids(walk(owner, "/api/v1/snippets?language=python")));
        assertEquals(List.of(python), ids(walk(owner, "/api/v1/snippets?language=PYTHON&query=handler&tag=web")));
    }

    @Test
    void repeatedLanguagesFindSnippetsInAnyOfThemInListsSearchesAndFacets() {
        String js =
                create(owner, snippet("js", "js", "const handler = 1", "web")).getString("id");
        String javascript = create(owner, snippet("javascript", "JavaScript", "let handler = 2", "web"))
                .getString("id");
        create(owner, snippet("typescript", "TypeScript", "const handler: number = 3", "web"));
        Set<String> both = Set.of(js, javascript);

        assertEquals(
                both,
                Set.copyOf(ids(walk(owner, "/api/v1/snippets?language=JS&language=javascript&limit=1"))),
                "a list, page by page");
        assertEquals(
                both,
                Set.copyOf(ids(walk(owner, "/api/v1/snippets?language=js&language=JavaScript&query=handler&limit=1"))),
                "a search");
        assertEquals(
                List.of("JavaScript:1", "js:1"),
                facets(
                        owner.get("/api/v1/snippets/facets?language=js&language=javascript")
                                .data(),
                        "languages"));
    }

    @Test
    void filteringOnMoreLanguagesThanOneLanguageHasNamesIsABadRequest() {
        String languages =
                IntStream.rangeClosed(1, 33).mapToObj(i -> "language=l" + i).collect(Collectors.joining("&"));
        String thirtyTwo =
                IntStream.rangeClosed(1, 32).mapToObj(i -> "language=l" + i).collect(Collectors.joining("&"));

        assertEquals(200, owner.get("/api/v1/snippets?" + thirtyTwo).status());
        Reply refused = owner.get("/api/v1/snippets?" + languages);
        assertEquals(400, refused.status(), refused.toString());
        assertEquals("bad_request", refused.errorCode());
    }

    @Test
    void badListParametersAreBadRequests() {
        for (String parameters : List.of(
                "limit=0",
                "limit=201",
                "limit=ten",
                "limit=1.5",
                "sort=newest",
                "sort=relevance",
                "cursor=forged",
                "cursor=eyJ4IjoxfQ.AAAA")) {
            Reply reply = owner.get("/api/v1/snippets?" + parameters);
            assertEquals(400, reply.status(), parameters + " -> " + reply);
            assertEquals("bad_request", reply.errorCode());
        }
    }

    @Test
    void aCursorOnlyWorksForTheListItWasIssuedFor() {
        for (int i = 0; i < 3; i++) {
            create(owner, snippet("cursor " + i, "x", "y", "c"));
        }
        String cursor = owner.get("/api/v1/snippets?limit=1")
                .json()
                .getJsonObject("meta")
                .getString("nextCursor");

        assertEquals(
                200,
                owner.get("/api/v1/snippets?limit=1&cursor=" + encode(cursor)).status());
        assertEquals(
                400,
                owner.get("/api/v1/snippets?limit=1&sort=title&cursor=" + encode(cursor))
                        .status());
        assertEquals(
                400,
                owner.get("/api/v1/snippets?limit=1&tag=c&cursor=" + encode(cursor))
                        .status());
        int middle = cursor.length() / 2;
        String tampered =
                cursor.substring(0, middle) + (cursor.charAt(middle) == 'A' ? 'B' : 'A') + cursor.substring(middle + 1);
        assertEquals(
                400,
                owner.get("/api/v1/snippets?limit=1&cursor=" + encode(tampered)).status());
    }

    /** A relevance cursor carries the statistics of its terms over every user's snippets: it must not be readable. */
    @Test
    void aSearchCursorRevealsNothingOfWhatItHolds() {
        String term = "qzsealed" + Long.toString(System.nanoTime(), 36);
        for (int i = 0; i < 3; i++) {
            create(owner, snippet(term + " " + i, "text", term));
        }
        JsonObject first = owner.get("/api/v1/snippets?limit=1&query=" + term).json();
        String cursor = first.getJsonObject("meta").getString("nextCursor");
        String lastId = first.getJsonArray("data").getJsonObject(0).getString("id");

        String decoded = new String(
                java.util.Base64.getUrlDecoder().decode(cursor.replaceAll("[^A-Za-z0-9_-]", "")),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String readable : List.of(term, lastId)) {
            assertTrue(
                    !decoded.contains(readable) && !cursor.contains(readable),
                    "the cursor shows " + readable + ": " + cursor);
        }
        Reply second = owner.get("/api/v1/snippets?limit=1&query=" + term + "&cursor=" + encode(cursor));
        assertEquals(200, second.status(), second::toString);
        assertEquals(1, second.json().getJsonArray("data").size(), "and it still works");
    }

    @Test
    void walkingThePagesReturnsEverySnippetOnceInOrderUnderEverySort() {
        ApiClient walker = TestUsers.withToken(TestUsers.create());
        List<JsonObject> created = new ArrayList<>();
        String[] titles = {"delta", "Alpha", "charlie", "Bravo", "echo", "alpha", "Foxtrot"};
        for (int i = 0; i < 23; i++) {
            created.add(create(
                    walker,
                    snippet(titles[i % titles.length], "x", "common marker " + "z".repeat(i % 4), "t" + (i % 3))));
        }

        List<JsonObject> byUpdated = walk(walker, "/api/v1/snippets?limit=4");
        List<JsonObject> byCreated = walk(walker, "/api/v1/snippets?limit=5&sort=created");
        List<JsonObject> byTitle = walk(walker, "/api/v1/snippets?limit=6&sort=title");
        List<JsonObject> byRelevance = walk(walker, "/api/v1/snippets?limit=4&query=marker");

        List<String> newestFirst = new ArrayList<>(ids(created));
        Collections.reverse(newestFirst);
        assertEquals(newestFirst, ids(byUpdated));
        assertEquals(newestFirst, ids(byCreated));
        List<String> aToZ = created.stream()
                .sorted(Comparator.comparing(
                                (JsonObject s) -> s.getString("title").toLowerCase(Locale.ROOT))
                        .thenComparing(s -> s.getString("id")))
                .map(s -> s.getString("id"))
                .toList();
        assertEquals(aToZ, ids(byTitle));
        assertEquals(23, new HashSet<>(ids(byRelevance)).size());
        assertEquals(23, byRelevance.size());
        // 23 matches are above the test deployment's scan-first threshold: the date order checks
        // the term row by row instead of asking the index, and must find the same snippets.
        assertEquals(newestFirst, ids(walk(walker, "/api/v1/snippets?limit=4&sort=updated&query=MARKER")));
        assertEquals(aToZ, ids(walk(walker, "/api/v1/snippets?limit=5&sort=title&query=common%20marker")));
        List<JsonObject> withTag = walk(walker, "/api/v1/snippets?limit=3&tag=t1&sort=title");
        assertEquals(
                aToZ.stream()
                        .filter(id -> created.stream()
                                .anyMatch(s -> s.getString("id").equals(id)
                                        && s.getJsonArray("tags").getString(0).equals("t1")))
                        .toList(),
                ids(withTag));
    }

    @Test
    void sortByUpdatedFollowsTheLastChangeWhileSortByCreatedDoesNot() throws InterruptedException {
        ApiClient writer = TestUsers.withToken(TestUsers.create());
        String older = create(writer, snippet("older", "x", "y")).getString("id");
        Thread.sleep(5);
        String newer = create(writer, snippet("newer", "x", "y")).getString("id");
        Thread.sleep(5);
        assertEquals(
                200,
                writer.patch(
                                "/api/v1/snippets/" + older,
                                Json.createObjectBuilder()
                                        .add("title", "older, edited")
                                        .build())
                        .status());

        assertEquals(List.of(older, newer), ids(walk(writer, "/api/v1/snippets?sort=updated&limit=1")));
        assertEquals(List.of(newer, older), ids(walk(writer, "/api/v1/snippets?sort=created&limit=1")));
    }

    @Test
    void listsCarryMetaWithTheLimitAndANullCursorAtTheEnd() {
        ApiClient fresh = TestUsers.withToken(TestUsers.create());
        create(fresh, snippet("only", "x", "y"));

        Reply reply = fresh.get("/api/v1/snippets?limit=7");

        assertEquals(7, reply.json().getJsonObject("meta").getInt("limit"));
        assertTrue(reply.json().getJsonObject("meta").isNull("nextCursor"));
        assertEquals(
                50, fresh.get("/api/v1/snippets").json().getJsonObject("meta").getInt("limit"));
    }

    @Test
    void aPageOfLargeSnippetsEndsEarlyAndItsCursorContinuesWithTheRest() {
        ApiClient writer = TestUsers.withToken(TestUsers.create());
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(create(
                            writer,
                            snippet(
                                    "large " + i,
                                    "text",
                                    String.valueOf((char) ('a' + i)).repeat(1_000_000),
                                    "large"))
                    .getString("id"));
        }

        Reply first = writer.get("/api/v1/snippets?sort=created&limit=50");
        List<JsonObject> firstItems = first.json().getJsonArray("data").getValuesAs(JsonObject.class);
        assertEquals(3, firstItems.size(), "three snippets of a million characters pass the page's two MiB of text");
        assertTrue(
                firstItems.stream().allMatch(item -> item.getString("code").length() == 1_000_000),
                "items keep their whole code");
        String cursor = first.json().getJsonObject("meta").getString("nextCursor");

        Reply rest = writer.get("/api/v1/snippets?sort=created&limit=50&cursor=" + encode(cursor));
        List<String> all = new ArrayList<>(ids(firstItems));
        all.addAll(ids(rest.json().getJsonArray("data").getValuesAs(JsonObject.class)));
        assertTrue(rest.json().getJsonObject("meta").isNull("nextCursor"), rest::toString);
        List<String> newestFirst = new ArrayList<>(created);
        Collections.reverse(newestFirst);
        assertEquals(newestFirst, all, "every snippet once, newest first");
    }

    @Test
    void aSummaryListLeavesCodeAndNotesOutAndKeepsASearchsExcerpt() {
        ApiClient writer = TestUsers.withToken(TestUsers.create());
        for (int i = 0; i < 4; i++) {
            create(
                    writer,
                    snippet("summarized " + i, "text", "x".repeat(1_000_000), "summary")
                            .add("notes", "notes about needle" + i));
        }

        Reply summary = writer.get("/api/v1/snippets?fields=summary");
        List<JsonObject> items = summary.json().getJsonArray("data").getValuesAs(JsonObject.class);
        assertEquals(4, items.size(), "a summary reads no code, so no text budget cuts the page");
        assertTrue(
                items.stream().noneMatch(item -> item.containsKey("code") || item.containsKey("notes")),
                items::toString);
        assertEquals("summary", items.get(0).getJsonArray("tags").getString(0));
        assertEquals(
                List.of(),
                items.get(0).getJsonArray("groups"),
                "its owner sees whom it is shared with, as in a whole snippet");

        Reply searched = writer.get("/api/v1/snippets?fields=summary&query=needle2");
        JsonObject found = searched.json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class)
                .get(0);
        assertEquals("summarized 2", found.getString("title"));
        assertTrue(found.getJsonObject("match").toString().contains("needle2"), found::toString);
        assertTrue(!found.containsKey("code"));

        Reply wrong = writer.get("/api/v1/snippets?fields=code");
        assertEquals(400, wrong.status(), wrong::toString);
        assertEquals("bad_request", wrong.errorCode());
    }
}
