package io.snippetstore.placeholders.control;

import java.util.List;
import java.util.Optional;

/**
 * One placeholder in a code: where it stands ({@code start} inclusive, {@code end} exclusive, in
 * UTF-16 units), the variable it names, the default or the pick list it declares, if any, and how
 * its value is quoted.
 */
public record Placeholder(
        int start, int end, String name, Optional<String> defaultValue, List<String> choices, Quoting quoting) {

    /** Whether this occurrence says anything of its variable's value beyond its name. */
    boolean declaresValue() {
        return defaultValue.isPresent() || !choices.isEmpty();
    }
}
