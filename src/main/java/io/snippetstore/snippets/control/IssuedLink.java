package io.snippetstore.snippets.control;

/** A share link just created: the only moment its secret exists outside the link itself. */
public record IssuedLink(String secret, LinkData link) {}
