package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import org.junit.jupiter.api.Test;

class JsonRequestReaderTest {

    record Named(String name) {}

    private final JsonRequestReader reader = new JsonRequestReader();

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Record read(byte[] body, String contentLength) throws Exception {
        MultivaluedHashMap<String, String> headers = new MultivaluedHashMap<>();
        if (contentLength != null) {
            headers.putSingle("Content-Length", contentLength);
        }
        return reader.readFrom(
                (Class) Named.class,
                Named.class,
                new java.lang.annotation.Annotation[0],
                MediaType.APPLICATION_JSON_TYPE,
                headers,
                new ByteArrayInputStream(body));
    }

    private static String codeOf(ThrowingRead read) {
        return assertThrows(ApiException.class, read::run).code();
    }

    interface ThrowingRead {
        void run() throws Exception;
    }

    @Test
    void readsAJsonObjectIntoItsRecord() throws Exception {
        assertEquals(new Named("x"), read("{\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8), null));
    }

    @Test
    void malformedJsonIsABadRequest() {
        assertEquals("bad_request", codeOf(() -> read("{\"name\":".getBytes(StandardCharsets.UTF_8), null)));
        assertEquals(
                "bad_request", codeOf(() -> read("{\"name\":\"x\"} trailing".getBytes(StandardCharsets.UTF_8), null)));
        assertEquals("bad_request", codeOf(() -> read(new byte[0], null)));
    }

    @Test
    void aBodyThatIsNotAnObjectIsABadRequest() {
        assertEquals("bad_request", codeOf(() -> read("[1,2]".getBytes(StandardCharsets.UTF_8), null)));
        assertEquals("bad_request", codeOf(() -> read("\"text\"".getBytes(StandardCharsets.UTF_8), null)));
    }

    @Test
    void invalidUtf8IsABadRequest() {
        byte[] latin1 = "{\"name\":\"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("bad_request", codeOf(() -> read(latin1, null)));
    }

    @Test
    void bodiesOverTwoMebibytesArePayloadTooLarge() {
        byte[] big = new byte[JsonRequestReader.MAX_BODY_BYTES + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        assertEquals("payload_too_large", codeOf(() -> read(big, null)));
        assertEquals(
                "payload_too_large",
                codeOf(() -> read(new byte[2], String.valueOf(JsonRequestReader.MAX_BODY_BYTES + 1))));
    }

    @Test
    void aBodyOfExactlyTwoMebibytesIsRead() throws Exception {
        String prefix = "{\"name\":\"";
        String suffix = "\"}";
        String name = "a".repeat(JsonRequestReader.MAX_BODY_BYTES - prefix.length() - suffix.length());
        Named named = (Named) read((prefix + name + suffix).getBytes(StandardCharsets.UTF_8), null);
        assertEquals(name.length(), named.name().length());
    }

    @Test
    void nestingDeeperThanTheApiEverNeedsIsABadRequestBeforeParsing() {
        byte[] deepArrays =
                ("{\"name\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}").getBytes(StandardCharsets.UTF_8);
        byte[] deepObjects = ("{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000)).getBytes(StandardCharsets.UTF_8);
        byte[] unclosed = "[".repeat(100_000).getBytes(StandardCharsets.UTF_8);

        assertEquals("bad_request", codeOf(() -> read(deepArrays, null)));
        assertEquals("bad_request", codeOf(() -> read(deepObjects, null)));
        assertEquals("bad_request", codeOf(() -> read(unclosed, null)));
    }

    @Test
    void nestingOf32LevelsIsReadAnd33IsABadRequest() {
        // the object itself is level 1; name's arrays the rest
        byte[] atTheLimit = ("{\"name\":" + "[".repeat(31) + "]".repeat(31) + "}").getBytes(StandardCharsets.UTF_8);
        byte[] onePast = ("{\"name\":" + "[".repeat(32) + "]".repeat(32) + "}").getBytes(StandardCharsets.UTF_8);

        assertEquals(JsonRequestReader.MAX_NESTING, JsonRequestReader.nestingDepth(atTheLimit));
        // at the limit the body is parsed, and refused only because name is no string
        assertFalse(assertThrows(ApiException.class, () -> read(atTheLimit, null))
                .getMessage()
                .contains("levels deep"));
        ApiException tooDeep = assertThrows(ApiException.class, () -> read(onePast, null));
        assertEquals("bad_request", tooDeep.code());
        assertTrue(tooDeep.getMessage().contains("levels deep"), tooDeep::getMessage);
    }

    @Test
    void bracketsInsideStringsDoNotCountAsNesting() {
        assertEquals(
                1, JsonRequestReader.nestingDepth("{\"name\":\"[[[{{{\\\"[[[\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(3, JsonRequestReader.nestingDepth("{\"a\":[{\"b\":\"]]]\"}]}".getBytes(StandardCharsets.UTF_8)));
    }
}
