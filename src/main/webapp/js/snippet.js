// One snippet: highlighted code with a copy button, its notes and description as plain text, its
// tags, and its attachments. Its owner also edits and deletes it, uploads and deletes attachments,
// chooses who can read it and shares it by link; a member of a group it is shared with for
// writing also edits it; everyone else who can read it sees it read-only.
import {api, upload} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {announce, inform, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {showShareDialog} from "./share.js";
import {codeWithVariables, notesOf} from "./fill-in.js";
import {confirmDelete} from "./dialogs.js";
import {attachmentItem, markdown, visibilitySelect} from "./widgets.js";
import {ownCollections, pathName} from "./collections.js";

/** One snippet; `params` may choose a line of its code (`line`). */
export async function showSnippet(view, id, params = new URLSearchParams()) {
    const address = window.location.hash;
    const loaded = await api("GET", apiPaths.snippet(id));
    if (window.location.hash !== address) {
        return; // the user went on meanwhile: the view is another page's now
    }
    const page = new SnippetPage(loaded);
    document.title = `${page.snippet.title} — Snippet Store`;
    replace(view, page.article(Number(params.get("line")) || null));
    await page.loadAttachments();
    await page.loadCollectionChoices();
}

/** One snippet as its page shows it, with the version its visibility control changes (its ETag). */
class SnippetPage {
    constructor(loaded) {
        this.snippet = loaded.data;
        this.etag = loaded.etag;
        this.mine = this.snippet.owner.id === me.userId;
        this.editable = this.snippet.access !== "read"; // its owner, or a member of a group it is shared with for writing
        this.attachments = h("ul", {id: "attachments", class: "attachments"});
        this.visibility = visibilitySelect("snippet-visibility", this.snippet.visibility);
        this.visibilityStatus = h("span", {id: "visibility-status", class: "muted", role: "status"});
        this.visibility.addEventListener("change", () => this.changeVisibility(this.visibility.value));
        this.collectionChoice = h("select", {id: "add-to-collection"}, h("option", {value: ""}, "Add to a collection…"));
        this.collectionChoice.addEventListener("change", () => this.addToCollection(this.collectionChoice.value));
    }

    article(selectedLine) {
        const {snippet, mine} = this;
        return h("article", {class: "snippet"},
            this.header(),
            mine ? h("div", {class: "visibility"},
                h("label", {for: "snippet-visibility"}, "Who can read it"), this.visibility, this.visibilityStatus) : null,
            snippet.description ? markdown(snippet.description, {id: "description", class: "description"}) : null,
            h("div", {class: "chips", id: "tags"}, snippet.tags.map((tag) => h("a", {
                href: viewPaths.tag(tag), class: "chip", "aria-label": `All snippets tagged ${tag}`,
            }, tag))),
            codeWithVariables(snippet, apiPaths.snippetRaw(snippet.id),
                {href: (line) => viewPaths.snippetLine(snippet.id, line), selected: selectedLine}),
            notesOf(snippet),
            this.collectionsSection(),
            h("section", {"aria-labelledby": "attachments-title"},
                h("h2", {id: "attachments-title"}, "Attachments"),
                this.attachments,
                mine ? this.uploadField() : null));
    }

    /** The title, what the snippet is and whose, and what the caller may do with it. */
    header() {
        const {snippet, mine, editable} = this;
        const byline = mine ? "" : ` · by ${snippet.owner.username} · ${editable ? "you may edit it" : "read-only"}`;
        const history = h("a", {href: viewPaths.history(snippet.id), class: "button secondary", id: "history"}, "History");
        const edit = editable ? h("a", {href: viewPaths.edit(snippet.id), class: "button", id: "edit"}, "Edit") : null;
        const star = h("button", {
            type: "button", id: "star", class: "secondary", "aria-pressed": String(snippet.starred),
            onclick: () => this.toggle(apiPaths.snippetStar(snippet.id), snippet.starred),
        }, snippet.starred ? "★ Starred" : "☆ Star", snippet.stars ? ` (${snippet.stars})` : "");
        const pin = mine ? h("button", {
            type: "button", id: "pin", class: "secondary", "aria-pressed": String(snippet.pinned),
            onclick: () => this.toggle(apiPaths.snippetPin(snippet.id), snippet.pinned),
        }, snippet.pinned ? "Unpin" : "Pin to the top") : null;
        return h("header", {class: "snippet-header"},
            h("div", {},
                h("h1", {id: "snippet-title"}, snippet.title),
                h("p", {class: "meta"}, `${snippet.language} · version ${snippet.version} · updated ${formatDate(snippet.updatedAt)}${byline}`)),
            mine ? h("div", {class: "actions"},
                h("button", {
                    type: "button", id: "share", class: "secondary",
                    onclick: () => showShareDialog(snippet, (value) => this.changeVisibility(value)),
                }, "Share"),
                star, pin, history, edit,
                h("button", {type: "button", id: "delete", class: "danger", onclick: () => this.remove()}, "Delete"))
                : h("div", {class: "actions"}, star, history, edit,
                    h("button", {type: "button", id: "fork", class: "secondary", onclick: () => this.fork()}, "Copy to mine")));
    }

    /** Someone else's snippet as a private one of the caller's (Gist's fork), to change as they like; its attachments stay with it. */
    async fork() {
        const {title, description, notes, language, code, tags} = this.snippet;
        try {
            const {data} = await api("POST", apiPaths.snippets, {body: {title, description, notes, language, code, tags, visibility: "private"}});
            announce(`Copied “${title}” by ${this.snippet.owner.username} into your snippets, private; its attachments stay with it.`);
            window.location.hash = viewPaths.snippet(data.id);
        } catch (error) {
            report(error);
        }
    }

    /** Stars or pins the snippet, or takes the star or pin off, and shows the page again. */
    async toggle(path, on) {
        try {
            await api(on ? "DELETE" : "PUT", path);
            await showSnippet(document.getElementById("view"), this.snippet.id);
        } catch (error) {
            report(error);
        }
    }

    /** The collections holding it that the caller may read, and adding it to one of theirs. */
    collectionsSection() {
        const held = this.snippet.collections ?? [];
        return h("section", {"aria-labelledby": "collections-title", class: "snippet-collections"},
            h("h2", {id: "collections-title"}, "Collections"),
            h("div", {class: "chips", id: "snippet-collections"},
                held.length === 0 ? h("span", {class: "muted"}, "In no collection.")
                    : held.map((collection) => h("a", {href: viewPaths.collection(collection.id), class: "chip"}, collection.name))),
            h("label", {for: "add-to-collection", class: "visually-hidden"}, "Add to a collection"),
            this.collectionChoice);
    }

    /** The collections the caller may add this snippet to and it is not in yet: theirs, and, for their own snippet, those they may write to. */
    async loadCollectionChoices() {
        const held = new Set((this.snippet.collections ?? []).map((collection) => collection.id));
        const writable = this.snippet.access === "owner"
            ? (await api("GET", apiPaths.collections("scope=shared&limit=200"))).data.filter((collection) => collection.access === "write")
            : [];
        const choices = [...await ownCollections(), ...writable].filter((collection) => !held.has(collection.id));
        this.collectionChoice.hidden = choices.length === 0;
        this.collectionChoice.append(...choices.map((collection) => h("option", {value: collection.id}, pathName(collection))));
    }

    async addToCollection(collectionId) {
        if (!collectionId) {
            return;
        }
        try {
            await api("POST", apiPaths.collectionSnippets(collectionId, ""), {body: {snippetIds: [this.snippet.id]}});
            await showSnippet(document.getElementById("view"), this.snippet.id);
            inform("Added to the collection.");
        } catch (error) {
            this.collectionChoice.value = "";
            report(error);
        }
    }

    /** Deleted, the snippet goes to the trash: the list that follows offers to undo it for a minute. */
    remove() {
        const {snippet} = this;
        return confirmDelete(`Delete “${snippet.title}”? It goes to the trash with its attachments, where you can restore it.`,
            "Delete snippet", apiPaths.snippet(snippet.id), () => {
                announce(`Deleted “${snippet.title}”.`, {
                    id: "undo-delete", label: "Undo", seconds: 60, run: async () => {
                        await api("POST", apiPaths.trashRestore(snippet.id));
                        announce(`Restored “${snippet.title}”.`);
                        window.location.hash = viewPaths.snippet(snippet.id);
                    },
                });
                window.location.hash = viewPaths.list;
            });
    }

    /** Changes who can read the snippet, as an edit would: only if nobody changed it meanwhile. */
    async changeVisibility(value) {
        try {
            const saved = await api("PATCH", apiPaths.snippet(this.snippet.id), {body: {visibility: value}, headers: {"If-Match": this.etag}});
            this.etag = saved.etag;
            this.snippet.visibility = saved.data.visibility;
            this.visibility.value = this.snippet.visibility;
            this.visibilityStatus.textContent = "Saved.";
        } catch (error) {
            this.visibility.value = this.snippet.visibility;
            this.visibilityStatus.textContent = "";
            report(error.status === 412 ? new Error("Someone changed this snippet meanwhile: reload the page first.") : error);
        }
    }

    async loadAttachments() {
        const {data} = await api("GET", apiPaths.snippetAttachments(this.snippet.id));
        replace(this.attachments, data.length === 0 ? h("li", {class: "muted none"}, this.mine ? "No attachments yet." : "No attachments.") : data.map((attachment) =>
            attachmentItem(attachment, this.mine ? h("button", {
                type: "button", class: "link danger-text", "aria-label": `Delete attachment ${attachment.filename}`,
                onclick: () => confirmDelete(`Delete the attachment “${attachment.filename}”?`, "Delete attachment",
                    apiPaths.attachment(attachment.id), () => this.loadAttachments()),
            }, "Delete") : null)));
    }

    /** Attaching a file: it uploads at once, with a progress bar; one over the service's limit is refused before it is sent. */
    uploadField() {
        const progress = h("progress", {id: "upload-progress", max: "100", value: "0", hidden: true});
        const status = h("span", {id: "upload-status", class: "muted", role: "status"});
        const limit = h("span", {id: "upload-limit", class: "hint muted"});
        const fileInput = h("input", {id: "file-input", type: "file", "aria-describedby": "upload-limit"});
        let maxBytes = null;
        api("GET", apiPaths.uploadLimits).then(({data}) => {
            maxBytes = data.maxUploadBytes;
            limit.textContent = `Up to ${mebibytes(maxBytes)} a file.`;
        }).catch(() => {
            // the service still refuses a file over its limit, after it is sent
        });
        fileInput.addEventListener("change", async () => {
            const file = fileInput.files[0];
            if (!file) {
                return;
            }
            if (maxBytes !== null && file.size > maxBytes) {
                status.textContent = `${file.name} is ${mebibytes(file.size)}, over the limit of ${mebibytes(maxBytes)}: not sent.`;
                fileInput.value = "";
                return;
            }
            progress.hidden = false;
            progress.value = 0;
            status.textContent = `Uploading ${file.name}…`;
            try {
                await upload(apiPaths.snippetAttachments(this.snippet.id), file, (fraction) => progress.value = Math.round(fraction * 100));
                status.textContent = `Uploaded ${file.name}.`;
                await this.loadAttachments();
            } catch (error) {
                status.textContent = "";
                report(error);
            } finally {
                progress.hidden = true;
                fileInput.value = "";
            }
        });
        return h("div", {class: "upload"}, h("label", {for: "file-input"}, "Attach a file"), fileInput, limit, progress, status);
    }
}

/** A size in MiB, as the limits are set: "100 MiB", "0.4 MiB". */
function mebibytes(bytes) {
    const value = bytes / (1024 * 1024);
    return `${value >= 10 ? Math.round(value) : Number(value.toFixed(1))} MiB`;
}
