package io.snippetstore.auth.control;

import io.snippetstore.auth.entity.ApiToken;

/** A token just created: the only moment its value exists outside the client. */
public record IssuedToken(String value, ApiToken token) {
}
