// One snippet: highlighted code with a copy button, its notes and description as plain text, its
// tags, and its attachments with upload (and progress), download and delete.
import {api, upload} from "./api.js";
import {copyText, formatBytes, formatDate, h, replace} from "./dom.js";
import {tagHref} from "./list.js";
import {report} from "./notice.js";

/** Asks in a modal dialog; resolves to true when the user confirms. */
export function confirmDialog(question, confirmLabel) {
    return new Promise((resolve) => {
        const dialog = h("dialog", {id: "confirm-dialog", "aria-labelledby": "confirm-question"},
            h("p", {id: "confirm-question"}, question),
            h("div", {class: "actions"},
                h("button", {type: "button", id: "confirm-cancel", class: "secondary", onclick: () => dialog.close("cancel")}, "Cancel"),
                h("button", {type: "button", id: "confirm-ok", class: "danger", onclick: () => dialog.close("ok")}, confirmLabel)));
        dialog.addEventListener("close", () => {
            dialog.remove();
            resolve(dialog.returnValue === "ok");
        });
        document.body.append(dialog);
        dialog.showModal();
        dialog.querySelector("#confirm-cancel").focus();
    });
}

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
    const {data: snippet} = await api("GET", `/api/v1/snippets/${encodeURIComponent(id)}`);
    const copyStatus = h("span", {id: "copy-status", class: "muted", role: "status"});
    const attachments = h("ul", {id: "attachments", class: "attachments"});
    const progress = h("progress", {id: "upload-progress", max: "100", value: "0", hidden: true});
    const uploadStatus = h("span", {id: "upload-status", class: "muted", role: "status"});
    const fileInput = h("input", {id: "file-input", type: "file"});

    async function remove() {
        if (await confirmDialog(`Delete “${snippet.title}” and its attachments? This cannot be undone.`, "Delete snippet")) {
            try {
                await api("DELETE", `/api/v1/snippets/${encodeURIComponent(snippet.id)}`);
                window.location.hash = "#/";
            } catch (error) {
                report(error);
            }
        }
    }

    async function loadAttachments() {
        const {data} = await api("GET", `/api/v1/snippets/${encodeURIComponent(snippet.id)}/attachments`);
        replace(attachments, data.length === 0 ? h("li", {class: "muted"}, "No attachments yet.") : data.map((attachment) =>
            h("li", {},
                h("a", {href: attachment.downloadUrl, download: attachment.filename, class: "download"}, attachment.filename),
                h("span", {class: "muted"}, ` ${formatBytes(attachment.size)} · ${attachment.mimeType}`),
                h("button", {
                    type: "button", class: "link danger-text", "aria-label": `Delete attachment ${attachment.filename}`,
                    onclick: async () => {
                        if (await confirmDialog(`Delete the attachment “${attachment.filename}”?`, "Delete attachment")) {
                            try {
                                await api("DELETE", `/api/v1/attachments/${encodeURIComponent(attachment.id)}`);
                                await loadAttachments();
                            } catch (error) {
                                report(error);
                            }
                        }
                    },
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
            await upload(`/api/v1/snippets/${encodeURIComponent(snippet.id)}/attachments`, file,
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
                h("a", {href: `#/s/${encodeURIComponent(snippet.id)}/edit`, class: "button", id: "edit"}, "Edit"),
                h("button", {type: "button", id: "delete", class: "danger", onclick: remove}, "Delete"))),
        snippet.description ? h("p", {id: "description", class: "description"}, snippet.description) : null,
        h("div", {class: "chips", id: "tags"}, snippet.tags.map((tag) => h("a", {
            href: tagHref(tag), class: "chip", "aria-label": `All snippets tagged ${tag}`,
        }, tag))),
        h("div", {class: "code-block"},
            h("div", {class: "code-tools"},
                copyStatus,
                h("button", {
                    type: "button", id: "copy", class: "secondary", onclick: async () => {
                        copyStatus.textContent = await copyText(snippet.code) ? "Copied." : "Copy failed: select the code and copy it by hand.";
                    },
                }, "Copy code")),
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
