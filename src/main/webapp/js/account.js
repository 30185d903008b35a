// The account page: change one's own password (the current one is asked), the browser sessions
// with their last use (sign any other one out, or all of them), the API tokens for scripts and
// tools (create one with what it may do, its value shown once; see when each was last used and
// when it expires; narrow what it may do; limit it to some collections; revoke), and one's own
// snippets exported as a ZIP or imported from one.
import {api, failureText} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDelete, confirmDialog} from "./dialogs.js";
import {copyButton, recordTable} from "./widgets.js";
import {auditTable} from "./audit.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {SCOPE_WORDS} from "./scopes.js";
import {ownCollections, pathName} from "./collections.js";
import {importControl} from "./import-archive.js";

/** The scopes this user's tokens may carry: administration only for an administrator. */
function offeredScopes() {
    return Object.keys(SCOPE_WORDS).filter((scope) => scope !== "admin" || me.role === "admin");
}

/** A checkbox per scope, named by its words; `checked` decides which start ticked. */
function scopeChoices(idPrefix, scopes, checked) {
    const boxes = scopes.map((scope) => h("input", {
        type: "checkbox", id: `${idPrefix}-${scope.replace(":", "-")}`, value: scope, checked: checked(scope),
    }));
    const list = h("div", {class: "scope-choices"}, boxes.map((box) =>
        h("label", {for: box.id, class: "checkbox"}, box, " ", SCOPE_WORDS[box.value])));
    return {list, chosen: () => boxes.filter((box) => box.checked).map((box) => box.value)};
}

export async function showAccount(view) {
    document.title = "Your account — Snippet Store";
    const tokens = new TokenList();
    const activity = auditTable("my-activity", false);
    replace(view,
        h("h1", {}, "Your account"),
        passwordForm(),
        await sessionsTable(),
        exportAndImport(),
        h("h2", {}, "API tokens"),
        h("p", {class: "muted"}, "Scripts and tools send a token as ", h("code", {}, "Authorization: Bearer <token>"),
            " (", h("a", {href: "/api-docs/"}, "API documentation"), "); the ",
            h("a", {href: viewPaths.commandLine}, "command-line client"), " makes its own when it signs in."),
        tokens.form(), tokens.formError, tokens.created,
        recordTable("tokens", ["Name", "May", "Created", "Last used", "Expires", ""], tokens.rows),
        h("h2", {}, "Recent activity"),
        h("p", {class: "muted"}, "Sign-ins, password and token changes, deletions, exports and imports of your account."),
        activity.table);
    await tokens.loadCollections();
    await tokens.load();
    await activity.filter(new URLSearchParams());
}

/** A field's problem in plain words, beside the field; whether there is one. */
function fieldProblem(input, message, text) {
    message.textContent = text;
    message.hidden = !text;
    if (text) {
        input.setAttribute("aria-invalid", "true");
    } else {
        input.removeAttribute("aria-invalid");
    }
    return Boolean(text);
}

/** The API tokens: creating one (its value shown once), each one's last use, revoking. */
class TokenList {
    constructor() {
        this.rows = h("tbody", {});
        this.created = h("div", {id: "new-token", class: "callout", hidden: true});
        this.formError = h("p", {id: "token-error", class: "error", role: "alert", hidden: true});
        this.shownTokenId = null;
        this.collectionNames = new Map();
        this.collections = h("select", {id: "token-collections", multiple: true, size: "4", "aria-describedby": "token-collections-hint"});
    }

    /** The collections a token may be limited to: the user's own and those shared with them. */
    async loadCollections() {
        const [mine, shared] = await Promise.all([
            ownCollections(),
            api("GET", apiPaths.collections("scope=shared&limit=200")).then((answer) => answer.data),
        ]);
        const all = [...mine, ...shared];
        all.forEach((collection) => this.collectionNames.set(collection.id, pathName(collection)));
        replace(this.collections, all.map((collection) => h("option", {value: collection.id}, pathName(collection))));
    }

    /** Where a token reaches: every snippet, or those of its collections, by name. */
    reach(token) {
        return token.collections === null ? "" : "; only in " + token.collections
            .map((id) => this.collectionNames.get(id) ?? "a collection no longer there").join(", ");
    }

    async load() {
        const {data} = await api("GET", apiPaths.tokens);
        if (this.shownTokenId !== null && !data.some((token) => token.id === this.shownTokenId)) {
            this.created.hidden = true; // the token just shown was revoked: its value is worth nothing now
            replace(this.created);
            this.shownTokenId = null;
        }
        replace(this.rows, data.length === 0 ? h("tr", {}, h("td", {colspan: "6", class: "muted"}, "No tokens.")) : data.map((token) =>
            h("tr", {},
                h("td", {"data-label": "Name"}, token.name),
                h("td", {"data-label": "May"}, token.scopes.map((scope) => SCOPE_WORDS[scope] ?? scope).join("; "), this.reach(token)),
                h("td", {"data-label": "Created"}, formatDate(token.createdAt)),
                h("td", {"data-label": "Last used"}, formatDate(token.lastUsedAt)),
                h("td", {"data-label": "Expires"}, token.expiresAt ? formatDate(token.expiresAt) : "never",
                    token.expiresSoon ? h("span", {class: "badge error"}, " soon") : null),
                h("td", {},
                    token.scopes.length > 1 ? h("button", {
                        type: "button", class: "link", "aria-label": `Narrow token ${token.name}`,
                        onclick: () => this.narrow(token),
                    }, "Narrow") : null,
                    h("button", {
                        type: "button", class: "link danger-text", "aria-label": `Revoke token ${token.name}`,
                        onclick: () => confirmDelete(`Revoke “${token.name}”? Anything using it stops working at once.`, "Revoke",
                            apiPaths.token(token.id), () => this.load()),
                    }, "Revoke")))));
    }

    /** Asks which of its scopes the token keeps (never more than it has), then keeps only those. */
    async narrow(token) {
        const choices = scopeChoices("narrow-scope", token.scopes, () => true);
        if (!await confirmDialog(`What may “${token.name}” still do? A token is never widened: make a new one for more.`,
            "Narrow", choices.list)) {
            return;
        }
        const kept = choices.chosen();
        if (kept.length === 0) {
            report(new Error("Keep at least one thing the token may do, or revoke it."));
            return;
        }
        try {
            await api("PATCH", apiPaths.token(token.id), {body: {scopes: kept}});
            await this.load();
        } catch (error) {
            report(error);
        }
    }

    form() {
        const fields = {
            name: h("input", {id: "token-name", required: true, autocomplete: "off", placeholder: "laptop CLI", "aria-describedby": "token-name-error"}),
            nameError: h("p", {id: "token-name-error", class: "field-error error", hidden: true}),
            expiry: h("input", {
                id: "token-expiry", type: "number", min: "1", inputmode: "numeric", placeholder: "never", list: "token-expiry-choices",
                "aria-describedby": "token-expiry-error",
            }),
            expiryError: h("p", {id: "token-expiry-error", class: "field-error error", hidden: true}),
            // administration only when asked for: a token for scripts rarely needs it
            scopes: scopeChoices("token-scope", offeredScopes(), (scope) => scope !== "admin"),
            scopesError: h("p", {id: "token-scopes-error", class: "field-error error", hidden: true}),
        };
        const form = h("form", {id: "token-form", class: "inline-form", novalidate: true},
            h("div", {class: "field grow"}, h("label", {for: "token-name"}, "Name"), fields.name, fields.nameError),
            h("div", {class: "field"}, h("label", {for: "token-expiry"}, "Expires in days"), fields.expiry,
                h("datalist", {id: "token-expiry-choices"}, ["30", "90", "365"].map((days) => h("option", {value: days}))),
                fields.expiryError),
            h("fieldset", {id: "token-scopes", class: "field"}, h("legend", {}, "It may"), fields.scopes.list, fields.scopesError),
            h("div", {class: "field"}, h("label", {for: "token-collections"}, "Only in these collections"), this.collections,
                h("p", {id: "token-collections-hint", class: "muted"}, "None chosen: every snippet you may reach. Sub-collections are not included.")),
            h("button", {type: "submit", id: "create-token"}, "Create token"));
        form.addEventListener("submit", (event) => {
            event.preventDefault();
            this.create(fields);
        });
        return form;
    }

    /** Creates a token when its fields are right, else says beside each what is wrong. */
    async create({name, nameError, expiry, expiryError, scopes, scopesError}) {
        this.formError.hidden = true;
        const days = expiry.value === "" ? null : Number(expiry.value);
        const nameWrong = fieldProblem(name, nameError, name.value.trim() === ""
            ? "Give the token a name that says where it is used, such as “laptop CLI”." : "");
        const expiryWrong = fieldProblem(expiry, expiryError, days !== null && !(Number.isInteger(days) && days >= 1 && days <= 3650)
            ? "A whole number of days from 1 to 3650, or empty for a token that does not expire." : "");
        const scopesWrong = fieldProblem(scopes.list, scopesError, scopes.chosen().length === 0
            ? "Pick at least one thing the token may do." : "");
        if (nameWrong || expiryWrong || scopesWrong) {
            (nameWrong ? name : expiryWrong ? expiry : scopes.list.querySelector("input")).focus();
            return;
        }
        try {
            const collections = [...this.collections.selectedOptions].map((option) => option.value);
            const body = {
                name: name.value, scopes: scopes.chosen(),
                ...(days === null ? {} : {expiresInDays: days}),
                ...(collections.length === 0 ? {} : {collections}),
            };
            const {data} = await api("POST", apiPaths.tokens, {body});
            this.showOnce(data);
            name.value = "";
            expiry.value = "";
            [...this.collections.options].forEach((option) => { option.selected = false; });
            await this.load();
        } catch (error) {
            this.formError.textContent = failureText(error);
            this.formError.hidden = false;
        }
    }

    /** A new token's value, shown only this once, with a button to copy it. */
    showOnce(token) {
        const copy = copyButton({id: "copy-token", label: "Copy token", text: token.token, statusId: "copy-token-status"});
        replace(this.created,
            h("p", {}, h("strong", {}, "Copy this token now. "), "It is shown only once; the service keeps only its hash."),
            h("code", {id: "new-token-value"}, token.token),
            copy.button,
            copy.status);
        this.created.hidden = false;
        this.shownTokenId = token.id;
    }
}

/** Changing one's own password: the API checks the current one and says which field is wrong. */
function passwordForm() {
    const current = h("input", {id: "current-password", type: "password", autocomplete: "current-password", required: true});
    const next = h("input", {id: "new-password", type: "password", autocomplete: "new-password", required: true, minlength: "8"});
    const revoke = h("input", {type: "checkbox", id: "revoke-tokens"});
    const status = h("p", {id: "password-status", role: "status", class: "muted"});
    const form = h("form", {id: "password-form", class: "inline-form", novalidate: true},
        h("div", {class: "field"}, h("label", {for: "current-password"}, "Current password"), current),
        h("div", {class: "field"}, h("label", {for: "new-password"}, "New password"), next),
        h("div", {class: "field"}, h("label", {for: "revoke-tokens"}, revoke, " Also revoke my API tokens")),
        h("button", {type: "submit", id: "change-password"}, "Change password"));
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        status.className = "muted";
        try {
            const {data} = await api("POST", apiPaths.password,
                {body: {currentPassword: current.value, newPassword: next.value, revokeTokens: revoke.checked}});
            current.value = "";
            next.value = "";
            const sessions = data.otherSessionsEnded === 1 ? "1 other session was" : `${data.otherSessionsEnded} other sessions were`;
            const tokens = data.tokensRevoked === 1 ? "1 API token was" : `${data.tokensRevoked} API tokens were`;
            status.textContent = `Your password was changed. This session goes on; ${sessions} signed out`
                + (revoke.checked ? ` and ${tokens} revoked.` : ".");
        } catch (error) {
            status.className = "error";
            status.textContent = passwordProblem(error);
        }
    });
    return h("section", {"aria-labelledby": "password-title"}, h("h2", {id: "password-title"}, "Password"), form, status);
}

/** A refused password change in the form's own words, not the API's field names. */
function passwordProblem(error) {
    const about = (field) => (error.details ?? []).find((detail) => detail.field === field);
    if (about("currentPassword")) {
        return "The current password is not right.";
    }
    return about("newPassword") ? `The new password ${about("newPassword").message}.` : error.message;
}

/** "Chromium on Linux", from a browser's User-Agent; the whole string stays in the row's title. */
function sessionName(userAgent) {
    if (!userAgent) {
        return "An unknown browser";
    }
    const browser = [[/Edg\//, "Edge"], [/OPR\//, "Opera"], [/Firefox\//, "Firefox"], [/HeadlessChrome|Chromium/, "Chromium"],
        [/Chrome\//, "Chrome"], [/Safari\//, "Safari"], [/^curl\//, "curl"]].find(([pattern]) => pattern.test(userAgent))?.[1]
        ?? (/^Mozilla\//.test(userAgent) ? "A browser" : "A program");
    const system = [[/Windows/, "Windows"], [/Android/, "Android"], [/iPhone|iPad/, "iOS"], [/Mac OS X/, "macOS"], [/CrOS/, "ChromeOS"],
        [/Linux/, "Linux"]].find(([pattern]) => pattern.test(userAgent))?.[1];
    return system ? `${browser} on ${system}` : browser;
}

/** The own snippets as a ZIP to keep or move, and such a ZIP imported here (import-archive.js). */
function exportAndImport() {
    return h("section", {"aria-labelledby": "transfer-title"},
        h("h2", {id: "transfer-title"}, "Export and import"),
        h("p", {}, h("a", {href: apiPaths.exportArchive, id: "export", class: "button secondary", download: ""}, "Download my snippets (ZIP)"),
            " Your own snippets with their tags, attachments and history; not those others share with you, nor the trash."),
        importControl());
}

/** Where the user is signed in (which browser, from which address), each session's last use, and signing any other one, or all, out. */
async function sessionsTable() {
    const rows = h("tbody", {});
    let others = [];
    const everywhere = h("button", {type: "button", id: "sign-out-others", class: "secondary", hidden: true, onclick: async () => {
        if (!await confirmDialog(`Sign out ${others.length === 1 ? "the other session" : `the ${others.length} other sessions`}?`
            + " Their browsers will have to sign in again; this one stays signed in.", "Sign out everywhere else")) {
            return;
        }
        // one already gone counts as signed out: the list that follows shows what is left
        await Promise.allSettled(others.map((session) => api("DELETE", apiPaths.session(session.id))));
        await load();
    }}, "Sign out everywhere else");

    async function load() {
        const {data} = await api("GET", apiPaths.sessions);
        others = data.filter((session) => !session.current);
        everywhere.hidden = others.length === 0;
        replace(rows, data.map((session) => h("tr", {},
            h("td", {"data-label": "Browser", title: session.userAgent ?? ""},
                sessionName(session.userAgent), session.current ? h("strong", {}, ", this one") : null),
            h("td", {"data-label": "From"}, session.clientAddress ?? "not recorded"),
            h("td", {"data-label": "Signed in"}, formatDate(session.createdAt)),
            h("td", {"data-label": "Last used"}, formatDate(session.lastUsedAt)),
            h("td", {}, session.current ? h("span", {class: "muted"}, "this session") : h("button", {
                type: "button", class: "link danger-text", "aria-label": `Sign out the session signed in ${formatDate(session.createdAt)}`,
                onclick: () => confirmDelete("Sign this session out? Its browser will have to sign in again.", "Sign out",
                    apiPaths.session(session.id), load),
            }, "Sign out")))));
    }

    await load();
    return h("section", {"aria-labelledby": "sessions-title"},
        h("h2", {id: "sessions-title"}, "Signed-in sessions"),
        h("div", {class: "actions"}, everywhere),
        recordTable("sessions", ["Browser", "From", "Signed in", "Last used", ""], rows));
}
