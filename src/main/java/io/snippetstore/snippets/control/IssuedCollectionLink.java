package io.snippetstore.snippets.control;

/** A collection's share link just created: the only moment its secret exists outside the link itself. */
public record IssuedCollectionLink(String secret, CollectionLinkData link) {}
