// One snippet: highlighted code with a copy button, its notes and description as plain text, its
// tags, and its attachments. Its owner also edits and deletes it, uploads and deletes attachments,
// chooses who can read it and shares it by link; a member of a group it is shared with for
// writing also edits it; everyone else who can read it sees it read-only.
import {api, upload} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {announce, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {showShareDialog} from "./share.js";
import {codeWithVariables, notesOf} from "./fill-in.js";
import {attachmentItem, confirmDelete, markdown, visibilitySelect} from "./widgets.js";

/** One snippet; `params` may choose a line of its code (`line`). */
export async function showSnippet(view, id, params = new URLSearchParams()) {
    const loaded = await api("GET", apiPaths.snippet(id));
    const snippet = loaded.data;
    let etag = loaded.etag;
    const mine = snippet.owner.id === me.userId;
    const editable = snippet.access !== "read"; // its owner, or a member of a group it is shared with for writing
    document.title = `${snippet.title} — Snippet Store`;
    const attachments = h("ul", {id: "attachments", class: "attachments"});
    const progress = h("progress", {id: "upload-progress", max: "100", value: "0", hidden: true});
    const uploadStatus = h("span", {id: "upload-status", class: "muted", role: "status"});
    const fileInput = h("input", {id: "file-input", type: "file"});
    const visibility = visibilitySelect("snippet-visibility", snippet.visibility);
    const visibilityStatus = h("span", {id: "visibility-status", class: "muted", role: "status"});

    // a deleted snippet goes to the trash: the list that follows offers to undo it for a minute
    const remove = () => confirmDelete(`Delete “${snippet.title}”? It goes to the trash with its attachments, where you can restore it.`,
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

    /** Changes who can read the snippet, as an edit would: only if nobody changed it meanwhile. */
    async function changeVisibility(value) {
        try {
            const saved = await api("PATCH", apiPaths.snippet(snippet.id), {body: {visibility: value}, headers: {"If-Match": etag}});
            etag = saved.etag;
            snippet.visibility = saved.data.visibility;
            visibility.value = snippet.visibility;
            visibilityStatus.textContent = "Saved.";
        } catch (error) {
            visibility.value = snippet.visibility;
            visibilityStatus.textContent = "";
            report(error.status === 412 ? new Error("Someone changed this snippet meanwhile: reload the page first.") : error);
        }
    }
    visibility.addEventListener("change", () => changeVisibility(visibility.value));

    async function loadAttachments() {
        const {data} = await api("GET", apiPaths.snippetAttachments(snippet.id));
        replace(attachments, data.length === 0 ? h("li", {class: "muted"}, "No attachments yet.") : data.map((attachment) =>
            attachmentItem(attachment, mine ? h("button", {
                type: "button", class: "link danger-text", "aria-label": `Delete attachment ${attachment.filename}`,
                onclick: () => confirmDelete(`Delete the attachment “${attachment.filename}”?`, "Delete attachment",
                    apiPaths.attachment(attachment.id), loadAttachments),
            }, "Delete") : null)));
    }

    fileInput.addEventListener("change", async () => {
        const file = fileInput.files[0];
        if (!file) {
            return;
        }
        progress.hidden = false;
        progress.value = 0;
        uploadStatus.textContent = `Uploading ${file.name}…`;
        try {
            await upload(apiPaths.snippetAttachments(snippet.id), file,
                (fraction) => progress.value = Math.round(fraction * 100));
            uploadStatus.textContent = `Uploaded ${file.name}.`;
            await loadAttachments();
        } catch (error) {
            uploadStatus.textContent = "";
            report(error);
        } finally {
            progress.hidden = true;
            fileInput.value = "";
        }
    });

    const byline = mine ? "" : ` · by ${snippet.owner.username} · ${editable ? "you may edit it" : "read-only"}`;
    replace(view, h("article", {class: "snippet"},
        h("header", {class: "snippet-header"},
            h("div", {},
                h("h1", {id: "snippet-title"}, snippet.title),
                h("p", {class: "meta"}, `${snippet.language} · version ${snippet.version} · updated ${formatDate(snippet.updatedAt)}${byline}`)),
            mine ? h("div", {class: "actions"},
                h("button", {
                    type: "button", id: "share", class: "secondary",
                    onclick: () => showShareDialog(snippet, (value) => changeVisibility(value)),
                }, "Share"),
                h("a", {href: viewPaths.history(snippet.id), class: "button secondary", id: "history"}, "History"),
                h("a", {href: viewPaths.edit(snippet.id), class: "button", id: "edit"}, "Edit"),
                h("button", {type: "button", id: "delete", class: "danger", onclick: remove}, "Delete"))
                : h("div", {class: "actions"}, h("a", {href: viewPaths.history(snippet.id), class: "button secondary", id: "history"}, "History"),
                    editable ? h("a", {href: viewPaths.edit(snippet.id), class: "button", id: "edit"}, "Edit") : null)),
        mine ? h("div", {class: "visibility"},
            h("label", {for: "snippet-visibility"}, "Who can read it"), visibility, visibilityStatus) : null,
        snippet.description ? markdown(snippet.description, {id: "description", class: "description"}) : null,
        h("div", {class: "chips", id: "tags"}, snippet.tags.map((tag) => h("a", {
            href: viewPaths.tag(tag), class: "chip", "aria-label": `All snippets tagged ${tag}`,
        }, tag))),
        codeWithVariables(snippet, apiPaths.snippetRaw(snippet.id),
            {href: (line) => viewPaths.snippetLine(snippet.id, line), selected: Number(params.get("line")) || null}),
        notesOf(snippet),
        h("section", {"aria-labelledby": "attachments-title"},
            h("h2", {id: "attachments-title"}, "Attachments"),
            attachments,
            mine ? h("div", {class: "upload"},
                h("label", {for: "file-input"}, "Attach a file"),
                fileInput, progress, uploadStatus) : null)));
    await loadAttachments();
}
