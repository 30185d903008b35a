// The audit trail: for administrators everyone's records, narrowed to one user, one action or the
// days from one to another; for every user their own, on the account page. Newest first, a page at a time.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {recordTable} from "./widgets.js";

/** The actions the service records (AuditEvent's; AuditActionsTest holds this list to them). */
const ACTIONS = ["login", "login.provider", "password.changed", "token.created", "token.first_used", "token.narrowed", "token.revoked",
    "browser_login.approved", "device_login.approved", "user.created", "user.changed", "group.created", "group.deleted",
    "group.member_added", "group.member_removed", "snippet.deleted", "snippet.undeleted", "snippet.purged", "revision.restored",
    "attachment.deleted", "storage.changed", "backup.taken", "backup.restored", "backup.deleted", "data.exported", "data.imported",
    "collection.created", "collection.changed", "collection.shared", "collection.deleted", "collection.snippets_added",
    "collection.snippet_removed"];

/**
 * A table of audit records with "Load more", and `filter()` to start again with other
 * parameters. `withUser`: a column of who acted (administrators see everyone's).
 */
export function auditTable(id, withUser) {
    const rows = h("tbody", {});
    const more = h("button", {type: "button", id: `${id}-more`, class: "secondary", hidden: true}, "Load more");
    let parameters = new URLSearchParams();
    let cursor = null;
    let generation = 0;

    const row = (record) => h("tr", {},
        h("td", {"data-label": "When"}, formatDate(record.at)),
        withUser ? h("td", {"data-label": "Who"}, record.username) : null,
        h("td", {"data-label": "What"}, record.action, record.outcome === "success" ? "" : h("strong", {}, ` (${record.outcome})`)),
        // what a person reads (the title or name the record was made with), the raw id on hover
        h("td", {"data-label": "On", title: record.subject ?? null}, record.detail ?? record.subject ?? ""),
        h("td", {"data-label": "From"}, record.clientAddress ?? ""));

    async function load(append) {
        const query = new URLSearchParams(parameters);
        query.set("limit", "50");
        if (append && cursor) {
            query.set("cursor", cursor);
        }
        const mine = ++generation;
        const {data, meta} = await api("GET", apiPaths.audit(query));
        if (mine !== generation) {
            return; // filters changed meanwhile: a newer load shows theirs
        }
        if (!append) {
            replace(rows);
        }
        rows.append(...data.map(row));
        if (rows.children.length === 0) {
            replace(rows, h("tr", {}, h("td", {colspan: withUser ? "5" : "4", class: "muted"}, "Nothing recorded.")));
        }
        cursor = meta.nextCursor;
        more.hidden = !cursor;
    }

    more.addEventListener("click", () => load(true).catch(report));
    const table = h("div", {},
        recordTable(id, ["When", ...(withUser ? ["Who"] : []), "What", "On", "From"], rows),
        more);
    return {
        table,
        filter: (next) => {
            parameters = next;
            return load(false);
        },
    };
}

/** The start of the day `date` ("2026-11-27", as a date field holds it) plus `days`, in this browser's time zone, as the API takes instants. */
function startOfDay(date, days = 0) {
    const [year, month, day] = date.split("-").map(Number);
    return new Date(year, month - 1, day + days).toISOString();
}

export async function showAudit(view) {
    document.title = "Audit — Snippet Store";
    const user = h("select", {id: "audit-user"}, h("option", {value: ""}, "Everyone"));
    const action = h("select", {id: "audit-action"}, h("option", {value: ""}, "Every action"),
        ACTIONS.map((name) => h("option", {value: name}, name)));
    const since = h("input", {id: "audit-since", type: "date"});
    const until = h("input", {id: "audit-until", type: "date"});
    const trail = auditTable("audit", true);
    const apply = () => {
        const parameters = new URLSearchParams();
        if (user.value) {
            parameters.set("userId", user.value);
        }
        if (action.value) {
            parameters.set("action", action.value);
        }
        if (since.value) {
            parameters.set("since", startOfDay(since.value));
        }
        if (until.value) {
            parameters.set("until", startOfDay(until.value, 1)); // the last day is whole
        }
        trail.filter(parameters).catch(report);
    };
    [user, action, since, until].forEach((control) => control.addEventListener("change", apply));
    replace(view,
        h("h1", {}, "Audit"),
        h("div", {class: "toolbar"},
            h("div", {class: "field"}, h("label", {for: "audit-user"}, "Who"), user),
            h("div", {class: "field"}, h("label", {for: "audit-action"}, "Action"), action),
            h("div", {class: "field"}, h("label", {for: "audit-since"}, "From"), since),
            h("div", {class: "field"}, h("label", {for: "audit-until"}, "To (the whole day)"), until)),
        trail.table);
    const {data: users} = await api("GET", apiPaths.users);
    user.append(...users.map((listed) => h("option", {value: listed.id}, listed.username)));
    await trail.filter(new URLSearchParams());
}
