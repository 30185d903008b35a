// The trash: what the user deleted, newest first, with when it will be purged; each item restored as
// it was, or purged for good after a confirmation.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {announce, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDelete} from "./dialogs.js";

export async function showTrash(view) {
    document.title = "Trash — Snippet Store";
    const items = [];
    const list = h("ul", {id: "trash", class: "trash-list"});
    const more = h("button", {type: "button", id: "more-trash", class: "secondary", hidden: true}, "More");
    let cursor = null;

    async function loadPage(reset) {
        if (reset) {
            items.length = 0;
            cursor = null;
        }
        const page = await api("GET", apiPaths.trashList(new URLSearchParams(cursor ? {cursor} : {})));
        items.push(...page.data);
        cursor = page.meta.nextCursor;
        more.hidden = !cursor;
        replace(list, items.length === 0 ? h("li", {class: "muted", id: "trash-empty"}, "The trash is empty.") : items.map(item));
    }

    function item(snippet) {
        return h("li", {"data-id": snippet.id},
            h("div", {},
                h("strong", {}, snippet.title),
                h("span", {class: "muted"}, ` ${snippet.language} · deleted ${formatDate(snippet.deletedAt)} · purged ${formatDate(snippet.purgeAt)}`
                    + (snippet.attachmentCount ? ` · ${snippet.attachmentCount} attachment(s)` : ""))),
            h("div", {class: "actions"},
                h("button", {
                    type: "button", class: "secondary", "aria-label": `Restore ${snippet.title}`, onclick: async () => {
                        try {
                            await api("POST", apiPaths.trashRestore(snippet.id));
                            announce(`Restored “${snippet.title}”.`);
                            window.location.hash = viewPaths.snippet(snippet.id);
                        } catch (error) {
                            report(error);
                        }
                    },
                }, "Restore"),
                h("button", {
                    type: "button", class: "danger", "aria-label": `Delete for good: ${snippet.title}`,
                    onclick: () => confirmDelete(`Delete “${snippet.title}” for good, with its attachments and history? This cannot be undone.`,
                        "Delete for good", apiPaths.trashItem(snippet.id), () => loadPage(true)),
                }, "Delete for good")));
    }

    more.addEventListener("click", () => loadPage(false).catch(report));
    replace(view, h("h1", {}, "Trash"),
        h("p", {class: "muted"}, "Deleted snippets stay here, with their attachments and history, until they are purged."),
        list, more);
    await loadPage(true);
}
