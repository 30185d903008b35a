package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.IssuedToken;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The token a browser login's code was exchanged for, with its value. */
@JsonbNillable
@JsonbPropertyOrder({"token", "id", "name", "userId", "createdAt", "expiresAt"})
public record ExchangedTokenView(
        String token, String id, String name, String userId, String createdAt, String expiresAt) {

    static ExchangedTokenView of(IssuedToken issued) {
        var token = issued.token();
        return new ExchangedTokenView(
                issued.value(),
                token.id(),
                token.name(),
                token.userId(),
                Timestamps.format(token.createdAt()),
                Timestamps.format(token.expiresAt()));
    }
}
