// The share dialog of a snippet's owner: who can read it (the team, groups, links: all at once),
// and its share links. A private snippet's links open nothing, so making the first link of a
// private snippet switches it to "link" (a team snippet stays the team's); the link's address is
// shown once, then only its dates, with a button to revoke it.
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

    const shares = h("ul", {id: "share-groups", class: "attachments"});
    const groupChoice = h("select", {id: "share-group"});
    const accessChoice = h("select", {id: "share-group-access"},
        h("option", {value: "read"}, "can read"), h("option", {value: "write"}, "can edit"));

    function describe() {
        state.textContent = snippet.visibility === "link"
            ? "Anyone with one of its links can read this snippet and download its attachments, without signing in."
            : snippet.visibility === "team"
                ? "Every signed-in user can read this snippet, and so can anyone with one of its links."
                : "Only you (and the groups below) can read this snippet. Creating a link lets anyone who has it read it too.";
    }

    /** Shares with exactly these groups: the snippet's answer says whom it is shared with now. */
    async function saveGroups(groups) {
        error.hidden = true;
        try {
            const {data} = await api("PATCH", apiPaths.snippet(snippet.id), {body: {groups: groups.map(({id, access}) => ({id, access}))}});
            snippet.groups = data.groups;
            await loadGroups();
        } catch (failure) {
            error.textContent = failureText(failure);
            error.hidden = false;
        }
    }

    async function loadGroups() {
        const current = snippet.groups ?? [];
        replace(shares, current.length === 0 ? h("li", {class: "muted"}, "Not shared with any group.") : current.map((group) => h("li", {},
            `${group.name}: ${group.access === "write" ? "can edit" : "can read"} `,
            h("button", {
                type: "button", class: "link danger-text", "aria-label": `Stop sharing with ${group.name}`,
                onclick: () => saveGroups(current.filter((other) => other.id !== group.id)),
            }, "Stop sharing"))));
        const {data} = await api("GET", apiPaths.groups);
        const open = data.filter((group) => !current.some((shared) => shared.id === group.id));
        replace(groupChoice, open.length === 0 ? h("option", {value: ""}, "No other group")
            : open.map((group) => h("option", {value: group.id}, `${group.name} (${group.members.length})`)));
    }

    function shareWithGroup() {
        if (groupChoice.value === "") {
            return;
        }
        saveGroups([...(snippet.groups ?? []), {id: groupChoice.value, access: accessChoice.value}]);
    }

    let shownLinkId = null;

    async function load() {
        const {data} = await api("GET", apiPaths.snippetLinks(snippet.id));
        if (shownLinkId !== null && !data.some((link) => link.id === shownLinkId)) {
            created.hidden = true; // the link just shown was revoked: its address opens nothing now
            replace(created);
            shownLinkId = null;
        }
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
            if (snippet.visibility === "private") {
                await changeVisibility("link");
                if (snippet.visibility === "private") {
                    return;
                }
                describe();
            }
            const body = expiry.value === "" ? {} : {expiresInDays: Number(expiry.value)};
            const {data} = await api("POST", apiPaths.snippetLinks(snippet.id), {body});
            shownLinkId = data.id;
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
    loadGroups().catch(report);
    return showDialog("share-dialog", `Share “${snippet.title}”`,
        state,
        h("div", {class: "inline-form"},
            h("div", {class: "field"}, h("label", {for: "link-expiry"}, "Link expires in days"), expiry),
            h("button", {type: "button", id: "create-link", onclick: createLink}, "Create link")),
        error, created,
        h("h3", {}, "Links"),
        links,
        h("h3", {}, "Groups"),
        shares,
        h("div", {class: "inline-form"},
            h("div", {class: "field"}, h("label", {for: "share-group"}, "Group"), groupChoice),
            h("div", {class: "field"}, h("label", {for: "share-group-access"}, "Access"), accessChoice),
            h("button", {type: "button", id: "share-with-group", onclick: shareWithGroup}, "Share with group")));
}
