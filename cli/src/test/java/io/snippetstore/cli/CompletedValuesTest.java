package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class CompletedValuesTest {

    @Test
    void aMarkedArraysUseAsksForItsValuesWhenCompletedAndAnyOtherIsLeftAlone() {
        String script = String.join(
                "\n",
                "  local TAG_option_args=(\"" + new CompletedValues.Tags().get(0) + "\") # --tag values",
                "  local sort_option_args=(\"updated\" \"title\") # --sort values",
                "      COMPREPLY=( $( compReplyArray \"${TAG_option_args[@]}\" ) )",
                "      COMPREPLY=( $( compReplyArray \"${sort_option_args[@]}\" ) )");

        String completed = CompletedValues.bash(script);

        assertTrue(
                completed.contains(
                        "\n      _snippets_values tags; COMPREPLY=( $( compReplyArray \"${_snippets_found[@]}\" ) )\n"),
                completed);
        assertTrue(completed.contains("COMPREPLY=( $( compReplyArray \"${sort_option_args[@]}\" ) )"), completed);
        assertTrue(
                completed.contains(
                        "_snippets_found=($(command snippets complete-values \"$1\" --timeout 3 2>/dev/null))"),
                completed);
    }

    @Test
    void aMarkerSaysItsKindAndAValueIsNoMarker() {
        assertEquals(Optional.of("ids"), CompletedValues.kindOf(new CompletedValues.SnippetIds().get(0)));
        assertEquals(Optional.of("groups"), CompletedValues.kindOf(new CompletedValues.Groups().get(0)));
        assertEquals(Optional.empty(), CompletedValues.kindOf("updated"));
    }

    @Test
    void eachServerAndKindIsCachedInAFileOfItsOwnUnderTheCacheHome() {
        Map<String, String> environment = Map.of("XDG_CACHE_HOME", "/tmp/cache", "HOME", "/nowhere");
        Path ids = CompletedValues.cacheFile(environment, "https://a.example", "ids");

        assertEquals(Path.of("/tmp/cache/snippets"), ids.getParent());
        assertNotEquals(ids, CompletedValues.cacheFile(environment, "https://b.example", "ids"));
        assertNotEquals(ids, CompletedValues.cacheFile(environment, "https://a.example", "tags"));
    }
}
