package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.control.TokenData;
import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A token on the wire: its metadata, never its value; {@code collections} null when it is not limited to some. */
@JsonbNillable
@JsonbPropertyOrder({"id", "name", "scopes", "collections", "createdAt", "expiresAt", "expiresSoon", "lastUsedAt"})
public record TokenView(
        String id,
        String name,
        List<String> scopes,
        List<String> collections,
        String createdAt,
        String expiresAt,
        boolean expiresSoon,
        String lastUsedAt) {

    static TokenView of(TokenData token) {
        return new TokenView(
                token.id(),
                token.name(),
                TokenScopes.names(token.scopes()),
                token.collections().map(List::copyOf).orElse(null),
                Timestamps.format(token.createdAt()),
                Timestamps.format(token.expiresAt()),
                ApiToken.expiresSoon(token.expiresAt(), Timestamps.now()),
                Timestamps.format(token.lastUsedAt()));
    }
}
