// The share dialog of a snippet's owner: who can read it (the team, groups, links: all at once),
// and its share links. A private snippet's links open nothing, so making the first link of a
// private snippet switches it to "link" (a team snippet stays the team's); the link's address is
// shown once, then only its dates, with a button to revoke it.
import {api, failureText} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDelete, showDialog} from "./dialogs.js";
import {copyButton} from "./widgets.js";

/**
 * @param snippet the snippet as the page shows it (its visibility kept current)
 * @param changeVisibility saves another visibility, as the page's own control does
 */
export function showShareDialog(snippet, changeVisibility) {
    const dialog = new ShareDialog(snippet, changeVisibility);
    dialog.describe();
    dialog.loadLinks().catch(report);
    dialog.loadGroups().catch(report);
    return dialog.show();
}

/** What the dialog says of who reads the snippet now. */
function readersText(visibility) {
    return visibility === "link"
        ? "Anyone with one of its links can read this snippet and download its attachments, without signing in."
        : visibility === "team"
            ? "Every signed-in user can read this snippet, and so can anyone with one of its links."
            : "Only you (and the groups below) can read this snippet. Creating a link lets anyone who has it read it too.";
}

/** The share dialog's state: the snippet, its links (the one just made shown once), its groups. */
class ShareDialog {
    constructor(snippet, changeVisibility) {
        this.snippet = snippet;
        this.changeVisibility = changeVisibility;
        this.links = h("ul", {id: "share-links", class: "attachments"});
        this.created = h("div", {id: "new-link", class: "callout", hidden: true});
        this.expiry = h("input", {id: "link-expiry", type: "number", min: "1", inputmode: "numeric", placeholder: "never"});
        this.state = h("p", {id: "share-state"});
        this.error = h("p", {id: "share-error", class: "error", role: "alert", hidden: true});
        this.shares = h("ul", {id: "share-groups", class: "attachments"});
        this.groupChoice = h("select", {id: "share-group"});
        this.accessChoice = h("select", {id: "share-group-access"},
            h("option", {value: "read"}, "can read"), h("option", {value: "write"}, "can edit"));
        this.shownLinkId = null;
    }

    show() {
        return showDialog("share-dialog", `Share “${this.snippet.title}”`,
            this.state,
            h("div", {class: "inline-form"},
                h("div", {class: "field"}, h("label", {for: "link-expiry"}, "Link expires in days"), this.expiry),
                h("button", {type: "button", id: "create-link", onclick: () => this.createLink()}, "Create link")),
            this.error, this.created,
            h("h3", {}, "Links"),
            this.links,
            h("h3", {}, "Groups"),
            this.shares,
            h("div", {class: "inline-form"},
                h("div", {class: "field"}, h("label", {for: "share-group"}, "Group"), this.groupChoice),
                h("div", {class: "field"}, h("label", {for: "share-group-access"}, "Access"), this.accessChoice),
                h("button", {type: "button", id: "share-with-group", onclick: () => this.shareWithGroup()}, "Share with group")));
    }

    describe() {
        this.state.textContent = readersText(this.snippet.visibility);
    }

    failed(failure) {
        this.error.textContent = failureText(failure);
        this.error.hidden = false;
    }

    /** Shares with exactly these groups: the snippet's answer says whom it is shared with now. */
    async saveGroups(groups) {
        this.error.hidden = true;
        try {
            const {data} = await api("PATCH", apiPaths.snippet(this.snippet.id), {body: {groups: groups.map(({id, access}) => ({id, access}))}});
            this.snippet.groups = data.groups;
            await this.loadGroups();
        } catch (failure) {
            this.failed(failure);
        }
    }

    async loadGroups() {
        const current = this.snippet.groups ?? [];
        replace(this.shares, current.length === 0 ? h("li", {class: "muted"}, "Not shared with any group.") : current.map((group) => h("li", {},
            `${group.name}: ${group.access === "write" ? "can edit" : "can read"} `,
            h("button", {
                type: "button", class: "link danger-text", "aria-label": `Stop sharing with ${group.name}`,
                onclick: () => this.saveGroups(current.filter((other) => other.id !== group.id)),
            }, "Stop sharing"))));
        const {data} = await api("GET", apiPaths.groups);
        const open = data.filter((group) => !current.some((shared) => shared.id === group.id));
        replace(this.groupChoice, open.length === 0 ? h("option", {value: ""}, "No other group")
            : open.map((group) => h("option", {value: group.id}, `${group.name} (${group.members.length})`)));
    }

    shareWithGroup() {
        if (this.groupChoice.value === "") {
            return;
        }
        this.saveGroups([...(this.snippet.groups ?? []), {id: this.groupChoice.value, access: this.accessChoice.value}]);
    }

    async loadLinks() {
        const {data} = await api("GET", apiPaths.snippetLinks(this.snippet.id));
        if (this.shownLinkId !== null && !data.some((link) => link.id === this.shownLinkId)) {
            this.created.hidden = true; // the link just shown was revoked: its address opens nothing now
            replace(this.created);
            this.shownLinkId = null;
        }
        replace(this.links, data.length === 0 ? h("li", {class: "muted"}, "No links.") : data.map((link) => h("li", {},
            `Created ${formatDate(link.createdAt)}, expires ${link.expiresAt ? formatDate(link.expiresAt) : "never"} `,
            h("button", {
                type: "button", class: "link danger-text", "aria-label": `Revoke the link created ${formatDate(link.createdAt)}`,
                onclick: () => confirmDelete("Revoke this link? Whoever has it can no longer read the snippet.", "Revoke",
                    apiPaths.link(link.id), () => this.loadLinks()),
            }, "Revoke"))));
    }

    async createLink() {
        this.error.hidden = true;
        try {
            if (this.snippet.visibility === "private") {
                await this.changeVisibility("link");
                if (this.snippet.visibility === "private") {
                    return;
                }
                this.describe();
            }
            const body = this.expiry.value === "" ? {} : {expiresInDays: Number(this.expiry.value)};
            const {data} = await api("POST", apiPaths.snippetLinks(this.snippet.id), {body});
            this.showOnce(data);
            this.expiry.value = "";
            await this.loadLinks();
        } catch (failure) {
            this.failed(failure);
        }
    }

    /** A new link's address, shown only this once, with a button to copy it. */
    showOnce(link) {
        this.shownLinkId = link.id;
        const copy = copyButton({id: "copy-link", label: "Copy link", text: link.url, statusId: "copy-link-status"});
        replace(this.created,
            h("p", {}, h("strong", {}, "Copy this link now. "), "It is shown only once."),
            h("code", {id: "new-link-url"}, link.url),
            copy.button, copy.status);
        this.created.hidden = false;
    }
}
