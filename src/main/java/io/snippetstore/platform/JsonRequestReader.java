package io.snippetstore.platform;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.NoSuchElementException;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;

/**
 * Reads every JSON request body into its request record: at most {@link #MAX_BODY_BYTES}
 * (413 beyond), strict UTF-8, a JSON object (400 otherwise), bound by {@link JsonRecordBinder}.
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, JsonRequestReader.MERGE_PATCH_JSON})
public class JsonRequestReader implements MessageBodyReader<Record> {

    public static final String MERGE_PATCH_JSON = "application/merge-patch+json";
    public static final int MAX_BODY_BYTES = 2 * 1024 * 1024;
    /** Deeper than any request of this API; the JSON-P parser builds nested values recursively. */
    public static final int MAX_NESTING = 32;

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type.isRecord();
    }

    @Override
    public Record readFrom(
            Class<Record> type,
            Type genericType,
            Annotation[] annotations,
            MediaType mediaType,
            MultivaluedMap<String, String> headers,
            InputStream body)
            throws IOException {
        rejectDeclaredOversize(headers.getFirst(HttpHeaders.CONTENT_LENGTH));
        byte[] bytes = body.readNBytes(MAX_BODY_BYTES + 1);
        if (bytes.length > MAX_BODY_BYTES) {
            throw tooLarge();
        }
        return JsonRecordBinder.bind(parseObject(bytes), type);
    }

    static JsonObject parseObject(byte[] bytes) {
        if (bytes.length == 0) {
            throw bodyRequired();
        }
        if (nestingDepth(bytes) > MAX_NESTING) {
            throw ApiException.badRequest(
                    "The request body nests arrays and objects more than " + MAX_NESTING + " levels deep.");
        }
        Reader utf8 = new InputStreamReader(
                new ByteArrayInputStream(bytes),
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
        JsonValue value;
        try (JsonParser parser = JsonProviders.SHARED.createParser(utf8)) {
            parser.next();
            value = parser.getValue();
            if (parser.hasNext()) {
                throw new JsonException("content after the JSON value");
            }
        } catch (JsonException | IllegalStateException | NoSuchElementException e) {
            throw ApiException.badRequest("The request body is not valid UTF-8 JSON.");
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw ApiException.badRequest("The request body must be a JSON object.");
        }
        return value.asJsonObject();
    }

    static ApiException bodyRequired() {
        return ApiException.badRequest("A JSON object is required as the request body.");
    }

    /**
     * The deepest nesting of arrays and objects, counted before parsing: thousands of levels would
     * exhaust the parser's stack. Brackets inside strings do not count; whether the JSON is
     * well-formed is left to the parser.
     */
    static int nestingDepth(byte[] json) {
        int depth = 0;
        int deepest = 0;
        boolean inString = false;
        for (int i = 0; i < json.length; i++) {
            byte b = json[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '[' || b == '{') {
                deepest = Math.max(deepest, ++depth);
            } else if (b == ']' || b == '}') {
                depth--;
            }
        }
        return deepest;
    }

    private static void rejectDeclaredOversize(String contentLength) {
        if (contentLength == null) {
            return;
        }
        try {
            if (Long.parseLong(contentLength.trim()) > MAX_BODY_BYTES) {
                throw tooLarge();
            }
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("The Content-Length header is not a number.");
        }
    }

    private static ApiException tooLarge() {
        return ApiException.payloadTooLarge("JSON request bodies are limited to 2 MiB.");
    }
}
