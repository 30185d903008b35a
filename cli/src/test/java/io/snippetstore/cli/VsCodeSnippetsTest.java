package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;

import jakarta.json.Json;
import org.junit.jupiter.api.Test;

/** VS Code's snippet syntax as this service's variables (docs/CLI.md, "Moving in"). */
class VsCodeSnippetsTest {

    @Test
    void aPlaceholderWhoseTextIsANameBecomesThatVariableWhereverItsNumberStands() {
        assertEquals(
                "ssh {{host}} -p {{port}}; ping {{host}}",
                VsCodeSnippets.template("ssh ${1:host} -p ${2:port}; ping $1"));
    }

    @Test
    void otherTextBecomesTheDefaultOfANumberedVariableAndAChoiceAPickList() {
        assertEquals(
                "{{arg1:8080}} {{arg2|dev|prod}} {{arg2}}", VsCodeSnippets.template("${1:8080} ${2|dev,prod|} ${2}"));
    }

    @Test
    void aTabStopWithoutADeclarationIsAVariableToFillAndTheFinalCursorIsDropped() {
        assertEquals("echo {{arg1}}", VsCodeSnippets.template("echo $1$0"));
    }

    @Test
    void editorVariablesTransformsAndEscapesKeepTheirMeaningAsText() {
        assertEquals(
                "$TM_FILENAME ${1/(.*)/upcase/} $ }",
                VsCodeSnippets.template("$TM_FILENAME ${1/(.*)/upcase/} \\$ \\}"));
    }

    @Test
    void aLiteralDoubleBraceBeforeANameStaysTextAndOtherBracesAreUntouched() {
        assertEquals("{{ .Values }} {{{{name}} {{ x }}", VsCodeSnippets.template("{{ .Values }} {{name}} {{ x }}"));
    }

    @Test
    void aDefaultThatCannotStandInAVariableIsKeptAsItIs() {
        assertEquals("${1:a|b}", VsCodeSnippets.template("${1:a|b}"));
    }

    @Test
    void commentsAndTrailingCommasAreDroppedButNotInsideStrings() {
        String plain = VsCodeSnippets.withoutComments(
                "{\"a\": \"// not a comment, /* nor this */\", // gone\n /* gone */ \"b\": [1, 2,], }");

        assertEquals(
                "{\"a\":\"// not a comment, /* nor this */\",\"b\":[1,2]}",
                Json.createReader(new StringReader(plain)).readObject().toString());
    }
}
