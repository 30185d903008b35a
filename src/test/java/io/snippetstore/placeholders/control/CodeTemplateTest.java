package io.snippetstore.placeholders.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import org.junit.jupiter.api.Test;

class CodeTemplateTest {

    private static List<Variable> variablesOf(String code) {
        return CodeTemplate.parse(code).variables();
    }

    @Test
    void aCodeWithoutPlaceholdersHasNoVariablesAndRendersUnchanged() {
        String code = "echo {not} { {x} } {{ spaced }} {{.Values.image}} {{1abc}} }}{{\n{{x\n}}";
        CodeTemplate template = CodeTemplate.parse(code);
        assertFalse(template.hasVariables());
        assertEquals(code, template.render(Map.of()));
    }

    @Test
    void variablesComeInTheOrderOfTheirFirstPlaceholderWithTheirOccurrences() {
        List<Variable> variables =
                variablesOf("kubectl -n {{namespace}} rollout restart deploy/{{app}} # {{namespace}}");
        assertEquals(
                List.of(
                        new Variable("namespace", Optional.empty(), List.of(), 2),
                        new Variable("app", Optional.empty(), List.of(), 1)),
                variables);
    }

    @Test
    void aDefaultAndAPickListAreDeclaredAndThePickListsFirstChoiceIsItsDefault() {
        List<Variable> variables = variablesOf("{{out:backup.7z}} {{level|fast|best}} {{empty:}}");
        assertEquals(new Variable("out", Optional.of("backup.7z"), List.of(), 1), variables.get(0));
        assertEquals(new Variable("level", Optional.of("fast"), List.of("fast", "best"), 1), variables.get(1));
        assertEquals(new Variable("empty", Optional.of(""), List.of(), 1), variables.get(2));
    }

    @Test
    void theFirstPlaceholderThatDeclaresAValueDeclaresItForTheVariable() {
        List<Variable> variables = variablesOf("{{host}} {{host:localhost}} {{host:elsewhere}}");
        assertEquals(List.of(new Variable("host", Optional.of("localhost"), List.of(), 3)), variables);
        assertEquals(
                "db db db",
                CodeTemplate.parse("{{host}} {{host:localhost}} {{host:elsewhere}}")
                        .render(Map.of("host", "db")));
        assertEquals(
                "localhost localhost localhost",
                CodeTemplate.parse("{{host}} {{host:localhost}} {{host:elsewhere}}")
                        .render(Map.of()));
    }

    @Test
    void namesTakeLettersDigitsUnderscoresHyphensAndDotsAfterALetterOrUnderscore() {
        assertEquals(
                List.of("a.b-c_1", "_x", "Z9"),
                variablesOf("{{a.b-c_1}} {{_x}} {{Z9}} {{9z}} {{-a}} {{.a}} {{ä}}").stream()
                        .map(Variable::name)
                        .toList());
        assertEquals(
                1, variablesOf("{{" + "n".repeat(CodeTemplate.NAME_MAX) + "}}").size());
        assertEquals(
                0,
                variablesOf("{{" + "n".repeat(CodeTemplate.NAME_MAX + 1) + "}}").size());
    }

    @Test
    void aDefaultRunsToTheFirstClosingBracesAndMayHoldColonsBarsAndBangs() {
        assertEquals(
                Optional.of("http://a:8080/x|y!"),
                variablesOf("{{url:http://a:8080/x|y!}}").get(0).defaultValue());
        assertEquals("[a}]", CodeTemplate.parse("[{{x:a}}}]").render(Map.of()));
    }

    @Test
    void aQuotingSuffixEndsAnyPlaceholderAndAnUnknownOneLeavesItText() {
        List<Placeholder> placeholders = CodeTemplate.parse("{{a!sh}} {{b:x y!ps}} {{c|1|2!url}} {{d!bash}} {{e:hi!}}")
                .placeholders();
        assertEquals(
                List.of(Quoting.SH, Quoting.PS, Quoting.URL, Quoting.NONE),
                placeholders.stream().map(Placeholder::quoting).toList());
        assertEquals(
                List.of("a", "b", "c", "e"),
                placeholders.stream().map(Placeholder::name).toList());
        assertEquals(Optional.of("hi!"), placeholders.get(3).defaultValue());
    }

    @Test
    void fourOpeningBracesAreTwoLiteralOnes() {
        CodeTemplate template = CodeTemplate.parse("{{{{name}} and {{{{");
        assertFalse(template.hasVariables());
        assertEquals("{{name}} and {{", template.render(Map.of()));
    }

    @Test
    void aPlaceholderBetweenSingleBracesKeepsThem() {
        assertEquals("{x}", CodeTemplate.parse("{{{v}}}").render(Map.of("v", "x")));
    }

    @Test
    void aPlaceholderIsOnOneLineAndNoLongerThanItsLimit() {
        assertEquals(0, variablesOf("{{a:\n}}").size());
        assertEquals(0, variablesOf("{{a:\r}}").size());
        assertEquals(
                1,
                variablesOf("{{a:" + "x".repeat(CodeTemplate.CONTENT_MAX - 2) + "}}")
                        .size());
        assertEquals(
                0,
                variablesOf("{{a:" + "x".repeat(CodeTemplate.CONTENT_MAX - 1) + "}}")
                        .size());
    }

    @Test
    void aNamesCharactersEndExactlyAtTheEdgesOfTheirRanges() {
        assertEquals(
                List.of("AZaz_09-.", "_z", "Z0"),
                variablesOf("{{AZaz_09-.}} {{_z}} {{Z0}}").stream()
                        .map(Variable::name)
                        .toList());
        for (String outside : List.of("@", "[", "`", "{", "/")) { // ":" would begin a default
            if (!outside.equals("{")) { // {{{a}} is a brace before the placeholder {{a}}
                assertEquals(List.of(), variablesOf("{{" + outside + "a}}"), outside + " cannot start a name");
            }
            assertEquals(List.of(), variablesOf("{{a" + outside + "}}"), outside + " cannot be in a name");
        }
    }

    @Test
    void aPlaceholderEndsAtItsBracesSoTheLineBreakAfterItStaysText() {
        CodeTemplate template = CodeTemplate.parse("{{a}}\n{{b:x}}\r\n{{c|y|z}}\nend");

        assertEquals(
                List.of("a", "b", "c"),
                template.variables().stream().map(Variable::name).toList());
        assertEquals("1\nx\r\ny\nend", template.render(Map.of("a", "1")));
    }

    @Test
    void valuesAreInsertedLiterallyWithoutExpandingPlaceholdersTheyHold() {
        assertEquals(
                "echo {{b}} and 2", CodeTemplate.parse("echo {{a}} and {{b}}").render(Map.of("a", "{{b}}", "b", "2")));
    }

    @Test
    void missingValuesValuesOutsideThePickListAndUnknownNamesAreEachNamed() {
        ApiException refused = assertThrows(
                ApiException.class,
                () -> CodeTemplate.parse("{{a}} {{b|x|y}} {{c:1}}").render(Map.of("b", "z", "zz", "1")));
        assertEquals(400, refused.status());
        assertEquals(
                List.of("a", "b", "zz"),
                refused.details().stream().map(FieldError::field).toList());
        assertTrue(refused.getMessage().contains("a needs a value"), refused.getMessage());
    }

    @Test
    void quotingAppliesPerPlaceholder() {
        assertEquals(
                "cd 'it'\\''s here' && open https://x/?q=it%27s%20here",
                CodeTemplate.parse("cd {{d!sh}} && open https://x/?q={{d!url}}").render(Map.of("d", "it's here")));
    }

    @Test
    void aRenderingPastItsLimitIsRefused() {
        String code = "{{v}}".repeat(1000);
        ApiException refused =
                assertThrows(ApiException.class, () -> CodeTemplate.parse(code).render(Map.of("v", "x".repeat(5000))));
        assertEquals(400, refused.status());
    }

    /** How long such code takes is measured, not tested: bench/worst-case.sh's row of unclosed placeholders. */
    @Test
    void hostileCodeOfUnclosedPlaceholdersHasOnlyTheVariablesItCloses() {
        assertEquals(1, variablesOf("{{a".repeat(300_000) + "}}").size());
        assertEquals(0, variablesOf("{".repeat(1_000_000)).size());
    }
}
