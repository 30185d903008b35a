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
import {confirmDialog, copyButton, generatedPassword, recordTable} from "./widgets.js";

/** "1 session", "2 sessions". */
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export async function showUsers(view) {
    document.title = "Users — Snippet Store";
    const rows = h("tbody", {});
    const shown = h("div", {id: "new-password", class: "callout", hidden: true});
    const username = h("input", {id: "new-username", required: true, autocomplete: "off", autocapitalize: "none", spellcheck: "false"});
    const password = h("input", {id: "new-user-password", autocomplete: "new-password", placeholder: "generated if empty"});
    const role = h("select", {id: "new-user-role"}, h("option", {value: "user"}, "User"), h("option", {value: "admin"}, "Administrator"));
    const temporary = h("input", {type: "checkbox", id: "new-user-temporary", checked: true});
    const groups = h("tbody", {});
    const groupName = h("input", {id: "new-group-name", required: true, autocomplete: "off"});
    const groupError = h("p", {id: "group-error", class: "error", role: "alert", hidden: true});
    let users = [];
    const formError = h("p", {id: "user-error", class: "error", role: "alert", hidden: true});

    /** Shows a password once, to be handed to its user, with what else happened. */
    function showOnce(name, value, also = "") {
        const copy = copyButton({id: "copy-password", label: "Copy password", text: value, statusId: "copy-password-status"});
        replace(shown,
            h("p", {}, h("strong", {}, `The password of ${name}: `), "shown only this once; the service keeps only its hash. ", also),
            h("code", {id: "shown-password"}, value),
            copy.button, copy.status);
        shown.hidden = false;
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

    async function change(user, body) {
        const asked = question(user, body);
        if (asked && !await confirmDialog(...asked)) {
            return;
        }
        try {
            await api("PATCH", apiPaths.user(user.id), {body});
            await load();
        } catch (error) {
            report(error);
        }
    }

    async function reset(user) {
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
            showOnce(user.username, value, `${count(data.sessionsEnded, "session")} ended, ${count(data.tokensRevoked, "token")} revoked;`
                + " they choose their own at the next sign-in.");
        } catch (error) {
            report(error);
        }
    }

    async function load() {
        const {data} = await api("GET", apiPaths.users);
        users = data;
        replace(rows, data.map((user) => h("tr", {},
            h("td", {"data-label": "User"}, user.username, user.id === me.userId ? " (you)" : "",
                user.source === "provider" ? h("span", {class: "muted"}, " (single sign-on)") : null,
                user.passwordTemporary ? h("span", {class: "muted"}, " (temporary password)") : null),
            h("td", {"data-label": "Role"}, user.role === "admin" ? "Administrator" : "User"),
            h("td", {"data-label": "State"}, user.disabled ? "Disabled" : "Active"),
            h("td", {"data-label": "Created"}, formatDate(user.createdAt)),
            h("td", {class: "row-actions"},
                h("button", {
                    type: "button", class: "link", "aria-label": `${user.role === "admin" ? "Make user" : "Make administrator"}: ${user.username}`,
                    onclick: () => change(user, {role: user.role === "admin" ? "user" : "admin"}),
                }, user.role === "admin" ? "Make user" : "Make administrator"),
                h("button", {
                    type: "button", class: "link" + (user.disabled ? "" : " danger-text"),
                    "aria-label": `${user.disabled ? "Enable" : "Disable"} ${user.username}`,
                    onclick: () => change(user, {disabled: !user.disabled}),
                }, user.disabled ? "Enable" : "Disable"),
                user.id === me.userId || user.source === "provider" ? null : h("button", {
                    type: "button", class: "link", "aria-label": `Reset password of ${user.username}`,
                    onclick: () => reset(user),
                }, "Reset password")))));
    }

    const form = h("form", {id: "user-form", class: "inline-form", novalidate: true},
        h("div", {class: "field grow"}, h("label", {for: "new-username"}, "Username"), username),
        h("div", {class: "field"}, h("label", {for: "new-user-password"}, "Password"), password),
        h("div", {class: "field"}, h("label", {for: "new-user-role"}, "Role"), role),
        h("div", {class: "field"}, h("label", {for: "new-user-temporary"}, temporary, " Must change it at first sign-in")),
        h("button", {type: "submit", id: "create-user"}, "Create user"));

    async function groupAction(run) {
        groupError.hidden = true;
        try {
            await run();
            await loadGroups();
        } catch (error) {
            groupError.textContent = failureText(error);
            groupError.hidden = false;
        }
    }

    async function loadGroups() {
        const {data} = await api("GET", apiPaths.groups);
        replace(groups, data.length === 0 ? h("tr", {}, h("td", {colspan: "3", class: "muted"}, "No groups yet.")) : data.map((group) => {
            const local = group.source === "local";
            const candidates = users.filter((user) => !group.members.some((member) => member.id === user.id));
            const pick = h("select", {id: `add-to-${group.id}`, "aria-label": `User to add to ${group.name}`},
                candidates.map((user) => h("option", {value: user.id}, user.username)));
            return h("tr", {},
                h("td", {"data-label": "Group"}, group.name, local ? null : h("span", {class: "muted"}, " (identity provider)")),
                h("td", {"data-label": "Members"}, group.members.length === 0 ? h("span", {class: "muted"}, "nobody") : group.members.map((member) =>
                    h("span", {class: "chip"}, member.username, local ? h("button", {
                        type: "button", class: "link danger-text", "aria-label": `Remove ${member.username} from ${group.name}`,
                        onclick: () => groupAction(() => api("DELETE", apiPaths.groupMember(group.id, member.id))),
                    }, " ×") : null))),
                h("td", {class: "row-actions"},
                    local && candidates.length > 0 ? [pick, h("button", {
                        type: "button", class: "link", "aria-label": `Add the chosen user to ${group.name}`,
                        onclick: () => groupAction(() => api("PUT", apiPaths.groupMember(group.id, pick.value))),
                    }, "Add")] : null,
                    h("button", {
                        type: "button", class: "link danger-text", "aria-label": `Delete the group ${group.name}`,
                        onclick: async () => {
                            if (await confirmDialog(`Delete the group ${group.name}? Its members lose what was shared with it.`, "Delete group")) {
                                groupAction(() => api("DELETE", apiPaths.group(group.id)));
                            }
                        },
                    }, "Delete")));
        }));
    }

    const groupForm = h("form", {id: "group-form", class: "inline-form", novalidate: true},
        h("div", {class: "field grow"}, h("label", {for: "new-group-name"}, "Group name"), groupName),
        h("button", {type: "submit", id: "create-group"}, "Create group"));
    groupForm.addEventListener("submit", (event) => {
        event.preventDefault();
        groupAction(async () => {
            await api("POST", apiPaths.groups, {body: {name: groupName.value}});
            groupName.value = "";
        });
    });
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        formError.hidden = true;
        const chosen = password.value || generatedPassword();
        shown.hidden = true; // the previous user's password is not this one's
        try {
            const {data} = await api("POST", apiPaths.users,
                {body: {username: username.value, password: chosen, role: role.value, temporary: temporary.checked}});
            if (!password.value) {
                showOnce(data.username, chosen);
            }
            username.value = "";
            password.value = "";
            role.value = "user";
            await load();
        } catch (error) {
            formError.textContent = failureText(error);
            formError.hidden = false;
        }
    });

    replace(view,
        h("h1", {}, "Users"),
        form, formError, shown,
        recordTable("users", ["User", "Role", "State", "Created", ""], rows),
        h("h2", {}, "Groups"),
        groupForm, groupError,
        recordTable("groups", ["Group", "Members", ""], groups));
    await load();
    await loadGroups();
}
