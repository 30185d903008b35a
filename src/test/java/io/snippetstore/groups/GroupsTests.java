package io.snippetstore.groups;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Groups;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** Groups, and snippets shared with them: who reads, who changes, and what stays the owner's. */
public abstract class GroupsTests {

    private final ApiClient admin = TestUsers.admin();
    private final TestUser ownerUser = TestUsers.create();
    private final ApiClient owner = TestUsers.signedIn(ownerUser);
    private final TestUser memberUser = TestUsers.create();
    private final ApiClient member = TestUsers.signedIn(memberUser);
    private final ApiClient outsider = TestUsers.signedIn(TestUsers.create());

    private JsonObject newGroup(TestUser... members) {
        return Groups.create(
                admin, "group", Stream.of(members).map(TestUser::id).toArray(String[]::new));
    }

    private JsonObject sharedWith(String groupId, String access, String visibility, String title) {
        return create(
                owner,
                snippet(title, "sh", "echo " + title, "ops")
                        .add("visibility", visibility)
                        .add(
                                "groups",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("id", groupId)
                                                .add("access", access))));
    }

    private static JsonObject patch(String... pairs) {
        var body = Json.createObjectBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            body.add(pairs[i], pairs[i + 1]);
        }
        return body.build();
    }

    @Test
    void administratorsMakeGroupsAndManageTheirMembersWhileEveryUserListsThem() {
        String name = TestUsers.uniqueName("Ops");
        assertEquals(
                403,
                member.post(
                                "/api/v1/groups",
                                Json.createObjectBuilder().add("name", name).build())
                        .status());
        Reply made = admin.post(
                "/api/v1/groups",
                Json.createObjectBuilder().add("name", "  " + name + " ").build());
        assertEquals(201, made.status(), made::toString);
        JsonObject group = made.data();
        assertEquals(name, group.getString("name"), "trimmed");
        assertEquals("local", group.getString("source"));
        assertEquals(List.of(), group.getJsonArray("members"));
        assertTrue(made.header("Location").endsWith("/api/v1/groups/" + group.getString("id")), made::toString);
        Reply twice = admin.post(
                "/api/v1/groups",
                Json.createObjectBuilder().add("name", name.toUpperCase()).build());
        assertEquals(409, twice.status(), "names are unique ignoring case: " + twice);
        assertEquals(
                400,
                admin.post(
                                "/api/v1/groups",
                                Json.createObjectBuilder().add("name", " ").build())
                        .status());

        String path = "/api/v1/groups/" + group.getString("id") + "/members/" + memberUser.id();
        assertEquals(403, member.send("PUT", path, null, null, Map.of()).status());
        JsonObject withMember = admin.send("PUT", path, null, null, Map.of()).data();
        assertEquals(
                memberUser.username(),
                withMember.getJsonArray("members").getJsonObject(0).getString("username"));
        assertEquals(
                1,
                admin.send("PUT", path, null, null, Map.of())
                        .data()
                        .getJsonArray("members")
                        .size(),
                "adding twice is adding once");
        assertEquals(
                404,
                admin.send(
                                "PUT",
                                "/api/v1/groups/" + group.getString("id") + "/members/no-such-user",
                                null,
                                null,
                                Map.of())
                        .status());

        Reply listed = outsider.get("/api/v1/groups");
        assertEquals(200, listed.status());
        assertTrue(
                listed.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .anyMatch(listedGroup -> listedGroup.getString("id").equals(group.getString("id"))
                                && listedGroup.getJsonArray("members").size() == 1),
                listed::toString);

        assertEquals(0, admin.delete(path).data().getJsonArray("members").size());
        assertEquals(404, admin.delete(path).status(), "no longer a member");
        assertEquals(
                200, admin.delete("/api/v1/groups/" + group.getString("id")).status());
        assertEquals(
                404, outsider.get("/api/v1/groups/" + group.getString("id")).status());
    }

    @Test
    void aSnippetSharedWithAGroupIsReadByItsMembersAndDoesNotExistForOthers() {
        JsonObject group = newGroup(memberUser);
        String word = TestUsers.uniqueName("runbook").replace("-", "");
        JsonObject created = sharedWith(group.getString("id"), "read", "private", "restart " + word);
        String id = created.getString("id");

        JsonObject share = created.getJsonArray("groups").getJsonObject(0);
        assertEquals(
                List.of(group.getString("id"), group.getString("name"), "read"),
                List.of(share.getString("id"), share.getString("name"), share.getString("access")),
                "the owner sees whom it is shared with");
        Reply read = member.get("/api/v1/snippets/" + id);
        assertEquals(200, read.status(), read::toString);
        assertEquals(JsonValue.NULL, read.data().get("groups"), "only the owner sees the groups");
        assertEquals(200, member.get("/api/v1/snippets/" + id + "/raw").status());
        assertEquals(404, outsider.get("/api/v1/snippets/" + id).status());

        Reply changed = member.patch("/api/v1/snippets/" + id, patch("title", "mine now"));
        assertEquals(403, changed.status(), "read access only: " + changed);
        assertEquals(403, member.delete("/api/v1/snippets/" + id).status());

        for (String query :
                List.of("scope=groups", "scope=all", "scope=groups&query=" + word, "scope=all&query=" + word)) {
            Reply listed = member.get("/api/v1/snippets?" + query);
            assertEquals(200, listed.status(), listed::toString);
            assertTrue(
                    listed.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                            .anyMatch(s -> s.getString("id").equals(id)),
                    query + ": " + listed);
            assertTrue(
                    outsider
                            .get("/api/v1/snippets?" + query)
                            .json()
                            .getJsonArray("data")
                            .getValuesAs(JsonObject.class)
                            .stream()
                            .noneMatch(s -> s.getString("id").equals(id)),
                    query);
        }
        assertTrue(
                owner
                        .get("/api/v1/snippets?scope=groups")
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .noneMatch(s -> s.getString("id").equals(id)),
                "groups lists others' snippets, not the caller's own");

        assertEquals(
                200,
                admin.delete("/api/v1/groups/" + group.getString("id") + "/members/" + memberUser.id())
                        .status());
        assertEquals(404, member.get("/api/v1/snippets/" + id).status(), "a member no more");
        assertTrue(member.get("/api/v1/snippets?scope=groups&query=" + word)
                .json()
                .getJsonArray("data")
                .isEmpty());
    }

    @Test
    void aWriterChangesTheSixFieldsUnderIfMatchButSharingDeletingLinksAndAttachmentsStayTheOwners() {
        JsonObject group = newGroup(memberUser);
        String id =
                sharedWith(group.getString("id"), "write", "team", "writable").getString("id");

        Reply edited = member.send(
                "PATCH",
                "/api/v1/snippets/" + id,
                "application/json",
                patch("title", "edited by a writer").toString(),
                Map.of("If-Match", "\"1\""));
        assertEquals(200, edited.status(), edited::toString);
        assertEquals(2, edited.data().getInt("version"));
        assertEquals(
                ownerUser.username(), edited.data().getJsonObject("owner").getString("username"), "still the owner's");
        Reply stale = member.send(
                "PATCH",
                "/api/v1/snippets/" + id,
                "application/json",
                patch("title", "late").toString(),
                Map.of("If-Match", "\"1\""));
        assertEquals(412, stale.status(), stale::toString);

        assertEquals(
                403,
                member.patch("/api/v1/snippets/" + id, patch("visibility", "private"))
                        .status());
        assertEquals(
                403,
                member.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("groups", JsonValue.EMPTY_JSON_ARRAY)
                                        .build())
                        .status());
        assertEquals(403, member.delete("/api/v1/snippets/" + id).status());
        assertEquals(
                403,
                member.post("/api/v1/snippets/" + id + "/links", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(403, member.get("/api/v1/snippets/" + id + "/links").status());
        assertEquals(200, member.get("/api/v1/snippets/" + id + "/revisions").status(), "a writer reads the history");
        assertEquals(
                memberUser.username(),
                owner.get("/api/v1/snippets/" + id + "/revisions")
                        .json()
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getJsonObject("author")
                        .getString("username"),
                "the writer's edit is the writer's in the history");
        assertEquals(
                403,
                new Multipart()
                        .file("file", "by-writer.txt", "text/plain", "x".getBytes(StandardCharsets.UTF_8))
                        .postTo(member, "/api/v1/snippets/" + id + "/attachments")
                        .status(),
                "a writer uploads nothing");
        Reply attached = new Multipart()
                .file("file", "by-owner.txt", "text/plain", "y".getBytes(StandardCharsets.UTF_8))
                .postTo(owner, "/api/v1/snippets/" + id + "/attachments");
        assertEquals(201, attached.status(), attached::toString);
        assertEquals(
                403,
                member.delete("/api/v1/attachments/" + attached.data().getString("id"))
                        .status(),
                "nor deletes one");

        Reply unshared = owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().add("groups", JsonValue.NULL).build());
        assertEquals(200, unshared.status(), unshared::toString);
        assertEquals(List.of(), unshared.data().getJsonArray("groups"));
        assertEquals(2, unshared.data().getInt("version"), "sharing is not a version of the text");
        assertEquals(
                403,
                member.patch("/api/v1/snippets/" + id, patch("title", "again")).status(),
                "a team reader only now");
    }

    @Test
    void deletingAGroupEndsItsMembersAccessAtOnce() {
        JsonObject group = newGroup(memberUser);
        String id = sharedWith(group.getString("id"), "write", "private", "until the group goes")
                .getString("id");
        assertEquals(200, member.get("/api/v1/snippets/" + id).status());

        Reply deleted = admin.delete("/api/v1/groups/" + group.getString("id"));
        assertEquals(200, deleted.status(), deleted::toString);

        assertEquals(404, member.get("/api/v1/snippets/" + id).status(), "the next request already");
        assertEquals(
                404,
                member.patch("/api/v1/snippets/" + id, patch("title", "too late"))
                        .status());
        assertEquals(List.of(), owner.get("/api/v1/snippets/" + id).data().getJsonArray("groups"));
    }

    @Test
    void aGroupNamedTwiceKeepsItsFirstAccessAndAShareNamesAtMostFiftyGroups() {
        JsonObject group = newGroup(memberUser);
        JsonObject twice = create(
                owner,
                snippet("named twice", "sh", "echo twice")
                        .add(
                                "groups",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("id", group.getString("id"))
                                                .add("access", "read"))
                                        .add(Json.createObjectBuilder()
                                                .add("id", group.getString("id"))
                                                .add("access", "write"))));
        assertEquals(1, twice.getJsonArray("groups").size(), twice::toString);
        assertEquals("read", twice.getJsonArray("groups").getJsonObject(0).getString("access"));
        assertEquals(
                403,
                member.patch("/api/v1/snippets/" + twice.getString("id"), patch("title", "no"))
                        .status(),
                "read, as named first");

        var fiftyOne = Json.createArrayBuilder();
        for (int i = 0; i < 51; i++) {
            fiftyOne.add(
                    Json.createObjectBuilder().add("id", group.getString("id")).add("access", "read"));
        }
        Reply refused = owner.post(
                "/api/v1/snippets",
                snippet("too many", "sh", "echo").add("groups", fiftyOne).build());
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("validation_failed", refused.errorCode());
    }

    @Test
    void everySnippetAnswerSaysWhatTheCallerMayDoWithItOwnWriteOrRead() {
        JsonObject writers = newGroup(memberUser);
        String word = TestUsers.uniqueName("access").replaceAll("[^A-Za-z]", "");
        JsonObject written = sharedWith(writers.getString("id"), "write", "team", "writable " + word);
        String id = written.getString("id");
        assertEquals("owner", written.getString("access"), "the creator owns it");
        assertEquals("owner", owner.get("/api/v1/snippets/" + id).data().getString("access"));
        assertEquals(
                "write",
                member.get("/api/v1/snippets/" + id).data().getString("access"),
                "a member of a writing group");
        assertEquals("read", outsider.get("/api/v1/snippets/" + id).data().getString("access"), "the team reads it");

        for (String list : List.of(
                "/api/v1/snippets?scope=all&query=" + word,
                "/api/v1/snippets?scope=all&fields=summary&query=" + word,
                "/api/v1/snippets?scope=team&tag=ops&limit=200")) {
            assertEquals("write", accessIn(member, list, id), list);
            assertEquals("read", accessIn(outsider, list, id), list);
        }
        Reply edited = member.send(
                "PATCH",
                "/api/v1/snippets/" + id,
                "application/json",
                patch("title", "edited " + word).toString(),
                Map.of("If-Match", "\"1\""));
        assertEquals("write", edited.data().getString("access"), "a writer's change answers as the writer sees it");
        Reply restored = member.send("POST", "/api/v1/snippets/" + id + "/revisions/1/restore", null, null, Map.of());
        assertEquals(200, restored.status(), restored::toString);
        assertEquals("write", restored.data().getString("access"));
    }

    private static String accessIn(ApiClient caller, String list, String id) {
        return caller.get(list).json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(item -> item.getString("id").equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError(id + " not in " + list))
                .getString("access");
    }

    @Test
    void aTeamSnippetIsReadByTheTeamAndByItsLinkAtOnceAndRevokingTheLinkLeavesTheTeam() {
        String id = create(owner, snippet("team and link", "sh", "uptime").add("visibility", "team"))
                .getString("id");
        Reply link = owner.post("/api/v1/snippets/" + id + "/links", JsonValue.EMPTY_JSON_OBJECT);
        assertEquals(201, link.status(), link::toString);
        String secret = link.data()
                .getString("url")
                .substring(link.data().getString("url").lastIndexOf('/') + 1);

        assertEquals(
                "team",
                owner.get("/api/v1/snippets/" + id).data().getString("visibility"),
                "making a link keeps the team's access");
        assertEquals(200, outsider.get("/api/v1/snippets/" + id).status());
        assertEquals(200, new ApiClient().get("/api/v1/shared/" + secret).status());

        assertEquals(
                200,
                owner.delete("/api/v1/links/" + link.data().getString("id")).status());
        assertEquals(404, new ApiClient().get("/api/v1/shared/" + secret).status());
        assertEquals(200, outsider.get("/api/v1/snippets/" + id).status(), "the team still reads it");
    }

    @Test
    void sharingWithAGroupThatDoesNotExistOrWithAnUnknownAccessIsRefusedAndNothingIsKept() {
        Reply unknown = owner.post(
                "/api/v1/snippets",
                snippet("unshared", "sh", "true")
                        .add(
                                "groups",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("id", "no-such-group")
                                                .add("access", "read")))
                        .build());
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals(
                "groups[0].id",
                unknown.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
        JsonObject group = newGroup();
        Reply badAccess = owner.post(
                "/api/v1/snippets",
                snippet("unshared", "sh", "true")
                        .add(
                                "groups",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("id", group.getString("id"))
                                                .add("access", "admin")))
                        .build());
        assertEquals(400, badAccess.status(), badAccess::toString);
        assertTrue(
                owner.get("/api/v1/snippets?query=unshared")
                        .json()
                        .getJsonArray("data")
                        .isEmpty(),
                "nothing half-written");
    }

    @Test
    void aTemporaryPasswordMustBeChangedBeforeAnythingElseWorks() {
        String username = TestUsers.uniqueName("temp");
        Reply made = admin.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", "first-password-1")
                        .add("temporary", true)
                        .build());
        assertEquals(201, made.status(), made::toString);
        assertTrue(made.data().getBoolean("passwordTemporary"));

        ApiClient user = new ApiClient();
        Reply signedIn = user.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", "first-password-1")
                        .build());
        assertEquals(200, signedIn.status(), signedIn::toString);
        assertTrue(signedIn.data().getBoolean("passwordChangeRequired"));
        for (Reply refused : List.of(
                user.get("/api/v1/snippets"),
                user.get("/api/v1/auth/whoami"),
                user.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "sneaky").build()))) {
            assertEquals(403, refused.status(), refused::toString);
            assertEquals("password_change_required", refused.errorCode());
        }
        Reply changed = user.post(
                "/api/v1/auth/password",
                Json.createObjectBuilder()
                        .add("currentPassword", "first-password-1")
                        .add("newPassword", "my-own-password-2")
                        .build());
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(200, user.get("/api/v1/snippets").status(), "the session goes on with the new password");
        assertTrue(!admin.get("/api/v1/users/" + made.data().getString("id"))
                .data()
                .getBoolean("passwordTemporary"));

        Reply reset = admin.send(
                "PUT",
                "/api/v1/users/" + made.data().getString("id") + "/password",
                "application/json",
                Json.createObjectBuilder()
                        .add("password", "reset-password-3")
                        .add("temporary", true)
                        .build()
                        .toString(),
                Map.of());
        assertEquals(200, reset.status(), reset::toString);
        ApiClient again = new ApiClient();
        assertTrue(again.post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", "reset-password-3")
                                .build())
                .data()
                .getBoolean("passwordChangeRequired"));
        assertEquals("password_change_required", again.get("/api/v1/snippets").errorCode());
        assertEquals(
                200,
                again.post("/api/v1/auth/logout", JsonValue.EMPTY_JSON_OBJECT).status(),
                "signing out works");
    }
}
