package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.SessionData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A browser session on the wire; {@code current} marks the one the request came with. */
@JsonbNillable
@JsonbPropertyOrder({"id", "createdAt", "lastUsedAt", "userAgent", "clientAddress", "current"})
public record SessionView(
        String id, String createdAt, String lastUsedAt, String userAgent, String clientAddress, boolean current) {

    static SessionView of(SessionData session, boolean current) {
        return new SessionView(
                session.id(),
                Timestamps.format(session.createdAt()),
                Timestamps.format(session.lastUsedAt()),
                session.userAgent(),
                session.clientAddress().orElse(null),
                current);
    }
}
