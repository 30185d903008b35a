// The pieces the views share: the confirm dialog, "confirm, delete, then show the result", and the
// copy button with the status that says whether copying worked.
import {api} from "./api.js";
import {h} from "./dom.js";
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

/** Copies text to the clipboard; resolves to whether it worked. */
async function copyText(text) {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        const scratch = h("textarea", {class: "offscreen", "aria-hidden": "true"});
        scratch.value = text;
        document.body.append(scratch);
        scratch.select();
        const copied = document.execCommand("copy");
        scratch.remove();
        return copied;
    }
}

/** A button that copies `text`, and the status where it says whether that worked; the view places both. */
export function copyButton({id, label, text, statusId}) {
    const status = h("span", {id: statusId, class: "muted", role: "status"});
    const button = h("button", {
        type: "button", id, class: "secondary", onclick: async () => {
            status.textContent = await copyText(text) ? "Copied." : "Copy failed: select it and copy it by hand.";
        },
    }, label);
    return {button, status};
}
