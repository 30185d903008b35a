package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.OpenApiDocumentTest;
import io.swagger.v3.oas.models.media.Schema;
import org.junit.jupiter.api.Test;

/** Every error code the service can answer with is in the OpenAPI document's enum and in docs/API.md's table. */
class ErrorCodesTest {

    /** Every code of {@link ApiException}'s factories (its catalogue), and those the runtime's statuses map to. */
    private static Set<String> serviceCodes() throws IllegalAccessException, InvocationTargetException {
        Set<String> codes = new TreeSet<>();
        for (Method factory : ApiException.class.getDeclaredMethods()) {
            if (Modifier.isStatic(factory.getModifiers())
                    && Modifier.isPublic(factory.getModifiers())
                    && factory.getReturnType() == ApiException.class) {
                Object[] arguments = new Object[factory.getParameterCount()];
                for (int i = 0; i < arguments.length; i++) {
                    arguments[i] = sample(factory.getParameterTypes()[i]);
                }
                codes.add(((ApiException) factory.invoke(null, arguments)).code());
            }
        }
        for (int status = 400; status < 600; status++) {
            codes.add(StatusCodes.describe(status).code());
        }
        codes.add(AllowedHosts.MISDIRECTED_REQUEST);
        return codes;
    }

    private static Object sample(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == Duration.class) {
            return Duration.ofSeconds(1);
        }
        if (type == List.class) {
            return List.of();
        }
        throw new IllegalArgumentException("no sample for a factory parameter of " + type);
    }

    @Test
    void theDocumentsEnumOfErrorCodesIsExactlyTheServicesCodes() throws Exception {
        String document;
        try (InputStream in = ErrorCodesTest.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            document = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Schema<?> error = OpenApiDocumentTest.parsed(document)
                .getComponents()
                .getSchemas()
                .get("Error");
        Schema<?> code =
                (Schema<?>) error.getProperties().get("error").getProperties().get("code");

        assertEquals(
                serviceCodes(),
                new TreeSet<>(code.getEnum().stream().map(String::valueOf).toList()));
    }

    @Test
    void apiMarkdownsErrorTableNamesEveryCodeTheServiceAnswersWith() throws Exception {
        String api = Files.readString(Path.of("docs", "API.md"));
        int start = api.indexOf("### Errors");
        assertTrue(start >= 0, "docs/API.md has an Errors section");
        String table = api.substring(start, api.indexOf("\n\n", api.indexOf("| status", start)));
        Set<String> documented = new TreeSet<>();
        // the code column: one or more `code` names between the status and the "when" column
        Matcher row = Pattern.compile("(?m)^\\| \\d{3} \\| ([^|]+) \\|").matcher(table);
        while (row.find()) {
            Matcher name = Pattern.compile("`([a-z_]+)`").matcher(row.group(1));
            while (name.find()) {
                documented.add(name.group(1));
            }
        }

        assertEquals(serviceCodes(), documented);
    }
}
