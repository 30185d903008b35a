// User administration, for administrators: the users with their role and state, creating one
// (with a generated first password, shown once, or one typed), changing a role, disabling and
// enabling (a disabled user's sessions and tokens stop at once), and resetting a password.
import {api, failureText} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDialog, copyButton, generatedPassword} from "./widgets.js";

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

    async function change(user, body) {
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
            const {data} = await api("PUT", apiPaths.userPassword(user.id), {body: {password: value, revokeTokens: revoke.checked}});
            showOnce(user.username, value, `${count(data.sessionsEnded, "session")} ended, ${count(data.tokensRevoked, "token")} revoked.`);
        } catch (error) {
            report(error);
        }
    }

    async function load() {
        const {data} = await api("GET", apiPaths.users);
        replace(rows, data.map((user) => h("tr", {},
            h("td", {"data-label": "User"}, user.username, user.id === me.userId ? " (you)" : ""),
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
                user.id === me.userId ? null : h("button", {
                    type: "button", class: "link", "aria-label": `Reset the password of ${user.username}`,
                    onclick: () => reset(user),
                }, "Reset password")))));
    }

    const form = h("form", {id: "user-form", class: "inline-form", novalidate: true},
        h("div", {class: "field grow"}, h("label", {for: "new-username"}, "Username"), username),
        h("div", {class: "field"}, h("label", {for: "new-user-password"}, "Password"), password),
        h("div", {class: "field"}, h("label", {for: "new-user-role"}, "Role"), role),
        h("button", {type: "submit", id: "create-user"}, "Create user"));
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        formError.hidden = true;
        const chosen = password.value || generatedPassword();
        try {
            const {data} = await api("POST", apiPaths.users, {body: {username: username.value, password: chosen, role: role.value}});
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
        h("table", {class: "tokens", id: "users"},
            h("thead", {}, h("tr", {},
                h("th", {scope: "col"}, "User"), h("th", {scope: "col"}, "Role"), h("th", {scope: "col"}, "State"),
                h("th", {scope: "col"}, "Created"), h("th", {scope: "col"}, h("span", {class: "visually-hidden"}, "Actions")))),
            rows));
    await load();
}
