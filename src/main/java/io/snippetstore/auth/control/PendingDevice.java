package io.snippetstore.auth.control;

import java.time.Instant;

/** A device login waiting for the user's decision, as the approval page shows it. */
public record PendingDevice(String tokenName, String clientAddress, Instant createdAt, Instant expiresAt) {}
