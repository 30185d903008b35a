package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MimeTypesTest {

    @Test
    void theRequestedTypeWinsAndIsLowerCasedWithParametersKept() {
        assertEquals(
                "text/x-java; charset=UTF-8", MimeTypes.decide(" Text/X-Java; charset=UTF-8 ", "image/png", "a.png"));
    }

    @Test
    void withoutARequestedTypeTheFilePartsContentTypeIsUsed() {
        assertEquals("image/png", MimeTypes.decide(null, "image/png", "a.txt"));
        assertEquals("image/png", MimeTypes.decide("  ", "image/png", "a.txt"));
    }

    @Test
    void withoutEitherTheExtensionDecides() {
        assertEquals("text/plain", MimeTypes.decide(null, null, "notes.txt"));
        assertEquals("image/png", MimeTypes.decide(null, "not a type", "logo.png"));
    }

    @Test
    void anUnknownExtensionIsOctetStream() {
        assertEquals("application/octet-stream", MimeTypes.decide(null, null, "data.zzqx"));
        assertEquals("application/octet-stream", MimeTypes.decide(null, null, "attachment"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "text",
                "text/",
                "/plain",
                "text/plain/x",
                "text plain",
                "text/plain;",
                "text/plain; x",
                "text/plain\r\nX-Injected: 1",
                "тип/подтип"
            })
    void aRequestedTypeThatIsNotAMediaTypeIsAValidationFailure(String requested) {
        ApiException failure = assertThrows(ApiException.class, () -> MimeTypes.decide(requested, null, "a.txt"));

        assertEquals(400, failure.status());
        assertEquals("mimeType", failure.details().get(0).field());
    }

    @Test
    void aRequestedTypeOverTwoHundredFiftyFiveCharactersIsAValidationFailure() {
        String longType = "application/" + "x".repeat(100) + "; a=" + "b".repeat(150);

        assertThrows(ApiException.class, () -> MimeTypes.decide(longType, null, "a.txt"));
    }
}
