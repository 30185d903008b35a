// The snippet list: whose snippets (mine, the team's, both), search as you type, tag chips, a
// language filter and the sort order all combine into one query; "Load more" follows the API's
// cursor. The filters live in the address (#/?q=...&tag=...), so a reload, a bookmark or "back"
// shows the same list. Others' snippets name their owner; each item has a badge of who reads it;
// among one's own, the list says how many more the team and one's groups share. One's own are
// chosen for actions on several at once (selection.js). Under a search, "Related by meaning" adds the
// nearest snippets its words did not find. Beside the list (above it on a phone, folded), the tree of
// one's collections and those shared with one narrows the list to one of them.
import {api} from "./api.js";
import {h, relativeTime, replace} from "./dom.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {languageNames} from "./languages.js";
import {markdown} from "./widgets.js";
import {selectionBar} from "./selection.js";
import {ownCollections, pathName} from "./collections.js";
import {listKeys} from "./list-keys.js";

/** How long typing rests before the list follows: short enough that results settle within 300 ms of the last key. */
const SEARCH_DELAY_MS = 150;
/** How the list shows its snippets (cards, compact, table), and whose it lists, as last chosen in this browser. */
const VIEW_KEY = "snippets.list.view";
const SCOPE_KEY = "snippets.list.scope";
const TAG_FACETS_SHOWN = 12;
/** How many snippets "Related by meaning" shows under a search. */
const RELATED_SHOWN = 5;
/** The width from which the collection tree stands beside the list, unfolded (as in app.css). */
const WIDE = "(min-width: 900px)";

/** The lines of a result that matched, with the matched text marked: text nodes only, never HTML. */
function excerpt(match) {
    const parts = [];
    let at = 0;
    for (const {start, end} of match.highlights) {
        parts.push(match.text.slice(at, start), h("mark", {}, match.text.slice(start, end)));
        at = end;
    }
    parts.push(match.text.slice(at));
    return h("pre", {class: "excerpt", "aria-label": `Matched in ${match.field}, from line ${match.line}`}, parts);
}
const PLACE_KEY = "snippets.listPlace";

/** Where the user was in this list when they opened a result: how many pages were loaded, and the scroll. */
function keepPlace(pages) {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({hash: window.location.hash, pages, scrollY: window.scrollY}));
}

/** The place kept for this very list (same filters), taken once. */
function takePlace() {
    const place = JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? "null");
    sessionStorage.removeItem(PLACE_KEY);
    return place?.hash === window.location.hash ? place : null;
}

let generation = 0;

/** Who can read a listed snippet besides its owner, as a badge: private, link, team, or shared with groups. */
function sharingBadge(snippet) {
    const shared = snippet.owner.id === me.userId ? (snippet.groups ?? []).length > 0 : snippet.visibility !== "team";
    const [label, kind] = shared && snippet.visibility !== "team" ? ["Groups", "groups"]
        : {private: ["Private", "private"], link: ["Link", "link"], team: ["Team", "team"]}[snippet.visibility] ?? ["", ""];
    return label ? h("span", {class: `badge ${kind}`, title: BADGE_TITLES[kind]}, label) : null;
}

const BADGE_TITLES = {
    private: "Only its owner reads it",
    link: "Whoever has one of its links reads it",
    team: "Everyone in the team reads it",
    groups: "Shared with groups",
};

/** How many snippets the facets count: each has one language. */
function total(facets) {
    return facets.languages.reduce((sum, language) => sum + language.count, 0);
}

function stateFrom(params) {
    return {
        query: params.get("q") ?? "",
        tags: [...new Set(params.getAll("tag"))],
        language: params.get("language") ?? "",
        sort: params.get("sort") ?? "",
        // everything one may read, until one chooses otherwise: a new member's own list is empty
        scope: params.get("scope") ?? localStorage.getItem(SCOPE_KEY) ?? "all",
        variables: params.get("variables") === "true",
        starred: params.get("starred") === "true",
        collection: params.get("collection") ?? "",
        recursive: params.get("recursive") === "true",
    };
}

/** Writes the filters into the address without adding a history entry for every keystroke. */
function remember(state) {
    const params = new URLSearchParams();
    if (state.query) {
        params.set("q", state.query);
    }
    state.tags.forEach((tag) => params.append("tag", tag));
    if (state.language) {
        params.set("language", state.language);
    }
    if (state.sort) {
        params.set("sort", state.sort);
    }
    if (state.scope !== "all") {
        params.set("scope", state.scope);
    }
    if (state.variables) {
        params.set("variables", "true");
    }
    collectionParams(state, params);
    const query = params.toString();
    history.replaceState(null, "", query ? `#/?${query}` : viewPaths.list);
}

/** The filters of the list as query parameters: whose snippets, search, tags, language (by any of its names), with variables only. */
function filterParams(state) {
    const params = new URLSearchParams();
    if (state.query.trim()) {
        params.set("query", state.query.trim());
    }
    state.tags.forEach((tag) => params.append("tag", tag));
    // every name the language goes by: "js" lists JavaScript too
    languageNames(state.language).forEach((name) => params.append("language", name));
    params.set("scope", state.scope);
    if (state.variables) {
        params.set("variables", "true");
    }
    collectionParams(state, params);
    return params;
}

/** Only the caller's starred snippets, or only those of one collection (and those inside it). */
function collectionParams(state, params) {
    if (state.starred) {
        params.set("starred", "true");
    }
    if (state.collection) {
        params.set("collection", state.collection);
        if (state.recursive) {
            params.set("recursive", "true");
        }
    }
}

/** Whether the list is narrowed by more than whose snippets it lists. */
function isFiltered(state) {
    return Boolean(state.query.trim() || state.tags.length || state.language || state.variables || state.starred || state.collection);
}

function listPath(state, cursor, view) {
    const params = filterParams(state);
    if (state.sort) {
        params.set("sort", state.sort);
    }
    params.set("limit", "20");
    if (view !== "table") {
        params.set("fields", "summary"); // cards show no code or notes, only a search's excerpt; a table row a line of code
    }
    if (cursor) {
        params.set("cursor", cursor);
    }
    return apiPaths.snippetList(params);
}

/** One's own collections and others' shared with one, for the tree and the selection's "Add to a collection". */
async function collectionChoices() {
    const [own, shared] = await Promise.all([ownCollections(),
        api("GET", apiPaths.collections("scope=shared&limit=200")).then((answer) => answer.data)]);
    return {own, shared};
}

export async function showList(view, params) {
    document.title = "Snippets — Snippet Store";
    const address = window.location.hash;
    const collections = await collectionChoices();
    if (window.location.hash !== address) {
        return; // the user went on meanwhile: the view is another page's now
    }
    const list = new SnippetList(view, stateFrom(params), collections);
    const place = takePlace();
    await list.reload();
    // Back from a result: the pages that were loaded, and the scroll, as they were.
    for (let page = 1; place && page < place.pages && list.nextCursor; page++) {
        await list.load(true);
    }
    if (place) {
        window.scrollTo(0, place.scrollY);
    }
    window.dispatchEvent(new Event("snippets:list-shown"));
}

/** The list's filters as controls holding `state`'s values. */
function filterControls(state) {
    const controls = {
        search: h("input", {
            id: "search", type: "search", value: state.query, autocomplete: "off", spellcheck: "false",
            placeholder: "Search titles, code, notes… (press /)",
        }),
        language: h("input", {id: "language-filter", value: state.language, autocomplete: "off", placeholder: "any", list: "languages"}),
        languages: h("datalist", {id: "languages"}),
        sort: h("select", {id: "sort"},
            h("option", {value: ""}, "Best match / newest"),
            h("option", {value: "updated"}, "Recently updated"),
            h("option", {value: "created"}, "Recently created"),
            h("option", {value: "title"}, "Title")),
        scope: h("select", {id: "scope"},
            h("option", {value: "all"}, "Everything I can read"),
            h("option", {value: "own"}, "Mine"),
            h("option", {value: "team"}, "Team"),
            h("option", {value: "groups"}, "Shared with my groups")),
        withVariables: h("input", {type: "checkbox", id: "variables-filter"}),
        starred: h("input", {type: "checkbox", id: "starred-filter"}),
        view: h("select", {id: "list-view"},
            h("option", {value: "cards"}, "Cards"),
            h("option", {value: "compact"}, "Titles only"),
            h("option", {value: "table"}, "Table")),
    };
    controls.sort.value = state.sort;
    controls.scope.value = state.scope;
    controls.withVariables.checked = state.variables;
    controls.starred.checked = state.starred;
    controls.view.value = localStorage.getItem(VIEW_KEY) ?? "cards";
    return controls;
}

/** The list's parts that change as it loads: chips, hint, status, results, tag facets and "Load more". */
function listParts() {
    return {
        chips: h("div", {id: "active-tags", class: "chips", role: "group", "aria-label": "Tag filters"}),
        sharedHint: h("p", {id: "shared-hint", hidden: true}),
        status: h("p", {id: "result-status", class: "muted", role: "status"}),
        results: h("ul", {id: "results", class: "results"}),
        table: h("table", {id: "results-table", class: "results-table", hidden: true},
            h("caption", {class: "visually-hidden"}, "Snippets"),
            h("thead", {}, h("tr", {}, ["Title", "Language", "Tags", "Owner", "Updated", "Code"].map((name) => h("th", {scope: "col"}, name)))),
            h("tbody", {id: "results-rows"})),
        tagFacets: h("div", {id: "tag-facets", class: "chips facets", role: "group", "aria-label": "Tags of these snippets"}),
        more: h("button", {id: "load-more", type: "button", class: "secondary", hidden: true}, "Load more"),
        related: h("section", {id: "related", hidden: true, "aria-labelledby": "related-title"},
            h("h2", {id: "related-title"}, "Related by meaning"),
            h("ul", {id: "related-results", class: "results"})),
    };
}

/** What the status line says when nothing is listed: why, by what was asked. */
function emptyListText(state) {
    if (isFiltered(state)) {
        return "No snippet matches.";
    }
    return state.scope === "team" ? "Nobody has shared a snippet with the team yet."
        : state.scope === "groups" ? "Nothing is shared with your groups yet."
            : "No snippets yet. Create the first one with “New snippet”.";
}

/** One showing of the list: its filters (`state`, kept in the address), the pages loaded, and the selection. */
class SnippetList {
    constructor(view, state, collections) {
        this.state = state;
        this.collections = collections;
        this.controls = filterControls(state);
        this.parts = listParts();
        /** How many snippets each scope lists without filters, by scope: counted once, again after the user's own changes. */
        this.scopeTotals = {};
        this.selection = selectionBar(() => {
            this.scopeTotals = {};
            return this.reload();
        }, collections, (limit) => this.ownMatches(limit));
        this.nextCursor = null;
        this.pages = 0;
        this.allTagsShown = false;
        this.counts = {matching: null, inScope: null};
        this.tree = this.collectionTree();
        this.filters = this.filterPanel();
        const {chips, sharedHint, status, results, table, more, related} = this.parts;
        replace(view,
            h("h1", {class: "visually-hidden"}, "Snippets"),
            h("div", {class: this.tree ? "list-layout with-collections" : "list-layout"}, this.tree,
                h("div", {class: "list-main"},
                    h("div", {class: "toolbar", role: "search"},
                        h("div", {class: "field grow"}, h("label", {for: "search"}, "Search"), this.controls.search)),
                    this.filters, sharedHint, chips, status,
                    this.selection.bar, results, table, more, related)));
        this.showView();
        this.listen();
        listKeys(() => this.view() === "table" ? table.tBodies[0] : results);
    }

    /**
     * Every filter but the search, with the tags to add and how the list shows: beside the search
     * on a wide screen, folded behind one "Filters" control (saying how many are on) on a phone,
     * so that the first result is in sight.
     */
    filterPanel() {
        const {language, languages, scope, sort, withVariables, starred, view} = this.controls;
        this.activeFilters = h("span", {id: "active-filters", class: "muted"});
        const panel = h("details", {id: "list-filters", class: "list-filters"},
            h("summary", {}, "Filters", this.activeFilters),
            h("div", {class: "toolbar"},
                h("div", {class: "field"}, h("label", {for: "language-filter"}, "Language"), language, languages),
                h("div", {class: "field"}, h("label", {for: "scope"}, "Snippets"), scope),
                h("div", {class: "field"}, h("label", {for: "sort"}, "Sort"), sort),
                h("div", {class: "field"}, h("label", {for: "list-view"}, "Show as"), view)),
            this.parts.tagFacets,
            h("div", {class: "list-options"},
                h("label", {class: "toggle", for: "variables-filter"}, withVariables, " With variables to fill in"),
                h("label", {class: "toggle", for: "starred-filter"}, starred, " Starred")));
        const wide = window.matchMedia(WIDE);
        panel.open = wide.matches;
        wide.addEventListener("change", () => panel.open = wide.matches);
        return panel;
    }

    view() {
        return this.controls.view.value;
    }

    /** Every snippet of one's own the filters match, `limit` at most, read page by page as summaries. */
    async ownMatches(limit) {
        const found = [];
        let cursor = null;
        do {
            const params = filterParams({...this.state, scope: "own"});
            params.set("limit", "100");
            params.set("fields", "summary");
            if (cursor) {
                params.set("cursor", cursor);
            }
            const {data, meta} = await api("GET", apiPaths.snippetList(params));
            found.push(...data);
            cursor = meta.nextCursor;
        } while (cursor && found.length < limit);
        return found.slice(0, limit);
    }

    /** Cards (with a search's excerpt), titles only, or a table of a line each with a line of code. */
    showView() {
        const {results, table} = this.parts;
        results.hidden = this.view() === "table";
        table.hidden = this.view() !== "table";
        results.classList.toggle("compact", this.view() === "compact");
    }

    /**
     * The collections to narrow the list to: one's own as a tree, then those shared with one; each a
     * button (sub-collections' snippets included), "All snippets" to widen it again. Nothing when
     * there is no collection to choose.
     */
    collectionTree() {
        const {own, shared} = this.collections;
        if (own.length === 0 && shared.length === 0) {
            return null;
        }
        const choose = (id, ...label) => h("button", {
            type: "button", class: "link", "data-id": id, "aria-current": String(this.state.collection === id), onclick: () => {
                this.state.collection = id;
                this.state.recursive = id !== "";
                this.reload();
            },
        }, ...label);
        const branch = (parentId) => {
            const children = own.filter((collection) => (collection.parentId ?? null) === parentId);
            return children.length === 0 ? null : h("ul", {class: parentId ? "tree" : "tree top"}, children.map((collection) =>
                h("li", {}, choose(collection.id, collection.name,
                    h("span", {class: "muted"}, ` ${collection.snippetCount}`)), branch(collection.id))));
        };
        const panel = h("details", {id: "collection-panel", class: "collection-panel"},
            h("summary", {}, "Collections"),
            h("nav", {id: "list-collections", "aria-label": "Narrow the list to a collection"},
                h("ul", {class: "tree top"}, h("li", {}, choose("", "All snippets"))),
                branch(null),
                shared.length === 0 ? null : [h("h2", {class: "tree-heading"}, "Shared with you"),
                    h("ul", {class: "tree top", id: "list-shared-collections"}, shared.map((collection) =>
                        h("li", {}, choose(collection.id, collection.name,
                            h("span", {class: "muted"}, ` by ${collection.owner.username}`)))))]));
        panel.open = window.matchMedia(WIDE).matches;
        return panel;
    }

    /** The tree marks the collection the list is narrowed to. */
    markCollection() {
        this.tree?.querySelectorAll("button[data-id]").forEach((button) =>
            button.setAttribute("aria-current", String(button.dataset.id === this.state.collection)));
    }

    /** "Runbooks / kubernetes", or the shared collection's name, of the collection the list is narrowed to. */
    collectionName(id) {
        const own = this.collections.own.find((collection) => collection.id === id);
        return own ? pathName(own) : this.collections.shared.find((collection) => collection.id === id)?.name;
    }

    /** Typing waits a moment before the list follows; choices follow at once. */
    listen() {
        const {search, language, scope, sort, withVariables, starred, view} = this.controls;
        let timer;
        const later = (change) => (event) => {
            change(event.target.value);
            clearTimeout(timer);
            timer = setTimeout(() => this.reload(), SEARCH_DELAY_MS);
        };
        const now = (change) => () => {
            change();
            this.reload();
        };
        search.addEventListener("input", later((value) => this.state.query = value));
        language.addEventListener("input", later((value) => this.state.language = value));
        sort.addEventListener("change", now(() => this.state.sort = sort.value));
        scope.addEventListener("change", now(() => {
            this.state.scope = scope.value;
            localStorage.setItem(SCOPE_KEY, scope.value);
        }));
        withVariables.addEventListener("change", now(() => this.state.variables = withVariables.checked));
        starred.addEventListener("change", now(() => this.state.starred = starred.checked));
        let shown = view.value;
        view.addEventListener("change", () => {
            localStorage.setItem(VIEW_KEY, view.value);
            const fieldsChange = (shown === "table") !== (view.value === "table");
            shown = view.value;
            this.showView();
            if (fieldsChange) {
                this.reload(); // a table row shows a line of code, which cards do not read
            }
        });
        this.parts.more.addEventListener("click", () => this.load(true));
    }

    reload() {
        this.selection.clear();
        remember(this.state);
        this.markCollection();
        this.renderChips();
        this.counts = {matching: null, inScope: null};
        this.loadFacets();
        return this.load(false);
    }

    /** The first page (or, with `append`, the next one); an answer overtaken by a newer load is dropped. */
    async load(append) {
        const mine = ++generation;
        try {
            const {data, meta} = await api("GET", listPath(this.state, append ? this.nextCursor : null, this.view()));
            if (mine !== generation) {
                return;
            }
            const {results, table, more} = this.parts;
            const rows = table.tBodies[0];
            if (!append) {
                replace(results);
                replace(rows);
            }
            this.pages = append ? this.pages + 1 : 1;
            if (this.view() === "table") {
                rows.append(...data.map((snippet) => this.row(snippet)));
            } else {
                results.append(...data.map((snippet) => this.item(snippet)));
            }
            this.nextCursor = meta.nextCursor;
            more.hidden = !this.nextCursor;
            this.suggested = data.length === 0 && !append ? meta.suggestion : null;
            this.showStatus();
            if (!append) {
                await this.loadRelated(mine, new Set(data.map((snippet) => snippet.id)));
            }
        } catch (error) {
            if (mine === generation) {
                report(error);
            }
        }
    }

    /**
     * Under a search's word matches (or instead of "No snippet matches"), the few snippets nearest
     * its meaning that the words did not find. Nothing where search by meaning is off (a 400).
     */
    async loadRelated(mine, shown) {
        const {related} = this.parts;
        const list = related.querySelector("ul");
        related.hidden = true;
        replace(list);
        if (!this.state.query.trim()) {
            return;
        }
        const params = filterParams(this.state);
        params.set("match", "meaning");
        params.set("limit", String(RELATED_SHOWN));
        params.set("fields", "summary");
        let answer;
        try {
            answer = await api("GET", apiPaths.snippetList(params));
        } catch (offOrGone) {
            return;
        }
        if (mine !== generation) {
            return;
        }
        const others = answer.data.filter((snippet) => !shown.has(snippet.id));
        list.append(...others.map((snippet) => this.item(snippet)));
        related.hidden = others.length === 0;
    }

    /** How many match of how many in the scope ("37 of 200 snippets"), how many are shown, or why none is. */
    showStatus() {
        const shown = this.view() === "table" ? this.parts.table.tBodies[0].rows.length : this.parts.results.children.length;
        const {matching, inScope} = this.counts;
        const plural = (count) => `${count} snippet${count === 1 ? "" : "s"}`;
        const count = matching === null ? plural(shown) : isFiltered(this.state) && inScope !== null ? `${matching} of ${plural(inScope)}`
            : plural(matching);
        const more = this.nextCursor ? `, ${shown} shown; more below` : "";
        replace(this.parts.status, shown === 0 ? emptyListText(this.state) : `${count}${more}.`,
            shown === 0 && this.suggested ? this.suggestion(this.suggested) : null);
        const on = [this.state.language, this.state.variables, this.state.starred, this.state.sort].filter(Boolean).length
            + this.state.tags.length + (this.state.scope === "all" ? 0 : 1);
        this.activeFilters.textContent = on === 0 ? "" : ` (${on} on)`;
    }

    renderChips() {
        const inCollection = this.state.collection ? h("button", {
            type: "button", class: "chip active", id: "collection-filter", "aria-label": "Remove the collection filter", onclick: () => {
                this.state.collection = "";
                this.state.recursive = false;
                this.reload();
            },
        }, this.collectionName(this.state.collection) ? `In “${this.collectionName(this.state.collection)}”` : "In a collection",
        h("span", {"aria-hidden": "true"}, " ×")) : null;
        replace(this.parts.chips, inCollection, this.state.tags.map((tag) =>
            h("button", {type: "button", class: "chip active", "aria-label": `Remove tag filter ${tag}`, onclick: () => {
                this.state.tags = this.state.tags.filter((other) => other !== tag);
                this.reload();
            }}, tag, h("span", {"aria-hidden": "true"}, " ×"))));
    }

    addTag(tag) {
        if (!this.state.tags.includes(tag)) {
            this.state.tags.push(tag);
        }
        this.reload();
    }

    item(snippet) {
        const mine = snippet.owner.id === me.userId;
        return h("li", {},
            h("article", {class: "result"},
                h("div", {class: "result-head"},
                    mine ? this.selection.checkbox(snippet) : null,
                    h("h2", {}, h("a", {href: viewPaths.snippet(snippet.id), onclick: () => keepPlace(this.pages)}, snippet.title))),
                h("p", {class: "meta"}, snippet.pinned ? h("span", {class: "badge"}, "Pinned") : null,
                    snippet.starred ? h("span", {class: "badge", "aria-label": "Starred"}, "★") : null,
                    sharingBadge(snippet), `${snippet.language} · updated `, relativeTime(snippet.updatedAt),
                    mine ? "" : h("span", {class: "owner"}, ` · by ${snippet.owner.username}`),
                    snippet.attachmentCount ? ` · ${snippet.attachmentCount} attachment${snippet.attachmentCount === 1 ? "" : "s"}` : ""),
                snippet.description ? markdown(snippet.description, {class: "description"}) : null,
                snippet.match ? excerpt(snippet.match) : null,
                h("div", {class: "chips"}, snippet.tags.map((tag) =>
                    h("button", {type: "button", class: "chip", "aria-label": `Filter by tag ${tag}`, onclick: () => this.addTag(tag)}, tag)))));
    }

    /** A table row: title, language, tags, owner, when it changed and its first line of code. */
    row(snippet) {
        const mine = snippet.owner.id === me.userId;
        const line = (snippet.code ?? "").split("\n").find((text) => text.trim() !== "")?.trim() ?? "";
        return h("tr", {},
            h("td", {class: "title"}, mine ? this.selection.checkbox(snippet) : null,
                h("a", {href: viewPaths.snippet(snippet.id), onclick: () => keepPlace(this.pages)}, snippet.title)),
            h("td", {}, snippet.language),
            h("td", {class: "tags"}, snippet.tags.join(", ")),
            h("td", {}, mine ? "me" : snippet.owner.username),
            h("td", {}, relativeTime(snippet.updatedAt)),
            h("td", {class: "preview"}, h("code", {}, line.slice(0, 200))));
    }

    /** "Did you mean …": a search the service found something for, one click away. */
    suggestion(respelled) {
        return [" Did you mean ",
            h("button", {type: "button", id: "suggestion", class: "link", onclick: () => {
                this.state.query = respelled;
                this.controls.search.value = respelled;
                this.reload();
            }}, respelled), "?"];
    }

    /** The languages and tags of what the filters match: the language suggestions, and tags to add with their counts. */
    async loadFacets() {
        const mine = this.facetsAsked = (this.facetsAsked ?? 0) + 1;
        try {
            const {data} = await api("GET", apiPaths.snippetFacets(filterParams(this.state)));
            replace(this.controls.languages, data.languages.map((facet) => h("option", {value: facet.name}, `${facet.count}`)));
            this.showTagFacets(data.tags);
            await Promise.all([this.countInScope(mine, data), this.showShared(data)]);
        } catch (error) {
            report(error);
        }
    }

    /** How many the filters match, and of how many the scope lists without them. */
    async countInScope(mine, matching) {
        const {scope} = this.state;
        if (!isFiltered(this.state)) {
            this.scopeTotals[scope] = total(matching);
        } else if (this.scopeTotals[scope] === undefined) {
            // asked once a scope while the list is shown, not at every keystroke of a search
            this.scopeTotals[scope] = total((await api("GET", apiPaths.snippetFacets(filterParams({...stateFrom(new URLSearchParams()), scope})))).data);
        }
        const inScope = this.scopeTotals[scope];
        if (mine === this.facetsAsked) {
            this.counts = {matching: total(matching), inScope};
            this.showStatus();
        }
    }

    showTagFacets(tags) {
        const offered = tags.filter((facet) => !this.state.tags.includes(facet.name));
        const hidden = this.allTagsShown ? 0 : Math.max(0, offered.length - TAG_FACETS_SHOWN);
        replace(this.parts.tagFacets, offered.slice(0, offered.length - hidden).map((facet) =>
            h("button", {
                type: "button", class: "chip", "data-tag": facet.name, title: `Show only those tagged ${facet.name} (${facet.count})`,
                onclick: () => this.addTag(facet.name),
            }, facet.name, h("span", {class: "count"}, ` ${facet.count}`))),
        hidden > 0 ? h("button", {type: "button", id: "more-tags", class: "link", onclick: () => {
            this.allTagsShown = true;
            this.loadFacets();
        }}, `${hidden} more tag${hidden === 1 ? "" : "s"}`) : null);
    }

    /**
     * Among one's own snippets, how many more of the team's and one's groups' the same filters
     * match, one click away: a new member's empty list is not the team's.
     */
    async showShared(own) {
        const {sharedHint} = this.parts;
        if (this.state.scope !== "own") {
            sharedHint.hidden = true;
            return;
        }
        const {data} = await api("GET", apiPaths.snippetFacets(filterParams({...this.state, scope: "all"})));
        const others = total(data) - total(own);
        replace(sharedHint, `${others} more ${others === 1 ? "snippet is" : "snippets are"} shared with you by the team and your groups. `,
            h("button", {type: "button", id: "show-shared", class: "link", onclick: () => {
                this.state.scope = "all";
                this.controls.scope.value = "all";
                localStorage.setItem(SCOPE_KEY, "all");
                this.reload();
            }}, others === 1 ? "Show it" : "Show them too"));
        sharedHint.hidden = others <= 0;
    }
}
