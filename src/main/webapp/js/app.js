// The single-page interface: a hash router over the views, the notice area for errors, sign-out,
// the "/" shortcut to the search box, "n" for a new snippet, and code pasted onto the list.
import {api, markSignedIn} from "./api.js";
import {h, replace} from "./dom.js";
import {clearNotice, report, showAnnounced} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {showList} from "./list.js";
import {showSnippet} from "./snippet.js";
import {hasUnsavedEdit, showEditor, startNewWith} from "./editor.js";
import {showHistory} from "./history.js";
import {showAccount} from "./account.js";
import {showTrash} from "./trash.js";
import {showUsers} from "./users.js";
import {showCommandLine} from "./command-line.js";
import {showStorage} from "./storage.js";
import {showAudit} from "./audit.js";
import {showShortcuts} from "./list-keys.js";
import {showCollection, showCollections} from "./collections.js";
import {me} from "./me.js";

const view = document.getElementById("view");

function notFound() {
    document.title = "Not found — Snippet Store";
    replace(view, h("h1", {id: "not-found"}, "Not found"),
        h("p", {}, "There is no such page or snippet here, or it is not shared with you."),
        h("p", {}, h("a", {href: viewPaths.list}, "Back to your snippets")));
}

const LEAVE_EDIT = "Leave the editor? Your changes are not saved; they stay as a draft in this browser and come back when you edit this snippet again.";

/** The address of the view on screen: where Back or a link that the user takes back returns to. */
let shownHash = window.location.hash;

async function route() {
    if (window.location.hash !== shownHash && hasUnsavedEdit() && !window.confirm(LEAVE_EDIT)) {
        history.replaceState(null, "", shownHash || viewPaths.list);
        return;
    }
    shownHash = window.location.hash;
    // a dialog belongs to the view it was opened on: Back (or a link) closes it with the view
    document.querySelectorAll("dialog[open]").forEach((dialog) => dialog.close());
    clearNotice();
    window.scrollTo(0, 0); // every view starts at its top; the list may then restore its place
    showAnnounced();
    const [path, query] = (window.location.hash.replace(/^#/, "") || "/").split("?");
    const snippet = path.match(/^\/s\/([^/]+)$/);
    const edit = path.match(/^\/s\/([^/]+)\/edit$/);
    const historyOf = path.match(/^\/s\/([^/]+)\/history$/);
    const collection = path.match(/^\/c\/([^/]+)$/);
    try {
        if (path === "/") {
            await showList(view, new URLSearchParams(query ?? ""));
        } else if (path === "/new") {
            await showEditor(view, null);
        } else if (snippet) {
            await showSnippet(view, decodeURIComponent(snippet[1]), new URLSearchParams(query ?? ""));
        } else if (edit) {
            await showEditor(view, decodeURIComponent(edit[1]));
        } else if (historyOf) {
            await showHistory(view, decodeURIComponent(historyOf[1]));
        } else if (path === "/collections") {
            await showCollections(view);
        } else if (collection) {
            await showCollection(view, decodeURIComponent(collection[1]));
        } else if (path === "/trash") {
            await showTrash(view);
        } else if (path === "/tokens") {
            await showAccount(view);
        } else if (path === "/command-line") {
            showCommandLine(view);
        } else if (path === "/users" && me.role === "admin") {
            await showUsers(view);
        } else if (path === "/storage" && me.role === "admin") {
            await showStorage(view);
        } else if (path === "/audit" && me.role === "admin") {
            await showAudit(view);
        } else {
            notFound();
        }
    } catch (error) {
        if (error.status === 404) {
            notFound();
        } else {
            report(error);
        }
    }
}

document.getElementById("sign-out").addEventListener("click", async () => {
    try {
        await api("POST", apiPaths.logout);
        window.location.assign("/login");
    } catch (error) {
        report(error);
    }
});

/** Whether an event happens where the user types: keys and pastes there are theirs, not shortcuts. */
function typingIn(event) {
    return Boolean(event.target.closest?.("input, textarea, select, [contenteditable], dialog"));
}

document.addEventListener("keydown", (event) => {
    if (typingIn(event) || event.ctrlKey || event.metaKey || event.altKey) {
        return;
    }
    if (event.key === "n") {
        event.preventDefault();
        window.location.hash = viewPaths.create;
        return;
    }
    if (event.key === "?") {
        event.preventDefault();
        showShortcuts();
        return;
    }
    if (event.key !== "/") {
        return;
    }
    event.preventDefault();
    if (!document.getElementById("search")) {
        window.location.hash = viewPaths.list;
        window.addEventListener("snippets:list-shown", () => document.getElementById("search")?.focus(), {once: true});
    } else {
        document.getElementById("search")?.focus();
    }
});

// Code pasted onto the list (not into a field) starts a new snippet with it: paste first, then describe it.
document.addEventListener("paste", (event) => {
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (typingIn(event) || !document.getElementById("results") || text.trim() === "") {
        return;
    }
    event.preventDefault();
    startNewWith(text);
    window.location.hash = viewPaths.create;
});

window.addEventListener("hashchange", route);

try {
    const {data} = await api("GET", apiPaths.whoami);
    Object.assign(me, data);
    markSignedIn();
    document.body.classList.remove("starting");
    document.getElementById("whoami").textContent = data.username;
    for (const id of ["nav-users", "nav-storage", "nav-audit"]) {
        document.getElementById(id).hidden = data.role !== "admin";
    }
    await route();
} catch (error) {
    if (error.status !== 401) {
        document.body.classList.remove("starting");
        report(error);
    }
}
