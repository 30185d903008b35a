// The snippet list: whose snippets (mine, the team's, both), search as you type, tag chips, a
// language filter and the sort order all combine into one query; "Load more" follows the API's
// cursor. The filters live in the address (#/?q=...&tag=...), so a reload, a bookmark or "back"
// shows the same list. Others' snippets name their owner.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";

const SEARCH_DELAY_MS = 250;

let generation = 0;

function stateFrom(params) {
    return {
        query: params.get("q") ?? "",
        tags: [...new Set(params.getAll("tag"))],
        language: params.get("language") ?? "",
        sort: params.get("sort") ?? "",
        scope: params.get("scope") ?? "",
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
    if (state.scope) {
        params.set("scope", state.scope);
    }
    const query = params.toString();
    history.replaceState(null, "", query ? `#/?${query}` : viewPaths.list);
}

function listPath(state, cursor) {
    const params = new URLSearchParams();
    if (state.query.trim()) {
        params.set("query", state.query.trim());
    }
    state.tags.forEach((tag) => params.append("tag", tag));
    if (state.language.trim()) {
        params.set("language", state.language.trim());
    }
    if (state.sort) {
        params.set("sort", state.sort);
    }
    if (state.scope) {
        params.set("scope", state.scope);
    }
    params.set("limit", "20");
    if (cursor) {
        params.set("cursor", cursor);
    }
    return apiPaths.snippetList(params);
}

export async function showList(view, params) {
    const state = stateFrom(params);
    const search = h("input", {
        id: "search", type: "search", value: state.query, autocomplete: "off", spellcheck: "false",
        placeholder: "Search titles, code, notes… (press /)",
    });
    const language = h("input", {id: "language-filter", value: state.language, autocomplete: "off", placeholder: "any", list: "languages"});
    const languages = h("datalist", {id: "languages"});
    const sort = h("select", {id: "sort"},
        h("option", {value: ""}, "Best match / newest"),
        h("option", {value: "updated"}, "Recently updated"),
        h("option", {value: "created"}, "Recently created"),
        h("option", {value: "title"}, "Title"));
    sort.value = state.sort;
    const scope = h("select", {id: "scope"},
        h("option", {value: ""}, "Mine"),
        h("option", {value: "team"}, "Team"),
        h("option", {value: "all"}, "Mine and the team's"));
    scope.value = state.scope;
    const chips = h("div", {id: "active-tags", class: "chips", "aria-label": "Tag filters"});
    const status = h("p", {id: "result-status", class: "muted", role: "status"});
    const results = h("ul", {id: "results", class: "results"});
    const more = h("button", {id: "load-more", type: "button", class: "secondary", hidden: true}, "Load more");

    replace(view,
        h("h1", {class: "visually-hidden"}, "Snippets"),
        h("div", {class: "toolbar", role: "search"},
            h("div", {class: "field grow"}, h("label", {for: "search"}, "Search"), search),
            h("div", {class: "field"}, h("label", {for: "language-filter"}, "Language"), language, languages),
            h("div", {class: "field"}, h("label", {for: "scope"}, "Snippets"), scope),
            h("div", {class: "field"}, h("label", {for: "sort"}, "Sort"), sort)),
        chips, status, results, more);

    let nextCursor = null;
    let timer;

    const renderChips = () => replace(chips, state.tags.map((tag) =>
        h("button", {type: "button", class: "chip active", "aria-label": `Remove tag filter ${tag}`, onclick: () => {
            state.tags = state.tags.filter((other) => other !== tag);
            reload();
        }}, tag, h("span", {"aria-hidden": "true"}, " ×"))));

    const item = (snippet) => h("li", {},
        h("article", {class: "result"},
            h("h2", {}, h("a", {href: viewPaths.snippet(snippet.id)}, snippet.title)),
            h("p", {class: "meta"}, `${snippet.language} · updated ${formatDate(snippet.updatedAt)}`,
                snippet.owner.id !== me.userId ? h("span", {class: "owner"}, ` · by ${snippet.owner.username}`) : "",
                snippet.attachmentCount ? ` · ${snippet.attachmentCount} attachment${snippet.attachmentCount === 1 ? "" : "s"}` : ""),
            snippet.description ? h("p", {class: "description"}, snippet.description) : null,
            h("div", {class: "chips"}, snippet.tags.map((tag) => h("button", {
                type: "button", class: "chip", "aria-label": `Filter by tag ${tag}`,
                onclick: () => {
                    if (!state.tags.includes(tag)) {
                        state.tags.push(tag);
                    }
                    reload();
                },
            }, tag)))));

    async function load(append) {
        const mine = ++generation;
        try {
            const {data, meta} = await api("GET", listPath(state, append ? nextCursor : null));
            if (mine !== generation) {
                return;
            }
            if (!append) {
                replace(results);
            }
            results.append(...data.map(item));
            const known = new Set([...languages.options].map((option) => option.value));
            data.map((snippet) => snippet.language).filter((name) => !known.has(name)).forEach((name) => {
                known.add(name);
                languages.append(h("option", {value: name}));
            });
            nextCursor = meta.nextCursor;
            more.hidden = !nextCursor;
            const shown = results.children.length;
            status.textContent = shown === 0
                ? (state.query || state.tags.length || state.language ? "No snippet matches."
                    : state.scope === "team" ? "Nobody has shared a snippet with the team yet."
                        : "No snippets yet. Create the first one with “New snippet”.")
                : `${shown} snippet${shown === 1 ? "" : "s"} shown${nextCursor ? "; more below" : ""}.`;
        } catch (error) {
            if (mine === generation) {
                report(error);
            }
        }
    }

    function reload() {
        remember(state);
        renderChips();
        return load(false);
    }

    const later = (change) => (event) => {
        change(event.target.value);
        clearTimeout(timer);
        timer = setTimeout(reload, SEARCH_DELAY_MS);
    };
    search.addEventListener("input", later((value) => state.query = value));
    language.addEventListener("input", later((value) => state.language = value));
    sort.addEventListener("change", () => {
        state.sort = sort.value;
        reload();
    });
    scope.addEventListener("change", () => {
        state.scope = scope.value;
        reload();
    });
    more.addEventListener("click", () => load(true));

    await reload();
    window.dispatchEvent(new Event("snippets:list-shown"));
}
