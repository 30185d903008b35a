package io.snippetstore.snippets.control;

import io.snippetstore.snippets.entity.SnippetShare;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** One group a snippet is shared with, as a client sends it: the group's id and {@code read} or {@code write}. */
public record GroupShareInput(
        @NotNull String id,

        @NotNull @Pattern(regexp = SnippetShare.READ + "|" + SnippetShare.WRITE, message = "must be read or write")
        String access) {}
