package io.snippetstore.auth.boundary;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.auth.control.LoopbackCallback;
import io.snippetstore.auth.control.Pkce;
import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.security.Scope;

/**
 * What a command-line client asks for when it starts a browser login, checked in the contract's
 * order: the callback first ({@code invalid_callback}), then the token name, the state, the
 * PKCE challenge and the scopes asked for ({@code bad_request}).
 *
 * @param challenge the S256 code challenge, or null when the client sent none
 */
record BrowserLoginRequest(
        LoopbackCallback callback, String tokenName, String state, String challenge, Optional<Set<Scope>> scopes) {

    static final int STATE_MAX = 1024;
    static final String DEFAULT_NAME = "CLI";

    static BrowserLoginRequest of(
            String callback,
            String name,
            String state,
            String codeChallenge,
            String codeChallengeMethod,
            String scope) {
        LoopbackCallback target = LoopbackCallback.parse(callback);
        String tokenName = name == null ? DEFAULT_NAME : name;
        if (tokenName.isBlank() || tokenName.codePointCount(0, tokenName.length()) > ApiToken.NAME_MAX) {
            throw ApiException.badRequest(
                    "The token name is invalid.",
                    List.of(new FieldError("name", "must be 1 to " + ApiToken.NAME_MAX + " characters long")));
        }
        if (state != null && state.codePointCount(0, state.length()) > STATE_MAX) {
            throw ApiException.badRequest(
                    "The state is too long.",
                    List.of(new FieldError("state", "must be at most " + STATE_MAX + " characters long")));
        }
        return new BrowserLoginRequest(
                target,
                tokenName,
                state,
                Pkce.acceptChallenge(codeChallenge, codeChallengeMethod),
                TokenScopes.ofSpaced(scope, details -> ApiException.badRequest("The scope is invalid.", details)));
    }
}
