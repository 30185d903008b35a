package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.placeholders.control.CodeTemplate;
import io.snippetstore.placeholders.control.Variable;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * A variable of a snippet's code: {@code default} is the value used when none is given
 * ({@code null}: a value is needed), {@code choices} the values it may take (empty: any). The
 * renamed component is nillable on its own: an explicit {@code @JsonbProperty} would otherwise
 * override the record's {@code @JsonbNillable} with its own default.
 */
@JsonbNillable
@JsonbPropertyOrder({"name", "defaultValue", "choices", "occurrences"
}) // Java names: Yasson orders by them, before renaming
public record VariableView(
        String name,
        @JsonbProperty("default") @JsonbNillable String defaultValue,
        List<String> choices,
        int occurrences) {

    static List<VariableView> of(String code) {
        return CodeTemplate.parse(code).variables().stream()
                .map(VariableView::of)
                .toList();
    }

    private static VariableView of(Variable variable) {
        return new VariableView(
                variable.name(), variable.defaultValue().orElse(null), variable.choices(), variable.occurrences());
    }
}
