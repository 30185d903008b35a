package io.snippetstore.auth.boundary;

import java.util.List;

import io.snippetstore.auth.control.PendingDevice;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * A device login waiting for the signed-in user's decision: the token it asks for (its scopes,
 * the collections it is limited to, the days it lives), and from where and when.
 */
@JsonbNillable
@JsonbPropertyOrder({"name", "scopes", "collections", "expiresInDays", "clientAddress", "createdAt", "expiresAt"})
public record PendingDeviceView(
        String name,
        List<String> scopes,
        List<NamedCollection> collections,
        Integer expiresInDays,
        String clientAddress,
        String createdAt,
        String expiresAt) {

    /** A collection the token is to be limited to: its id and its path by name. */
    public record NamedCollection(String id, String name) {}

    /**
     * {@code scopes}: what the token will get, {@code null} when the login asked for none (all of
     * the role's); {@code collections}: {@code null} when it asked for none (those the user may not
     * read are left out: the approval refuses them); {@code expiresInDays}: {@code null}, as a
     * login's token lives.
     */
    static PendingDeviceView of(PendingDevice pending) {
        return new PendingDeviceView(
                pending.tokenName(),
                pending.scopes().map(TokenScopes::names).orElse(null),
                pending.collections()
                        .map(named -> named.stream()
                                .map(collection -> new NamedCollection(collection.id(), collection.name()))
                                .toList())
                        .orElse(null),
                pending.expiresInDays().orElse(null),
                pending.clientAddress(),
                Timestamps.format(pending.createdAt()),
                Timestamps.format(pending.expiresAt()));
    }
}
