package io.snippetstore.platform;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The answer to every successful DELETE: {@code {"id": "...", "deleted": true}}. */
@JsonbPropertyOrder({"id", "deleted"})
public record Deleted(String id, boolean deleted) {

    public static Deleted of(String id) {
        return new Deleted(id, true);
    }
}
