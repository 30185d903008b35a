package io.snippetstore.auth.boundary;

import jakarta.validation.constraints.NotNull;

/** The body of a device client's poll, {@code POST /auth/device/token}. */
public record DeviceTokenRequest(@NotNull String deviceCode) {}
