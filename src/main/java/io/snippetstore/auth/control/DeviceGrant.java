package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;

/** A device login just started: the codes (their only appearance in clear), when it ends, how often the client may poll. */
public record DeviceGrant(String deviceCode, String userCode, Instant expiresAt, Duration interval) {}
