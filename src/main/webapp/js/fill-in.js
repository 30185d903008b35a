// Filling in a snippet's variables in the page: a form with a field per variable (its default
// filled in, a pick list as a select), whose values show at once in the highlighted code, in the
// notes' code blocks, and in what Copy and Download take. The values typed are kept per snippet in
// this browser.
import {h, markRanges} from "./dom.js";
import {renderedText} from "./variables.js";
import {codeView} from "./code-view.js";
import {markdown} from "./widgets.js";

const valuesKey = (snippetId) => `snippets.values.${snippetId}`;

/**
 * The form of `variables` (as the API lists them) for the snippet `snippetId`. `values()` maps each
 * variable with a value to it (an empty field falls back to the variable's default, or has no value yet);
 * `onChange(listener)` calls the listener after every change.
 */
function variablesForm(snippetId, variables) {
    const remembered = JSON.parse(localStorage.getItem(valuesKey(snippetId)) ?? "{}");
    const listeners = [];
    const controls = variables.map((variable, index) => {
        const id = `variable-${index}`;
        const control = variable.choices.length > 0
            ? h("select", {id, name: variable.name}, variable.choices.map((choice) => h("option", {value: choice}, choice === "" ? "(empty)" : choice)))
            : h("input", {id, name: variable.name, autocomplete: "off", spellcheck: "false", placeholder: variable.default === null ? "needs a value" : ""});
        const stored = remembered[variable.name];
        control.value = typeof stored === "string" && (variable.choices.length === 0 || variable.choices.includes(stored))
            ? stored : (variable.default ?? "");
        return {variable, control, row: h("div", {class: "field"}, h("label", {for: id}, variable.name), control)};
    });
    // an empty field takes the variable's default, as the server's rendering does; without one it has no value yet
    const values = () => new Map(controls
        .map(({control, variable}) => [variable.name, control.value !== "" || variable.choices.length > 0 ? control.value : variable.default])
        .filter(([, value]) => value !== null));
    /** The fields of these variables marked as needing a value, the first focused; a value typed takes the mark off. */
    const markMissing = (names) => {
        const missing = controls.filter(({variable}) => names.includes(variable.name));
        controls.forEach(({control, variable}) => names.includes(variable.name)
            ? control.setAttribute("aria-invalid", "true") : control.removeAttribute("aria-invalid"));
        missing[0]?.control.focus();
    };
    const changed = () => {
        controls.filter(({control}) => control.value !== "").forEach(({control}) => control.removeAttribute("aria-invalid"));
        localStorage.setItem(valuesKey(snippetId), JSON.stringify(Object.fromEntries(controls
            .filter(({control}) => control.value !== "").map(({control, variable}) => [variable.name, control.value]))));
        listeners.forEach((listener) => listener());
    };
    const reset = h("button", {
        type: "button", id: "variables-reset", class: "secondary", onclick: () => {
            controls.forEach(({control, variable}) => control.value = variable.default ?? "");
            changed();
        },
    }, "Reset to defaults");
    // a select chosen by script (or some keyboards) may tell only "change"
    controls.forEach(({control}) => ["input", "change"].forEach((event) => control.addEventListener(event, changed)));
    const form = h("form", {id: "variables-form", class: "variables-form", "aria-labelledby": "variables-title", onsubmit: (event) => event.preventDefault()},
        h("h2", {id: "variables-title"}, "Fill in"),
        h("p", {class: "hint muted"}, "The code, Copy and Download use these values."),
        controls.map(({row}) => row),
        h("div", {class: "actions"}, reset));
    return {form, values, markMissing, onChange: (listener) => listeners.push(listener)};
}

/** The notes' code blocks, kept up to date with the form's values (a placeholder of another name keeps its own default). */
function fillNotesCodeBlocks(notes, fillIn) {
    const blocks = [...notes.querySelectorAll("pre code")].map((block) => ({block, code: block.textContent}));
    const update = () => blocks.forEach(({block, code}) => {
        const {text, ranges} = renderedText(code, fillIn.values());
        block.textContent = text;
        markRanges(block, ranges);
    });
    update();
    fillIn.onChange(update);
}

/** Per shown snippet: the form of its variables, if it has any (the notes read it too). */
const forms = new WeakMap();

/** The snippet's code view (`lines` as codeView takes them), and beside it the form of its variables when it has some. */
export function codeWithVariables(snippet, rawUrl, lines = null) {
    const view = {title: snippet.title, language: snippet.language, code: snippet.code, rawUrl, lines};
    if (snippet.variables.length === 0) {
        return codeView(view);
    }
    const fillIn = variablesForm(snippet.id, snippet.variables);
    forms.set(snippet, fillIn);
    return h("div", {class: "code-with-variables"}, fillIn.form, codeView({...view, fillIn}));
}

/** The snippet's notes, their code blocks filled in like the code; null without notes. */
export function notesOf(snippet) {
    if (!snippet.notes) {
        return null;
    }
    const notes = markdown(snippet.notes, {id: "notes", class: "notes"});
    const fillIn = forms.get(snippet);
    if (fillIn) {
        fillNotesCodeBlocks(notes, fillIn);
    }
    return h("section", {"aria-labelledby": "notes-title"}, h("h2", {id: "notes-title"}, "Notes"), notes);
}
