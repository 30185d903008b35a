package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/** Groups made over HTTP for a test: a fresh name, the members it needs. */
public final class Groups {

    private Groups() {}

    /**
     * A group named {@code prefix} and a unique suffix, made by the administrator {@code admin},
     * with the users {@code memberIds} added: the group as last answered (its members included).
     */
    public static JsonObject create(ApiClient admin, String prefix, String... memberIds) {
        Reply made = admin.post(
                "/api/v1/groups",
                Json.createObjectBuilder()
                        .add("name", TestUsers.uniqueName(prefix))
                        .build());
        assertEquals(201, made.status(), made::toString);
        JsonObject group = made.data();
        for (String memberId : memberIds) {
            Reply added = admin.send(
                    "PUT", "/api/v1/groups/" + group.getString("id") + "/members/" + memberId, null, null, Map.of());
            assertEquals(200, added.status(), added::toString);
            group = added.data();
        }
        return group;
    }
}
