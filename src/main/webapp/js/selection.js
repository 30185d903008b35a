// Several of one's own snippets at once, chosen in the list: tag them, change who reads them, add
// them to a collection (one's own, or one shared with one to add to), or delete them (to the trash,
// with an undo). Each change is sent under its snippet's version, so
// one changed meanwhile elsewhere is left alone and named, never overwritten.
import {api} from "./api.js";
import {h} from "./dom.js";
import {inform, report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDialog} from "./dialogs.js";
import {pathName} from "./collections.js";

/** How many snippets one request adds to a collection (the API's limit). */
const ADDED_PER_REQUEST = 100;

/** "1 snippet", "3 snippets". */
function count(n) {
    return `${n} snippet${n === 1 ? "" : "s"}`;
}

/**
 * The selection of a list and its action bar. `checkbox(snippet)` is the box for a listed snippet
 * of one's own; `done()` is called after an action, to show the list again; `collections` holds
 * one's own (`own`) and others' shared with one (`shared`), to add the selection to.
 */
export function selectionBar(done, collections) {
    return new Selection(done, collections);
}

class Selection {
    constructor(done, collections) {
        this.done = done;
        this.chosen = new Map();
        this.status = h("span", {id: "selection-count", role: "status"});
        const visibility = h("select", {id: "selection-visibility", "aria-label": "Who can read the selected snippets"},
            h("option", {value: ""}, "Who can read them…"),
            h("option", {value: "private"}, "Private: only me"),
            h("option", {value: "link"}, "Whoever has a link"),
            h("option", {value: "team"}, "The whole team"));
        visibility.addEventListener("change", async () => {
            const value = visibility.value;
            visibility.value = "";
            if (value) {
                await this.patchEach(() => ({visibility: value}), `Made ${value}:`);
            }
        });
        this.bar = h("div", {id: "selection-bar", class: "selection-bar actions", hidden: true},
            this.status,
            h("button", {type: "button", id: "selection-tag", class: "secondary", onclick: () => this.addTag()}, "Add a tag"),
            visibility,
            this.collectionChoice(collections),
            h("button", {type: "button", id: "selection-delete", class: "danger", onclick: () => this.remove()}, "Delete"),
            h("button", {type: "button", id: "selection-clear", class: "link", onclick: () => this.clear()}, "Clear selection"));
    }

    /** "Add to a collection…": one's own by their path, and those shared with one to add one's own snippets to. Nothing when there are none. */
    collectionChoice({own, shared}) {
        const writable = shared.filter((collection) => collection.access === "write");
        if (own.length === 0 && writable.length === 0) {
            return null;
        }
        const choice = h("select", {id: "selection-collection", "aria-label": "Add the selected snippets to a collection"},
            h("option", {value: ""}, "Add to a collection…"),
            [...own].sort((a, b) => pathName(a).localeCompare(pathName(b)))
                .map((collection) => h("option", {value: collection.id}, pathName(collection))),
            writable.map((collection) => h("option", {value: collection.id}, `${collection.name} (${collection.owner.username}'s)`)));
        choice.addEventListener("change", async () => {
            const id = choice.value;
            const name = choice.selectedOptions[0].textContent;
            choice.value = "";
            if (id) {
                await this.addToCollection(id, name);
            }
        });
        return choice;
    }

    /** Adds the chosen snippets to a collection, at its end (those already in it stay where they are). */
    async addToCollection(id, name) {
        const ids = [...this.chosen.keys()];
        try {
            for (let from = 0; from < ids.length; from += ADDED_PER_REQUEST) {
                await api("POST", apiPaths.collectionSnippets(id, ""), {body: {snippetIds: ids.slice(from, from + ADDED_PER_REQUEST)}});
            }
            this.clear();
            await this.done();
            inform(`Added ${count(ids.length)} to “${name}”.`);
        } catch (error) {
            report(error);
        }
    }

    checkbox(snippet) {
        const box = h("input", {type: "checkbox", class: "select", "aria-label": `Select “${snippet.title}”`});
        box.checked = this.chosen.has(snippet.id);
        box.addEventListener("change", () => {
            if (box.checked) {
                this.chosen.set(snippet.id, snippet);
            } else {
                this.chosen.delete(snippet.id);
            }
            this.changed();
        });
        return box;
    }

    changed() {
        this.status.textContent = `${count(this.chosen.size)} selected`;
        this.bar.hidden = this.chosen.size === 0;
    }

    clear() {
        this.chosen.clear();
        document.querySelectorAll("#results input.select").forEach((box) => box.checked = false);
        this.changed();
    }

    /** Applies `change(snippet)` (a PATCH body) to each chosen snippet under its version; says which were changed meanwhile. */
    async patchEach(change, what) {
        const snippets = [...this.chosen.values()];
        const results = await Promise.allSettled(snippets.map((snippet) =>
            api("PATCH", apiPaths.snippet(snippet.id), {body: change(snippet), headers: {"If-Match": `"${snippet.version}"`}})));
        const refused = snippets.filter((snippet, index) => results[index].status === "rejected");
        this.clear();
        await this.done();
        if (refused.length === 0) {
            inform(`${what} ${count(snippets.length)}.`);
        } else {
            report(new Error(`${what} ${count(snippets.length - refused.length)}; not ${refused.map((snippet) => `“${snippet.title}”`).join(", ")}, `
                + "changed meanwhile or refused: open them to see why."));
        }
    }

    async addTag() {
        const input = h("input", {id: "selection-tag-name", autocomplete: "off"});
        if (!await confirmDialog(`Add a tag to ${count(this.chosen.size)}?`, "Add tag",
            h("p", {}, h("label", {for: "selection-tag-name"}, "Tag"), input))) {
            return;
        }
        const tag = input.value.trim().toLowerCase();
        if (tag) {
            await this.patchEach((snippet) => ({tags: [...new Set([...snippet.tags, tag])]}), `Tagged “${tag}”:`);
        }
    }

    /** Deletes the chosen snippets (to the trash), with an undo for a minute. */
    async remove() {
        const snippets = [...this.chosen.values()];
        if (!await confirmDialog(`Delete ${count(snippets.length)}? They go to the trash with their attachments, where you can restore them.`,
            `Delete ${count(snippets.length)}`)) {
            return;
        }
        const results = await Promise.allSettled(snippets.map((snippet) => api("DELETE", apiPaths.snippet(snippet.id))));
        const deleted = snippets.filter((snippet, index) => results[index].status === "fulfilled");
        this.clear();
        await this.done();
        inform(`Deleted ${count(deleted.length)}.`, {
            id: "undo-delete", label: "Undo", seconds: 60, run: async () => {
                await Promise.all(deleted.map((snippet) => api("POST", apiPaths.trashRestore(snippet.id))));
                await this.done();
                inform(`Restored ${count(deleted.length)}.`);
            },
        });
    }
}
