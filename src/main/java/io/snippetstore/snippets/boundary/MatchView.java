package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.snippets.control.MatchExcerpt;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** Why a search result matched, on the wire: a few lines of one field, and where the terms are in them. */
@JsonbPropertyOrder({"field", "line", "text", "highlights"})
public record MatchView(String field, int line, String text, List<Highlight> highlights) {

    @JsonbPropertyOrder({"start", "end"})
    public record Highlight(int start, int end) {}

    static MatchView of(MatchExcerpt match) {
        return match == null
                ? null
                : new MatchView(
                        match.field(),
                        match.line(),
                        match.text(),
                        match.highlights().stream()
                                .map(highlight -> new Highlight(highlight.start(), highlight.end()))
                                .toList());
    }
}
