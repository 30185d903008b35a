package io.snippetstore.placeholders.control;

import java.util.List;
import java.util.Optional;

/**
 * A variable of a code: its name, the value used when none is given (a pick list's first choice,
 * or the declared default), the values it may take (empty: any) and how many placeholders name it.
 */
public record Variable(String name, Optional<String> defaultValue, List<String> choices, int occurrences) {}
