// The read-only page of a collection's share link, /c/<secret>: the collection's name and
// description, its snippets (searched inside it, page by page), and one of them opened below with
// its code highlighted, its raw code and its attachments to download. Nothing else of its owner is asked for.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {apiPaths} from "./paths.js";
import {codeWithVariables, notesOf} from "./fill-in.js";
import {attachmentItem, markdown} from "./widgets.js";

const view = document.getElementById("view");
const secret = decodeURIComponent(window.location.pathname.replace(/^\/c\//, ""));
const options = {signInWhenUnauthenticated: false};

/** One snippet of the collection, opened below the list. */
async function open(id, into) {
    const {data: snippet} = await api("GET", apiPaths.sharedCollectionSnippet(secret, id), options);
    const {data: attachments} = await api("GET", apiPaths.sharedCollectionAttachments(secret, id), options);
    replace(into, h("article", {class: "snippet", id: "opened-snippet"},
        h("h2", {id: "snippet-title"}, snippet.title),
        h("p", {class: "meta"}, `${snippet.language} · updated ${formatDate(snippet.updatedAt)}`),
        snippet.description ? markdown(snippet.description, {class: "description"}) : null,
        h("div", {class: "chips"}, snippet.tags.map((tag) => h("span", {class: "chip"}, tag))),
        codeWithVariables(snippet, apiPaths.sharedCollectionRaw(secret, id)),
        notesOf(snippet),
        attachments.length === 0 ? null : h("section", {"aria-labelledby": "attachments-title"},
            h("h3", {id: "attachments-title"}, "Attachments"),
            h("ul", {id: "attachments", class: "attachments"}, attachments.map((attachment) => attachmentItem(attachment))))));
    into.querySelector("h2").focus?.();
}

/** The list of snippets for a search (empty: all of them), a page at a time. */
function snippetList(opened) {
    const list = h("ul", {id: "collection-snippets", class: "results"});
    const more = h("button", {type: "button", id: "collection-more", hidden: true}, "More");
    let next = null;
    let query = "";
    async function load(reset) {
        const params = new URLSearchParams({fields: "summary", ...(query ? {query} : {}), ...(next && !reset ? {cursor: next} : {})});
        const answer = await api("GET", apiPaths.sharedCollectionSnippets(secret, params), options);
        if (reset) {
            replace(list);
        }
        answer.data.forEach((snippet) => list.append(h("li", {},
            h("button", {type: "button", class: "link", onclick: () => open(snippet.id, opened)}, snippet.title),
            h("span", {class: "muted"}, ` ${snippet.language}`))));
        if (reset && answer.data.length === 0) {
            list.append(h("li", {class: "muted"}, query ? "Nothing here matches." : "This collection holds no snippets."));
        }
        next = answer.meta.nextCursor;
        more.hidden = !next;
    }
    more.addEventListener("click", () => load(false));
    const search = h("input", {id: "collection-search", type: "search", "aria-label": "Search this collection"});
    const form = h("form", {id: "collection-search-form", class: "inline-form", role: "search"},
        search, h("button", {type: "submit"}, "Search"));
    form.addEventListener("submit", (event) => {
        event.preventDefault();
        query = search.value.trim();
        next = null;
        load(true);
    });
    return {element: h("div", {}, form, list, more), load};
}

try {
    const {data: collection} = await api("GET", apiPaths.sharedCollection(secret), options);
    document.title = `${collection.name} · Snippet Store`;
    const opened = h("div", {id: "opened"});
    const snippets = snippetList(opened);
    replace(view,
        h("h1", {id: "collection-name"}, collection.name),
        h("p", {class: "meta"}, `${collection.snippetCount} snippets · updated ${formatDate(collection.updatedAt)}`
            + " · shared by link, read-only"),
        collection.description ? markdown(collection.description, {id: "collection-description", class: "description"}) : null,
        snippets.element,
        opened);
    await snippets.load(true);
} catch (error) {
    replace(view, h("h1", {}, "Not found"),
        h("p", {id: "shared-error"}, error.status === 404
            ? "This link does not open anything: it was revoked, it expired, or its owner can no longer share it."
            : error.message));
}
