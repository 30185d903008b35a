package io.snippetstore.snippets.control;

/** A collection as a snippet's answer names it: its id and name. */
public record CollectionRef(String id, String name) {}
