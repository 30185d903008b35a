package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Groups;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** Collections, stars and pins: nesting and order, and every way reading a collection reads its snippets, and stops. */
public abstract class CollectionsTests {

    private final ApiClient admin = TestUsers.admin();
    private final TestUser ownerUser = TestUsers.create();
    private final ApiClient owner = TestUsers.signedIn(ownerUser);
    private final TestUser memberUser = TestUsers.create();
    private final ApiClient member = TestUsers.signedIn(memberUser);
    private final ApiClient outsider = TestUsers.signedIn(TestUsers.create());

    private static JsonObject collection(ApiClient client, JsonObjectBuilder body) {
        Reply made = client.post("/api/v1/collections", body.build());
        assertEquals(201, made.status(), made::toString);
        assertTrue(made.header("Location")
                .endsWith("/api/v1/collections/" + made.data().getString("id")));
        return made.data();
    }

    private static JsonObjectBuilder named(String name) {
        return Json.createObjectBuilder().add("name", name);
    }

    private static Reply add(ApiClient client, String collectionId, String... snippetIds) {
        var ids = Json.createArrayBuilder();
        for (String id : snippetIds) {
            ids.add(id);
        }
        return client.post(
                "/api/v1/collections/" + collectionId + "/snippets",
                Json.createObjectBuilder().add("snippetIds", ids).build());
    }

    private static List<String> inOrder(ApiClient client, String collectionId) {
        return SnippetsApi.ids(SnippetsApi.walk(client, "/api/v1/collections/" + collectionId + "/snippets?limit=2"));
    }

    private static List<String> listed(ApiClient client, String query) {
        Reply page = client.get("/api/v1/snippets?limit=200&" + query);
        assertEquals(200, page.status(), page::toString);
        return SnippetsApi.ids(page.json().getJsonArray("data").getValuesAs(JsonObject.class));
    }

    private String privateSnippet(ApiClient client, String title) {
        return create(client, snippet(title, "sh", "echo " + title, "ops")).getString("id");
    }

    private JsonObject newGroup(TestUser... members) {
        return Groups.create(
                admin, "group", Stream.of(members).map(TestUser::id).toArray(String[]::new));
    }

    private static JsonObjectBuilder sharedWith(String groupId, String access) {
        return Json.createObjectBuilder()
                .add(
                        "groups",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("id", groupId)
                                        .add("access", access)));
    }

    @Test
    void collectionsNestWithAPathAndRefuseCyclesTooDeepNestingAndTwoOfOneNameInOnePlace() {
        JsonObject infra = collection(owner, named("infra").add("description", "What we *run*"));
        JsonObject kubernetes = collection(owner, named(" kubernetes ").add("parentId", infra.getString("id")));
        assertEquals("kubernetes", kubernetes.getString("name"), "trimmed");
        assertEquals(infra.getString("id"), kubernetes.getString("parentId"));
        assertEquals(
                List.of("infra", "kubernetes"),
                kubernetes.getJsonArray("path").getValuesAs(JsonObject.class).stream()
                        .map(ref -> ref.getString("name"))
                        .toList());
        assertEquals("owner", kubernetes.getString("access"));
        assertEquals("private", kubernetes.getString("visibility"));

        Reply same = owner.post(
                "/api/v1/collections",
                named("KUBERNETES").add("parentId", infra.getString("id")).build());
        assertEquals(409, same.status(), "names are unique among siblings ignoring case: " + same);
        assertEquals(
                201,
                owner.post("/api/v1/collections", named("kubernetes").build()).status(),
                "the same name elsewhere");
        Reply slash = owner.post("/api/v1/collections", named("a/b").build());
        assertEquals(400, slash.status(), slash::toString);
        assertEquals("validation_failed", slash.errorCode());

        Reply cycle = owner.patch(
                "/api/v1/collections/" + infra.getString("id"),
                Json.createObjectBuilder()
                        .add("parentId", kubernetes.getString("id"))
                        .build());
        assertEquals(400, cycle.status(), "a collection never moves inside itself: " + cycle);
        Reply foreign = outsider.post(
                "/api/v1/collections",
                named("mine").add("parentId", infra.getString("id")).build());
        assertEquals(400, foreign.status(), "a parent must be the caller's: " + foreign);

        String parent = kubernetes.getString("id");
        for (int level = 3; level <= 5; level++) {
            parent = collection(owner, named("level " + level).add("parentId", parent))
                    .getString("id");
        }
        Reply tooDeep = owner.post(
                "/api/v1/collections", named("level 6").add("parentId", parent).build());
        assertEquals(400, tooDeep.status(), "five levels at most: " + tooDeep);

        JsonObject moved = owner.patch(
                        "/api/v1/collections/" + kubernetes.getString("id"),
                        Json.createObjectBuilder()
                                .add("parentId", JsonValue.NULL)
                                .add("name", "k8s")
                                .build())
                .data();
        assertEquals(JsonValue.NULL, moved.get("parentId"), "moved to the top");
        assertEquals(1, moved.getJsonArray("path").size());

        Reply mine = owner.get("/api/v1/collections");
        assertEquals(200, mine.status(), mine::toString);
        assertTrue(mine.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .anyMatch(listed -> listed.getString("name").equals("k8s")));
        assertEquals(
                404,
                outsider.get("/api/v1/collections/" + infra.getString("id")).status(),
                "private");
    }

    @Test
    void aSnippetIsInAnyNumberOfCollectionsInTheirOrderAndTakingItOutOfOneKeepsIt() {
        String first = privateSnippet(owner, "first");
        String second = privateSnippet(owner, "second");
        String third = privateSnippet(owner, "third");
        String onCall = collection(owner, named("on-call")).getString("id");
        String kubernetes = collection(owner, named("kubernetes")).getString("id");

        Reply added = add(owner, onCall, first, second);
        assertEquals(200, added.status(), added::toString);
        assertEquals(2, added.data().getJsonNumber("snippetCount").longValue());
        Reply atTheTop = owner.post(
                "/api/v1/collections/" + onCall + "/snippets",
                Json.createObjectBuilder()
                        .add("snippetIds", Json.createArrayBuilder().add(third))
                        .add("position", 0)
                        .build());
        assertEquals(200, atTheTop.status(), atTheTop::toString);
        assertEquals(List.of(third, first, second), inOrder(owner, onCall));
        assertEquals(200, add(owner, onCall, first).status(), "adding again changes nothing");
        assertEquals(List.of(third, first, second), inOrder(owner, onCall));

        Reply moved = owner.send(
                "PUT",
                "/api/v1/collections/" + onCall + "/snippets/" + third,
                "application/json",
                "{\"position\": 2}",
                Map.of());
        assertEquals(200, moved.status(), moved::toString);
        assertEquals(List.of(first, second, third), inOrder(owner, onCall));

        assertEquals(200, add(owner, kubernetes, second).status());
        JsonObject read = owner.get("/api/v1/snippets/" + second).data();
        assertEquals(
                List.of("kubernetes", "on-call"),
                read.getJsonArray("collections").getValuesAs(JsonObject.class).stream()
                        .map(ref -> ref.getString("name"))
                        .toList(),
                "a list, not a folder: in both");

        assertEquals(
                200,
                owner.delete("/api/v1/collections/" + onCall + "/snippets/" + second)
                        .status());
        assertEquals(List.of(first, third), inOrder(owner, onCall));
        assertEquals(200, owner.get("/api/v1/snippets/" + second).status(), "still there");
        assertEquals(List.of(second), listed(owner, "collection=" + kubernetes));
        assertEquals(
                404,
                owner.delete("/api/v1/collections/" + onCall + "/snippets/" + second)
                        .status(),
                "not in it");

        Reply unreadable = add(owner, onCall, privateSnippet(outsider, "not yours"));
        assertEquals(400, unreadable.status(), "only what the caller may read: " + unreadable);
    }

    @Test
    void deletingACollectionKeepsItsSnippetsAndMovesWhatIsInsideUpOrDeletesItToo() {
        String snippet = privateSnippet(owner, "kept");
        String outer = collection(owner, named("outer")).getString("id");
        String inner = collection(owner, named("outer").add("parentId", outer)).getString("id");
        String innermost =
                collection(owner, named("innermost").add("parentId", inner)).getString("id");
        assertEquals(200, add(owner, outer, snippet).status());

        Reply deleted = owner.delete("/api/v1/collections/" + outer);
        assertEquals(200, deleted.status(), "its child of the same name takes its place: " + deleted);
        assertEquals(200, owner.get("/api/v1/snippets/" + snippet).status());
        assertEquals(404, owner.get("/api/v1/collections/" + outer).status());
        JsonObject movedUp = owner.get("/api/v1/collections/" + inner).data();
        assertEquals(JsonValue.NULL, movedUp.get("parentId"));

        assertEquals(
                400,
                owner.delete("/api/v1/collections/" + inner + "?inside=everything")
                        .status());
        assertEquals(
                200,
                owner.delete("/api/v1/collections/" + inner + "?inside=delete").status());
        assertEquals(404, owner.get("/api/v1/collections/" + innermost).status(), "deleted with it");
    }

    @Test
    void aTeamCollectionLetsEveryoneReadWhatItsOwnerPutInItUntilItIsUnsharedOrTheSnippetTakenOut() {
        String word = TestUsers.uniqueName("runbook").replace("-", "");
        String inside = privateSnippet(owner, "restart " + word);
        String outside = privateSnippet(owner, "other " + word);
        String runbooks =
                collection(owner, named("runbooks").add("visibility", "team")).getString("id");
        assertEquals(200, add(owner, runbooks, inside).status());

        Reply read = member.get("/api/v1/snippets/" + inside);
        assertEquals(200, read.status(), read::toString);
        assertEquals("read", read.data().getString("access"));
        assertEquals("private", read.data().getString("visibility"), "its own visibility is unchanged");
        assertEquals(
                runbooks,
                read.data().getJsonArray("collections").getJsonObject(0).getString("id"));
        assertEquals(
                403,
                member.patch(
                                "/api/v1/snippets/" + inside,
                                Json.createObjectBuilder().add("title", "x").build())
                        .status());
        assertEquals(404, member.get("/api/v1/snippets/" + outside).status());
        assertEquals(
                "read", member.get("/api/v1/collections/" + runbooks).data().getString("access"));
        assertEquals(List.of(inside), inOrder(member, runbooks));
        assertEquals(List.of(inside), listed(member, "collection=" + runbooks));
        assertEquals(List.of(inside), listed(member, "scope=all&query=" + word));
        assertFalse(listed(member, "scope=team").contains(inside), "team lists go by the snippet's own visibility");
        assertTrue(SnippetsApi.ids(SnippetsApi.walk(member, "/api/v1/collections?scope=shared&limit=200"))
                .contains(runbooks));
        assertEquals(403, add(member, runbooks, privateSnippet(member, "mine")).status(), "a reader adds nothing");

        assertEquals(
                200,
                owner.delete("/api/v1/collections/" + runbooks + "/snippets/" + inside)
                        .status());
        assertEquals(404, member.get("/api/v1/snippets/" + inside).status(), "taken out: unreadable at once");
        assertEquals(List.of(), listed(member, "scope=all&query=" + word));

        assertEquals(200, add(owner, runbooks, inside).status());
        assertEquals(200, member.get("/api/v1/snippets/" + inside).status());
        Reply unshared = owner.patch(
                "/api/v1/collections/" + runbooks,
                Json.createObjectBuilder().add("visibility", "private").build());
        assertEquals(200, unshared.status(), unshared::toString);
        assertEquals(404, member.get("/api/v1/snippets/" + inside).status(), "unshared: unreadable at once");
        assertEquals(404, member.get("/api/v1/collections/" + runbooks).status());
        assertEquals(404, member.get("/api/v1/snippets?collection=" + runbooks).status());
        assertEquals(List.of(), listed(member, "scope=all&query=" + word));
    }

    @Test
    void groupWritersAddAndTakeOutTheirOwnSnippetsOnlyAndAMemberRemovedReadsNothingMore() {
        JsonObject group = newGroup(memberUser);
        String word = TestUsers.uniqueName("shared").replace("-", "");
        JsonObject runbooks =
                collection(owner, named("team runbooks").addAll(sharedWith(group.getString("id"), "write")));
        String id = runbooks.getString("id");
        assertEquals(
                group.getString("id"),
                runbooks.getJsonArray("groups").getJsonObject(0).getString("id"));
        String ownersSnippet = privateSnippet(owner, "owner's " + word);
        String membersSnippet = privateSnippet(member, "member's " + word);
        assertEquals(200, add(owner, id, ownersSnippet).status());

        JsonObject asMember = member.get("/api/v1/collections/" + id).data();
        assertEquals("write", asMember.getString("access"));
        assertEquals(JsonValue.NULL, asMember.get("groups"), "the owner's to see");
        Reply othersSnippet = add(member, id, privateSnippet(outsider, "outsider's"));
        assertEquals(400, othersSnippet.status(), othersSnippet::toString);
        Reply own = add(member, id, membersSnippet);
        assertEquals(200, own.status(), own::toString);
        assertEquals(200, owner.get("/api/v1/snippets/" + membersSnippet).status(), "the owner reads what writers add");
        assertEquals(
                403,
                member.delete("/api/v1/collections/" + id + "/snippets/" + ownersSnippet)
                        .status(),
                "not the writer's to take out");
        assertEquals(200, member.get("/api/v1/snippets/" + ownersSnippet).status());
        assertEquals(
                List.of(membersSnippet, ownersSnippet).stream().sorted().toList(),
                listed(member, "collection=" + id + "&query=" + word).stream()
                        .sorted()
                        .toList());
        assertEquals(
                403,
                member.patch(
                                "/api/v1/collections/" + id,
                                Json.createObjectBuilder().add("name", "ours").build())
                        .status(),
                "sharing and naming stay the owner's");
        assertEquals(404, outsider.get("/api/v1/snippets/" + ownersSnippet).status());

        assertEquals(
                200,
                admin.delete("/api/v1/groups/" + group.getString("id") + "/members/" + memberUser.id())
                        .status());
        assertEquals(404, member.get("/api/v1/snippets/" + ownersSnippet).status(), "a member no more");
        assertEquals(404, member.get("/api/v1/collections/" + id).status());
        assertFalse(listed(member, "scope=all&query=" + word).contains(ownersSnippet));
    }

    @Test
    void aCollectionNeverGivesAccessTheSnippetsOwnerDidNotGive() {
        JsonObject group = newGroup(memberUser);
        String teamSnippet = create(
                        outsider,
                        snippet("outsider's team snippet", "sh", "echo", "ops").add("visibility", "team"))
                .getString("id");
        String shared = collection(owner, named("picked").addAll(sharedWith(group.getString("id"), "read")))
                .getString("id");
        assertEquals(200, add(owner, shared, teamSnippet).status(), "anyone organises what they may read");
        assertEquals(200, member.get("/api/v1/snippets/" + teamSnippet).status(), "team-visible anyway");

        assertEquals(
                200,
                outsider.patch(
                                "/api/v1/snippets/" + teamSnippet,
                                Json.createObjectBuilder()
                                        .add("visibility", "private")
                                        .build())
                        .status());
        assertEquals(404, member.get("/api/v1/snippets/" + teamSnippet).status(), "its owner made it private");
        assertEquals(404, owner.get("/api/v1/snippets/" + teamSnippet).status(), "for the collection's owner too");
        assertEquals(List.of(), inOrder(member, shared));
    }

    @Test
    void aUserStarsWhatTheyMayReadAndPinsTheirOwnFirst() {
        String teamSnippet = create(
                        owner, snippet("starred one", "sh", "echo", "ops").add("visibility", "team"))
                .getString("id");
        Reply starred = member.send("PUT", "/api/v1/snippets/" + teamSnippet + "/star", null, null, Map.of());
        assertEquals(200, starred.status(), starred::toString);
        assertTrue(starred.data().getBoolean("starred"));
        assertEquals(JsonValue.NULL, starred.data().get("stars"), "the count is the owner's");
        assertEquals(
                200,
                member.send("PUT", "/api/v1/snippets/" + teamSnippet + "/star", null, null, Map.of())
                        .status());
        assertEquals(1, owner.get("/api/v1/snippets/" + teamSnippet).data().getInt("stars"));
        assertEquals(List.of(teamSnippet), listed(member, "scope=all&starred=true"));
        assertEquals(List.of(teamSnippet), listed(member, "scope=all&starred=true&query=starred"));
        assertEquals(
                404,
                member.send(
                                "PUT",
                                "/api/v1/snippets/" + privateSnippet(owner, "hidden") + "/star",
                                null,
                                null,
                                Map.of())
                        .status());
        assertEquals(
                200, member.delete("/api/v1/snippets/" + teamSnippet + "/star").status());
        assertEquals(List.of(), listed(member, "scope=all&starred=true"));

        String older = privateSnippet(outsider, "older");
        String newer = privateSnippet(outsider, "newer");
        assertEquals(List.of(newer, older), listed(outsider, ""));
        Reply pinned = outsider.send("PUT", "/api/v1/snippets/" + older + "/pin", null, null, Map.of());
        assertEquals(200, pinned.status(), pinned::toString);
        assertTrue(pinned.data().getBoolean("pinned"));
        assertEquals(List.of(older, newer), listed(outsider, ""), "pinned first");
        assertEquals(
                List.of(older, newer),
                SnippetsApi.ids(SnippetsApi.walk(outsider, "/api/v1/snippets?limit=1")),
                "once, across pages");
        assertEquals(
                403,
                member.send("PUT", "/api/v1/snippets/" + teamSnippet + "/pin", null, null, Map.of())
                        .status(),
                "one pins one's own");
        for (int i = 0; i < 9; i++) {
            String more = privateSnippet(outsider, "pin " + i);
            assertEquals(
                    200,
                    outsider.send("PUT", "/api/v1/snippets/" + more + "/pin", null, null, Map.of())
                            .status());
        }
        Reply eleventh = outsider.send("PUT", "/api/v1/snippets/" + newer + "/pin", null, null, Map.of());
        assertEquals(409, eleventh.status(), "ten at most: " + eleventh);
        assertEquals(200, outsider.delete("/api/v1/snippets/" + older + "/pin").status());
        assertFalse(outsider.get("/api/v1/snippets/" + older).data().getBoolean("pinned"));
    }

    @Test
    void aCollectionsListCombinesWithSearchTagsAndItsSubCollections() {
        String word = TestUsers.uniqueName("deploy").replace("-", "");
        String infra = collection(owner, named("infra")).getString("id");
        String helm = collection(owner, named("helm").add("parentId", infra)).getString("id");
        String inInfra =
                create(owner, snippet("infra " + word, "sh", "echo", "ops")).getString("id");
        String inHelm =
                create(owner, snippet("helm " + word, "yaml", "x: 1", "k8s")).getString("id");
        privateSnippet(owner, "elsewhere " + word);
        assertEquals(200, add(owner, infra, inInfra).status());
        assertEquals(200, add(owner, helm, inHelm).status());

        assertEquals(List.of(inInfra), listed(owner, "collection=" + infra));
        assertEquals(List.of(inInfra), listed(owner, "collection=" + infra + "&query=" + word));
        assertEquals(
                List.of(inHelm, inInfra),
                listed(owner, "collection=" + infra + "&recursive=true&sort=title"),
                "with what is inside");
        assertEquals(
                List.of(inHelm), listed(owner, "collection=" + infra + "&recursive=true&query=" + word + "&tag=k8s"));

        Reply pinned = owner.send("PUT", "/api/v1/snippets/" + inInfra + "/pin", null, null, Map.of());
        assertEquals(200, pinned.status(), pinned::toString);
        Reply first = owner.get("/api/v1/snippets?limit=1&collection=" + infra + "&recursive=true");
        assertEquals(
                List.of(inInfra, inHelm),
                SnippetsApi.ids(first.json().getJsonArray("data").getValuesAs(JsonObject.class)),
                "the pinned one first, beside a page of one other");
        assertTrue(first.json().getJsonObject("meta").isNull("nextCursor"), "the pinned one is on no other page");
        assertEquals(
                200,
                owner.send("DELETE", "/api/v1/snippets/" + inInfra + "/pin", null, null, Map.of())
                        .status());

        assertEquals(400, owner.get("/api/v1/snippets?recursive=true").status());
        assertEquals(400, owner.get("/api/v1/snippets?starred=yes").status());
        assertEquals(404, outsider.get("/api/v1/snippets?collection=" + infra).status());
    }

    @Test
    void facetsCountTheMatchesEachReadableCollectionHoldsAndNameNoneOfAnotherUsersPrivateOnes() {
        String word = TestUsers.uniqueName("facet").replace("-", "");
        String runbooks = collection(owner, named("runbooks " + word)).getString("id");
        String hidden = collection(owner, named("hidden " + word)).getString("id");
        String team = collection(owner, named("team " + word).add("visibility", "team"))
                .getString("id");
        String first = create(
                        owner, snippet("first " + word, "sh", "echo", "ops").add("visibility", "team"))
                .getString("id");
        String second = create(
                        owner, snippet("second " + word, "sh", "echo", "ops").add("visibility", "team"))
                .getString("id");
        assertEquals(200, add(owner, runbooks, first, second).status());
        assertEquals(200, add(owner, hidden, first).status());
        assertEquals(200, add(owner, team, second).status());

        JsonObject mine = owner.get("/api/v1/snippets/facets?query=" + word).data();
        assertEquals(
                List.of(runbooks + "=2", hidden + "=1", team + "=1"),
                collectionCounts(mine),
                "most first, then by name: " + mine);

        JsonObject others =
                outsider.get("/api/v1/snippets/facets?scope=team&query=" + word).data();
        assertEquals(
                List.of(team + "=1"),
                collectionCounts(others),
                "another user is told of the team collection, not of the owner's private ones");
        JsonObject within =
                owner.get("/api/v1/snippets/facets?collection=" + team).data();
        assertEquals(
                List.of(runbooks + "=1", team + "=1"),
                collectionCounts(within),
                "inside one collection, the others its matches are in as well");
    }

    private static List<String> collectionCounts(JsonObject facets) {
        return facets.getJsonArray("collections").getValuesAs(JsonObject.class).stream()
                .map(facet -> facet.getString("id") + "=" + facet.getInt("count"))
                .toList();
    }
}
