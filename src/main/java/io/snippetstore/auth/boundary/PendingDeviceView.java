package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.control.PendingDevice;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A device login waiting for the signed-in user's decision: the token it asks for, and from where and when. */
@JsonbNillable
@JsonbPropertyOrder({"name", "scopes", "clientAddress", "createdAt", "expiresAt"})
public record PendingDeviceView(
        String name, List<String> scopes, String clientAddress, String createdAt, String expiresAt) {

    /** {@code scopes}: what the token will get; {@code null} when the login asked for none (all of the role's). */
    static PendingDeviceView of(PendingDevice pending) {
        return new PendingDeviceView(
                pending.tokenName(),
                pending.scopes().map(TokenScopes::names).orElse(null),
                pending.clientAddress(),
                Timestamps.format(pending.createdAt()),
                Timestamps.format(pending.expiresAt()));
    }
}
