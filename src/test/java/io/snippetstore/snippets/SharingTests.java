package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.ids;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.testing.SnippetsApi.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/** Visibility, share links and list scopes: who may read a snippet, and who may change it. */
public abstract class SharingTests {

    private final TestUser ownerUser = TestUsers.create();
    private final ApiClient owner = TestUsers.signedIn(ownerUser);
    private final ApiClient colleague = TestUsers.signedIn(TestUsers.create());
    private final ApiClient anonymous = new ApiClient();

    private JsonObject shared(String visibility, String title) {
        return create(owner, snippet(title, "java", "class Shared {}", "shared").add("visibility", visibility));
    }

    private static Reply visibility(ApiClient client, String snippetId, String visibility) {
        return client.patch(
                "/api/v1/snippets/" + snippetId,
                Json.createObjectBuilder().add("visibility", visibility).build());
    }

    private JsonObject upload(String snippetId, String filename, String content) {
        Reply reply = new Multipart()
                .file("file", filename, "text/plain", content.getBytes(StandardCharsets.UTF_8))
                .postTo(owner, "/api/v1/snippets/" + snippetId + "/attachments");
        assertEquals(201, reply.status(), reply::toString);
        return reply.data();
    }

    private String newLink(String snippetId) {
        Reply reply = owner.post(
                "/api/v1/snippets/" + snippetId + "/links",
                Json.createObjectBuilder().build());
        assertEquals(201, reply.status(), reply::toString);
        String url = reply.data().getString("url");
        assertTrue(url.startsWith(ApiClient.base().resolve("/s/").toString()), url);
        return url.substring(url.lastIndexOf('/') + 1);
    }

    @Test
    void aNewSnippetIsPrivateAndNamesItsOwner() {
        JsonObject created = create(owner, snippet("mine", "java", "class Mine {}"));

        assertEquals("private", created.getString("visibility"));
        assertEquals(ownerUser.username(), created.getJsonObject("owner").getString("username"));
        assertEquals(ownerUser.id(), created.getJsonObject("owner").getString("id"));
    }

    @Test
    void aPrivateSnippetDoesNotExistForAnyoneElseNotEvenAnAdministrator() {
        String id = shared("private", "private one").getString("id");
        String attachmentId = upload(id, "private.txt", "secret").getString("id");

        for (ApiClient other : List.of(colleague, TestUsers.admin())) {
            assertEquals(404, other.get("/api/v1/snippets/" + id).status());
            assertEquals(
                    404, other.get("/api/v1/snippets/" + id + "/attachments").status());
            assertEquals(404, other.get("/api/v1/attachments/" + attachmentId).status());
            assertEquals(
                    404,
                    other.get("/api/v1/attachments/" + attachmentId + "/download")
                            .status());
            assertEquals(404, visibility(other, id, "team").status());
            assertEquals(404, other.delete("/api/v1/snippets/" + id).status());
            assertEquals(
                    404, other.delete("/api/v1/attachments/" + attachmentId).status());
            assertEquals(404, other.get("/api/v1/snippets/" + id + "/links").status());
        }
        assertEquals(200, owner.get("/api/v1/snippets/" + id).status(), "nothing was changed by the others");
    }

    @Test
    void aTeamSnippetIsReadByEverySignedInUserAndChangedOnlyByItsOwner() {
        String id = shared("private", "team one").getString("id");
        JsonObject attachment = upload(id, "team.txt", "for the team");
        Reply made = visibility(owner, id, "team");
        assertEquals(200, made.status(), made::toString);
        assertEquals("team", made.data().getString("visibility"));

        ApiClient byToken = TestUsers.withToken(TestUsers.create());
        for (ApiClient reader : List.of(colleague, byToken)) {
            Reply read = reader.get("/api/v1/snippets/" + id);
            assertEquals(200, read.status(), read::toString);
            assertEquals(
                    ownerUser.username(), read.data().getJsonObject("owner").getString("username"));
            assertEquals(
                    1,
                    reader.get("/api/v1/snippets/" + id + "/attachments")
                            .json()
                            .getJsonArray("data")
                            .size());
            Reply download = reader.get(attachment.getString("downloadUrl"));
            assertEquals(200, download.status());
            assertEquals("for the team", download.text());

            assertEquals("forbidden", visibility(reader, id, "private").errorCode());
            assertEquals(
                    403,
                    reader.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("title", "mine now")
                                            .build())
                            .status());
            assertEquals(403, reader.delete("/api/v1/snippets/" + id).status());
            assertEquals(
                    403,
                    reader.delete("/api/v1/attachments/" + attachment.getString("id"))
                            .status());
            assertEquals(
                    403,
                    new Multipart()
                            .file("file", "x.txt", "text/plain", new byte[] {1})
                            .postTo(reader, "/api/v1/snippets/" + id + "/attachments")
                            .status());
            assertEquals(
                    403,
                    reader.post(
                                    "/api/v1/snippets/" + id + "/links",
                                    Json.createObjectBuilder().build())
                            .status());
        }
        assertEquals(401, anonymous.get("/api/v1/snippets/" + id).status(), "team means signed in");
        JsonObject unchanged = owner.get("/api/v1/snippets/" + id).data();
        assertEquals("team one", unchanged.getString("title"));
        assertEquals(1, unchanged.getInt("attachmentCount"));
    }

    @Test
    void theListShowsOwnSnippetsUnlessAScopeAsksForTheTeamsOrBoth() {
        String word = TestUsers.uniqueName("scopeword").replace("-", "");
        String mine = create(colleague, snippet("mine " + word, "text", word)).getString("id");
        String myTeam = create(
                        colleague, snippet("my team " + word, "text", word).add("visibility", "team"))
                .getString("id");
        String theirTeam = shared("team", "their team " + word).getString("id");
        String theirPrivate = shared("private", "their private " + word).getString("id");
        String theirLink = shared("link", "their link " + word).getString("id");

        assertEquals(Set.of(mine, myTeam), Set.copyOf(ids(walk(colleague, "/api/v1/snippets?limit=2&query=" + word))));
        assertEquals(
                Set.of(myTeam, theirTeam),
                Set.copyOf(ids(walk(colleague, "/api/v1/snippets?scope=team&limit=1&query=" + word))));
        assertEquals(
                Set.of(mine, myTeam, theirTeam),
                Set.copyOf(ids(walk(colleague, "/api/v1/snippets?scope=all&limit=2&query=" + word))));
        for (String order : List.of("updated", "created", "title", "relevance")) {
            List<String> team =
                    ids(walk(colleague, "/api/v1/snippets?scope=all&limit=1&sort=" + order + "&query=" + word));
            assertFalse(team.contains(theirPrivate) || team.contains(theirLink), order + ": " + team);
        }

        JsonObject listed =
                colleague.get("/api/v1/snippets?scope=team&query=" + word).json().getJsonArray("data").stream()
                        .map(JsonObject.class::cast)
                        .filter(item -> item.getString("id").equals(theirTeam))
                        .findFirst()
                        .orElseThrow();
        assertEquals(ownerUser.username(), listed.getJsonObject("owner").getString("username"));
        assertEquals(
                "bad_request", colleague.get("/api/v1/snippets?scope=everyone").errorCode());
    }

    @Test
    void aCursorOfOneScopeIsNotAcceptedInAnother() {
        String word = TestUsers.uniqueName("cursorscope").replace("-", "");
        create(colleague, snippet("one " + word, "text", word).add("visibility", "team"));
        create(colleague, snippet("two " + word, "text", word).add("visibility", "team"));
        String cursor = colleague
                .get("/api/v1/snippets?scope=team&limit=1&query=" + word)
                .json()
                .getJsonObject("meta")
                .getString("nextCursor");

        assertEquals(
                200,
                colleague
                        .get("/api/v1/snippets?scope=team&limit=1&query=" + word + "&cursor=" + cursor)
                        .status());
        assertEquals(
                "bad_request",
                colleague
                        .get("/api/v1/snippets?scope=all&limit=1&query=" + word + "&cursor=" + cursor)
                        .errorCode());
    }

    @Test
    void aLinkOpensItsSnippetAndAttachmentsToAnyoneAndNothingElseOfTheOwner() {
        String id = shared("link", "linked one").getString("id");
        JsonObject attachment = upload(id, "linked.txt", "through the link");
        shared("private", "the owner's other snippet");
        String secret = newLink(id);

        Reply read = anonymous.get("/api/v1/shared/" + secret);
        assertEquals(200, read.status(), read::toString);
        assertEquals(
                Set.of(
                        "id",
                        "title",
                        "description",
                        "notes",
                        "language",
                        "code",
                        "variables",
                        "tags",
                        "createdAt",
                        "updatedAt",
                        "version",
                        "attachmentCount"),
                read.data().keySet(),
                "the snippet's own fields, nothing of its owner");
        assertEquals("linked one", read.data().getString("title"));
        assertFalse(read.text().contains(ownerUser.username()) || read.text().contains(ownerUser.id()), read.text());

        Reply raw = anonymous.get("/api/v1/shared/" + secret + "/raw");
        assertEquals(200, raw.status());
        assertTrue(raw.header("Content-Type").startsWith("text/plain"), raw.header("Content-Type"));
        assertEquals("class Shared {}", raw.text());

        List<JsonObject> attachments = anonymous
                .get("/api/v1/shared/" + secret + "/attachments")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);
        assertEquals(1, attachments.size());
        String downloadUrl = attachments.get(0).getString("downloadUrl");
        assertTrue(downloadUrl.startsWith("/api/v1/shared/" + secret + "/"), downloadUrl);
        assertEquals("through the link", anonymous.get(downloadUrl).text());
        assertEquals(
                404,
                anonymous
                        .get("/api/v1/shared/" + secret + "/attachments/" + attachment.getString("id") + "x/download")
                        .status());

        Reply page = anonymous.get("/s/" + secret);
        assertEquals(200, page.status(), "the link's page");
        assertTrue(page.text().contains("/js/shared.js"), page::toString);
        Reply unknownPage = anonymous.get("/s/" + secret + "x");
        assertEquals(404, unknownPage.status(), "an unknown link's page");
        assertTrue(unknownPage.text().contains("/js/shared.js"), "the page that says so: " + unknownPage);
        assertEquals(401, anonymous.get("/api/v1/snippets/" + id).status(), "the link opens only its own path");
        assertEquals(
                404, colleague.get("/api/v1/snippets/" + id).status(), "by id, a linked snippet is private to others");
        assertEquals(404, anonymous.get("/api/v1/shared/" + secret + "x").status());
    }

    @Test
    void anAttachmentOfAnotherSnippetCannotBeReachedThroughALink() {
        String linked = shared("link", "linked").getString("id");
        String other = shared("team", "other").getString("id");
        String otherAttachment = upload(other, "other.txt", "not yours").getString("id");
        String secret = newLink(linked);

        assertEquals(
                404,
                anonymous
                        .get("/api/v1/shared/" + secret + "/attachments/" + otherAttachment + "/download")
                        .status());
    }

    @Test
    void theOwnerListsLinksWithoutTheirSecretsAndARevokedLinkIsGoneAtOnce() {
        String id = shared("link", "revocable").getString("id");
        String secret = newLink(id);
        Reply expiring = owner.post(
                "/api/v1/snippets/" + id + "/links",
                Json.createObjectBuilder().add("expiresInDays", 7).build());
        assertEquals(201, expiring.status(), expiring::toString);
        assertFalse(expiring.data().isNull("expiresAt"));

        Reply listed = owner.get("/api/v1/snippets/" + id + "/links");
        assertEquals(2, listed.json().getJsonArray("data").size());
        assertFalse(listed.text().contains(secret), "a link's secret is shown only once");
        assertFalse(listed.text().contains("\"url\""));
        assertEquals(
                0,
                Database.number("SELECT COUNT(*) FROM share_links WHERE secret_hash = ? OR id = ?", secret, secret),
                "only the secret's hash is stored");

        String linkId = listed.json().getJsonArray("data").getJsonObject(0).getString("id");
        assertEquals(404, colleague.delete("/api/v1/links/" + linkId).status());
        assertEquals(200, anonymous.get("/api/v1/shared/" + secret).status());
        for (var link : listed.json().getJsonArray("data").getValuesAs(JsonObject.class)) {
            assertEquals(
                    200, owner.delete("/api/v1/links/" + link.getString("id")).status());
        }
        assertEquals(404, anonymous.get("/api/v1/shared/" + secret).status());
        assertEquals(404, anonymous.get("/s/" + secret).status(), "a revoked link's page");
    }

    @Test
    void aNewLinkIsAtItsLocationForItsOwnerOnlyAndGoesWithItsSnippet() {
        String id = shared("link", "located").getString("id");
        Reply created = owner.post(
                "/api/v1/snippets/" + id + "/links",
                Json.createObjectBuilder().add("expiresInDays", 3).build());
        assertEquals(201, created.status(), created::toString);
        String linkId = created.data().getString("id");
        String secret = created.data()
                .getString("url")
                .substring(created.data().getString("url").lastIndexOf('/') + 1);

        String location = created.header("Location");
        assertTrue(location != null && location.endsWith("/api/v1/links/" + linkId), "Location: " + location);
        Reply read = owner.get(URI.create(location).getPath());
        assertEquals(200, read.status(), read::toString);
        assertEquals(
                Set.of("id", "snippetId", "createdAt", "expiresAt"), read.data().keySet(), "never the secret");
        assertEquals(id, read.data().getString("snippetId"));
        assertEquals(404, colleague.get("/api/v1/links/" + linkId).status(), "another user's link is not found");

        assertEquals(200, owner.delete("/api/v1/snippets/" + id).status());
        assertEquals(404, owner.get("/api/v1/links/" + linkId).status(), "a deleted snippet's links are gone");
        assertEquals(404, anonymous.get("/api/v1/shared/" + secret).status());
    }

    @Test
    void anExpiredLinkIsNotFound() {
        String id = shared("link", "expiring").getString("id");
        String secret = newLink(id);
        String linkId = owner.get("/api/v1/snippets/" + id + "/links")
                .json()
                .getJsonArray("data")
                .getJsonObject(0)
                .getString("id");

        Database.age("share_links", "expires_at", "id", linkId);

        assertEquals(404, anonymous.get("/api/v1/shared/" + secret).status());
        assertEquals(
                404, anonymous.get("/api/v1/shared/" + secret + "/attachments").status());
        assertEquals(404, anonymous.get("/s/" + secret).status(), "an expired link's page");
    }

    @Test
    void aLinkStopsWorkingWhenTheSnippetIsNoLongerSharedByLinkAndOnlySuchASnippetGetsLinks() {
        String id = shared("private", "unshared").getString("id");
        Reply refused = owner.post(
                "/api/v1/snippets/" + id + "/links", Json.createObjectBuilder().build());
        assertEquals(409, refused.status(), refused::toString);
        assertEquals("conflict", refused.errorCode());

        assertEquals(200, visibility(owner, id, "link").status());
        String secret = newLink(id);
        assertEquals(200, anonymous.get("/api/v1/shared/" + secret).status());
        assertEquals(200, visibility(owner, id, "private").status());
        assertEquals(404, anonymous.get("/api/v1/shared/" + secret).status());
        assertEquals(200, visibility(owner, id, "link").status());
        assertEquals(200, anonymous.get("/api/v1/shared/" + secret).status(), "the link was kept, not revoked");
    }

    @Test
    void aDisabledUsersLinksAnswerNothingUntilTheyAreEnabledAgain() {
        String id = shared("link", "disabled owner's").getString("id");
        String secret = newLink(id);
        assertEquals(200, anonymous.get("/api/v1/shared/" + secret).status());
        ApiClient admin = TestUsers.admin();

        assertEquals(
                200,
                admin.patch(
                                "/api/v1/users/" + ownerUser.id(),
                                Json.createObjectBuilder().add("disabled", true).build())
                        .status());
        try {
            assertEquals(404, anonymous.get("/api/v1/shared/" + secret).status());
            assertEquals(404, anonymous.get("/api/v1/shared/" + secret + "/raw").status());
            assertEquals(
                    404,
                    anonymous.get("/api/v1/shared/" + secret + "/attachments").status());
        } finally {
            assertEquals(
                    200,
                    admin.patch(
                                    "/api/v1/users/" + ownerUser.id(),
                                    Json.createObjectBuilder()
                                            .add("disabled", false)
                                            .build())
                            .status());
        }
        assertEquals(200, anonymous.get("/api/v1/shared/" + secret).status(), "the link was kept, not revoked");
    }

    @Test
    void aDisabledUsersTeamSnippetsLeaveTheTeamsListsWhileTheyAreDisabled() {
        String id = shared("team", "from someone soon disabled").getString("id");
        ApiClient admin = TestUsers.admin();
        Function<String, List<String>> listed = scope -> ids(walk(colleague, "/api/v1/snippets?scope=" + scope));
        assertTrue(listed.apply("team").contains(id));

        assertEquals(
                200,
                admin.patch(
                                "/api/v1/users/" + ownerUser.id(),
                                Json.createObjectBuilder().add("disabled", true).build())
                        .status());
        try {
            assertFalse(listed.apply("team").contains(id), "not in the team's list");
            assertFalse(listed.apply("all").contains(id), "not in mine and the team's");
        } finally {
            assertEquals(
                    200,
                    admin.patch(
                                    "/api/v1/users/" + ownerUser.id(),
                                    Json.createObjectBuilder()
                                            .add("disabled", false)
                                            .build())
                            .status());
        }
        assertTrue(listed.apply("team").contains(id), "back once enabled");
    }

    @Test
    void visibilityIsCheckedAndAClearedOneIsPrivate() {
        String id = shared("team", "checked").getString("id");

        Reply invalid = visibility(owner, id, "public");
        assertEquals("validation_failed", invalid.errorCode());
        assertEquals(
                "visibility",
                invalid.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
        assertEquals(
                "validation_failed",
                owner.post(
                                "/api/v1/snippets",
                                snippet("bad", "java", "x")
                                        .add("visibility", "everyone")
                                        .build())
                        .errorCode());
        Reply cleared = owner.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder().addNull("visibility").build());
        assertEquals("private", cleared.data().getString("visibility"));
    }
}
