// One snippet: highlighted code with a copy button, its notes and description as plain text, its
// tags, and its attachments with upload (and progress), download and delete.
import {api, upload} from "./api.js";
import {formatBytes, formatDate, h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDelete, copyButton} from "./widgets.js";

function highlighted(language, code) {
    const element = h("code", {id: "code"});
    element.textContent = code;
    const hljs = window.hljs;
    const name = language.toLowerCase();
    if (hljs?.getLanguage(name)) {
        element.classList.add(`language-${name}`);
        hljs.highlightElement(element);
    }
    return element;
}

export async function showSnippet(view, id) {
    const {data: snippet} = await api("GET", apiPaths.snippet(id));
    const copy = copyButton({id: "copy", label: "Copy code", text: snippet.code, statusId: "copy-status"});
    const attachments = h("ul", {id: "attachments", class: "attachments"});
    const progress = h("progress", {id: "upload-progress", max: "100", value: "0", hidden: true});
    const uploadStatus = h("span", {id: "upload-status", class: "muted", role: "status"});
    const fileInput = h("input", {id: "file-input", type: "file"});

    const remove = () => confirmDelete(`Delete “${snippet.title}” and its attachments? This cannot be undone.`, "Delete snippet",
        apiPaths.snippet(snippet.id), () => window.location.hash = viewPaths.list);

    async function loadAttachments() {
        const {data} = await api("GET", apiPaths.snippetAttachments(snippet.id));
        replace(attachments, data.length === 0 ? h("li", {class: "muted"}, "No attachments yet.") : data.map((attachment) =>
            h("li", {},
                h("a", {href: attachment.downloadUrl, download: attachment.filename, class: "download"}, attachment.filename),
                h("span", {class: "muted"}, ` ${formatBytes(attachment.size)} · ${attachment.mimeType}`),
                h("button", {
                    type: "button", class: "link danger-text", "aria-label": `Delete attachment ${attachment.filename}`,
                    onclick: () => confirmDelete(`Delete the attachment “${attachment.filename}”?`, "Delete attachment",
                        apiPaths.attachment(attachment.id), loadAttachments),
                }, "Delete"))));
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

    replace(view, h("article", {class: "snippet"},
        h("header", {class: "snippet-header"},
            h("div", {},
                h("h1", {id: "snippet-title"}, snippet.title),
                h("p", {class: "meta"}, `${snippet.language} · version ${snippet.version} · updated ${formatDate(snippet.updatedAt)}`)),
            h("div", {class: "actions"},
                h("a", {href: viewPaths.edit(snippet.id), class: "button", id: "edit"}, "Edit"),
                h("button", {type: "button", id: "delete", class: "danger", onclick: remove}, "Delete"))),
        snippet.description ? h("p", {id: "description", class: "description"}, snippet.description) : null,
        h("div", {class: "chips", id: "tags"}, snippet.tags.map((tag) => h("a", {
            href: viewPaths.tag(tag), class: "chip", "aria-label": `All snippets tagged ${tag}`,
        }, tag))),
        h("div", {class: "code-block"},
            h("div", {class: "code-tools"}, copy.status, copy.button),
            h("pre", {}, highlighted(snippet.language, snippet.code))),
        snippet.notes ? h("section", {"aria-labelledby": "notes-title"},
            h("h2", {id: "notes-title"}, "Notes"),
            h("div", {id: "notes", class: "notes"}, snippet.notes)) : null,
        h("section", {"aria-labelledby": "attachments-title"},
            h("h2", {id: "attachments-title"}, "Attachments"),
            attachments,
            h("div", {class: "upload"},
                h("label", {for: "file-input"}, "Attach a file"),
                fileInput, progress, uploadStatus))));
    await loadAttachments();
}
