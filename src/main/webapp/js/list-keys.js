// The keys of the pages: on the list, j or ↓ moves to the next result, k or ↑ to the one before,
// Enter opens it; anywhere, ? lists every key (app.js). Not while typing in a field, and not with a modifier.
import {h} from "./dom.js";
import {showDialog} from "./dialogs.js";

const SHORTCUTS = [
    ["/", "Search"], ["n", "New snippet"], ["j or ↓", "Next result"], ["k or ↑", "Result before"],
    ["Enter", "Open the result"], ["?", "These keys"], ["Ctrl+S", "Save, in the editor"], ["Ctrl+Enter", "Save and close, in the editor"],
    ["Ctrl+F", "Search the code, in the editor"], ["Esc, then Tab", "Leave the code, in the editor"],
];

/** Whether the key is the user's typing (or a dialog's) rather than a shortcut. */
function typing(event) {
    return Boolean(event.target.closest?.("input, textarea, select, [contenteditable], dialog"))
        || event.ctrlKey || event.metaKey || event.altKey;
}

/** The list of keys, in a dialog. */
export function showShortcuts() {
    return showDialog("shortcuts", "Keyboard shortcuts",
        h("dl", {class: "shortcuts"}, SHORTCUTS.flatMap(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, what)])));
}

/** Moves through the results that `container()` holds (cards or table rows) while the list is shown. */
export function listKeys(container) {
    const onKey = (event) => {
        if (!container().isConnected) {
            document.removeEventListener("keydown", onKey);
            return;
        }
        if (typing(event)) {
            return;
        }
        const step = {j: 1, ArrowDown: 1, k: -1, ArrowUp: -1}[event.key];
        const links = [...container().querySelectorAll(":scope > * a[href]:not(.chip)")]
            .filter((link) => !link.closest(".excerpt, .description"));
        if (!step || links.length === 0) {
            return;
        }
        event.preventDefault();
        const at = links.indexOf(document.activeElement);
        const next = links[at < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step))];
        next.focus();
        next.closest("li, tr")?.scrollIntoView({block: "nearest"});
    };
    document.addEventListener("keydown", onKey);
}
