package io.snippetstore.snippets.control;

/** A group a snippet is shared with: its id, its name, and {@code read} or {@code write}. */
public record GroupShare(String id, String name, String access) {}
