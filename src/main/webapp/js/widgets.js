// The pieces the views share: the confirm dialog, "confirm, delete, then show the result", and the
// copy button with the status that says whether copying worked.
import {api} from "./api.js";
import {formatBytes, h, markRanges} from "./dom.js";
import {hcl} from "./hcl.js";
import {renderedText} from "./variables.js";
import {report} from "./notice.js";

/** Asks in a modal dialog; resolves to true when the user confirms. */
export function confirmDialog(question, confirmLabel, extra = null) {
    return new Promise((resolve) => {
        const dialog = h("dialog", {id: "confirm-dialog", "aria-labelledby": "confirm-question"},
            h("p", {id: "confirm-question"}, question),
            extra,
            h("div", {class: "actions"},
                h("button", {type: "button", id: "confirm-cancel", class: "secondary", onclick: () => dialog.close("cancel")}, "Cancel"),
                h("button", {type: "button", id: "confirm-ok", class: "danger", onclick: () => dialog.close("ok")}, confirmLabel)));
        dialog.addEventListener("close", () => {
            dialog.remove();
            resolve(dialog.returnValue === "ok");
        });
        document.body.append(dialog);
        dialog.showModal();
        dialog.querySelector("#confirm-cancel").focus();
    });
}

/** A table of records: a header per column ("" for a column of actions, named for screen readers only), then `rows` (a tbody). */
export function recordTable(id, columns, rows) {
    return h("table", {class: "records", id},
        h("thead", {}, h("tr", {}, columns.map((column) =>
            h("th", {scope: "col"}, column || h("span", {class: "visually-hidden"}, "Actions"))))),
        rows);
}

/** Asks first; once confirmed, DELETEs `path` and runs `done`. A failure is reported, nothing else happens. */
export async function confirmDelete(question, confirmLabel, path, done) {
    if (!await confirmDialog(question, confirmLabel)) {
        return;
    }
    try {
        await api("DELETE", path);
        await done();
    } catch (error) {
        report(error);
    }
}

/** Copies text to the clipboard; resolves to whether it worked. */
async function copyText(text) {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        const scratch = h("textarea", {class: "offscreen", "aria-hidden": "true"});
        scratch.value = text;
        document.body.append(scratch);
        scratch.select();
        const copied = document.execCommand("copy");
        scratch.remove();
        return copied;
    }
}

/**
 * A button that copies `text` (or what the function `text` gives when clicked, with an optional
 * `warning` after "Copied."), and the status where it says whether that worked; the view places both.
 */
export function copyButton({id, label, text, statusId, warning = () => ""}) {
    const status = h("span", {id: statusId, class: "muted", role: "status"});
    const button = h("button", {
        type: "button", id, class: "secondary", onclick: async () => {
            const copied = await copyText(typeof text === "function" ? text() : text);
            status.textContent = copied ? `Copied.${warning()}` : "Copy failed: select it and copy it by hand.";
        },
    }, label);
    return {button, status};
}

/** A strong password to give a new user or a reset: 18 random bytes as base64url (24 characters). */
export function generatedPassword() {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

/** The visibilities a snippet can have, with what each means to a reader. */
export const VISIBILITIES = [
    {value: "private", label: "Private: only you"},
    {value: "team", label: "Team: every signed-in user can read"},
    {value: "link", label: "Link: anyone with a share link can read"},
];

/** A select of the visibilities, showing `current`. */
export function visibilitySelect(id, current) {
    const select = h("select", {id}, VISIBILITIES.map((option) => h("option", {value: option.value}, option.label)));
    select.value = current ?? "private";
    return select;
}

/** A modal dialog with a heading and content; closing removes it. Resolves when it closes. */
export function showDialog(id, title, ...content) {
    return new Promise((resolve) => {
        const dialog = h("dialog", {id, "aria-labelledby": `${id}-title`},
            h("h2", {id: `${id}-title`}, title),
            ...content,
            h("div", {class: "actions"},
                h("button", {type: "button", id: `${id}-close`, class: "secondary", onclick: () => dialog.close()}, "Close")));
        dialog.addEventListener("close", () => {
            dialog.remove();
            resolve();
        });
        document.body.append(dialog);
        dialog.showModal();
    });
}

/** Names people give languages that highlight.js knows by another (its own aliases cover the rest). */
const MORE_ALIASES = {
    xml: ["vue", "svelte"], groovy: ["jenkinsfile"], protobuf: ["proto"], dockerfile: ["docker", "containerfile"],
    powershell: ["pwsh", "ps1"], dos: ["bat", "cmd", "batch"], nginx: ["nginxconf"],
};
let aliasesRegistered = false;

/** highlight.js with HCL and the aliases above, or undefined when it did not load. */
function highlighter() {
    const hljs = window.hljs;
    if (hljs && !aliasesRegistered) {
        hljs.registerLanguage("hcl", hcl);
        Object.entries(MORE_ALIASES).forEach(([languageName, aliases]) => hljs.getLanguage(languageName) && hljs.registerAliases(aliases, {languageName}));
        aliasesRegistered = true;
    }
    return hljs;
}

/**
 * Every name highlight.js knows the language `name` by (its key, its title, its aliases and the
 * ones above), lower-cased, `name` first: what a language filter matches, so that "js" finds
 * snippets whose language is "JavaScript" too. Just `name` for a language it does not know.
 */
export function languageNames(name) {
    const hljs = highlighter();
    const wanted = name.trim();
    const language = hljs?.getLanguage(wanted);
    if (!language) {
        return wanted ? [wanted] : [];
    }
    const candidates = [...hljs.listLanguages(), ...(language.aliases ?? []), ...Object.values(MORE_ALIASES).flat()];
    const names = candidates.filter((candidate) => hljs.getLanguage(candidate) === language).map((candidate) => candidate.toLowerCase());
    return [...new Set([wanted, language.name.toLowerCase(), ...names])];
}

/** What pasted code is guessed to be among, when nothing names its language: the common ones, so that a guess is rarely exotic. */
const GUESSED = ["bash", "python", "javascript", "typescript", "java", "sql", "yaml", "json", "xml", "dockerfile", "go", "rust", "ruby",
    "php", "powershell", "css", "c", "cpp", "csharp", "kotlin", "ini", "nginx", "makefile", "markdown"];

/** The language highlight.js finds most likely for `code`, or "" when it cannot tell; the user may change it. */
export function guessLanguage(code) {
    const hljs = highlighter();
    if (!hljs) {
        return "";
    }
    // "#!/bin/sh", "#!/usr/bin/env python3": the interpreter names it
    const shebang = code.match(/^#!\S*\/(\w+)(?:[ \t]+(\w+))?/);
    const interpreter = (shebang && (shebang[1] === "env" ? shebang[2] ?? "" : shebang[1]))?.replace(/\d+$/, "");
    if (interpreter && hljs.getLanguage(interpreter)) {
        return hljs.getLanguage(interpreter).name === "Bash" ? "bash" : interpreter;
    }
    const guess = hljs.highlightAuto(code, GUESSED.filter((name) => hljs.getLanguage(name)));
    return guess.relevance >= 5 ? guess.language : "";
}

/** The languages the code view highlights, by their names and the aliases above, for a Language field to suggest. */
export function knownLanguages() {
    const hljs = highlighter();
    return hljs ? [...new Set([...hljs.listLanguages(), ...Object.values(MORE_ALIASES).flat()])].sort() : [];
}

/** Shows the code in `element`, highlighted when highlight.js knows its language; never parsed as HTML. */
function highlight(element, language, code) {
    element.textContent = code;
    const hljs = highlighter();
    const name = language.toLowerCase();
    if (hljs?.getLanguage(name)) {
        element.classList.add(`language-${name}`);
        delete element.dataset.highlighted;
        hljs.highlightElement(element);
    }
}

/**
 * The highlighted code as one element per line (`data-line`, its number shown beside it by CSS),
 * each line continuing the spans left open by the line before: the numbers stay beside their
 * lines when long lines wrap. A final newline ends the last line rather than starting another.
 */
function splitLines(element) {
    const lines = [];
    const newLine = () => lines.push(h("span", {class: "line", "data-line": String(lines.length + 1)}));
    newLine();
    const visit = (node, ancestors) => {
        for (const child of [...node.childNodes]) {
            if (child.nodeType !== Node.TEXT_NODE) {
                visit(child, [...ancestors, child]);
                continue;
            }
            child.data.split("\n").forEach((part, index) => {
                if (index > 0) {
                    newLine();
                }
                if (part) {
                    const target = ancestors.reduce((parent, ancestor) => parent.appendChild(ancestor.cloneNode(false)), lines.at(-1));
                    target.append(part);
                }
            });
        }
    };
    visit(element, []);
    if (lines.length > 1 && lines.at(-1).textContent === "") {
        lines.pop();
    }
    element.style.setProperty("--digits", String(String(lines.length).length));
    element.replaceChildren(...lines);
}

const WRAP_KEY = "snippets.wrapCode";

const EXTENSIONS = {
    bash: "sh", shell: "sh", sh: "sh", zsh: "sh", python: "py", javascript: "js", typescript: "ts", java: "java",
    kotlin: "kt", go: "go", rust: "rs", ruby: "rb", c: "c", "c++": "cpp", cpp: "cpp", "c#": "cs", csharp: "cs",
    sql: "sql", html: "html", css: "css", json: "json", yaml: "yml", xml: "xml", markdown: "md", php: "php",
    swift: "swift", scala: "scala", dockerfile: "Dockerfile", docker: "Dockerfile", containerfile: "Dockerfile", powershell: "ps1",
    pwsh: "ps1", ps1: "ps1", lua: "lua", r: "r", terraform: "tf", hcl: "tf", tf: "tf", nginx: "conf", protobuf: "proto",
    proto: "proto", vue: "vue", svelte: "svelte", groovy: "groovy", jenkinsfile: "Jenkinsfile", makefile: "Makefile",
    make: "Makefile", ini: "ini", toml: "toml", properties: "properties", dos: "bat", bat: "bat", cmd: "cmd", yml: "yml",
    perl: "pl", haskell: "hs", elixir: "ex", erlang: "erl", clojure: "clj", dart: "dart", nix: "nix", http: "http",
    pgsql: "sql", cmake: "cmake", awk: "awk", vim: "vim", puppet: "pp", apache: "conf",
};

/** Languages whose file has a fixed name rather than an extension. */
const FILE_NAMES = new Set(["Dockerfile", "Jenkinsfile", "Makefile"]);

/** The file name a snippet's code downloads as: its title, made safe, with its language's extension. */
export function codeFilename(title, language) {
    const base = title.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "snippet";
    const extension = EXTENSIONS[language.trim().toLowerCase()] ?? "txt";
    return FILE_NAMES.has(extension) ? extension : `${base}.${extension}`;
}

/**
 * A snippet's code to read: highlighted, with line numbers, in one scroll area no taller than
 * most of the window; a wrap toggle remembered by this browser (the numbers stay, long lines
 * hang indented); copy, raw view and download. With a `fillIn` (fill-in.js) the code shows,
 * copies and downloads with its variables' values, marked. `lines`: the address of a line
 * (`href(n)`), and the line that address chose (`selected`), marked and scrolled to; a click on a
 * line's number chooses it.
 */
export function codeView({title, language, code, rawUrl, fillIn = null, lines = null}) {
    let shown = {text: code, ranges: [], missing: []};
    const missingWarning = () => shown.missing.length === 0 ? ""
        : ` Still without a value: ${shown.missing.join(", ")} (left as placeholders).`;
    const copy = copyButton({id: "copy", label: "Copy code", text: () => shown.text, statusId: "copy-status", warning: missingWarning});
    const codeElement = h("code", {id: "code"});
    // focusable, so that a keyboard can scroll it
    const block = h("div", {class: "code-scroll", id: "code-scroll", tabindex: "0", role: "region", "aria-label": `Code of ${title}`},
        h("pre", {class: "code"}, codeElement));
    let selected = lines?.selected ?? null;
    const markSelected = () => codeElement.querySelectorAll(".line").forEach((line) =>
        line.classList.toggle("selected", Number(line.dataset.line) === selected));
    codeElement.addEventListener("click", (event) => {
        const line = event.target.closest?.(".line");
        const numberWidth = line ? parseFloat(getComputedStyle(line).paddingLeft) : 0;
        if (lines && line && event.clientX - line.getBoundingClientRect().left < numberWidth) {
            selected = Number(line.dataset.line);
            history.replaceState(null, "", lines.href(selected));
            markSelected();
        }
    });
    const wrap = h("input", {type: "checkbox", id: "wrap-lines"});
    const apply = () => block.classList.toggle("wrapped", wrap.checked);
    wrap.checked = localStorage.getItem(WRAP_KEY) === "true";
    apply();
    wrap.addEventListener("change", () => {
        localStorage.setItem(WRAP_KEY, String(wrap.checked));
        apply();
    });
    const download = h("a", {download: codeFilename(title, language), class: "button secondary", id: "download-code"}, "Download");
    const show = () => {
        shown = fillIn ? renderedText(code, fillIn.values()) : shown;
        highlight(codeElement, language, shown.text);
        markRanges(codeElement, shown.ranges);
        splitLines(codeElement);
        markSelected();
        URL.revokeObjectURL(download.href);
        download.href = URL.createObjectURL(new Blob([shown.text], {type: "text/plain;charset=utf-8"}));
        copy.status.textContent = "";
    };
    show();
    fillIn?.onChange(show);
    if (selected) {
        // once the view is on the page: the chosen line in the middle of the code's own scroll area
        requestAnimationFrame(() => codeElement.querySelector(".line.selected")?.scrollIntoView({block: "center"}));
    }
    return h("div", {class: "code-block"},
        h("div", {class: "code-tools"},
            copy.status,
            h("label", {class: "toggle", for: "wrap-lines"}, wrap, " Wrap lines"),
            h("a", {href: rawUrl, class: "button secondary", id: "raw", target: "_blank", rel: "noopener"}, "Raw"),
            download,
            copy.button),
        block);
}

/** An attachment's line: its download link, size and type, and whatever `actions` follow. */
export function attachmentItem(attachment, ...actions) {
    return h("li", {},
        h("a", {href: attachment.downloadUrl, download: attachment.filename, class: "download"}, attachment.filename),
        h("span", {class: "muted"}, ` ${formatBytes(attachment.size)} · ${attachment.mimeType}`),
        ...actions);
}

/**
 * Markdown (notes, descriptions) as safe HTML: markdown-it with raw HTML off, so HTML in the text
 * stays text, then DOMPurify over what it made; links open in a new tab with rel="noopener
 * noreferrer". Without the libraries the text is shown as it is.
 */
export function markdown(text, attributes = {}) {
    const container = h("div", {...attributes, class: `markdown ${attributes.class ?? ""}`.trim()});
    if (!window.markdownit || !window.DOMPurify) {
        container.classList.add("plain");
        container.textContent = text;
        return container;
    }
    const html = window.markdownit({html: false, linkify: true, breaks: true}).render(text);
    const fragment = window.DOMPurify.sanitize(html, {RETURN_DOM_FRAGMENT: true});
    fragment.querySelectorAll("a[href]").forEach((link) => {
        link.setAttribute("rel", "noopener noreferrer");
        link.setAttribute("target", "_blank");
    });
    // a code block may scroll sideways: focusable, so that a keyboard can scroll it
    fragment.querySelectorAll("pre").forEach((block) => block.setAttribute("tabindex", "0"));
    container.append(fragment);
    return container;
}
