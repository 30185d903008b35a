package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.encode;
import static io.snippetstore.testing.SnippetsApi.ids;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.testing.SnippetsApi.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** Parameterised snippets: the variables of a code's placeholders, their rendering, quoting that a real shell reads back, the filter. */
public abstract class VariablesTests {

    private static final String RUNBOOK =
            "kubectl -n {{namespace}} rollout restart deploy/{{app:web}} --wait={{wait|true|false}} # {{namespace}}";
    /** Everything a shell would expand or split, and quotes of both kinds. */
    private static final String HOSTILE = "it's \"$(touch /tmp/pwned)\" `id` $HOME * ; | & \\ 'x' \n second line\ttab";

    private final ApiClient owner = TestUsers.signedIn(TestUsers.create());
    private final ApiClient stranger = TestUsers.signedIn(TestUsers.create());

    private String runbook() {
        return create(owner, snippet("restart", "sh", RUNBOOK, "ops")).getString("id");
    }

    private Reply render(ApiClient client, String id, String query) {
        return client.get("/api/v1/snippets/" + id + "/render" + query);
    }

    @Test
    void aSnippetListsTheVariablesOfItsCodeInTheOrderTheyFirstAppear() {
        JsonObject created = create(owner, snippet("restart", "sh", RUNBOOK));
        JsonObject read =
                owner.get("/api/v1/snippets/" + created.getString("id")).data();

        for (JsonObject snippet : List.of(created, read)) {
            var variables = snippet.getJsonArray("variables").getValuesAs(JsonObject.class);
            assertEquals(
                    List.of("namespace", "app", "wait"),
                    variables.stream()
                            .map(variable -> variable.getString("name"))
                            .toList());
            assertEquals(
                    List.of("name", "default", "choices", "occurrences"),
                    List.copyOf(variables.get(0).keySet()),
                    "in the documented order");
            assertEquals(JsonValue.NULL, variables.get(0).get("default"));
            assertEquals(2, variables.get(0).getInt("occurrences"));
            assertEquals(List.of(), variables.get(0).getJsonArray("choices").getValuesAs(JsonValue.class));
            assertEquals("web", variables.get(1).getString("default"));
            assertEquals("true", variables.get(2).getString("default"));
            assertEquals(
                    List.of("true", "false"),
                    variables.get(2).getJsonArray("choices").getValuesAs(jakarta.json.JsonString.class).stream()
                            .map(jakarta.json.JsonString::getString)
                            .toList());
        }
    }

    @Test
    void aCodeWithoutPlaceholdersHasNoVariablesAndRendersAsItsRawCode() {
        String code = "{{ .Values.image }} {{{{literal}} {{9}}\r\n";
        String id = create(owner, snippet("helm", "yaml", code)).getString("id");

        assertEquals(
                0,
                owner.get("/api/v1/snippets/" + id)
                        .data()
                        .getJsonArray("variables")
                        .size());
        assertEquals(code, owner.get("/api/v1/snippets/" + id + "/raw").text());
        assertEquals(
                "{{ .Values.image }} {{literal}} {{9}}\r\n",
                render(owner, id, "").text());
    }

    @Test
    void renderingFillsTheGivenValuesAndTheDefaultsAsPlainText() {
        String id = runbook();

        Reply rendered = render(owner, id, "?namespace=prod&wait=false");

        assertEquals(200, rendered.status(), rendered::toString);
        assertEquals("kubectl -n prod rollout restart deploy/web --wait=false # prod", rendered.text());
        assertTrue(rendered.header("Content-Type").startsWith("text/plain"), rendered.header("Content-Type"));
        assertEquals("sandbox", rendered.header("Content-Security-Policy"));
        assertEquals("\"1\"", rendered.header("ETag"));
        assertEquals(
                "kubectl -n a&b=c rollout restart deploy/ü rollout --wait=true # a&b=c",
                render(owner, id, "?namespace=" + encode("a&b=c") + "&app=" + encode("ü rollout"))
                        .text());
    }

    @Test
    void aMissingValueAValueOutsideItsPickListAndAnUnknownNameAreEachA400NamingIt() {
        String id = runbook();

        Reply missing = render(owner, id, "");
        assertEquals(400, missing.status(), missing::toString);
        assertEquals("bad_request", missing.errorCode());
        assertEquals(List.of("namespace"), fields(missing));

        Reply outside = render(owner, id, "?namespace=x&wait=maybe");
        assertEquals(400, outside.status(), outside::toString);
        assertEquals(List.of("wait"), fields(outside));

        Reply unknown = render(owner, id, "?namespace=x&namespce=y");
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals(List.of("namespce"), fields(unknown));

        Reply twice = render(owner, id, "?namespace=x&namespace=y");
        assertEquals(400, twice.status(), twice::toString);
        assertEquals("bad_request", twice.errorCode());
    }

    private static List<String> fields(Reply reply) {
        return reply.json().getJsonObject("error").getJsonArray("details").getValuesAs(JsonObject.class).stream()
                .map(detail -> detail.getString("field"))
                .toList();
    }

    @Test
    void aShellQuotedValueIsPrintedExactlyWhenTheRenderedCommandRunsInBash() throws IOException, InterruptedException {
        String id =
                create(owner, snippet("echo", "sh", "printf '%s' {{value!sh}}")).getString("id");

        String command = render(owner, id, "?value=" + encode(HOSTILE)).text();

        Process bash = new ProcessBuilder("bash", "-c", command)
                .redirectErrorStream(true)
                .start();
        String printed = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bash.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, bash.exitValue(), printed);
        assertEquals(HOSTILE, printed);
    }

    @Test
    void urlAndPowerShellQuotingWriteTheValueForTheirLanguage() {
        String id = create(
                        owner,
                        snippet(
                                "open",
                                "powershell",
                                "Start-Process \"https://x/?q={{q!url}}\"; Write-Output {{q!ps}}"))
                .getString("id");

        String rendered = render(owner, id, "?q=" + encode("it's a/b?c=d")).text();

        assertEquals("Start-Process \"https://x/?q=it%27s%20a%2Fb%3Fc%3Dd\"; Write-Output 'it''s a/b?c=d'", rendered);
        assertEquals("it's a/b?c=d", URLDecoder.decode("it%27s%20a%2Fb%3Fc%3Dd", StandardCharsets.UTF_8));
    }

    @Test
    void aValueHoldingAPlaceholderIsInsertedAsTextNotExpanded() {
        String id = runbook();

        assertEquals(
                "kubectl -n {{app}} rollout restart deploy/web --wait=true # {{app}}",
                render(owner, id, "?namespace=" + encode("{{app}}")).text());
    }

    @Test
    void onlyThoseWhoMayReadTheSnippetMayRenderIt() {
        String id = runbook();

        assertEquals(404, render(stranger, id, "?namespace=x").status());
        assertEquals(401, render(new ApiClient(), id, "?namespace=x").status());
    }

    @Test
    void aShareLinkRendersTheSnippetForItsHolder() {
        String id = create(owner, snippet("shared runbook", "sh", RUNBOOK).add("visibility", "link"))
                .getString("id");
        Reply link = owner.post(
                "/api/v1/snippets/" + id + "/links", Json.createObjectBuilder().build());
        assertEquals(201, link.status(), link::toString);
        String url = link.data().getString("url");
        String secret = url.substring(url.lastIndexOf('/') + 1);
        ApiClient anonymous = new ApiClient();

        assertEquals(
                3,
                anonymous
                        .get("/api/v1/shared/" + secret)
                        .data()
                        .getJsonArray("variables")
                        .size());
        assertEquals(
                "kubectl -n dev rollout restart deploy/api --wait=true # dev",
                anonymous
                        .get("/api/v1/shared/" + secret + "/render?namespace=dev&app=api")
                        .text());
        assertEquals(400, anonymous.get("/api/v1/shared/" + secret + "/render").status());
        assertEquals(
                404,
                anonymous
                        .get("/api/v1/shared/unknown-secret/render?namespace=dev")
                        .status());
    }

    @Test
    void theListFiltersOnVariablesAndVariableNamesAreSearchedLikeTheRestOfTheCode() {
        ApiClient user = TestUsers.signedIn(TestUsers.create());
        String runbook = create(user, snippet("restart", "sh", "kubectl -n {{kubeNamespace}} get pods"))
                .getString("id");
        String plain = create(user, snippet("plain", "sh", "kubectl get pods")).getString("id");

        assertEquals(List.of(runbook), ids(walk(user, "/api/v1/snippets?variables=true")));
        assertEquals(List.of(plain), ids(walk(user, "/api/v1/snippets?variables=false")));
        assertEquals(List.of(plain, runbook), ids(walk(user, "/api/v1/snippets?sort=title&variables=")));
        assertEquals(List.of(runbook), ids(walk(user, "/api/v1/snippets?query=pods&variables=true")));
        assertEquals(List.of(runbook), ids(walk(user, "/api/v1/snippets?query=kubenamespace")));
        assertEquals(400, user.get("/api/v1/snippets?variables=yes").status());
    }
}
