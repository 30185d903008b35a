package io.snippetstore.auth.control;

/** A token just created: the only moment its value exists outside the client. */
public record IssuedToken(String value, TokenData token) {}
