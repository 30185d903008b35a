// HashiCorp Configuration Language (Terraform, OpenTofu, Nomad, Packer), which highlight.js does not
// ship and no package of it offers: block types, attributes, strings with ${…} and %{…}
// templates, heredocs, the three kinds of comment, numbers, literals and function calls.
const IDENTIFIER = /[A-Za-z_][\w-]*/;

/** A highlight.js language definition (https://highlightjs.readthedocs.io/en/latest/language-guide.html). */
export function hcl(hljs) {
    const LITERALS = ["true", "false", "null"];
    const KEYWORDS = ["for", "in", "if", "else", "endif", "endfor"];
    const NUMBER = {scope: "number", match: /\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/, relevance: 0};
    const TEMPLATE = {scope: "subst", begin: /[$%]\{~?/, end: /~?\}/, keywords: {keyword: KEYWORDS, literal: LITERALS}, contains: []};
    const STRING = {scope: "string", begin: /"/, end: /"/, contains: [hljs.BACKSLASH_ESCAPE, TEMPLATE]};
    // <<EOT … EOT and <<-EOT … EOT: the closing word is the opening one
    const HEREDOC = hljs.END_SAME_AS_BEGIN({
        scope: "string", begin: /<<-?([A-Za-z_][\w-]*)$/, end: /^[ \t]*([A-Za-z_][\w-]*)$/, contains: [TEMPLATE],
    });
    const FUNCTION_CALL = {scope: "title.function", match: /\b[A-Za-z_][\w:-]*(?=\()/, relevance: 0};
    TEMPLATE.contains = [STRING, NUMBER, FUNCTION_CALL];
    return {
        name: "HCL",
        keywords: {keyword: KEYWORDS, literal: LITERALS},
        contains: [
            hljs.HASH_COMMENT_MODE,
            hljs.C_LINE_COMMENT_MODE,
            hljs.C_BLOCK_COMMENT_MODE,
            // resource "aws_instance" "web" {: the block's type, before its labels and brace
            {
                match: [/^[ \t]*/, IDENTIFIER, /(?=(?:[ \t]+(?:"[^"\n]*"|[A-Za-z_][\w-]*))*[ \t]*\{)/],
                scope: {2: "keyword"},
            },
            // name = value (not ==)
            {match: [IDENTIFIER, /[ \t]*/, /=(?!=)/], scope: {1: "attr", 3: "operator"}},
            HEREDOC,
            STRING,
            NUMBER,
            FUNCTION_CALL,
        ],
    };
}
