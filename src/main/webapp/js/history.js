// A snippet's history: its versions newest first (who, when, which fields), what a version changed
// (or the difference between any two), and, for whoever may change the snippet, restoring one after
// a confirmation. The diff comes from the API, field by field, code and notes line by line.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {announce, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDialog} from "./dialogs.js";

const SIGNS = {context: " ", removed: "−", added: "+"};

function fieldName(field) {
    return field[0].toUpperCase() + field.slice(1);
}

function shown(value) {
    if (value === null || value === undefined || value === "") {
        return "(empty)";
    }
    return Array.isArray(value) ? (value.length ? value.join(", ") : "(no tags)") : value;
}

/** One changed field: code and notes as unified hunks, the others as before → after. */
function fieldDiff(change) {
    if (change.replaced) {
        // more changed lines than a diff shows: the API gives both texts whole
        return h("section", {class: "field-diff", "data-field": change.field},
            h("h2", {class: "field-name"}, fieldName(change.field)),
            h("p", {class: "replaced-note"}, "Too many lines changed to show them one by one: the text before, then after."),
            h("pre", {class: "diff", tabindex: "0"}, h("span", {class: "removed"}, shown(change.from))),
            h("pre", {class: "diff", tabindex: "0"}, h("span", {class: "added"}, shown(change.to))));
    }
    if (change.hunks) {
        const rows = change.hunks.flatMap((hunk) => [
            h("span", {class: "hunk-head"}, `@@ −${hunk.fromLine},${hunk.fromCount} +${hunk.toLine},${hunk.toCount} @@\n`),
            ...hunk.lines.map((line) => h("span", {class: line.type},
                `${SIGNS[line.type]} ${line.text}${line.noNewline ? "  ⏎ no line break at the end" : ""}\n`)),
        ]);
        return h("section", {class: "field-diff", "data-field": change.field},
            // focusable, so that a keyboard can scroll a long line into view
            h("h2", {class: "field-name"}, fieldName(change.field)), h("pre", {class: "diff", tabindex: "0"}, rows));
    }
    return h("section", {class: "field-diff", "data-field": change.field},
        h("h2", {class: "field-name"}, fieldName(change.field)),
        h("p", {class: "value-change"},
            h("del", {class: "removed"}, shown(change.from)), " → ", h("ins", {class: "added"}, shown(change.to))));
}

export async function showHistory(view, id) {
    const loaded = await api("GET", apiPaths.snippet(id));
    const page = new HistoryPage(loaded.data);
    document.title = `History of “${page.snippet.title}” — Snippet Store`;
    replace(view, h("h1", {}, `History of “${page.snippet.title}”`),
        h("p", {}, h("a", {href: viewPaths.snippet(id), id: "back-to-snippet"}, "Back to the snippet")),
        h("div", {class: "history"}, h("div", {}, page.list, page.more), page.diff));
    await page.loadPage();
    await page.select(page.snippet.version);
}

/** The versions loaded so far (newest first), the one chosen, and what it changed. */
class HistoryPage {
    constructor(snippet) {
        this.snippet = snippet;
        this.mine = snippet.owner.id === me.userId;
        this.versions = [];
        this.list = h("ol", {id: "versions", class: "versions"});
        this.more = h("button", {type: "button", id: "more-versions", class: "secondary", hidden: true}, "Older versions");
        this.diff = h("div", {id: "version-diff", "aria-live": "polite"});
        this.cursor = null;
        this.selected = null;
        this.more.addEventListener("click", () => this.loadPage().catch(report));
    }

    async loadPage() {
        const page = await api("GET", apiPaths.revisions(this.snippet.id, new URLSearchParams(this.cursor ? {cursor: this.cursor} : {})));
        this.versions.push(...page.data);
        this.cursor = page.meta.nextCursor;
        this.more.hidden = !this.cursor;
        this.showVersions();
    }

    showVersions() {
        replace(this.list, this.versions.map((version) => this.item(version)));
    }

    item(version) {
        const changed = version.changedFields ? version.changedFields.join(", ") : "fields not recorded";
        const selected = version.version === this.selected;
        return h("li", {class: selected ? "selected" : ""},
            h("button", {
                type: "button", class: "link", id: `version-${version.version}`, "aria-pressed": String(selected),
                onclick: () => this.select(version.version),
            }, `Version ${version.version}`),
            h("span", {class: "muted"}, ` ${formatDate(version.createdAt)} · ${version.author.username ?? "unknown"} · ${changed}`),
            version.version === this.snippet.version ? h("span", {class: "chip"}, "current") : null);
    }

    /** Shows what `version` changed since the one before it (another may be chosen), and offers to restore it. */
    async select(version) {
        this.selected = version;
        this.showVersions();
        const {versions} = this;
        const older = versions.find((candidate) => candidate.version < version);
        const compareWith = h("select", {id: "compare-with", "aria-label": "Compare with version"},
            versions.filter((candidate) => candidate.version !== version)
                .map((candidate) => h("option", {value: String(candidate.version)}, `version ${candidate.version}`)));
        if (older) {
            compareWith.value = String(older.version);
        }
        compareWith.addEventListener("change", () => this.showDiff(Number(compareWith.value), version));
        const restore = this.mine && version !== this.snippet.version ? h("button", {
            type: "button", id: "restore-version", onclick: () => this.restoreVersion(version),
        }, `Restore version ${version}`) : null;
        replace(this.diff, h("div", {class: "toolbar"},
            versions.length > 1 ? h("label", {for: "compare-with"}, "Compared with ") : null,
            versions.length > 1 ? compareWith : null, restore),
        h("div", {id: "diff-fields"}));
        if (older || versions.length > 1) {
            await this.showDiff(Number(compareWith.value), version);
        } else {
            replace(this.diff.querySelector("#diff-fields"), h("p", {class: "muted"}, "The first version: nothing before it to compare."));
        }
    }

    async showDiff(from, to) {
        try {
            const {data} = await api("GET", apiPaths.revisionDiff(this.snippet.id, from, to));
            replace(this.diff.querySelector("#diff-fields"),
                h("p", {class: "muted", id: "diff-caption"}, `From version ${from} to version ${to}:`),
                data.fields.length ? data.fields.map(fieldDiff) : h("p", {class: "muted"}, "No differences."));
        } catch (error) {
            report(error);
        }
    }

    async restoreVersion(version) {
        const {snippet} = this;
        const question = `Restore version ${version}? Its title, description, notes, language, code and tags become `
            + `version ${snippet.version + 1}; version ${snippet.version} stays in the history. Who can read it does not change.`;
        if (!await confirmDialog(question, "Restore", null)) {
            return;
        }
        try {
            const restored = await api("POST", apiPaths.restoreRevision(snippet.id, version), {headers: {"If-Match": `"${snippet.version}"`}});
            announce(`Restored version ${version} as version ${restored.data.version}.`);
            window.location.hash = viewPaths.snippet(snippet.id);
        } catch (error) {
            report(error.status === 412 ? new Error("Someone changed this snippet meanwhile: reload the history first.") : error);
        }
    }
}
