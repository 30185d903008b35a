package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.PendingDevice;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A device login waiting for the signed-in user's decision: the token it asks for, and from where and when. */
@JsonbPropertyOrder({"name", "clientAddress", "createdAt", "expiresAt"})
public record PendingDeviceView(String name, String clientAddress, String createdAt, String expiresAt) {

    static PendingDeviceView of(PendingDevice pending) {
        return new PendingDeviceView(
                pending.tokenName(),
                pending.clientAddress(),
                Timestamps.format(pending.createdAt()),
                Timestamps.format(pending.expiresAt()));
    }
}
