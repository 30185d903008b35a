// User administration, for administrators: the users with their role and state, creating one
// (with a generated first password, shown once, or one typed), changing a role, disabling and
// enabling (a disabled user's sessions and tokens stop at once), and resetting a password (a
// generated one is temporary: its user must choose their own at the next sign-in). Then the
// groups: made here for local users, or kept in step by the identity provider.
import {api, failureText} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDialog, showDialog} from "./dialogs.js";
import {copyButton, generatedPassword, recordTable} from "./widgets.js";

/** "1 session", "2 sessions". */
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export async function showUsers(view) {
    document.title = "Users — Snippet Store";
    const page = new UsersPage();
    replace(view,
        h("h1", {}, "Users"),
        page.userForm(), page.formError, page.shown,
        recordTable("users", ["User", "Role", "State", "Created", ""], page.rows),
        h("h2", {}, "Groups"),
        page.groupForm(), page.groupError,
        recordTable("groups", ["Group", "Members", ""], page.groups));
    await page.load();
    await page.loadGroups();
}

/** What a change of role or state does, asked before it is made; enabling asks nothing. */
function question(user, body) {
    if (body.disabled === true) {
        return [`Disable ${user.username}? Their sessions end and their API tokens stop working at once; `
            + "their snippets stay, and enabling them brings everything back.", "Disable user"];
    }
    if (body.role === "admin") {
        return [`Make ${user.username} an administrator? They can then manage every user, the groups, the storage and the backups.`,
            "Make administrator"];
    }
    if (body.role === "user") {
        return [`Make ${user.username} a user? They can no longer manage users, groups, the storage or the backups.`, "Make user"];
    }
    return null;
}

/** A user's name with what sets them apart: (you), single sign-on, a temporary password. */
function userName(user) {
    return [user.username, user.id === me.userId ? " (you)" : "",
        user.source === "provider" ? h("span", {class: "muted"}, " (single sign-on)") : null,
        user.passwordTemporary ? h("span", {class: "muted"}, " (temporary password)") : null];
}

/** The users page: the users, creating one, their roles, states and passwords; then the groups. */
class UsersPage {
    constructor() {
        this.rows = h("tbody", {});
        this.shown = h("div", {id: "new-password", class: "callout", hidden: true});
        this.formError = h("p", {id: "user-error", class: "error", role: "alert", hidden: true});
        this.groups = h("tbody", {});
        this.groupError = h("p", {id: "group-error", class: "error", role: "alert", hidden: true});
        this.users = [];
    }

    /** Shows a password once, to be handed to its user, with what else happened. */
    showOnce(name, value, also = "") {
        const copy = copyButton({id: "copy-password", label: "Copy password", text: value, statusId: "copy-password-status"});
        replace(this.shown,
            h("p", {}, h("strong", {}, `The password of ${name}: `), "shown only this once; the service keeps only its hash. ", also),
            h("code", {id: "shown-password"}, value),
            copy.button, copy.status);
        this.shown.hidden = false;
    }

    async change(user, body) {
        const asked = question(user, body);
        if (asked && !await confirmDialog(...asked)) {
            return;
        }
        try {
            await api("PATCH", apiPaths.user(user.id), {body});
            await this.load();
        } catch (error) {
            report(error);
        }
    }

    async reset(user) {
        const revoke = h("input", {type: "checkbox", id: "reset-revoke-tokens"});
        const option = h("p", {}, h("label", {for: "reset-revoke-tokens"}, revoke, " Also revoke their API tokens"));
        if (!await confirmDialog(`Give ${user.username} a new password? The old one stops working, and every session of theirs ends.`,
            "Reset password", option)) {
            return;
        }
        const value = generatedPassword();
        try {
            const {data} = await api("PUT", apiPaths.userPassword(user.id),
                {body: {password: value, revokeTokens: revoke.checked, temporary: true}});
            this.showOnce(user.username, value, `${count(data.sessionsEnded, "session")} ended, ${count(data.tokensRevoked, "token")} revoked;`
                + " they choose their own at the next sign-in.");
        } catch (error) {
            report(error);
        }
    }

    /** A user's API tokens in a dialog (never their values): revoke one, or all at once. */
    async tokens(user) {
        const list = h("div", {id: "user-tokens-list"});
        const draw = async () => {
            const {data} = await api("GET", apiPaths.userTokens(user.id));
            replace(list, data.length === 0 ? h("p", {class: "muted"}, "No tokens.") : [
                h("ul", {}, data.map((token) => h("li", {},
                    h("strong", {}, token.name), ` — ${token.scopes.join(", ")}; last used ${formatDate(token.lastUsedAt)}; `,
                    token.expiresAt ? `expires ${formatDate(token.expiresAt)} ` : "does not expire ",
                    h("button", {
                        type: "button", class: "link danger-text", "aria-label": `Revoke token ${token.name} of ${user.username}`,
                        onclick: () => act(apiPaths.userToken(user.id, token.id)),
                    }, "Revoke")))),
                h("button", {
                    type: "button", id: "revoke-all-tokens", class: "danger",
                    onclick: () => act(apiPaths.userTokens(user.id)),
                }, `Revoke all ${count(data.length, "token")}`)]);
        };
        const act = async (path) => {
            try {
                await api("DELETE", path);
                await draw();
            } catch (error) {
                report(error);
            }
        };
        try {
            await draw();
        } catch (error) {
            report(error);
            return;
        }
        await showDialog("user-tokens", `API tokens of ${user.username}`,
            h("p", {class: "muted"}, "Revoking one stops it at once; whatever uses it must be given a new one."), list);
    }

    async load() {
        const {data} = await api("GET", apiPaths.users);
        this.users = data;
        replace(this.rows, data.map((user) => this.userRow(user)));
    }

    userRow(user) {
        const admin = user.role === "admin";
        return h("tr", {},
            h("td", {"data-label": "User"}, userName(user)),
            h("td", {"data-label": "Role"}, admin ? "Administrator" : "User"),
            h("td", {"data-label": "State"}, user.disabled ? "Disabled" : "Active"),
            h("td", {"data-label": "Created"}, formatDate(user.createdAt)),
            h("td", {class: "row-actions"},
                h("button", {
                    type: "button", class: "link", "aria-label": `${admin ? "Make user" : "Make administrator"}: ${user.username}`,
                    onclick: () => this.change(user, {role: admin ? "user" : "admin"}),
                }, admin ? "Make user" : "Make administrator"),
                h("button", {
                    type: "button", class: "link" + (user.disabled ? "" : " danger-text"),
                    "aria-label": `${user.disabled ? "Enable" : "Disable"} ${user.username}`,
                    onclick: () => this.change(user, {disabled: !user.disabled}),
                }, user.disabled ? "Enable" : "Disable"),
                h("button", {
                    type: "button", class: "link", "aria-label": `API tokens of ${user.username}`,
                    onclick: () => this.tokens(user),
                }, "Tokens"),
                user.id === me.userId || user.source === "provider" ? null : h("button", {
                    type: "button", class: "link", "aria-label": `Reset password of ${user.username}`,
                    onclick: () => this.reset(user),
                }, "Reset password")));
    }

    /** Creating a user, with the password typed or, when none is, a generated one shown once. */
    userForm() {
        const fields = {
            username: h("input", {id: "new-username", required: true, autocomplete: "off", autocapitalize: "none", spellcheck: "false"}),
            password: h("input", {id: "new-user-password", autocomplete: "new-password", placeholder: "generated if empty"}),
            role: h("select", {id: "new-user-role"}, h("option", {value: "user"}, "User"), h("option", {value: "admin"}, "Administrator")),
            temporary: h("input", {type: "checkbox", id: "new-user-temporary", checked: true}),
        };
        const form = h("form", {id: "user-form", class: "inline-form", novalidate: true},
            h("div", {class: "field grow"}, h("label", {for: "new-username"}, "Username"), fields.username),
            h("div", {class: "field"}, h("label", {for: "new-user-password"}, "Password"), fields.password),
            h("div", {class: "field"}, h("label", {for: "new-user-role"}, "Role"), fields.role),
            h("div", {class: "field"}, h("label", {for: "new-user-temporary"}, fields.temporary, " Must change it at first sign-in")),
            h("button", {type: "submit", id: "create-user"}, "Create user"));
        form.addEventListener("submit", (event) => {
            event.preventDefault();
            this.createUser(fields);
        });
        return form;
    }

    async createUser({username, password, role, temporary}) {
        this.formError.hidden = true;
        const chosen = password.value || generatedPassword();
        this.shown.hidden = true; // the previous user's password is not this one's
        try {
            const {data} = await api("POST", apiPaths.users,
                {body: {username: username.value, password: chosen, role: role.value, temporary: temporary.checked}});
            if (!password.value) {
                this.showOnce(data.username, chosen);
            }
            username.value = "";
            password.value = "";
            role.value = "user";
            await this.load();
        } catch (error) {
            this.formError.textContent = failureText(error);
            this.formError.hidden = false;
        }
    }

    async groupAction(run) {
        this.groupError.hidden = true;
        try {
            await run();
            await this.loadGroups();
        } catch (error) {
            this.groupError.textContent = failureText(error);
            this.groupError.hidden = false;
        }
    }

    async loadGroups() {
        const {data} = await api("GET", apiPaths.groups);
        replace(this.groups, data.length === 0 ? h("tr", {}, h("td", {colspan: "3", class: "muted"}, "No groups yet."))
            : data.map((group) => this.groupRow(group)));
    }

    /** A group, its members (removable from a local group), adding a member, deleting it. */
    groupRow(group) {
        const local = group.source === "local";
        const candidates = this.users.filter((user) => !group.members.some((member) => member.id === user.id));
        // nobody chosen until the administrator chooses: the first user (often admin) is not added by one click
        const pick = h("select", {id: `add-to-${group.id}`, "aria-label": `User to add to ${group.name}`},
            h("option", {value: ""}, "Add a member…"), candidates.map((user) => h("option", {value: user.id}, user.username)));
        return h("tr", {},
            h("td", {"data-label": "Group"}, group.name, local ? null : h("span", {class: "muted"}, " (identity provider)")),
            h("td", {"data-label": "Members"}, group.members.length === 0 ? h("span", {class: "muted"}, "nobody") : group.members.map((member) =>
                h("span", {class: "chip"}, member.username, local ? h("button", {
                    type: "button", class: "link danger-text", "aria-label": `Remove ${member.username} from ${group.name}`,
                    onclick: () => this.groupAction(() => api("DELETE", apiPaths.groupMember(group.id, member.id))),
                }, " ×") : null))),
            h("td", {class: "row-actions"},
                local && candidates.length > 0 ? [pick, h("button", {
                    type: "button", class: "link", "aria-label": `Add the chosen user to ${group.name}`,
                    onclick: () => pick.value && this.groupAction(() => api("PUT", apiPaths.groupMember(group.id, pick.value))),
                }, "Add")] : null,
                h("button", {
                    type: "button", class: "link danger-text", "aria-label": `Delete the group ${group.name}`,
                    onclick: async () => {
                        if (await confirmDialog(`Delete the group ${group.name}? Its members lose what was shared with it.`, "Delete group")) {
                            this.groupAction(() => api("DELETE", apiPaths.group(group.id)));
                        }
                    },
                }, "Delete")));
    }

    groupForm() {
        const groupName = h("input", {id: "new-group-name", required: true, autocomplete: "off"});
        const form = h("form", {id: "group-form", class: "inline-form", novalidate: true},
            h("div", {class: "field grow"}, h("label", {for: "new-group-name"}, "Group name"), groupName),
            h("button", {type: "submit", id: "create-group"}, "Create group"));
        form.addEventListener("submit", (event) => {
            event.preventDefault();
            this.groupAction(async () => {
                await api("POST", apiPaths.groups, {body: {name: groupName.value}});
                groupName.value = "";
            });
        });
        return form;
    }
}
