package io.snippetstore.auth.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /auth/tokens/revoke}: a token's value, as found where it leaked. */
public record LeakedTokenRequest(
        @NotNull @Size(max = LeakedTokenRequest.TOKEN_MAX) String token) {

    /** Longer than any token this service makes, short enough that no body is worth hashing for long. */
    static final int TOKEN_MAX = 200;
}
