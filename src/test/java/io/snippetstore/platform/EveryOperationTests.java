package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import io.snippetstore.OpenApiDocumentTest;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Every operation of the document, called the ways a careless or hostile client calls it: each
 * answer is checked against the document by {@link ApiClient} (so an answer the document leaves
 * out fails here), and the rules every operation shares are asserted operation by operation.
 */
public abstract class EveryOperationTests {

    private record Call(String method, String path, Operation operation) {

        /** {@code security: [{}]}: the one way to ask for no credential that every server serves unchanged. */
        boolean isPublic() {
            return operation.getSecurity() != null
                    && operation.getSecurity().stream().allMatch(Map::isEmpty);
        }

        /** {@code security: [{sessionCookie: []}]}: no token is taken. */
        boolean isForSessionsOnly() {
            return operation.getSecurity() != null
                    && operation.getSecurity().stream()
                            .allMatch(requirement -> requirement.keySet().equals(Set.of("sessionCookie")));
        }

        /** What a token needs for it, as its {@code security} says ({@code null} when it says nothing of tokens). */
        List<String> scopes() {
            return OpenApiDocumentTest.declaredScopes(operation);
        }

        /** Sends the call with an empty JSON body where it takes one, as every sweep here does. */
        Reply sendEmpty(ApiClient client, Map<String, String> headers) {
            return client.send(method, path, takesBody() ? bodyType() : null, takesBody() ? "{}" : null, headers);
        }

        boolean declares(String status) {
            return operation.getResponses().containsKey(status);
        }

        boolean takesBody() {
            return operation.getRequestBody() != null;
        }

        String bodyType() {
            return operation.getRequestBody().getContent().keySet().iterator().next();
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /** Every operation, its path parameters filled with a value no resource has. */
    private static List<Call> calls() throws IOException {
        OpenAPI api;
        try (InputStream in = EveryOperationTests.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(in);
            api = OpenApiDocumentTest.parsed(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        List<Call> calls = new ArrayList<>();
        api.getPaths()
                .forEach((path, item) -> item.readOperationsMap()
                        .forEach((method, operation) ->
                                calls.add(new Call(method.name(), path.replaceAll("\\{[^}]+}", "0"), operation))));
        return calls;
    }

    /** Each call's status, by call, so that one run can name every operation that breaks a rule. */
    private static Map<String, Integer> statuses(List<Call> calls, Function<Call, Reply> send) {
        Map<String, Integer> statuses = new TreeMap<>();
        for (Call call : calls) {
            statuses.put(call.toString(), send.apply(call).status());
        }
        return statuses;
    }

    /** Asserts that each call's status is the one {@code rule} expects, naming every call that differs. */
    private static void assertStatuses(List<Call> calls, Function<Call, Integer> rule, Map<String, Integer> statuses) {
        Map<String, String> differing = new TreeMap<>();
        for (Call call : calls) {
            int expected = rule.apply(call);
            int actual = statuses.get(call.toString());
            if (expected != actual) {
                differing.put(call.toString(), "expected " + expected + ", answered " + actual);
            }
        }
        assertEquals(Map.of(), differing);
    }

    @Test
    void everyOperationThatDeclaresNotAcceptableRefusesAnAcceptItCannotAnswer() throws IOException {
        List<Call> calls = calls();
        Map<String, Integer> statuses =
                statuses(calls, call -> call.sendEmpty(new ApiClient(), Map.of("Accept", "image/x-unheard-of")));

        Map<String, Integer> notAcceptable = new TreeMap<>();
        statuses.forEach((call, status) -> notAcceptable.put(call, status == 406 ? 406 : 0));
        // 406 exactly where the document declares it (0: any other answer)
        assertStatuses(calls, call -> call.declares("406") ? 406 : 0, notAcceptable);
    }

    @Test
    void everyOperationWithABodyRefusesAContentTypeItDoesNotRead() throws IOException {
        List<Call> withBody = calls().stream().filter(Call::takesBody).toList();
        ApiClient admin = TestUsers.admin();

        Map<String, Integer> statuses = statuses(
                withBody, call -> admin.send(call.method(), call.path(), "application/x-unheard-of", "{}", Map.of()));

        assertStatuses(withBody, call -> 415, statuses);
    }

    @Test
    void everyOperationThatNeedsACredentialRefusesACallWithout() throws IOException {
        List<Call> guarded = calls().stream().filter(call -> !call.isPublic()).toList();

        Map<String, Integer> statuses = statuses(guarded, call -> call.sendEmpty(new ApiClient(), Map.of()));

        assertStatuses(guarded, call -> 401, statuses);
    }

    /**
     * An administrator's token with every scope but {@code scope}, per scope, so that every
     * operation reaches the scope check (an administrator passes the role's).
     */
    private static Map<String, ApiClient> tokensWithout(List<String> scopes) {
        ApiClient admin = TestUsers.admin();
        Map<String, ApiClient> tokens = new TreeMap<>();
        for (String missing : scopes) {
            var others = Json.createArrayBuilder();
            scopes.stream().filter(scope -> !scope.equals(missing)).forEach(others::add);
            Reply created = admin.post(
                    "/api/v1/auth/tokens",
                    Json.createObjectBuilder()
                            .add("name", "without " + missing)
                            .add("scopes", others)
                            .build());
            assertEquals(201, created.status(), created::toString);
            tokens.put(missing, new ApiClient().withBearer(created.data().getString("token")));
        }
        return tokens;
    }

    @Test
    void everyOperationThatTakesATokenRefusesOneWithoutTheScopesItDeclares() throws IOException {
        List<Call> guarded = calls().stream()
                .filter(call -> !call.isPublic() && !call.isForSessionsOnly())
                .toList();
        Map<String, String> undeclared = new TreeMap<>();
        guarded.stream()
                .filter(call -> call.scopes() == null)
                .forEach(call -> undeclared.put(call.toString(), "no scopes for bearerToken in its security"));
        assertEquals(Map.of(), undeclared, "every operation that takes a token says which scopes it needs");
        List<Call> scoped =
                guarded.stream().filter(call -> !call.scopes().isEmpty()).toList();
        Map<String, ApiClient> without =
                tokensWithout(List.of("snippets:read", "snippets:write", "sharing", "account", "admin"));

        Map<String, String> codes = errorCodes(
                scoped, call -> call.sendEmpty(without.get(call.scopes().get(0)), Map.of()));

        assertTrue(scoped.size() > 60, scoped::toString);
        assertEquals(everyCall(scoped, "insufficient_scope"), codes);
    }

    /** Each call's error code (or its status, for an answer without the envelope), by call. */
    private static Map<String, String> errorCodes(List<Call> calls, Function<Call, Reply> send) {
        Map<String, String> codes = new TreeMap<>();
        for (Call call : calls) {
            Reply reply = send.apply(call);
            codes.put(
                    call.toString(),
                    reply.status() >= 400
                                    && reply.header("Content-Type") != null
                                    && reply.header("Content-Type").startsWith("application/json")
                            ? reply.errorCode()
                            : String.valueOf(reply.status()));
        }
        return codes;
    }

    private static Map<String, String> everyCall(List<Call> calls, String code) {
        Map<String, String> expected = new TreeMap<>();
        calls.forEach(call -> expected.put(call.toString(), code));
        return expected;
    }

    @Test
    void everyChangeBySessionFromAnotherOriginIsRefusedAsCsrfForUsersAndAdministratorsAlike() throws IOException {
        List<Call> changes = calls().stream()
                .filter(call -> !call.isPublic() && !"GET".equals(call.method()))
                .toList();
        for (ApiClient session : List.of(TestUsers.signedIn(TestUsers.create()), TestUsers.admin())) {
            Map<String, String> codes =
                    errorCodes(changes, call -> call.sendEmpty(session, Map.of("Origin", "https://elsewhere.example")));

            // csrf_rejected, not a forbidden that a plain user's call to an administrator's operation would also get
            assertEquals(everyCall(changes, "csrf_rejected"), codes);
        }
    }

    @Test
    void aUserWhoseTemporaryPasswordIsNotChangedYetIsToldToChangeItEverywhereButThere() throws IOException {
        String username = TestUsers.uniqueName("temporary");
        Reply created = TestUsers.admin()
                .post(
                        "/api/v1/users",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", "temporary-password")
                                .add("temporary", true)
                                .build());
        assertEquals(201, created.status(), created::toString);
        ApiClient session = TestUsers.signedIn(username, "temporary-password");
        // all but signing out, which would end the session the sweep goes on with, and the change itself
        List<Call> calls = calls().stream()
                .filter(call -> !call.path().equals("/api/v1/auth/logout"))
                .toList();
        List<Call> guarded = calls.stream()
                .filter(call -> !call.isPublic() && !call.toString().equals("POST /api/v1/auth/password"))
                .toList();

        Map<String, String> codes = errorCodes(calls, call -> call.sendEmpty(session, Map.of()));

        // every answer was checked against the document on its way; none may be a failure of the service
        codes.forEach((call, code) -> assertNotEquals("internal", code, call));
        Map<String, String> guardedCodes = new TreeMap<>(codes);
        guardedCodes.keySet().retainAll(everyCall(guarded, "").keySet());
        assertEquals(everyCall(guarded, "password_change_required"), guardedCodes);
    }
}
