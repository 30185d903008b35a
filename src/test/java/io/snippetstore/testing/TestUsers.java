package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;

import jakarta.json.Json;

/** Fresh users for tests, created through the API by the bootstrap administrator. */
public final class TestUsers {

    public static final String ADMIN = "admin";
    public static final String ADMIN_PASSWORD = "integration-admin-password";

    private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() % 1_000_000);

    private TestUsers() {}

    /** A user just created, and the password it was created with. */
    public record TestUser(String id, String username, String password) {}

    public static String uniqueName(String prefix) {
        return prefix + "-" + Long.toString(SEQUENCE.incrementAndGet(), 36) + "-"
                + Long.toString(System.nanoTime() % 100_000, 36);
    }

    /** A client signed in as the administrator. */
    public static ApiClient admin() {
        return signedIn(ADMIN, ADMIN_PASSWORD);
    }

    public static TestUser create(String role) {
        String username = uniqueName("u");
        String password = "password-" + username;
        Reply reply = admin().post(
                        "/api/v1/users",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", password)
                                .add("role", role)
                                .build());
        assertEquals(201, reply.status(), reply::toString);
        return new TestUser(reply.data().getString("id"), username, password);
    }

    public static TestUser create() {
        return create("user");
    }

    public static ApiClient signedIn(String username, String password) {
        ApiClient client = new ApiClient();
        Reply reply = client.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", password)
                        .build());
        assertEquals(200, reply.status(), reply::toString);
        return client;
    }

    public static ApiClient signedIn(TestUser user) {
        return signedIn(user.username(), user.password());
    }

    /** A client that authenticates with a new API token of this user (and no session). */
    public static ApiClient withToken(TestUser user) {
        return new ApiClient().withBearer(newToken(signedIn(user), "test token"));
    }

    public static String newToken(ApiClient session, String name) {
        Reply reply = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", name).build());
        assertEquals(201, reply.status(), reply::toString);
        return reply.data().getString("token");
    }
}
