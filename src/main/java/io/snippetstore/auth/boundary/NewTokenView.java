package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.control.IssuedToken;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A token just created, with its value: the only answer that carries it. */
@JsonbNillable
@JsonbPropertyOrder({"id", "name", "token", "scopes", "collections", "createdAt", "expiresAt"})
public record NewTokenView(
        String id,
        String name,
        String token,
        List<String> scopes,
        List<String> collections,
        String createdAt,
        String expiresAt) {

    static NewTokenView of(IssuedToken issued) {
        var token = issued.token();
        return new NewTokenView(
                token.id(),
                token.name(),
                issued.value(),
                TokenScopes.names(token.scopes()),
                token.collections().map(List::copyOf).orElse(null),
                Timestamps.format(token.createdAt()),
                Timestamps.format(token.expiresAt()));
    }
}
