// The snippet list: whose snippets (mine, the team's, both), search as you type, tag chips, a
// language filter and the sort order all combine into one query; "Load more" follows the API's
// cursor. The filters live in the address (#/?q=...&tag=...), so a reload, a bookmark or "back"
// shows the same list. Others' snippets name their owner; each item has a badge of who reads it;
// among one's own, the list says how many more the team and one's groups share. One's own are
// chosen for actions on several at once (selection.js).
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {languageNames, markdown} from "./widgets.js";
import {selectionBar} from "./selection.js";

const SEARCH_DELAY_MS = 250;
const COMPACT_KEY = "snippets.compactList";
const TAG_FACETS_SHOWN = 12;

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
        scope: params.get("scope") ?? "",
        variables: params.get("variables") === "true",
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
    if (state.variables) {
        params.set("variables", "true");
    }
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
    if (state.scope) {
        params.set("scope", state.scope);
    }
    if (state.variables) {
        params.set("variables", "true");
    }
    return params;
}

function listPath(state, cursor) {
    const params = filterParams(state);
    if (state.sort) {
        params.set("sort", state.sort);
    }
    params.set("limit", "20");
    params.set("fields", "summary"); // the list shows no code or notes, only a search's excerpt
    if (cursor) {
        params.set("cursor", cursor);
    }
    return apiPaths.snippetList(params);
}

export async function showList(view, params) {
    document.title = "Snippets — Snippet Store";
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
        h("option", {value: "groups"}, "Shared with my groups"),
        h("option", {value: "all"}, "Mine, the team's and my groups'"));
    scope.value = state.scope;
    const chips = h("div", {id: "active-tags", class: "chips", role: "group", "aria-label": "Tag filters"});
    const sharedHint = h("p", {id: "shared-hint", hidden: true});
    const status = h("p", {id: "result-status", class: "muted", role: "status"});
    const results = h("ul", {id: "results", class: "results"});
    const tagFacets = h("div", {id: "tag-facets", class: "chips facets", role: "group", "aria-label": "Tags of these snippets"});
    const compact = h("input", {type: "checkbox", id: "compact"});
    compact.checked = localStorage.getItem(COMPACT_KEY) === "true";
    results.classList.toggle("compact", compact.checked);
    compact.addEventListener("change", () => {
        localStorage.setItem(COMPACT_KEY, String(compact.checked));
        results.classList.toggle("compact", compact.checked);
    });
    const more = h("button", {id: "load-more", type: "button", class: "secondary", hidden: true}, "Load more");
    const selection = selectionBar(() => reload());
    const withVariables = h("input", {type: "checkbox", id: "variables-filter"});
    withVariables.checked = state.variables;

    replace(view,
        h("h1", {class: "visually-hidden"}, "Snippets"),
        h("div", {class: "toolbar", role: "search"},
            h("div", {class: "field grow"}, h("label", {for: "search"}, "Search"), search),
            h("div", {class: "field"}, h("label", {for: "language-filter"}, "Language"), language, languages),
            h("div", {class: "field"}, h("label", {for: "scope"}, "Snippets"), scope),
            h("div", {class: "field"}, h("label", {for: "sort"}, "Sort"), sort)),
        sharedHint, chips, tagFacets,
        h("div", {class: "list-options"}, status,
            h("label", {class: "toggle", for: "variables-filter"}, withVariables, " With variables to fill in"),
            h("label", {class: "toggle", for: "compact"}, compact, " Compact")),
        selection.bar, results, more);

    let nextCursor = null;
    let timer;

    const renderChips = () => replace(chips, state.tags.map((tag) =>
        h("button", {type: "button", class: "chip active", "aria-label": `Remove tag filter ${tag}`, onclick: () => {
            state.tags = state.tags.filter((other) => other !== tag);
            reload();
        }}, tag, h("span", {"aria-hidden": "true"}, " ×"))));

    const item = (snippet) => h("li", {},
        h("article", {class: "result"},
            h("div", {class: "result-head"},
                snippet.owner.id === me.userId ? selection.checkbox(snippet) : null,
                h("h2", {}, h("a", {href: viewPaths.snippet(snippet.id), onclick: () => keepPlace(pages)}, snippet.title))),
            h("p", {class: "meta"}, sharingBadge(snippet), `${snippet.language} · updated ${formatDate(snippet.updatedAt)}`,
                snippet.owner.id !== me.userId ? h("span", {class: "owner"}, ` · by ${snippet.owner.username}`) : "",
                snippet.attachmentCount ? ` · ${snippet.attachmentCount} attachment${snippet.attachmentCount === 1 ? "" : "s"}` : ""),
            snippet.description ? markdown(snippet.description, {class: "description"}) : null,
            snippet.match ? excerpt(snippet.match) : null,
            h("div", {class: "chips"}, snippet.tags.map((tag) => h("button", {
                type: "button", class: "chip", "aria-label": `Filter by tag ${tag}`,
                onclick: () => {
                    if (!state.tags.includes(tag)) {
                        state.tags.push(tag);
                    }
                    reload();
                },
            }, tag)))));

    /** "Did you mean …": a search the service found something for, one click away. */
    const suggestion = (respelled) => [" Did you mean ",
        h("button", {type: "button", id: "suggestion", class: "link", onclick: () => {
            state.query = respelled;
            search.value = respelled;
            reload();
        }}, respelled), "?"];

    let pages = 0;
    let allTagsShown = false;

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
            pages = append ? pages + 1 : 1;
            results.append(...data.map(item));
            nextCursor = meta.nextCursor;
            more.hidden = !nextCursor;
            const shown = results.children.length;
            replace(status, shown === 0
                ? (state.query || state.tags.length || state.language || state.variables ? "No snippet matches."
                    : state.scope === "team" ? "Nobody has shared a snippet with the team yet."
                        : state.scope === "groups" ? "Nothing is shared with your groups yet."
                        : "No snippets yet. Create the first one with “New snippet”.")
                : `${shown} snippet${shown === 1 ? "" : "s"} shown${nextCursor ? "; more below" : ""}.`,
            shown === 0 && meta.suggestion ? suggestion(meta.suggestion) : null);
        } catch (error) {
            if (mine === generation) {
                report(error);
            }
        }
    }

    /**
     * Among one's own snippets, how many more of the team's and one's groups' the same filters
     * match, one click away: a new member's empty list is not the team's.
     */
    async function showShared(own) {
        if (state.scope) {
            sharedHint.hidden = true;
            return;
        }
        const {data} = await api("GET", apiPaths.snippetFacets(filterParams({...state, scope: "all"})));
        const others = total(data) - total(own);
        replace(sharedHint, `${others} more ${others === 1 ? "snippet is" : "snippets are"} shared with you by the team and your groups. `,
            h("button", {type: "button", id: "show-shared", class: "link", onclick: () => {
                state.scope = "all";
                scope.value = "all";
                reload();
            }}, others === 1 ? "Show it" : "Show them too"));
        sharedHint.hidden = others <= 0;
    }

    /** The languages and tags of what the filters match: the language suggestions, and tags to add with their counts. */
    async function loadFacets() {
        try {
            const {data} = await api("GET", apiPaths.snippetFacets(filterParams(state)));
            replace(languages, data.languages.map((facet) => h("option", {value: facet.name}, `${facet.count}`)));
            const offered = data.tags.filter((facet) => !state.tags.includes(facet.name));
            const hidden = allTagsShown ? 0 : Math.max(0, offered.length - TAG_FACETS_SHOWN);
            replace(tagFacets, offered.slice(0, offered.length - hidden).map((facet) =>
                h("button", {
                    type: "button", class: "chip", "aria-label": `Filter by tag ${facet.name} (${facet.count})`, onclick: () => {
                        state.tags.push(facet.name);
                        reload();
                    },
                }, facet.name, h("span", {class: "muted"}, ` ${facet.count}`))),
            hidden > 0 ? h("button", {type: "button", id: "more-tags", class: "link", onclick: () => {
                allTagsShown = true;
                loadFacets();
            }}, `${hidden} more tag${hidden === 1 ? "" : "s"}`) : null);
            await showShared(data);
        } catch (error) {
            report(error);
        }
    }

    function reload() {
        selection.clear();
        remember(state);
        renderChips();
        loadFacets();
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
    withVariables.addEventListener("change", () => {
        state.variables = withVariables.checked;
        reload();
    });
    more.addEventListener("click", () => load(true));

    const place = takePlace();
    await reload();
    // Back from a result: the pages that were loaded, and the scroll, as they were.
    for (let page = 1; place && page < place.pages && nextCursor; page++) {
        await load(true);
    }
    if (place) {
        window.scrollTo(0, place.scrollY);
    }
    window.dispatchEvent(new Event("snippets:list-shown"));
}
