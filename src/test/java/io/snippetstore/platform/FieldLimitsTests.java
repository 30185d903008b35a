package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntFunction;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * Every limit of docs/API.md at its exact value, which is accepted, and one past it, which is a
 * {@code 400 validation_failed} that changes nothing (and, below a minimum, one short of it).
 */
public abstract class FieldLimitsTests {

    private final ApiClient owner = TestUsers.withToken(TestUsers.create());
    private final ApiClient admin = new ApiClient().withBearer(TestUsers.newToken(TestUsers.admin(), "limits"));
    private final ApiClient session = TestUsers.signedIn(TestUsers.create());

    /** {@code request} of a size: accepted at {@code limit} with {@code accepted}, refused one past it (or one short, for a minimum). */
    private static void assertLimit(String what, int limit, int pastIt, int accepted, IntFunction<Reply> request) {
        Reply atTheLimit = request.apply(limit);
        assertEquals(accepted, atTheLimit.status(), what + " at " + limit + ": " + atTheLimit);
        Reply refused = request.apply(pastIt);
        assertEquals(400, refused.status(), what + " at " + pastIt + ": " + refused);
        assertEquals("validation_failed", refused.errorCode(), what);
    }

    private Reply createSnippet(String field, String value) {
        return owner.post(
                "/api/v1/snippets",
                SnippetsApi.snippet("limits", "text", "x").add(field, value).build());
    }

    private static JsonArrayBuilder tags(int count, int length) {
        JsonArrayBuilder tags = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            String tag = "t" + i + "-";
            tags.add(tag + "x".repeat(Math.max(0, length - tag.length())));
        }
        return tags;
    }

    /** A name of {@code length} letters, unlikely to be taken (a taken name would be a 409, not the limit). */
    private static String randomName(int length) {
        StringBuilder name = new StringBuilder();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < length; i++) {
            name.append((char) ('a' + random.nextInt(26)));
        }
        return name.toString();
    }

    @Test
    void aSnippetsFieldsAreAcceptedAtTheirLimitsAndRefusedOnePast() {
        assertLimit("title", 200, 201, 201, n -> createSnippet("title", "t".repeat(n)));
        assertLimit("language", 64, 65, 201, n -> createSnippet("language", "l".repeat(n)));
        assertLimit("description", 2_000, 2_001, 201, n -> createSnippet("description", "d".repeat(n)));
        assertLimit("notes", 20_000, 20_001, 201, n -> createSnippet("notes", "n".repeat(n)));
        assertLimit(
                "a tag's length",
                50,
                51,
                201,
                n -> owner.post(
                        "/api/v1/snippets",
                        SnippetsApi.snippet("limits", "text", "x")
                                .add("tags", tags(1, n))
                                .build()));
        assertLimit(
                "tags",
                32,
                33,
                201,
                n -> owner.post(
                        "/api/v1/snippets",
                        SnippetsApi.snippet("limits", "text", "x")
                                .add("tags", tags(n, 5))
                                .build()));
    }

    @Test
    void codeOfExactlyOneMebibyteOfUtf8IsAcceptedAndOneByteMoreIsNot() {
        // é is two bytes: the limit counts bytes, not characters
        assertLimit(
                "code", 1_048_576, 1_048_577, 201, n -> createSnippet("code", "é".repeat(n / 2) + "x".repeat(n % 2)));
        JsonObject stored = owner.get("/api/v1/snippets?fields=summary&limit=1&sort=created")
                .json()
                .getJsonArray("data")
                .getJsonObject(0);
        assertEquals(
                1_048_576,
                owner.get("/api/v1/snippets/" + stored.getString("id") + "/raw").body().length,
                "stored exactly");
    }

    @Test
    void usernamesAndPasswordsAreAcceptedAtTheirLimitsAndRefusedPastThem() {
        IntFunction<Reply> username = n -> admin.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", randomName(n))
                        .add("password", "password-long-enough")
                        .build());
        IntFunction<Reply> password = n -> admin.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", TestUsers.uniqueName("p"))
                        .add("password", "p".repeat(n))
                        .build());

        assertLimit("a username's shortest", 3, 2, 201, username);
        assertLimit("a username's longest", 64, 65, 201, username);
        assertLimit("a password's shortest", 8, 7, 201, password);
        assertLimit("a password's longest", 256, 257, 201, password);
    }

    @Test
    void tokensAndLinksExpireInAtMostTenYears() {
        String linked = SnippetsApi.create(
                        owner, SnippetsApi.snippet("linked", "text", "x").add("visibility", "link"))
                .getString("id");

        assertLimit(
                "a token's days",
                3_650,
                3_651,
                201,
                n -> session.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "limit")
                                .add("expiresInDays", n)
                                .build()));
        assertLimit(
                "a token's fewest days",
                1,
                0,
                201,
                n -> session.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "limit")
                                .add("expiresInDays", n)
                                .build()));
        assertLimit(
                "a token's name",
                100,
                101,
                201,
                n -> session.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "n".repeat(n)).build()));
        assertLimit(
                "a link's days",
                3_650,
                3_651,
                201,
                n -> owner.post(
                        "/api/v1/snippets/" + linked + "/links",
                        Json.createObjectBuilder().add("expiresInDays", n).build()));
    }
}
