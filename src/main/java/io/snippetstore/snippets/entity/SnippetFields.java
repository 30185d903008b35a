package io.snippetstore.snippets.entity;

import java.util.List;

/**
 * The fields a client writes, already normalized (trimmed title and language, clean tags): the
 * six of the original contract and the visibility.
 */
public record SnippetFields(
        String title,
        String description,
        String notes,
        String language,
        String code,
        List<String> tags,
        Visibility visibility) {}
