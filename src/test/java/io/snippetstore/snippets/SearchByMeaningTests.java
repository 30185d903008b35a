package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.encode;
import static io.snippetstore.testing.SnippetsApi.ids;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.testing.SnippetsApi.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/** {@code match=meaning} and {@code match=hybrid} (docs/API.md, "Search by meaning"), with the service's own model. */
public abstract class SearchByMeaningTests {

    private static final String SPACE_QUERY = "show how much space each folder takes";

    private final ApiClient owner = TestUsers.withToken(TestUsers.create());

    @Test
    void aSearchInOtherWordsFindsTheSnippetByMeaningWhereWordsFindNothing() {
        String diskUsage = create(owner, snippet("Disk usage per directory", "shell", "du -sh * | sort -h"))
                .getString("id");
        String stash = create(owner, snippet("Stash work in progress", "shell", "git stash push -m wip"))
                .getString("id");

        List<String> byMeaning = awaitFound(owner, "match=meaning&query=" + encode(SPACE_QUERY), diskUsage);

        assertEquals(diskUsage, byMeaning.get(0));
        assertFalse(byMeaning.contains(stash), "an unrelated snippet is not near enough: " + byMeaning);
        assertEquals(List.of(), list(owner, "query=" + encode(SPACE_QUERY)), "by words, as the contract says: nothing");
    }

    @Test
    void aSearchByMeaningListsNothingTheCallerMayNotList() {
        ApiClient other = TestUsers.withToken(TestUsers.create());
        String privateOne = create(other, snippet("Disk usage per directory", "shell", "du -sh * | sort -h"))
                .getString("id");
        awaitFound(other, "match=meaning&query=" + encode(SPACE_QUERY), privateOne);

        assertFalse(list(owner, "scope=all&match=meaning&query=" + encode(SPACE_QUERY))
                .contains(privateOne));
        assertFalse(list(owner, "scope=all&match=hybrid&query=" + encode("disk usage"))
                .contains(privateOne));
    }

    @Test
    void aHybridSearchPutsWhatBothFindFirstThenAddsWhatOnlyTheMeaningFinds() {
        String both = create(owner, snippet("Space each folder takes", "shell", "du -sh * | sort -h"))
                .getString("id");
        String meaningOnly = create(owner, snippet("Disk usage per directory", "shell", "du -h --max-depth=1"))
                .getString("id");
        awaitFound(owner, "match=meaning&query=" + encode("space each folder"), meaningOnly);

        List<String> hybrid = list(owner, "match=hybrid&query=" + encode("space each folder"));

        assertEquals(both, hybrid.get(0), hybrid::toString);
        assertTrue(hybrid.contains(meaningOnly), hybrid::toString);
        assertEquals(List.of(both), list(owner, "query=" + encode("space each folder")), "by words: the one");
    }

    @Test
    void aChangedTitleIsFoundByItsNewMeaning() {
        String id = create(owner, snippet("Stash work in progress", "shell", "du -sh * | sort -h"))
                .getString("id");
        Reply changed = owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder()
                        .add("title", "Disk usage per directory")
                        .build());
        assertEquals(200, changed.status(), changed::toString);

        awaitFound(owner, "match=meaning&query=" + encode(SPACE_QUERY), id);
    }

    @Test
    void pagesOfASearchByMeaningWalkEveryResultOnceInTheOrderOfOnePage() {
        for (String title : List.of(
                "Disk usage per directory",
                "Largest folders first",
                "Size of each subdirectory",
                "Free disk space",
                "Find large files")) {
            create(owner, snippet(title, "shell", "du -sh * | sort -h"));
        }
        List<String> whole = awaitCount(owner, "match=meaning&query=" + encode(SPACE_QUERY), 5);

        List<String> walked = ids(walk(owner, "/api/v1/snippets?limit=2&match=meaning&query=" + encode(SPACE_QUERY)));

        assertEquals(whole, walked);
        assertEquals(walked.size(), new HashSet<>(walked).size());
    }

    @Test
    void facetsOfASearchByMeaningCountItsResults() {
        String diskUsage = create(owner, snippet("Disk usage per directory", "shell", "du -sh * | sort -h", "disk"))
                .getString("id");
        create(owner, snippet("Stash work in progress", "shell", "git stash push -m wip", "git"));
        awaitFound(owner, "match=meaning&query=" + encode(SPACE_QUERY), diskUsage);

        Reply facets = owner.get("/api/v1/snippets/facets?match=meaning&query=" + encode(SPACE_QUERY));

        assertEquals(200, facets.status(), facets::toString);
        List<String> tags = facets.data().getJsonArray("tags").getValuesAs(JsonObject.class).stream()
                .map(tag -> tag.getString("name"))
                .toList();
        assertEquals(List.of("disk"), tags);
    }

    @Test
    void aSearchByMeaningNeedsAQueryAndTheRelevanceOrderAndItsOwnCursor() {
        create(owner, snippet("Disk usage per directory", "shell", "du -sh * | sort -h"));
        create(owner, snippet("Disk usage per user", "shell", "du -sh /home/*"));

        assertEquals(400, owner.get("/api/v1/snippets?match=closest&query=x").status());
        assertEquals(400, owner.get("/api/v1/snippets?match=meaning").status());
        assertEquals(
                400,
                owner.get("/api/v1/snippets?match=hybrid&sort=title&query=disk").status());
        Reply words = owner.get("/api/v1/snippets?limit=1&query=disk");
        String cursor = words.json().getJsonObject("meta").getString("nextCursor");
        Reply reused = owner.get("/api/v1/snippets?limit=1&match=meaning&query=disk&cursor=" + encode(cursor));
        assertEquals(400, reused.status(), "a cursor is bound to its match: " + reused);
    }

    @Test
    void readinessSaysWhatSearchByMeaningIsDoing() {
        Reply ready = new ApiClient().get("/api/ready");

        JsonObject search = ready.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("search"))
                .findFirst()
                .orElseThrow();
        assertTrue(search.getJsonObject("data").getString("meaning").startsWith("on"), search::toString);
    }

    private static List<String> list(ApiClient client, String parameters) {
        Reply reply = client.get("/api/v1/snippets?" + parameters);
        assertEquals(200, reply.status(), reply::toString);
        return ids(reply.json().getJsonArray("data").getValuesAs(JsonObject.class));
    }

    /** The results, once they include {@code id}: a meaning is made in the background, within seconds. */
    private static List<String> awaitFound(ApiClient client, String parameters, String id) {
        return Eventually.gives(
                () -> list(client, parameters), found -> found.contains(id), "a search by meaning to find " + id);
    }

    private static List<String> awaitCount(ApiClient client, String parameters, int count) {
        return Eventually.gives(
                () -> list(client, parameters), found -> found.size() == count, "a search by meaning to find " + count);
    }
}
