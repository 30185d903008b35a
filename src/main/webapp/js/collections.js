// Collections: the user's own as a tree, with a form for a new one, and others' shared with them;
// one collection's page with its breadcrumbs, description and snippets in order. Its owner
// renames it, chooses who reads it (the team, groups, links), reorders snippets (drag one onto
// another's place, or Up and Down from the keyboard), takes them out, and deletes it; a group writer
// takes out their own snippets.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {me} from "./me.js";
import {inform, report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDelete} from "./dialogs.js";
import {copyButton, markdown} from "./widgets.js";

/** Every collection of the caller's, by name, as one answer: the tree is built from `parentId`. */
export async function ownCollections() {
    return (await api("GET", apiPaths.collections("scope=own"))).data;
}

/** A collection's place as one line: "infra / kubernetes". */
export function pathName(collection) {
    return collection.path.map((step) => step.name).join(" / ");
}

function count(snippets) {
    return `${snippets} snippet${snippets === 1 ? "" : "s"}`;
}

function tree(collections, parentId) {
    const children = collections.filter((collection) => (collection.parentId ?? null) === parentId);
    if (children.length === 0) {
        return null;
    }
    return h("ul", {class: parentId ? "tree" : "tree top"},
        children.map((collection) => h("li", {"data-id": collection.id},
            h("a", {href: viewPaths.collection(collection.id)}, collection.name),
            h("span", {class: "muted"}, ` · ${count(collection.snippetCount)} · ${collection.visibility}`),
            tree(collections, collection.id))));
}

export async function showCollections(view) {
    document.title = "Collections — Snippet Store";
    const mine = await ownCollections();
    const shared = (await api("GET", apiPaths.collections("scope=shared&limit=200"))).data;
    const name = h("input", {id: "collection-name", required: true, maxlength: "100", autocomplete: "off"});
    const parent = h("select", {id: "collection-parent"},
        h("option", {value: ""}, "(at the top)"),
        mine.map((collection) => h("option", {value: collection.id}, pathName(collection))));
    const form = h("form", {id: "new-collection", class: "inline-form"},
        h("label", {for: "collection-name"}, "New collection"), name,
        h("label", {for: "collection-parent"}, "inside"), parent,
        h("button", {type: "submit"}, "Create"));
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
            const {data} = await api("POST", apiPaths.collections(""), {body: {name: name.value, parentId: parent.value || null}});
            window.location.hash = viewPaths.collection(data.id);
        } catch (error) {
            report(error);
        }
    });
    replace(view, h("h1", {}, "Collections"),
        form,
        h("section", {"aria-labelledby": "own-collections"},
            h("h2", {id: "own-collections"}, "Yours"),
            h("nav", {id: "collection-tree", "aria-label": "Your collections"},
                tree(mine, null) ?? h("p", {class: "muted"}, "No collections yet: name one above."))),
        h("section", {"aria-labelledby": "shared-collections"},
            h("h2", {id: "shared-collections"}, "Shared with you"),
            shared.length === 0 ? h("p", {class: "muted"}, "None.") : h("ul", {id: "shared-collection-list"},
                shared.map((collection) => h("li", {},
                    h("a", {href: viewPaths.collection(collection.id)}, collection.name),
                    h("span", {class: "muted"}, ` by ${collection.owner.username} · ${count(collection.snippetCount)} · you may ${collection.access}`))))));
}

export async function showCollection(view, id) {
    const collection = (await api("GET", apiPaths.collection(id))).data;
    const snippets = (await api("GET", apiPaths.collectionSnippets(id, "limit=200"))).data;
    document.title = `${collection.name} — Snippet Store`;
    const owner = collection.access === "owner";
    const changes = collection.access !== "read";
    const reload = () => showCollection(view, id).catch(report);

    async function send(method, path, body) {
        try {
            await api(method, path, body === undefined ? {} : {body});
            await reload();
        } catch (error) {
            report(error);
        }
    }

    const rows = snippets.map((snippet, index) => h("li", {"data-id": snippet.id},
        h("a", {href: viewPaths.snippet(snippet.id)}, snippet.title),
        h("span", {class: "muted"}, ` ${snippet.language}${snippet.owner.id === me.userId ? "" : ` · by ${snippet.owner.username}`}`),
        changes ? h("span", {class: "actions"},
            h("button", {
                type: "button", class: "link", disabled: index === 0, "aria-label": `Move ${snippet.title} up`,
                onclick: () => send("PUT", apiPaths.collectionSnippet(id, snippet.id), {position: index - 1}),
            }, "Up"),
            h("button", {
                type: "button", class: "link", disabled: index === snippets.length - 1, "aria-label": `Move ${snippet.title} down`,
                onclick: () => send("PUT", apiPaths.collectionSnippet(id, snippet.id), {position: index + 1}),
            }, "Down"),
            owner || snippet.owner.id === me.userId ? h("button", {
                type: "button", class: "link danger-text", "aria-label": `Take out ${snippet.title}`,
                onclick: () => send("DELETE", apiPaths.collectionSnippet(id, snippet.id)),
            }, "Take out") : null) : null));
    if (changes) {
        dragToReorder(rows, snippets, (snippet, position) => send("PUT", apiPaths.collectionSnippet(id, snippet.id), {position}));
    }

    replace(view,
        h("nav", {class: "breadcrumbs", "aria-label": "Where the collection is", id: "breadcrumbs"},
            h("a", {href: viewPaths.collections}, "Collections"),
            collection.path.flatMap((step) => [" / ", step.id === collection.id
                ? h("span", {"aria-current": "page"}, step.name)
                : h("a", {href: viewPaths.collection(step.id)}, step.name)])),
        h("h1", {id: "collection-title"}, collection.name),
        h("p", {class: "meta"}, `${count(collection.snippetCount)} · ${collection.visibility}`
            + (owner ? "" : ` · by ${collection.owner.username} · you may ${collection.access}`)),
        collection.description ? markdown(collection.description, {id: "collection-description", class: "description"}) : null,
        h("p", {}, h("a", {href: viewPaths.listOfCollection(id), id: "search-collection"}, "Search in this collection")),
        snippets.length === 0
            ? h("p", {class: "muted", id: "collection-empty"}, "No snippets here yet: add them from a snippet's page.")
            : h("ol", {id: "collection-snippets", class: "collection-snippets"}, rows),
        owner ? ownerControls(collection, reload) : null,
        owner ? await groupControls(collection, reload) : null,
        owner ? await linkControls(collection) : null);
}

/**
 * Rows dragged onto another row's place: `move(snippet, position)` puts the dragged snippet where
 * the row it was dropped on is (the others shift), as the Up and Down buttons do one step at a time.
 */
function dragToReorder(rows, snippets, move) {
    let dragged = null;
    rows.forEach((row, index) => {
        row.draggable = true;
        row.classList.add("draggable");
        row.addEventListener("dragstart", (event) => {
            dragged = index;
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", snippets[index].title);
            row.classList.add("dragging");
        });
        row.addEventListener("dragend", () => {
            dragged = null;
            row.classList.remove("dragging");
        });
        row.addEventListener("dragover", (event) => {
            if (dragged !== null && dragged !== index) {
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                row.classList.add("drop-target");
            }
        });
        row.addEventListener("dragleave", () => row.classList.remove("drop-target"));
        row.addEventListener("drop", (event) => {
            event.preventDefault();
            row.classList.remove("drop-target");
            const from = dragged;
            dragged = null;
            if (from !== null && from !== index) {
                move(snippets[from], index);
            }
        });
    });
}

/** The groups the collection is shared with, each reading or also adding their own snippets; sharing with one more. */
async function groupControls(collection, reload) {
    const current = collection.groups ?? [];
    async function save(groups) {
        try {
            await api("PATCH", apiPaths.collection(collection.id), {body: {groups: groups.map(({id, access}) => ({id, access}))}});
            await reload();
        } catch (error) {
            report(error);
        }
    }
    const open = (await api("GET", apiPaths.groups)).data.filter((group) => !current.some((shared) => shared.id === group.id));
    const choice = h("select", {id: "collection-group"}, open.length === 0 ? h("option", {value: ""}, "No other group")
        : open.map((group) => h("option", {value: group.id}, `${group.name} (${group.members.length})`)));
    const access = h("select", {id: "collection-group-access"},
        h("option", {value: "read"}, "can read"), h("option", {value: "write"}, "can add their own snippets"));
    return h("section", {"aria-labelledby": "collection-groups-title"},
        h("h2", {id: "collection-groups-title"}, "Groups"),
        h("ul", {id: "collection-groups"}, current.length === 0 ? h("li", {class: "muted"}, "Not shared with any group.")
            : current.map((group) => h("li", {},
                `${group.name}: ${group.access === "write" ? "can add their own snippets" : "can read"} `,
                h("button", {
                    type: "button", class: "link danger-text", "aria-label": `Stop sharing with ${group.name}`,
                    onclick: () => save(current.filter((other) => other.id !== group.id)),
                }, "Stop sharing")))),
        h("div", {class: "inline-form"},
            h("div", {class: "field"}, h("label", {for: "collection-group"}, "Group"), choice),
            h("div", {class: "field"}, h("label", {for: "collection-group-access"}, "Access"), access),
            h("button", {
                type: "button", id: "share-collection-with-group",
                onclick: () => choice.value && save([...current, {id: choice.value, access: access.value}]),
            }, "Share with group")));
}

/** The collection's share links: make one (its address shown this once), see each one's dates, revoke. */
async function linkControls(collection) {
    const made = h("div", {id: "new-collection-link", class: "callout", hidden: true});
    const rows = h("ul", {id: "collection-links"});
    async function load() {
        const links = (await api("GET", apiPaths.collectionLinks(collection.id))).data;
        replace(rows, links.length === 0 ? h("li", {class: "muted"}, "No share links.") : links.map((link) => h("li", {},
            `Made ${formatDate(link.createdAt)}, ${link.expiresAt ? `expires ${formatDate(link.expiresAt)}` : "never expires"} `,
            h("button", {
                type: "button", class: "link danger-text", "aria-label": `Revoke the link made ${formatDate(link.createdAt)}`,
                onclick: () => confirmDelete("Revoke this link? Whoever has it reads nothing more.", "Revoke",
                    apiPaths.collectionLink(collection.id, link.id), load),
            }, "Revoke"))));
    }
    const days = h("input", {id: "collection-link-days", type: "number", min: "1", inputmode: "numeric", placeholder: "never"});
    const form = h("form", {id: "collection-link-form", class: "inline-form"},
        h("label", {for: "collection-link-days"}, "Expires in days"), days,
        h("button", {type: "submit", id: "make-collection-link"}, "Make a share link"));
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
            const body = days.value === "" ? {} : {expiresInDays: Number(days.value)};
            const {data} = await api("POST", apiPaths.collectionLinks(collection.id), {body});
            const copy = copyButton({id: "copy-collection-link", label: "Copy link", text: data.url, statusId: "copy-collection-link-status"});
            replace(made, h("p", {}, "Anyone with this address reads the collection's snippets, read-only. It is shown only once."),
                h("code", {id: "collection-link-url"}, data.url), copy.button, copy.status);
            made.hidden = false;
            days.value = "";
            await load();
        } catch (error) {
            report(error);
        }
    });
    await load();
    return h("section", {"aria-labelledby": "collection-links-title"},
        h("h2", {id: "collection-links-title"}, "Share by link"),
        h("p", {class: "muted"}, "A link opens the snippets you put here to anyone who has it, signed in or not; nothing else of yours."),
        form, made, rows);
}

/** Renaming, who reads it, and deleting: the owner's. */
function ownerControls(collection, reload) {
    const name = h("input", {id: "rename-collection", value: collection.name, maxlength: "100"});
    const visibility = h("select", {id: "collection-visibility"},
        h("option", {value: "private", selected: collection.visibility === "private"}, "Only me"),
        h("option", {value: "team", selected: collection.visibility === "team"}, "Everyone signed in"));
    const form = h("form", {id: "collection-settings", class: "inline-form"},
        h("label", {for: "rename-collection"}, "Name"), name,
        h("label", {for: "collection-visibility"}, "Who can read it"), visibility,
        h("button", {type: "submit"}, "Save"));
    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
            await api("PATCH", apiPaths.collection(collection.id), {body: {name: name.value, visibility: visibility.value}});
            await reload();
            inform("Saved.");
        } catch (error) {
            report(error);
        }
    });
    return h("section", {"aria-labelledby": "collection-settings-title"},
        h("h2", {id: "collection-settings-title"}, "Settings"),
        form,
        h("button", {
            type: "button", id: "delete-collection", class: "danger",
            onclick: () => confirmDelete(`Delete the collection “${collection.name}”? Its snippets stay; the collections inside it move up.`,
                "Delete collection", apiPaths.collection(collection.id), () => {
                    window.location.hash = viewPaths.collections;
                }),
        }, "Delete collection"));
}
