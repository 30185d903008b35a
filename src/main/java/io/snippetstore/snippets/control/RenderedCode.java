package io.snippetstore.snippets.control;

import java.util.Map;

import io.snippetstore.placeholders.control.CodeTemplate;

/** A snippet's code with its variables filled in, and the version it was rendered from. */
public record RenderedCode(String text, long version) {

    static RenderedCode of(SnippetData snippet, Map<String, String> values) {
        return new RenderedCode(CodeTemplate.parse(snippet.fields().code()).render(values), snippet.version());
    }
}
