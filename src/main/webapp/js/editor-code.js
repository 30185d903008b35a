// The editor's help with code: what its placeholders make (and what only looks like one), the
// code as it will be stored with them marked, and the languages to suggest.
import {api} from "./api.js";
import {h, markRanges, replace} from "./dom.js";
import {apiPaths} from "./paths.js";
import {parseCode, variablesOf} from "./variables.js";
import {knownLanguages} from "./languages.js";

/** The most malformed placeholders the editor names at once. */
const PLACEHOLDER_PROBLEMS_SHOWN = 5;

/**
 * What the editor says under the code of its placeholders: the variables they make, each as a
 * chip, and each stretch that looks meant as a placeholder but is not one, with its line and why.
 */
export function placeholderReport(code) {
    const variables = variablesOf(code);
    const problems = parseCode(code).filter((piece) => piece.problem);
    const describe = (variable) => variable.choices.length > 0 ? `${variable.name}: ${variable.choices.join(" | ")}`
        : variable.default !== null ? `${variable.name} = ${variable.default}` : variable.name;
    const lineOf = (offset) => code.slice(0, offset).split("\n").length;
    return [
        variables.length > 0 ? h("p", {id: "code-variables-found", class: "hint"}, "Variables: ",
            variables.map((variable) => h("code", {class: "placeholder-chip"}, describe(variable)))) : null,
        problems.length > 0 ? h("div", {id: "code-placeholder-problems", class: "field-error error"},
            h("p", {}, problems.length === 1 ? "This is not a placeholder, and stays as it is:" : "These are not placeholders, and stay as they are:"),
            h("ul", {}, problems.slice(0, PLACEHOLDER_PROBLEMS_SHOWN).map((problem) =>
                h("li", {}, `Line ${lineOf(problem.start)}: `, h("code", {}, code.slice(problem.start, Math.min(problem.end, problem.start + 80))),
                    ` (${problem.problem})`)),
                problems.length > PLACEHOLDER_PROBLEMS_SHOWN ? h("li", {}, `and ${problems.length - PLACEHOLDER_PROBLEMS_SHOWN} more`) : null)) : null,
    ];
}

/** The code as it will be stored, its placeholders marked (and what is not one, marked apart). */
export function codePreview(code) {
    const element = h("code", {});
    element.textContent = code;
    markRanges(element, parseCode(code).filter((piece) => piece.placeholder || piece.problem).map((piece) => ({
        start: piece.start, end: piece.end, className: piece.problem ? "placeholder-problem" : "placeholder",
        title: piece.problem ? `not a placeholder: ${piece.problem}` : piece.placeholder.name,
    })));
    // focusable, so that a keyboard can scroll a long line into view
    return h("pre", {id: "preview-code", class: "code-preview", tabindex: "0", "aria-label": "The code, its placeholders marked"}, element);
}

/** The Language field's suggestions: the languages in use among what the user can read first, then every one highlighted. */
export function languageSuggestions() {
    const list = h("datalist", {id: "language-suggestions"}, knownLanguages().map((name) => h("option", {value: name})));
    api("GET", apiPaths.snippetFacets(new URLSearchParams({scope: "all"}))).then(({data}) => {
        const inUse = data.languages.map((facet) => facet.name);
        const rest = [...list.options].filter((option) => !inUse.some((name) => name.toLowerCase() === option.value.toLowerCase()));
        replace(list, inUse.map((name) => h("option", {value: name})), rest);
    }).catch(() => {
        // the known languages are suggestion enough
    });
    return list;
}
