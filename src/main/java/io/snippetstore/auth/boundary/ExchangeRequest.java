package io.snippetstore.auth.boundary;

import jakarta.validation.constraints.NotNull;

/** The body of {@code POST /auth/browser-login/exchange}. */
public record ExchangeRequest(@NotNull String code, String codeVerifier) {}
