package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.TokenData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A token on the wire: its metadata, never its value. */
@JsonbNillable
@JsonbPropertyOrder({"id", "name", "createdAt", "expiresAt", "lastUsedAt"})
public record TokenView(String id, String name, String createdAt, String expiresAt, String lastUsedAt) {

    static TokenView of(TokenData token) {
        return new TokenView(
                token.id(),
                token.name(),
                Timestamps.format(token.createdAt()),
                Timestamps.format(token.expiresAt()),
                Timestamps.format(token.lastUsedAt()));
    }
}
