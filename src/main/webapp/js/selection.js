// Several of one's own snippets at once, chosen in the list (a shift-click chooses the range since
// the last one, "Choose all" every match, not only those loaded): add, remove or rename a tag,
// change who reads them, add them to a collection (one's own, or one shared with one to add to),
// or delete them (to the trash, with an undo). Each change is sent under its snippet's version, so
// one changed meanwhile elsewhere is left alone and named, never overwritten.
import {api} from "./api.js";
import {h} from "./dom.js";
import {inform, report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDialog} from "./dialogs.js";
import {pathName} from "./collections.js";

/** How many snippets one request adds to a collection (the API's limit). */
const ADDED_PER_REQUEST = 100;

/** The most "Choose all" takes: each change is a request a snippet. */
const CHOSEN_AT_MOST = 1000;

/** "1 snippet", "3 snippets". */
function count(n) {
    return `${n} snippet${n === 1 ? "" : "s"}`;
}

/**
 * The selection of a list and its action bar. `checkbox(snippet)` is the box for a listed snippet
 * of one's own; `done()` is called after an action, to show the list again; `collections` holds
 * one's own (`own`) and others' shared with one (`shared`), to add the selection to;
 * `allMatches(limit)` resolves to every snippet of one's own that the list's filters match, `limit` at most.
 */
export function selectionBar(done, collections, allMatches) {
    return new Selection(done, collections, allMatches);
}

class Selection {
    constructor(done, collections, allMatches) {
        this.done = done;
        this.allMatches = allMatches;
        this.chosen = new Map();
        this.lastBox = null;
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
            h("button", {type: "button", id: "selection-all", class: "link", onclick: () => this.chooseAll()}, "Choose all that match"),
            h("button", {type: "button", id: "selection-tag", class: "secondary", onclick: () => this.addTag()}, "Add a tag"),
            h("button", {type: "button", id: "selection-untag", class: "secondary", onclick: () => this.removeTag()}, "Remove a tag"),
            h("button", {type: "button", id: "selection-rename-tag", class: "secondary", onclick: () => this.renameTag()}, "Rename a tag"),
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
        box.snippet = snippet;
        box.addEventListener("click", (event) => {
            // shift: every box from the one clicked before to this one takes this one's state
            const boxes = [...document.querySelectorAll("#results input.select, #results-table input.select")];
            const [from, to] = [boxes.indexOf(this.lastBox), boxes.indexOf(box)].sort((a, b) => a - b);
            const range = event.shiftKey && this.lastBox && from >= 0 ? boxes.slice(from, to + 1) : [box];
            range.forEach((each) => {
                each.checked = box.checked;
                box.checked ? this.chosen.set(each.snippet.id, each.snippet) : this.chosen.delete(each.snippet.id);
            });
            this.lastBox = box;
            this.changed();
        });
        return box;
    }

    /** Every snippet of one's own that the list matches, the pages not loaded too. */
    async chooseAll() {
        try {
            const all = await this.allMatches(CHOSEN_AT_MOST + 1);
            all.slice(0, CHOSEN_AT_MOST).forEach((snippet) => this.chosen.set(snippet.id, snippet));
            document.querySelectorAll("#results input.select, #results-table input.select").forEach((box) => box.checked = true);
            this.changed();
            if (all.length > CHOSEN_AT_MOST) {
                inform(`Chose the first ${CHOSEN_AT_MOST}: narrow the list to change more at once.`);
            }
        } catch (error) {
            report(error);
        }
    }

    changed() {
        this.status.textContent = `${count(this.chosen.size)} selected`;
        this.bar.hidden = this.chosen.size === 0;
    }

    clear() {
        this.chosen.clear();
        this.lastBox = null;
        document.querySelectorAll("#results input.select, #results-table input.select").forEach((box) => box.checked = false);
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

    /** Takes one of the tags the chosen snippets carry off all of them. */
    async removeTag() {
        const tags = [...new Set([...this.chosen.values()].flatMap((snippet) => snippet.tags))].sort();
        if (tags.length === 0) {
            inform("None of them has a tag.");
            return;
        }
        const choice = h("select", {id: "selection-untag-name"}, tags.map((tag) => h("option", {value: tag}, tag)));
        if (!await confirmDialog(`Remove a tag from ${count(this.chosen.size)}?`, "Remove tag",
            h("p", {}, h("label", {for: "selection-untag-name"}, "Tag"), choice))) {
            return;
        }
        const tag = choice.value;
        this.keepOnly((snippet) => snippet.tags.includes(tag));
        await this.patchEach((snippet) => ({tags: snippet.tags.filter((other) => other !== tag)}), `Took “${tag}” off`);
    }

    /** Renames a tag on the chosen snippets that carry it (merging it into the new name where both are there). */
    async renameTag() {
        const from = h("input", {id: "selection-rename-from", autocomplete: "off"});
        const to = h("input", {id: "selection-rename-to", autocomplete: "off"});
        if (!await confirmDialog(`Rename a tag on ${count(this.chosen.size)}?`, "Rename tag", [
            h("p", {}, h("label", {for: "selection-rename-from"}, "Tag"), from),
            h("p", {}, h("label", {for: "selection-rename-to"}, "New name"), to)])) {
            return;
        }
        const [old, renamed] = [from.value.trim().toLowerCase(), to.value.trim().toLowerCase()];
        if (!old || !renamed || old === renamed) {
            return;
        }
        this.keepOnly((snippet) => snippet.tags.includes(old));
        await this.patchEach((snippet) => ({tags: [...new Set(snippet.tags.map((tag) => tag === old ? renamed : tag))]}),
            `Renamed “${old}” to “${renamed}” on`);
    }

    /** Only the chosen snippets a change concerns stay chosen. */
    keepOnly(concerned) {
        [...this.chosen.values()].filter((snippet) => !concerned(snippet)).forEach((snippet) => this.chosen.delete(snippet.id));
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
