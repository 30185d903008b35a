package io.snippetstore.platform;

/** One entry of an error's {@code details}: which request field is wrong, and how. */
public record FieldError(String field, String message) {}
