package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTransient;
import org.junit.jupiter.api.Test;

/**
 * Every record on the wire ({@code *View}) has exactly the fields of its schema in the OpenAPI
 * document, so that a field added to a record cannot go undocumented, nor one documented go
 * missing. A view's schema is named after it ({@code SnippetView}: {@code Snippet}); the others
 * (answers written out in their operations, nested records) are named here.
 */
class WireRecordsTest {

    private static OpenAPI document() throws IOException {
        try (InputStream in = WireRecordsTest.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(in);
            return OpenApiDocumentTest.parsed(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** The schema of the {@code data} of an operation's {@code 200} answer. */
    private static Schema<?> answerData(OpenAPI api, String path, String method) {
        var operation = api.getPaths().get(path).readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
        Schema<?> envelope = operation
                .getResponses()
                .get("200")
                .getContent()
                .get("application/json")
                .getSchema();
        return (Schema<?>) envelope.getProperties().get("data");
    }

    private static Set<String> jsonNames(Class<?> record) {
        return Arrays.stream(record.getRecordComponents())
                .filter(component -> !component.getAccessor().isAnnotationPresent(JsonbTransient.class))
                .map(WireRecordsTest::jsonName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String jsonName(RecordComponent component) {
        JsonbProperty renamed = component.getAccessor().getAnnotation(JsonbProperty.class);
        if (renamed == null) {
            renamed = component.getAnnotation(JsonbProperty.class);
        }
        return renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
    }

    @Test
    void everyViewHasExactlyTheFieldsOfItsSchema() throws IOException {
        OpenAPI api = document();
        Map<String, Schema<?>> writtenOut = Map.of(
                "PasswordChangedView", answerData(api, "/api/v1/auth/password", "POST"),
                "PasswordResetView", answerData(api, "/api/v1/users/{userId}/password", "PUT"),
                "DecidedView", answerData(api, "/api/v1/auth/device/{userCode}/approve", "POST"),
                "ReceivedView", answerData(api, "/api/v1/auth/tokens/revoke", "POST"),
                "RevokedTokensView", answerData(api, "/api/v1/users/{userId}/tokens", "DELETE"),
                "ProviderView", api.getComponents().getSchemas().get("IdentityProvider"),
                "DatabaseView",
                        (Schema<?>) api.getComponents()
                                .getSchemas()
                                .get("Storage")
                                .getProperties()
                                .get("database"));
        Map<String, String> differing = new TreeMap<>();
        int compared = 0;
        for (JavaClass view : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.snippetstore")) {
            Class<?> type = view.reflect();
            if (!type.isRecord() || !type.getSimpleName().endsWith("View")) {
                continue;
            }
            String name = type.getSimpleName();
            Schema<?> schema = writtenOut.containsKey(name)
                    ? writtenOut.get(name)
                    : api.getComponents().getSchemas().get(name.substring(0, name.length() - "View".length()));
            if (schema == null || schema.getProperties() == null) {
                differing.put(name, "no schema of that name in the document");
                continue;
            }
            Set<String> documented = new TreeSet<>(schema.getProperties().keySet());
            Set<String> sent = jsonNames(type);
            if (!documented.equals(sent)) {
                differing.put(name, "sends " + sent + ", the document says " + documented);
            }
            compared++;
        }

        assertFalse(compared == 0, "the views were found");
        assertEquals(Map.of(), differing);
    }
}
