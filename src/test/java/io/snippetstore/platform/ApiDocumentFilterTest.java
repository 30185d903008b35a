package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

import io.snippetstore.OpenApiDocumentTest;
import io.swagger.v3.oas.models.OpenAPI;
import org.junit.jupiter.api.Test;

/** The filter's list of optional request bodies is the document's: it puts back what WildFly loses. */
class ApiDocumentFilterTest {

    @Test
    void everyRequestBodyOfTheDocumentSaysWhetherItIsRequiredAsTheFilterWouldPutItBack() throws IOException {
        OpenAPI api;
        try (InputStream in = ApiDocumentFilterTest.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            assertNotNull(in);
            api = OpenApiDocumentTest.parsed(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        Map<String, Boolean> documented = new TreeMap<>();
        Map<String, Boolean> putBack = new TreeMap<>();
        api.getPaths()
                .values()
                .forEach(item -> item.readOperations().stream()
                        .filter(operation -> operation.getRequestBody() != null)
                        .forEach(operation -> {
                            documented.put(
                                    operation.getOperationId(),
                                    operation.getRequestBody().getRequired());
                            putBack.put(
                                    operation.getOperationId(),
                                    !ApiDocumentFilter.OPTIONAL_BODIES.contains(operation.getOperationId()));
                        }));

        assertEquals(putBack, documented);
    }
}
