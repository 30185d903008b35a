// The snippet form's code editor: CodeMirror 6 over the form's code textarea. The textarea stays
// the field (hidden): its value is the editor's text, read and written as before by drafts,
// saving and merging, and every change in the editor is an "input" event on it. Highlighting,
// line numbers, bracket matching and indentation follow the Language field; Ctrl+F searches the
// code; "Wrap long lines" is remembered in this browser. Tab indents; Esc, then Tab, moves on (the
// editor's own tab focus mode). Where the editor's modules cannot load, the textarea is the editor.
import {h} from "./dom.js";
import {languageNames} from "./languages.js";

/** The language's mode among CodeMirror's legacy modes: [file, export], by the language table's names. */
const MODES = {
    bash: ["shell", "shell"], shell: ["shell", "shell"], python: ["python", "python"], "python-repl": ["python", "python"],
    javascript: ["javascript", "javascript"], typescript: ["javascript", "typescript"], json: ["javascript", "json"],
    java: ["clike", "java"], c: ["clike", "c"], cpp: ["clike", "cpp"], csharp: ["clike", "csharp"], kotlin: ["clike", "kotlin"],
    scala: ["clike", "scala"], dart: ["clike", "dart"], objectivec: ["clike", "objectiveC"], go: ["go", "go"],
    rust: ["rust", "rust"], ruby: ["ruby", "ruby"], perl: ["perl", "perl"], lua: ["lua", "lua"], r: ["r", "r"],
    swift: ["swift", "swift"], groovy: ["groovy", "groovy"], yaml: ["yaml", "yaml"], xml: ["xml", "xml"], html: ["xml", "html"],
    css: ["css", "css"], scss: ["css", "sCSS"], less: ["css", "less"], sql: ["sql", "standardSQL"], pgsql: ["sql", "pgSQL"],
    mysql: ["sql", "mySQL"], sqlite: ["sql", "sqlite"], dockerfile: ["dockerfile", "dockerFile"],
    powershell: ["powershell", "powerShell"], nginx: ["nginx", "nginx"], toml: ["toml", "toml"], ini: ["properties", "properties"],
    properties: ["properties", "properties"], diff: ["diff", "diff"], http: ["http", "http"], protobuf: ["protobuf", "protobuf"],
    puppet: ["puppet", "puppet"], haskell: ["haskell", "haskell"], erlang: ["erlang", "erlang"], clojure: ["clojure", "clojure"],
    cmake: ["cmake", "cmake"], graphql: ["javascript", "javascript"], vbnet: ["vb", "vb"], tcl: ["tcl", "tcl"],
};

const WRAP_KEY = "snippets.editor.wrap";

/** The editor in the page's colours, light or dark as the page is (its variables); the code's own in app.css (.tok-*). */
const PAGE_THEME = (EditorView) => EditorView.theme({
    "&": {backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--border)", borderRadius: "8px", overflow: "hidden"},
    "&.cm-focused": {outline: "2px solid var(--accent)", outlineOffset: "1px"},
    ".cm-content": {caretColor: "var(--fg)"},
    ".cm-cursor, .cm-dropCursor": {borderLeftColor: "var(--fg)"},
    ".cm-gutters": {backgroundColor: "var(--bg)", color: "var(--muted)", borderRight: "1px solid var(--border)"},
    ".cm-scroller": {paddingTop: "0.3rem"},
    ".cm-activeLine": {backgroundColor: "var(--code-active-line)"},
    ".cm-activeLineGutter": {backgroundColor: "var(--code-active-line)", color: "var(--fg)"},
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": {backgroundColor: "var(--code-selection)"},
    ".cm-matchingBracket, &.cm-focused .cm-matchingBracket": {backgroundColor: "var(--code-bracket)", outline: "1px solid var(--muted)"},
    ".cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket": {color: "var(--error)"},
    ".cm-searchMatch": {backgroundColor: "var(--selected-line)", outline: "1px solid var(--muted)"},
    ".cm-panels": {backgroundColor: "var(--bg)", color: "var(--fg)"},
    ".cm-panels.cm-panels-top": {borderBottom: "1px solid var(--border)"},
    ".cm-panel.cm-search input, .cm-panel.cm-search button, .cm-panel.cm-search label": {fontSize: "0.9rem"},
    ".cm-textfield": {backgroundColor: "var(--card)", color: "var(--fg)", border: "1px solid var(--border)"},
    ".cm-button": {backgroundImage: "none", backgroundColor: "var(--card)", color: "var(--fg)", border: "1px solid var(--border)"},
});

/** Where the pages' CodeMirror modules are served: the directory above the view module the page preloads. */
function modulesBase() {
    const preload = document.getElementById("codemirror");
    return preload ? new URL("../", preload.href).href : null;
}

let modules = null;

/** CodeMirror's modules, loaded once. */
function loadModules(base) {
    modules ??= Promise.all(["state", "view", "language", "commands", "search", "lezer-highlight"]
        .map((name) => import(`${base}${name}/index.js`)))
        .then(([state, view, language, commands, search, highlight]) => ({state, view, language, commands, search, highlight}));
    return modules;
}

/** The mode for a language as typed ("sh", "Terraform"), or null to edit it as plain text. */
function modeOf(language) {
    const known = languageNames(language ?? "").map((name) => name.toLowerCase()).find((name) => MODES[name]);
    return known ? MODES[known] : null;
}

/**
 * Loads the editor's modules; resolves to a function that makes a textarea a code editor at once
 * (so that no one meets the textarea in between) and returns {setLanguage(name), view}, or to
 * null when the modules could not load (the textarea stays the editor).
 */
export async function loadCodeEditor() {
    const base = modulesBase();
    if (!base) {
        return null;
    }
    try {
        const cm = await loadModules(base);
        return (textarea) => codeEditor(cm, base, textarea);
    } catch {
        return null;
    }
}

function codeEditor(cm, base, textarea) {
    const slots = {language: new cm.state.Compartment(), wrap: new cm.state.Compartment()};
    // a change the textarea's value was set to: not echoed back to the textarea
    const fromField = cm.state.Annotation.define();
    const wrapped = localStorage.getItem(WRAP_KEY) === "true";
    const view = new cm.view.EditorView({
        state: cm.state.EditorState.create({
            doc: NATIVE_VALUE.get.call(textarea),
            extensions: extensions(cm, textarea, slots, fromField, wrapped),
        }),
    });
    bindField(textarea, view, fromField);
    place(textarea, view, wrapToggle(cm, view, slots.wrap, wrapped));
    return {setLanguage: languageSetter(cm, base, view, slots.language), view};
}

/** The textarea's own value, under the one the editor gives it. */
const NATIVE_VALUE = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");

/** What the editor does: the gutter, history, brackets, indentation, search, the keys, and every change told to the textarea. */
function extensions(cm, textarea, slots, fromField, wrapped) {
    const {EditorView, keymap} = cm.view;
    const {defaultKeymap, historyKeymap, indentWithTab} = cm.commands;
    return [
        cm.view.lineNumbers(), cm.view.highlightActiveLineGutter(), cm.view.highlightSpecialChars(), cm.commands.history(),
        cm.view.drawSelection(), cm.language.indentOnInput(), cm.language.bracketMatching(), cm.view.highlightActiveLine(),
        cm.search.highlightSelectionMatches(), cm.language.syntaxHighlighting(cm.highlight.classHighlighter),
        cm.language.indentUnit.of("    "), cm.search.search({top: true}),
        // Ctrl+Enter saves and closes (the form's key): not a blank line here
        keymap.of([...defaultKeymap.filter((binding) => binding.key !== "Mod-Enter"), ...historyKeymap, ...cm.search.searchKeymap, indentWithTab]),
        slots.language.of([]), slots.wrap.of(wrapped ? EditorView.lineWrapping : []), PAGE_THEME(EditorView),
        EditorView.contentAttributes.of({
            // tabindex: focusable as a field is, so that the scroller around it counts as reachable by keyboard
            id: "code", tabindex: "0", "aria-labelledby": "code-label", "aria-describedby": textarea.getAttribute("aria-describedby") ?? "",
            spellcheck: "false", autocapitalize: "off", autocorrect: "off",
        }),
        EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((transaction) => transaction.annotation(fromField))) {
                NATIVE_VALUE.set.call(textarea, update.state.doc.toString());
                textarea.dispatchEvent(new Event("input", {bubbles: true}));
            }
        }),
    ];
}

/** The field's value is the editor's text, both ways; focusing it, or marking it invalid, reaches the editor. */
function bindField(textarea, view, fromField) {
    Object.defineProperty(textarea, "value", {
        configurable: true,
        get: () => view.state.doc.toString(),
        set: (text) => {
            NATIVE_VALUE.set.call(textarea, text);
            if (text !== view.state.doc.toString()) {
                view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}, annotations: fromField.of(true)});
            }
        },
    });
    textarea.focus = () => view.focus();
    new MutationObserver(() => {
        const invalid = textarea.getAttribute("aria-invalid");
        invalid === null ? view.contentDOM.removeAttribute("aria-invalid") : view.contentDOM.setAttribute("aria-invalid", invalid);
    }).observe(textarea, {attributes: true, attributeFilter: ["aria-invalid"]});
}

/** "Wrap long lines", remembered in this browser. */
function wrapToggle(cm, view, slot, wrapped) {
    const wrap = h("input", {type: "checkbox", id: "code-wrap"});
    wrap.checked = wrapped;
    wrap.addEventListener("change", () => {
        localStorage.setItem(WRAP_KEY, String(wrap.checked));
        view.dispatch({effects: slot.reconfigure(wrap.checked ? cm.view.EditorView.lineWrapping : [])});
    });
    return h("label", {for: "code-wrap", class: "checkbox"}, wrap, " Wrap long lines");
}

/** The editor where the textarea was, under the field's label, with its tools below; the textarea hidden. */
function place(textarea, view, wrap) {
    const label = textarea.closest(".field")?.querySelector("label");
    if (label) {
        label.id = "code-label";
        label.removeAttribute("for");
        label.addEventListener("click", () => view.focus());
    }
    textarea.id = "code-text";
    textarea.setAttribute("aria-label", "Code");
    textarea.hidden = true;
    textarea.after(h("div", {class: "code-editor", id: "code-editor"}, view.dom),
        h("div", {class: "code-editor-tools"}, wrap, h("span", {class: "muted"}, "Ctrl+F searches the code")));
}

/** Highlighting and indentation by a language's mode, loaded when first asked for; plain text without one. */
function languageSetter(cm, base, view, slot) {
    let shown;
    return async (name) => {
        const mode = modeOf(name);
        const key = mode?.join(".") ?? null;
        if (key === shown) {
            return;
        }
        shown = key;
        let support = [];
        if (mode) {
            try {
                support = cm.language.StreamLanguage.define((await import(`${base}legacy-modes/${mode[0]}.js`))[mode[1]]);
            } catch {
                support = []; // plain text, as for a language without a mode
            }
        }
        if (shown === key) {
            view.dispatch({effects: slot.reconfigure(support)});
            view.contentDOM.dataset.language = key ?? "";
        }
    };
}
