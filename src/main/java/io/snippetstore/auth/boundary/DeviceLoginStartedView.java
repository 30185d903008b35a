package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.DeviceGrant;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A device login just started: what the client keeps (the device code) and what it shows its user (the rest). */
@JsonbPropertyOrder({
    "deviceCode",
    "userCode",
    "verificationUrl",
    "verificationUrlComplete",
    "expiresAt",
    "expiresIn",
    "interval"
})
public record DeviceLoginStartedView(
        String deviceCode,
        String userCode,
        String verificationUrl,
        String verificationUrlComplete,
        String expiresAt,
        long expiresIn,
        long interval) {

    static DeviceLoginStartedView of(DeviceGrant grant, String verificationUrl) {
        return new DeviceLoginStartedView(
                grant.deviceCode(),
                grant.userCode(),
                verificationUrl,
                verificationUrl + "?code=" + grant.userCode(),
                Timestamps.format(grant.expiresAt()),
                java.time.Duration.between(Timestamps.now(), grant.expiresAt()).toSeconds(),
                grant.interval().toSeconds());
    }
}
