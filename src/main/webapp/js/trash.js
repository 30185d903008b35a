// The trash: what the user deleted, newest first, with when it will be purged; each item restored as
// it was, or purged for good after a confirmation. Several chosen (or all of them) are restored at
// once, and "Empty the trash" purges everything in it; each asks first and says how it went.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {announce, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDelete, confirmDialog} from "./dialogs.js";

/** How many restores or purges are sent at once: quick for hundreds, without crowding the service. */
const AT_ONCE = 4;

export async function showTrash(view) {
    document.title = "Trash — Snippet Store";
    new TrashPage(view).loadPage(true).catch(report);
}

/** Runs `action` on each id, AT_ONCE at a time, telling `progress` how many are done; resolves to the ids that failed. */
async function eachOf(ids, action, progress) {
    const failed = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
        while (next < ids.length) {
            const id = ids[next++];
            try {
                await action(id);
            } catch {
                failed.push(id);
            }
            progress(++done);
        }
    };
    await Promise.all(Array.from({length: Math.min(AT_ONCE, ids.length)}, worker));
    return failed;
}

class TrashPage {
    constructor(view) {
        this.items = [];
        this.cursor = null;
        this.chosen = new Set();
        this.list = h("ul", {id: "trash", class: "trash-list"});
        this.more = h("button", {type: "button", id: "more-trash", class: "secondary", hidden: true,
            onclick: () => this.loadPage(false).catch(report)}, "More");
        this.status = h("p", {id: "trash-status", class: "muted", role: "status"});
        this.selectAll = h("input", {type: "checkbox", id: "trash-select-all", onchange: () => this.chooseAll(this.selectAll.checked)});
        this.restoreChosen = h("button", {type: "button", id: "trash-restore-chosen", class: "secondary", disabled: true,
            onclick: () => this.restoreMany()}, "Restore chosen");
        this.empty = h("button", {type: "button", id: "trash-empty-all", class: "danger", onclick: () => this.emptyTrash()}, "Empty the trash");
        this.tools = h("div", {class: "actions trash-tools", hidden: true},
            h("label", {class: "toggle", for: "trash-select-all"}, this.selectAll, " Choose all"),
            this.restoreChosen, this.empty);
        replace(view, h("h1", {}, "Trash"),
            h("p", {class: "muted"}, "Deleted snippets stay here, with their attachments and history, until they are purged."),
            this.tools, this.status, this.list, this.more);
    }

    async loadPage(reset) {
        if (reset) {
            this.items.length = 0;
            this.cursor = null;
            this.chosen.clear();
        }
        const page = await api("GET", apiPaths.trashList(new URLSearchParams(this.cursor ? {cursor: this.cursor} : {})));
        this.items.push(...page.data);
        this.cursor = page.meta.nextCursor;
        this.render();
    }

    render() {
        this.more.hidden = !this.cursor;
        this.tools.hidden = this.items.length === 0;
        replace(this.list, this.items.length === 0
            ? h("li", {class: "muted", id: "trash-empty"}, "The trash is empty.") : this.items.map((snippet) => this.item(snippet)));
        this.showChoice();
    }

    showChoice() {
        this.restoreChosen.disabled = this.chosen.size === 0;
        this.restoreChosen.textContent = this.chosen.size === 0 ? "Restore chosen" : `Restore ${this.chosen.size} chosen`;
        this.selectAll.checked = this.items.length > 0 && this.chosen.size === this.items.length && !this.cursor;
    }

    /** Every snippet in the trash chosen (the pages not loaded yet are loaded first), or none. */
    async chooseAll(all) {
        try {
            while (all && this.cursor) {
                await this.loadPage(false);
            }
            this.chosen = all ? new Set(this.items.map((snippet) => snippet.id)) : new Set();
            this.render();
        } catch (error) {
            report(error);
        }
    }

    item(snippet) {
        const box = h("input", {type: "checkbox", class: "select", "aria-label": `Choose “${snippet.title}”`});
        box.checked = this.chosen.has(snippet.id);
        box.addEventListener("change", () => {
            box.checked ? this.chosen.add(snippet.id) : this.chosen.delete(snippet.id);
            this.showChoice();
        });
        return h("li", {"data-id": snippet.id},
            h("div", {}, box, " ",
                h("strong", {}, snippet.title),
                h("span", {class: "muted"}, ` ${snippet.language} · deleted ${formatDate(snippet.deletedAt)} · purged ${formatDate(snippet.purgeAt)}`
                    + (snippet.attachmentCount ? ` · ${snippet.attachmentCount} attachment(s)` : ""))),
            h("div", {class: "actions"},
                h("button", {type: "button", class: "secondary", "aria-label": `Restore ${snippet.title}`, onclick: () => this.restoreOne(snippet)},
                    "Restore"),
                h("button", {
                    type: "button", class: "danger", "aria-label": `Delete for good: ${snippet.title}`,
                    onclick: () => confirmDelete(`Delete “${snippet.title}” for good, with its attachments and history? This cannot be undone.`,
                        "Delete for good", apiPaths.trashItem(snippet.id), () => this.loadPage(true)),
                }, "Delete for good")));
    }

    async restoreOne(snippet) {
        try {
            await api("POST", apiPaths.trashRestore(snippet.id));
            announce(`Restored “${snippet.title}”.`);
            window.location.hash = viewPaths.snippet(snippet.id);
        } catch (error) {
            report(error);
        }
    }

    async restoreMany() {
        const ids = [...this.chosen];
        if (!await confirmDialog(`Restore ${ids.length} snippet${ids.length === 1 ? "" : "s"} to your list, as they were?`, "Restore")) {
            return;
        }
        await this.runOnAll(ids, (id) => api("POST", apiPaths.trashRestore(id)), "Restoring", "restored");
    }

    /** Everything in the trash, every page of it, purged for good after one question naming how many. */
    async emptyTrash() {
        try {
            while (this.cursor) {
                await this.loadPage(false);
            }
        } catch (error) {
            report(error);
            return;
        }
        const ids = this.items.map((snippet) => snippet.id);
        if (ids.length === 0 || !await confirmDialog(
            `Delete all ${ids.length} snippet${ids.length === 1 ? "" : "s"} in the trash for good, with their attachments and history? `
                + "This cannot be undone.", "Empty the trash")) {
            return;
        }
        await this.runOnAll(ids, (id) => api("DELETE", apiPaths.trashItem(id)), "Deleting", "deleted for good");
    }

    async runOnAll(ids, action, doing, done) {
        this.tools.querySelectorAll("button, input").forEach((control) => control.disabled = true);
        const failed = await eachOf(ids, action, (count) => this.status.textContent = `${doing}: ${count} of ${ids.length}…`);
        this.status.textContent = failed.length === 0 ? `${ids.length} ${done}.`
            : `${ids.length - failed.length} of ${ids.length} ${done}; ${failed.length} could not be (changed meanwhile?): they are still here.`;
        this.tools.querySelectorAll("button, input").forEach((control) => control.disabled = false);
        await this.loadPage(true).catch(report);
    }
}
