package io.snippetstore.platform;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The success envelope of one resource: {@code {"ok": true, "data": ...}}. */
@JsonbPropertyOrder({"ok", "data"})
public record ApiResponse<T>(boolean ok, T data) {

    public static <T> ApiResponse<T> of(T data) {
        return new ApiResponse<>(true, data);
    }
}
