// The pieces the views share: record tables, the copy button with the status that says whether
// copying worked, generated passwords, the visibility select, attachments' lines and Markdown.
import {formatBytes, h} from "./dom.js";

/** A table of records: a header per column ("" for a column of actions, named for screen readers only), then `rows` (a tbody). */
export function recordTable(id, columns, rows) {
    return h("table", {class: "records", id},
        h("thead", {}, h("tr", {}, columns.map((column) =>
            h("th", {scope: "col"}, column || h("span", {class: "visually-hidden"}, "Actions"))))),
        rows);
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
export function copyButton({id, label, text, statusId, refusal = () => null}) {
    const status = h("span", {id: statusId, class: "muted", role: "status"});
    const button = h("button", {
        type: "button", id, class: "secondary", onclick: async () => {
            const refused = refusal();
            if (refused) {
                status.textContent = refused;
                return;
            }
            const copied = await copyText(typeof text === "function" ? text() : text);
            status.textContent = copied ? "Copied." : "Copy failed: select it and copy it by hand.";
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
const VISIBILITIES = [
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
