package io.snippetstore.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.snippetstore.platform.Secrets;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

public abstract class AuditTests {

    @Test
    void failedThrottledAndSuccessfulLoginsAreRecordedWithTheClientAddressAndNoPassword() {
        TestUser user = TestUsers.create();
        ApiClient client = new ApiClient();
        for (int attempt = 1; attempt <= 10; attempt++) {
            assertEquals(
                    401,
                    client.post("/api/v1/auth/login", credentials(user.username(), "not-the-password-" + attempt))
                            .status());
        }
        assertEquals(
                429,
                client.post("/api/v1/auth/login", credentials(user.username(), user.password()))
                        .status());
        TestUser other = TestUsers.create();
        TestUsers.signedIn(other);

        Reply trail = TestUsers.admin().get("/api/v1/audit?limit=200&action=login");

        assertEquals(200, trail.status(), trail::toString);
        List<JsonObject> ofUser = records(trail).stream()
                .filter(r -> user.username().equals(r.getString("username")))
                .toList();
        assertEquals(
                1,
                ofUser.stream()
                        .filter(r -> r.getString("outcome").equals("failure"))
                        .count(),
                "ten refusals, one record: " + ofUser);
        assertEquals(
                1,
                ofUser.stream()
                        .filter(r -> r.getString("outcome").equals("throttled"))
                        .count(),
                ofUser::toString);
        JsonObject failure = ofUser.stream()
                .filter(r -> r.getString("outcome").equals("failure"))
                .findFirst()
                .orElseThrow();
        assertEquals(user.id(), failure.getString("userId"));
        assertEquals("127.0.0.1", failure.getString("clientAddress"));
        assertTrue(failure.getString("detail").startsWith("wrong password (10 attempts since "), failure::toString);
        assertTrue(records(trail).stream()
                .anyMatch(r -> other.id().equals(r.getString("userId"))
                        && r.getString("outcome").equals("success")));
        assertFalse(trail.text().contains("not-the-password-"), "never a password in the trail");
    }

    @Test
    void aLoginUnderAnUnknownUsernameIsRecordedUnderAHashOfItNeverItsText() {
        String typed = TestUsers.uniqueName("Looks-Like-A-Password");
        assertEquals(
                401,
                new ApiClient()
                        .post("/api/v1/auth/login", credentials(typed, "whatever-it-is"))
                        .status());
        assertEquals(
                401,
                new ApiClient()
                        .post("/api/v1/auth/login", credentials(typed.toLowerCase(Locale.ROOT), "again"))
                        .status());

        Reply trail = TestUsers.admin().get("/api/v1/audit?action=login&limit=200");
        String recorded =
                "unknown#" + Secrets.sha256Hex(typed.toLowerCase(Locale.ROOT)).substring(0, 12);
        List<JsonObject> found = records(trail).stream()
                .filter(r -> recorded.equals(r.getString("username")))
                .toList();

        assertEquals(1, found.size(), found::toString);
        assertEquals(JsonValue.NULL, found.get(0).get("userId"));
        assertTrue(found.get(0).getString("detail").startsWith("unknown username (2 attempts"), found::toString);
        assertFalse(
                trail.text().toLowerCase(Locale.ROOT).contains(typed.toLowerCase(Locale.ROOT)),
                "what was typed is not kept");
    }

    @Test
    void controlAndFormattingCharactersNeverReachTheTrail() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        String name = "line\r\n2026-01-01 forged record\u001b[31m\u202eevil";
        TestUsers.newToken(session, name);

        JsonObject created =
                records(session.get("/api/v1/audit?action=token.created")).get(0);

        assertEquals(
                "line\uFFFD\uFFFD2026-01-01 forged record\uFFFD[31m\uFFFDevil (snippets:read snippets:write sharing account)",
                created.getString("detail"),
                created::toString);
    }

    @Test
    void aTokenIsRecordedWhenCreatedFirstUsedAndRevokedButNeverItsValue() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        JsonObject token = browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "audited laptop").build())
                .data();
        ApiClient bearer = new ApiClient().withBearer(token.getString("token"));
        assertEquals(200, bearer.get("/api/v1/auth/whoami").status());
        assertEquals(200, bearer.get("/api/v1/auth/whoami").status());
        assertEquals(
                200,
                browser.delete("/api/v1/auth/tokens/" + token.getString("id")).status());

        Reply own = browser.get("/api/v1/audit");

        assertEquals(200, own.status(), own::toString);
        List<JsonObject> ofToken = records(own).stream()
                .filter(r -> token.getString("id").equals(stringOrNull(r, "subject")))
                .toList();
        assertEquals(
                List.of("token.revoked", "token.first_used", "token.created"),
                ofToken.stream().map(r -> r.getString("action")).toList(),
                "newest first, the first use once");
        assertEquals(
                List.of(
                        "audited laptop (snippets:read snippets:write sharing account)",
                        "audited laptop",
                        "audited laptop (snippets:read snippets:write sharing account)"),
                ofToken.stream().map(r -> r.getString("detail")).toList(),
                "its name, and its scopes when made and revoked");
        assertTrue(ofToken.stream().allMatch(r -> user.id().equals(r.getString("userId"))));
        assertFalse(own.text().contains(token.getString("token")), "never a token's value in the trail");
    }

    @Test
    void aUserReadsOnlyTheirOwnRecordsAndAnAdministratorReadsAnyonesByUserId() {
        TestUser user = TestUsers.create();
        TestUser other = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        TestUsers.signedIn(other);

        List<JsonObject> own = records(browser.get("/api/v1/audit?limit=200"));
        Reply foreign = browser.get("/api/v1/audit?userId=" + other.id());
        List<JsonObject> byAdmin = records(TestUsers.admin().get("/api/v1/audit?userId=" + other.id()));

        assertFalse(own.isEmpty());
        assertTrue(own.stream().allMatch(r -> user.id().equals(r.getString("userId"))), own::toString);
        assertEquals(403, foreign.status(), foreign::toString);
        assertEquals("forbidden", foreign.errorCode());
        assertTrue(byAdmin.stream().anyMatch(r -> r.getString("action").equals("login")), byAdmin::toString);
        assertTrue(byAdmin.stream().allMatch(r -> other.id().equals(r.getString("userId"))), byAdmin::toString);
        assertEquals(401, new ApiClient().get("/api/v1/audit").status());
    }

    @Test
    void usersCreatedByAnAdministratorAndDeletedSnippetsAndAttachmentsAreRecorded() {
        TestUser user = TestUsers.create();
        ApiClient client = TestUsers.withToken(user);
        String snippetId = SnippetsApi.create(client, SnippetsApi.snippet("soon deleted", "text", "x"))
                .getString("id");
        String attachmentId = new Multipart()
                .file("file", "gone.txt", "text/plain", new byte[] {1, 2})
                .postTo(client, "/api/v1/snippets/" + snippetId + "/attachments")
                .data()
                .getString("id");
        assertEquals(200, client.delete("/api/v1/attachments/" + attachmentId).status());
        assertEquals(200, client.delete("/api/v1/snippets/" + snippetId).status());

        List<JsonObject> own = records(client.get("/api/v1/audit"));
        List<JsonObject> admins = records(TestUsers.admin().get("/api/v1/audit?action=user.created&limit=200"));

        assertTrue(
                own.stream()
                        .anyMatch(r -> r.getString("action").equals("attachment.deleted")
                                && attachmentId.equals(r.getString("subject"))
                                && "gone.txt".equals(r.getString("detail"))),
                own::toString);
        JsonObject deleted = own.stream()
                .filter(r -> r.getString("action").equals("snippet.deleted")
                        && snippetId.equals(r.getString("subject"))
                        && "soon deleted".equals(r.getString("detail")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(own.toString()));
        assertEquals(
                "127.0.0.1",
                deleted.getString("clientAddress"),
                "the address of the client that asked, though the service's writer thread ran the delete");
        JsonObject created = admins.stream()
                .filter(r -> user.id().equals(stringOrNull(r, "subject")))
                .findFirst()
                .orElseThrow();
        assertEquals(TestUsers.ADMIN, created.getString("username"), "the administrator who created the user");
    }

    @Test
    void aRefusedDeletionIsNotRecordedAsADeletion() { // a rolled-back one: AuditLogTest
        TestUser user = TestUsers.create();
        ApiClient client = TestUsers.withToken(user);
        String snippetId = SnippetsApi.create(client, SnippetsApi.snippet("kept", "text", "x"))
                .getString("id");

        Reply refused = TestUsers.withToken(TestUsers.create()).delete("/api/v1/snippets/" + snippetId);

        assertEquals(404, refused.status());
        assertTrue(records(TestUsers.admin().get("/api/v1/audit?action=snippet.deleted&limit=200")).stream()
                .noneMatch(r -> snippetId.equals(stringOrNull(r, "subject"))));
    }

    @Test
    void groupsARestoreFromTheTrashAndADeviceLoginsApprovalAreRecorded() {
        ApiClient admin = TestUsers.admin();
        TestUser member = TestUsers.create();
        String group = admin.post(
                        "/api/v1/groups",
                        Json.createObjectBuilder()
                                .add("name", TestUsers.uniqueName("audited"))
                                .build())
                .data()
                .getString("id");
        assertEquals(
                200,
                admin.send("PUT", "/api/v1/groups/" + group + "/members/" + member.id(), null, null, Map.of())
                        .status());
        assertEquals(
                200,
                admin.delete("/api/v1/groups/" + group + "/members/" + member.id())
                        .status());
        assertEquals(200, admin.delete("/api/v1/groups/" + group).status());
        for (String action : List.of("group.created", "group.member_added", "group.member_removed", "group.deleted")) {
            List<JsonObject> found = records(admin.get("/api/v1/audit?action=" + action + "&limit=200"));
            assertTrue(found.stream().anyMatch(r -> group.equals(stringOrNull(r, "subject"))), action + ": " + found);
        }
        List<JsonObject> memberChanges = records(admin.get("/api/v1/audit?action=group.member_added&limit=200"));
        assertTrue(
                memberChanges.stream()
                        .anyMatch(r -> group.equals(stringOrNull(r, "subject"))
                                && r.getString("detail").endsWith(": " + member.username())),
                "the member is named: " + memberChanges);

        ApiClient user = TestUsers.signedIn(member);
        String snippetId = SnippetsApi.create(user, SnippetsApi.snippet("back again", "text", "x"))
                .getString("id");
        assertEquals(200, user.delete("/api/v1/snippets/" + snippetId).status());
        assertEquals(
                200,
                user.post("/api/v1/trash/" + snippetId + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertTrue(records(user.get("/api/v1/audit?action=snippet.undeleted&limit=200")).stream()
                .anyMatch(r -> snippetId.equals(stringOrNull(r, "subject"))));

        JsonObject device = new ApiClient()
                .post(
                        "/api/v1/auth/device",
                        Json.createObjectBuilder().add("name", "audited device").build())
                .data();
        assertEquals(
                200,
                user.post(
                                "/api/v1/auth/device/" + device.getString("userCode") + "/approve",
                                JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        List<JsonObject> approvals = records(user.get("/api/v1/audit?action=device_login.approved&limit=200"));
        assertTrue(
                approvals.stream()
                        .anyMatch(r -> member.username().equals(r.getString("username"))
                                && r.getString("detail").startsWith("audited device from ")),
                approvals::toString);
    }

    @Test
    void theTrailIsPagedNewestFirstLikeOtherLists() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        for (int i = 0; i < 5; i++) {
            TestUsers.newToken(browser, "token " + i);
        }

        List<JsonObject> all = new ArrayList<>();
        String path = "/api/v1/audit?limit=2";
        Reply page;
        do {
            page = browser.get(path);
            assertEquals(200, page.status(), page::toString);
            assertEquals(2, page.json().getJsonObject("meta").getInt("limit"));
            all.addAll(records(page));
            JsonValue next = page.json().getJsonObject("meta").get("nextCursor");
            path = next == JsonValue.NULL
                    ? null
                    : "/api/v1/audit?limit=2&cursor="
                            + SnippetsApi.encode(((jakarta.json.JsonString) next).getString());
        } while (path != null);

        assertEquals(6, all.size(), all::toString);
        assertEquals(
                all.size(), all.stream().map(r -> r.getString("id")).distinct().count(), "no record twice");
        for (int i = 1; i < all.size(); i++) {
            assertFalse(
                    Instant.parse(all.get(i - 1).getString("at"))
                            .isBefore(Instant.parse(all.get(i).getString("at"))),
                    "newest first");
        }
        assertEquals(
                "token 4 (snippets:read snippets:write sharing account)",
                all.get(0).getString("detail"),
                "the last token came last");
        assertEquals("login", all.get(5).getString("action"), "the sign-in came first");
    }

    @Test
    void sinceAndUntilNarrowTheTrailToAPeriodFromItsStartUpToItsEnd() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        JsonObject login = records(browser.get("/api/v1/audit")).get(0);
        Database.age("audit_records", "at", "id", login.getString("id"), Duration.ofDays(2));
        TestUsers.newToken(browser, "this week's");
        String dayAgo =
                SnippetsApi.encode(Instant.now().minus(Duration.ofDays(1)).toString());
        String aged = records(browser.get("/api/v1/audit?action=login")).get(0).getString("at");

        assertEquals(List.of("token.created"), actions(browser.get("/api/v1/audit?since=" + dayAgo)));
        assertEquals(List.of("login"), actions(browser.get("/api/v1/audit?until=" + dayAgo)));
        assertEquals(
                List.of("login"),
                actions(browser.get("/api/v1/audit?since=" + SnippetsApi.encode(aged) + "&until=" + dayAgo)),
                "since is inclusive");
        assertEquals(
                List.of(),
                actions(browser.get("/api/v1/audit?until=" + SnippetsApi.encode(aged))),
                "until is exclusive");
        String sameMoment = SnippetsApi.encode(
                Instant.parse(aged).atOffset(ZoneOffset.ofHours(2)).toString());
        assertEquals(
                List.of("login"), actions(browser.get("/api/v1/audit?action=login&since=" + sameMoment)), "any offset");
    }

    private static List<String> actions(Reply reply) {
        assertEquals(200, reply.status(), reply::toString);
        return records(reply).stream().map(record -> record.getString("action")).toList();
    }

    @Test
    void aPeriodThatIsNotADateAndTimeOrEndsBeforeItStartsIs400() {
        ApiClient admin = TestUsers.admin();

        for (String query : List.of(
                "since=yesterday",
                "until=2026-11-27",
                "since=2026-11-27T08:00:00",
                "since=%2B10000-01-01T00:00:00Z",
                "since=2026-11-28T00:00:00Z&until=2026-11-27T00:00:00Z")) {
            Reply refused = admin.get("/api/v1/audit?" + query);
            assertEquals(400, refused.status(), query + " -> " + refused);
            assertEquals("bad_request", refused.errorCode());
        }
        assertEquals(
                200,
                admin.get("/api/v1/audit?since=2026-11-27T00:00:00Z&until=2026-11-27T00:00:00Z")
                        .status(),
                "an empty period");
    }

    @Test
    void aBadCursorOrLimitIs400() {
        ApiClient admin = TestUsers.admin();

        assertEquals(
                "bad_request", admin.get("/api/v1/audit?cursor=not-a-cursor").errorCode());
        assertEquals("bad_request", admin.get("/api/v1/audit?limit=0").errorCode());
        assertEquals("bad_request", admin.get("/api/v1/audit?limit=201").errorCode());
    }

    @Test
    void recordsOlderThanTheRetentionPeriodAreRemoved() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        JsonObject login = records(browser.get("/api/v1/audit")).get(0);
        Database.age("audit_records", "at", "id", login.getString("id"), Duration.ofDays(91));

        new ApiClient().post("/api/v1/auth/login", credentials(user.username(), "wrong"));
        List<JsonObject> after = records(browser.get("/api/v1/audit"));

        assertTrue(after.stream().noneMatch(r -> r.getString("id").equals(login.getString("id"))), after::toString);
        assertTrue(after.stream().anyMatch(r -> r.getString("outcome").equals("failure")), after::toString);
    }

    @Test
    void approvingABrowserLoginAndChangingStorageAreRecorded() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        JsonObject approval = Json.createObjectBuilder()
                .add("callback", "http://127.0.0.1:5005/cb")
                .add("name", "audited cli")
                .add("state", "st")
                .build();
        assertEquals(
                200,
                browser.send(
                                "POST",
                                "/api/v1/auth/browser-login",
                                "application/json",
                                approval.toString(),
                                Map.of("Origin", ApiClient.base().toString().replaceAll("/$", "")))
                        .status());
        ApiClient admin = TestUsers.admin();
        String adminId = admin.get("/api/v1/auth/whoami").data().getString("userId");
        String adminsStorageChanges = "/api/v1/audit?action=storage.changed&userId=" + adminId;
        Set<String> earlier = records(admin.get(adminsStorageChanges)).stream()
                .map(record -> record.getString("id"))
                .collect(Collectors.toSet());
        Reply storage = admin.send(
                "POST",
                "/api/v1/storage",
                "application/json",
                "{\"backend\":\"sqlite\"}",
                Map.of("Origin", ApiClient.base().toString().replaceAll("/$", "")));
        assertEquals(200, storage.status(), storage::toString);

        List<JsonObject> own = records(browser.get("/api/v1/audit?action=browser_login.approved"));
        List<JsonObject> storageChanges = records(admin.get(adminsStorageChanges)).stream()
                .filter(record -> !earlier.contains(record.getString("id")))
                .toList();

        assertEquals(1, own.size(), own::toString);
        assertEquals("audited cli", own.get(0).getString("detail"));
        assertEquals(1, storageChanges.size(), "this change, and only it, is new: " + storageChanges);
        assertEquals("success", storageChanges.get(0).getString("outcome"), storageChanges::toString);
    }

    @Test
    void passwordChangesUserChangesBackupsExportsAndImportsAreRecordedForWhoeverDidThem() {
        ApiClient admin = TestUsers.admin();
        String adminId = admin.get("/api/v1/auth/whoami").data().getString("userId");
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        Map<String, Set<String>> earlier = new HashMap<>();
        List<String[]> expected = List.of(
                new String[] {"password.changed", user.id()},
                new String[] {"user.changed", adminId},
                new String[] {"backup.taken", adminId},
                new String[] {"backup.deleted", adminId},
                new String[] {"data.exported", user.id()},
                new String[] {"data.imported", user.id()});
        for (String[] action : expected) {
            earlier.put(action[0], ids(admin, action[0], action[1]));
        }

        Reply changed = session.post(
                "/api/v1/auth/password",
                Json.createObjectBuilder()
                        .add("currentPassword", user.password())
                        .add("newPassword", "a-new-password-" + user.username())
                        .build());
        assertEquals(200, changed.status(), changed::toString);
        Reply userChanged = admin.patch(
                "/api/v1/users/" + user.id(),
                Json.createObjectBuilder().add("role", "user").build());
        assertEquals(200, userChanged.status(), userChanged::toString);
        Reply backup =
                admin.post("/api/v1/storage/backups", Json.createObjectBuilder().build());
        assertEquals(201, backup.status(), backup::toString);
        assertEquals(
                200,
                admin.delete("/api/v1/storage/backups/" + backup.data().getString("name"))
                        .status());
        ApiClient owner = TestUsers.signedIn(user.username(), "a-new-password-" + user.username());
        SnippetsApi.create(owner, SnippetsApi.snippet("exported", "text", "e"));
        Reply export = owner.get("/api/v1/export");
        assertEquals(200, export.status(), export::toString);
        Reply imported = owner.sendBytes("POST", "/api/v1/import", "application/zip", export.body(), Map.of());
        assertEquals(200, imported.status(), imported::toString);

        for (String[] action : expected) {
            Map<String, JsonObject> added = byId(admin, action[0], action[1]);
            added.keySet().removeAll(earlier.get(action[0]));
            assertEquals(1, added.size(), action[0] + " recorded once for " + action[1]);
            assertEquals(
                    "127.0.0.1",
                    stringOrNull(added.values().iterator().next(), "clientAddress"),
                    action[0]
                            + ": the address of the client that asked, though exports and imports stream on threads of the service's own");
        }
    }

    private static Map<String, JsonObject> byId(ApiClient admin, String action, String userId) {
        return records(admin.get("/api/v1/audit?action=" + action + "&userId=" + userId)).stream()
                .collect(Collectors.toMap(record -> record.getString("id"), record -> record));
    }

    private static Set<String> ids(ApiClient admin, String action, String userId) {
        return records(admin.get("/api/v1/audit?action=" + action + "&userId=" + userId)).stream()
                .map(record -> record.getString("id"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static List<JsonObject> records(Reply reply) {
        assertEquals(200, reply.status(), reply::toString);
        return reply.json().getJsonArray("data").getValuesAs(JsonObject.class);
    }

    private static String stringOrNull(JsonObject record, String field) {
        return record.isNull(field) ? null : record.getString(field);
    }

    private static JsonObject credentials(String username, String password) {
        return Json.createObjectBuilder()
                .add("username", username)
                .add("password", password)
                .build();
    }
}
