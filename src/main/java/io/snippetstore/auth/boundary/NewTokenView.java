package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.IssuedToken;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A token just created, with its value: the only answer that carries it. */
@JsonbNillable
@JsonbPropertyOrder({"id", "name", "token", "createdAt", "expiresAt"})
public record NewTokenView(String id, String name, String token, String createdAt, String expiresAt) {

    static NewTokenView of(IssuedToken issued) {
        var token = issued.token();
        return new NewTokenView(
                token.id(),
                token.name(),
                issued.value(),
                Timestamps.format(token.createdAt()),
                Timestamps.format(token.expiresAt()));
    }
}
