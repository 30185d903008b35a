package io.snippetstore.snippets.entity;

import java.util.List;

/** The six fields a client writes, already normalized (trimmed title and language, clean tags). */
public record SnippetFields(String title, String description, String notes, String language, String code, List<String> tags) {
}
