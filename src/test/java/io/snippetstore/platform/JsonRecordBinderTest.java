package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class JsonRecordBinderTest {

    record Item(String title, List<String> tags, Integer days, Boolean flag) {}

    record Edit(Patch<String> title, Patch<String> notes) {}

    record Outer(Item item) {}

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    @Test
    void bindsEveryMemberToItsComponent() {
        Item item = JsonRecordBinder.bind(
                json("{\"title\":\"t\",\"tags\":[\"a\",\"b\"],\"days\":7,\"flag\":true}"), Item.class);

        assertEquals(new Item("t", List.of("a", "b"), 7, true), item);
    }

    @Test
    void missingAndNullMembersBindToNull() {
        Item item = JsonRecordBinder.bind(json("{\"title\":null}"), Item.class);

        assertNull(item.title());
        assertNull(item.tags());
    }

    @Test
    void anUnknownMemberIsAValidationFailureNamingIt() {
        ApiException failure = assertThrows(
                ApiException.class,
                () -> JsonRecordBinder.bind(json("{\"title\":\"t\",\"colour\":\"red\"}"), Item.class));

        assertEquals("validation_failed", failure.code());
        assertEquals(List.of(new FieldError("colour", "unknown field")), failure.details());
    }

    @Test
    void aNumberWhereAStringBelongsIsABadRequestNamingTheField() {
        ApiException failure =
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"title\":42}"), Item.class));

        assertEquals("bad_request", failure.code());
        assertEquals(400, failure.status());
        assertEquals("title", failure.details().get(0).field());
    }

    @Test
    void arrayElementsAreCheckedOneByOne() {
        ApiException failure =
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"tags\":[\"a\",1]}"), Item.class));

        assertEquals("tags[1]", failure.details().get(0).field());
        ApiException nullElement =
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"tags\":[null]}"), Item.class));
        assertEquals("tags[0]", nullElement.details().get(0).field());
    }

    @Test
    void fractionsAndHugeNumbersAreNotIntegers() {
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"days\":1.5}"), Item.class))
                        .code());
        assertEquals(
                "bad_request",
                assertThrows(
                                ApiException.class,
                                () -> JsonRecordBinder.bind(json("{\"days\":99999999999}"), Item.class))
                        .code());
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"days\":\"7\"}"), Item.class))
                        .code());
    }

    @Test
    void booleansMustBeJsonBooleans() {
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"flag\":\"true\"}"), Item.class))
                        .code());
    }

    @Test
    void patchComponentsTellAbsentFromNullFromValue() {
        Edit edit = JsonRecordBinder.bind(json("{\"title\":\"new\",\"notes\":null}"), Edit.class);

        assertTrue(edit.title().isPresent());
        assertEquals("new", edit.title().value().orElseThrow());
        assertTrue(edit.notes().isNull());
        Edit empty = JsonRecordBinder.bind(json("{}"), Edit.class);
        assertFalse(empty.title().isPresent());
        assertFalse(empty.notes().isPresent());
    }

    @Test
    void nestedRecordsAreBoundStrictlyWithTheirPathInDetails() {
        ApiException failure = assertThrows(
                ApiException.class,
                () -> JsonRecordBinder.bind(json("{\"item\":{\"title\":\"t\",\"x\":1}}"), Outer.class));

        assertEquals("item.x", failure.details().get(0).field());
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> JsonRecordBinder.bind(json("{\"item\":[]}"), Outer.class))
                        .code());
    }

    @Test
    void aStringWithAnUnpairedSurrogateIsABadRequestWhileAPairedOneIsText() {
        ApiException lone = assertThrows(
                ApiException.class,
                () -> JsonRecordBinder.bind(json("{\"title\":\"\\ud800x\",\"tags\":[\"\\udfff\"]}"), Item.class));

        assertEquals("bad_request", lone.code());
        assertEquals(
                List.of("title", "tags[0]"),
                lone.details().stream().map(FieldError::field).toList());
        assertEquals(
                "\uD83E\uDD80",
                JsonRecordBinder.bind(json("{\"title\":\"\\ud83e\\udd80\"}"), Item.class)
                        .title());
    }
}
