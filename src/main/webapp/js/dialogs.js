// Modal dialogs: a question to confirm, "confirm, delete, then show the result", and a dialog of content.
import {api} from "./api.js";
import {h} from "./dom.js";
import {report} from "./notice.js";

/** Asks in a modal dialog; resolves to true when the user confirms. */
export function confirmDialog(question, confirmLabel, extra = null) {
    return new Promise((resolve) => {
        const dialog = h("dialog", {id: "confirm-dialog", "aria-labelledby": "confirm-question"},
            h("p", {id: "confirm-question"}, question),
            extra,
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

/** Asks first; once confirmed, DELETEs `path` and runs `done`. A failure is reported, nothing else happens. */
export async function confirmDelete(question, confirmLabel, path, done) {
    if (!await confirmDialog(question, confirmLabel)) {
        return;
    }
    try {
        await api("DELETE", path);
        await done();
    } catch (error) {
        report(error);
    }
}

/** A modal dialog with a heading and content; closing removes it. Resolves when it closes. */
export function showDialog(id, title, ...content) {
    return new Promise((resolve) => {
        const dialog = h("dialog", {id, "aria-labelledby": `${id}-title`},
            h("h2", {id: `${id}-title`}, title),
            ...content,
            h("div", {class: "actions"},
                h("button", {type: "button", id: `${id}-close`, class: "secondary", onclick: () => dialog.close()}, "Close")));
        dialog.addEventListener("close", () => {
            dialog.remove();
            resolve();
        });
        document.body.append(dialog);
        dialog.showModal();
    });
}
