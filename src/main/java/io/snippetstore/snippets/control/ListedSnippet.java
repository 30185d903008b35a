package io.snippetstore.snippets.control;

/** A snippet of a list page, with the sort key its cursor position is made of. */
record ListedSnippet(SnippetData snippet, String titleSort) {}
