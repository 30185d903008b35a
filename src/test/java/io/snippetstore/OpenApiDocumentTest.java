package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.platform.security.SessionOnly;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

/** The OpenAPI document the servers serve (META-INF/openapi.yaml), checked by a real parser and against the code. */
public class OpenApiDocumentTest {

    /** The document, parsed and with its references resolved; a message of the parser fails the test. */
    public static OpenAPI parsed(String document) {
        return parsed(document, Set.of());
    }

    /** The document, parsed and with its references resolved; a message of the parser other than {@code tolerated} fails the test. */
    public static OpenAPI parsed(String document, Set<String> tolerated) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, options);
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        assertEquals(
                List.of(),
                messages.stream()
                        .filter(message -> !tolerated.contains(message))
                        .toList(),
                "the parser's messages");
        assertNotNull(result.getOpenAPI(), "a document");
        return result.getOpenAPI();
    }

    /** Every operation of the document as {@code "GET /api/v1/..."}. */
    public static Set<String> operations(OpenAPI api) {
        Set<String> operations = new TreeSet<>();
        api.getPaths()
                .forEach((path, item) -> item.readOperationsMap()
                        .forEach((method, operation) -> operations.add(method.name() + " " + path)));
        return operations;
    }

    private static String bundledDocument() throws IOException {
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(in, "META-INF/openapi.yaml in the build");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A JAX-RS resource method: its class, the method, and its name as {@code "GET /api/v1/..."}. */
    private record ResourceMethod(Class<?> type, Method method, String name) {

        boolean has(Class<? extends Annotation> annotation) {
            return method.isAnnotationPresent(annotation) || type.isAnnotationPresent(annotation);
        }
    }

    /** Every JAX-RS resource method of the application, named by the application path, the class's and the method's. */
    private static List<ResourceMethod> resourceMethodsWithTheirClasses() {
        List<ResourceMethod> methods = new ArrayList<>();
        for (JavaClass resource : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.snippetstore")) {
            if (!resource.isAnnotatedWith(Path.class)) {
                continue;
            }
            Class<?> type = resource.reflect();
            for (Method method : type.getDeclaredMethods()) {
                for (var annotation : method.getAnnotations()) {
                    HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
                    if (http != null) {
                        methods.add(new ResourceMethod(
                                type,
                                method,
                                http.value() + " "
                                        + join(
                                                "/api",
                                                type.getAnnotation(Path.class),
                                                method.getAnnotation(Path.class))));
                    }
                }
            }
        }
        return methods;
    }

    private static Set<String> resourceMethods() {
        Set<String> methods = new TreeSet<>();
        resourceMethodsWithTheirClasses().forEach(method -> methods.add(method.name()));
        return methods;
    }

    /**
     * The scopes a token needs for each resource method that takes a token, by name: an
     * administrator's operation needs {@code admin}, the rest what {@link RequiresScope} says on the
     * method or its class; a method without one is missing from the map, and so fails the comparison.
     */
    private static Map<String, List<String>> scopesOfResourceMethods() {
        Map<String, List<String>> scopes = new TreeMap<>();
        for (ResourceMethod resource : resourceMethodsWithTheirClasses()) {
            if (!resource.has(Authenticated.class) || resource.method().isAnnotationPresent(SessionOnly.class)) {
                continue;
            }
            if (resource.has(AdminOnly.class)) {
                scopes.put(resource.name(), List.of(Scope.ADMIN.apiName()));
                continue;
            }
            RequiresScope declared = resource.method().isAnnotationPresent(RequiresScope.class)
                    ? resource.method().getAnnotation(RequiresScope.class)
                    : resource.type().getAnnotation(RequiresScope.class);
            if (declared != null) {
                scopes.put(
                        resource.name(),
                        Arrays.stream(declared.value()).map(Scope::apiName).toList());
            }
        }
        return scopes;
    }

    private static String join(String root, Path... paths) {
        StringBuilder joined = new StringBuilder(root);
        for (Path path : paths) {
            if (path != null && !path.value().isEmpty()) {
                joined.append('/').append(path.value().replaceAll("^/+|/+$", ""));
            }
        }
        return joined.toString();
    }

    @Test
    void theDocumentIsValidOpenApi() throws IOException {
        OpenAPI api = parsed(bundledDocument());

        assertTrue(api.getOpenapi().startsWith("3."), api.getOpenapi());
        assertEquals(
                Set.of("bearerToken", "sessionCookie"),
                api.getComponents().getSecuritySchemes().keySet());
    }

    /**
     * Payara reads the static document with a JSON-minded parser: a YAML anchor or alias leaves it
     * without paths, a {@code null} in an enum fails every request for it, and Payara and Liberty drop
     * a {@code null} from an example.
     */
    @Test
    void theDocumentHoldsNothingTheServersCannotServeBack() throws IOException {
        List<String> unservable = bundledDocument()
                .lines()
                .filter(line -> line.matches(".*:\\s+[&*][A-Za-z0-9_-]+\\s*")
                        || line.matches("\\s*-\\s+[&*][A-Za-z0-9_-]+\\s*")
                        || line.matches("\\s*(-|[A-Za-z0-9_'-]+:)\\s+null\\s*"))
                .toList();

        assertEquals(List.of(), unservable);
    }

    @Test
    void everyResourceMethodIsInTheDocumentAndNothingElse() throws IOException {
        Set<String> documented = operations(parsed(bundledDocument()));
        Set<String> implemented = resourceMethods();

        assertTrue(implemented.size() > 40, implemented::toString);
        assertEquals(implemented, documented);
    }

    /**
     * The scopes its own {@code security} names for a bearer token ({@code null} when it names
     * none): OpenAPI 3.0 keeps a scheme's list for OAuth, but the servers serve it unchanged for
     * any scheme, as OpenAPI 3.1 reads it, whereas Payara drops an {@code x-} extension.
     */
    public static List<String> declaredScopes(Operation operation) {
        return operation.getSecurity() == null
                ? null
                : operation.getSecurity().stream()
                        .filter(requirement -> requirement.containsKey("bearerToken"))
                        .map(requirement -> requirement.get("bearerToken"))
                        .findFirst()
                        .orElse(null);
    }

    @Test
    void everyOperationThatTakesATokenDeclaresTheScopesItsMethodNeeds() throws IOException {
        OpenAPI api = parsed(bundledDocument());
        Map<String, List<String>> declared = new TreeMap<>();
        api.getPaths()
                .forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                    if (declaredScopes(operation) != null) {
                        declared.put(method.name() + " " + path, declaredScopes(operation));
                    }
                }));
        Map<String, List<String>> needed = scopesOfResourceMethods();

        assertTrue(needed.size() > 60, needed::toString);
        assertEquals(needed, declared);
    }

    @Test
    void everyOperationHasAUniqueIdASummaryAndItsErrorsInTheEnvelope() throws IOException {
        OpenAPI api = parsed(bundledDocument());
        List<String> ids = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
            for (Map.Entry<PathItem.HttpMethod, Operation> entry :
                    path.getValue().readOperationsMap().entrySet()) {
                Operation operation = entry.getValue();
                String name = entry.getKey() + " " + path.getKey();
                assertTrue(
                        operation.getOperationId() != null
                                && operation.getOperationId().matches("[a-z][A-Za-z]+"),
                        name);
                assertTrue(
                        operation.getSummary() != null
                                && !operation.getSummary().isBlank(),
                        name);
                ids.add(operation.getOperationId().toLowerCase(Locale.ROOT));
                operation.getResponses().forEach((status, response) -> {
                    if (status.startsWith("4") && path.getKey().startsWith("/api/v1/")) {
                        ApiResponse answer = response.get$ref() == null
                                ? response
                                : api.getComponents()
                                        .getResponses()
                                        .get(response.get$ref().replace("#/components/responses/", ""));
                        // a browser navigation's refusal (single sign-on's callback) is a page for a person, declared
                        // as text/html
                        if (!answer.getContent().containsKey("text/html")) {
                            assertEquals(
                                    "#/components/schemas/Error",
                                    answer.getContent()
                                            .get("application/json")
                                            .getSchema()
                                            .get$ref(),
                                    name + " " + status);
                        }
                    }
                });
            }
        }
        assertEquals(ids.size(), new TreeSet<>(ids).size(), "operationIds are unique: " + ids);
    }
}
