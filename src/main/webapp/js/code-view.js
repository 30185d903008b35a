// A snippet's code to read: highlighted, its lines numbered, in a scroll area of its own, with wrap,
// copy, raw view and download.
import {h, markRanges} from "./dom.js";
import {codeFilename, highlighter} from "./languages.js";
import {renderedText} from "./variables.js";
import {copyButton} from "./widgets.js";

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

/**
 * Why the code may not be taken, or null when it may: a command with a value still missing is never
 * copied or downloaded (a placeholder pasted into a shell runs as typed); its fields are marked.
 */
function refusalOf(missing, fillIn) {
    if (missing.length === 0) {
        return null;
    }
    fillIn.markMissing(missing);
    return `Fill in ${missing.join(", ")} first: nothing was taken.`;
}

/** The Download link: it says why instead, into `status`, while `refusal()` gives a reason. */
function downloadLink(filename, refusal, status) {
    return h("a", {download: filename, class: "button secondary", id: "download-code", onclick: (event) => {
        const refused = refusal();
        if (refused) {
            event.preventDefault();
            status.textContent = refused;
        }
    }}, "Download");
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
    const refusal = () => refusalOf(shown.missing, fillIn);
    const copy = copyButton({id: "copy", label: "Copy code", text: () => shown.text, statusId: "copy-status", refusal});
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
    const download = downloadLink(codeFilename(title, language), refusal, copy.status);
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
