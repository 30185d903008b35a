package io.snippetstore.auth.boundary;

/** Where the consent page sends the browser: the callback with the new code. */
public record ApprovedView(String redirectTo) {}
