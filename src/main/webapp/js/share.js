// The share dialog of a snippet's owner: who can read it, and its share links. A link is made
// only for a snippet shared by link, so making the first one switches the snippet to that; the
// link's address is shown once, then only its dates, with a button to revoke it.
import {api, failureText} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDelete, copyButton, showDialog} from "./widgets.js";

/**
 * @param snippet the snippet as the page shows it (its visibility kept current)
 * @param changeVisibility saves another visibility, as the page's own control does
 */
export function showShareDialog(snippet, changeVisibility) {
    const links = h("ul", {id: "share-links", class: "attachments"});
    const created = h("div", {id: "new-link", class: "callout", hidden: true});
    const expiry = h("input", {id: "link-expiry", type: "number", min: "1", inputmode: "numeric", placeholder: "never"});
    const state = h("p", {id: "share-state"});
    const error = h("p", {id: "share-error", class: "error", role: "alert", hidden: true});

    function describe() {
        state.textContent = snippet.visibility === "link"
            ? "Anyone with one of these links can read this snippet and download its attachments, without signing in."
            : snippet.visibility === "team"
                ? "Every signed-in user can read this snippet. A link would let people without an account read it too."
                : "Only you can read this snippet. Creating a link lets anyone who has it read it.";
    }

    async function load() {
        const {data} = await api("GET", apiPaths.snippetLinks(snippet.id));
        replace(links, data.length === 0 ? h("li", {class: "muted"}, "No links.") : data.map((link) => h("li", {},
            `Created ${formatDate(link.createdAt)}, expires ${link.expiresAt ? formatDate(link.expiresAt) : "never"} `,
            h("button", {
                type: "button", class: "link danger-text", "aria-label": `Revoke the link created ${formatDate(link.createdAt)}`,
                onclick: () => confirmDelete("Revoke this link? Whoever has it can no longer read the snippet.", "Revoke",
                    apiPaths.link(link.id), load),
            }, "Revoke"))));
    }

    async function createLink() {
        error.hidden = true;
        try {
            if (snippet.visibility !== "link") {
                await changeVisibility("link");
                if (snippet.visibility !== "link") {
                    return;
                }
                describe();
            }
            const body = expiry.value === "" ? {} : {expiresInDays: Number(expiry.value)};
            const {data} = await api("POST", apiPaths.snippetLinks(snippet.id), {body});
            const copy = copyButton({id: "copy-link", label: "Copy link", text: data.url, statusId: "copy-link-status"});
            replace(created,
                h("p", {}, h("strong", {}, "Copy this link now. "), "It is shown only once."),
                h("code", {id: "new-link-url"}, data.url),
                copy.button, copy.status);
            created.hidden = false;
            expiry.value = "";
            await load();
        } catch (failure) {
            error.textContent = failureText(failure);
            error.hidden = false;
        }
    }

    describe();
    load().catch(report);
    return showDialog("share-dialog", `Share “${snippet.title}”`,
        state,
        h("div", {class: "inline-form"},
            h("div", {class: "field"}, h("label", {for: "link-expiry"}, "Link expires in days"), expiry),
            h("button", {type: "button", id: "create-link", onclick: createLink}, "Create link")),
        error, created,
        h("h3", {}, "Links"),
        links);
}
