// Creating and editing a snippet. The editor remembers the version it started from (the base); an
// edit is a merge patch of only the fields the user changed, with If-Match. When someone else changed
// the snippet meanwhile, it merges field by field against the base: fields only one side changed
// merge without asking and the result is saved; a field both changed differently is shown at the
// top, theirs beside mine, to keep mine, take theirs, or edit before saving. The API's field messages appear
// beside the fields they concern. Every change is kept as a draft in this browser until it is
// saved, so an expired session, a reload or leaving the page loses nothing: the draft comes back
// when the editor opens again; leaving the editor (a link, Back) or closing or reloading the tab
// with unsaved changes asks first.
// Keys: Tab indents in the code (Esc, then Tab, leaves it), Enter in a one-line field does not
// submit, Ctrl/Cmd+S saves and stays, Ctrl/Cmd+Enter saves and closes.
import {api} from "./api.js";
import {h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {guessLanguage, markdown, visibilitySelect} from "./widgets.js";
import {FIELDS, field, fieldOf, formValues} from "./editor-fields.js";
import {codePreview, languageSuggestions, placeholderReport} from "./editor-code.js";
import {fieldMerge, mergeIntoForm, showClashes} from "./edit-conflicts.js";

const INDENT = "    ";

/** Where this browser keeps the unsaved draft of a snippet (or of a new one). */
function draftKey(id) {
    return `snippets.draft.${id ?? "new"}`;
}

/** The page that is about to unload asks first while the editor has unsaved changes. */
let unsaved = false;
window.addEventListener("beforeunload", (event) => {
    if (unsaved && document.getElementById("snippet-form")) {
        event.preventDefault();
        event.returnValue = "";
    }
});
window.addEventListener("snippets:sign-in", () => unsaved = false);

/** Code for the next new snippet's form (pasted onto the list), taken once. */
let pastedCode = null;

export function startNewWith(code) {
    pastedCode = code;
}

/** Whether the editor is showing changes that are not saved yet (they are kept as a draft either way). */
export function hasUnsavedEdit() {
    return unsaved && document.getElementById("snippet-form") !== null;
}

export async function showEditor(view, id) {
    const existing = id ? await api("GET", apiPaths.snippet(id)) : null;
    const snippet = existing?.data;
    let etag = existing?.etag;
    /** The version the form's edit started from, and its fields: what a save sends the changes against. */
    let base = snippet?.version;
    unsaved = false;
    document.title = `${id ? `Edit “${snippet.title}”` : "New snippet"} — Snippet Store`;
    const savedStatus = h("span", {id: "save-status", class: "muted", role: "status"});
    const restored = h("div", {id: "draft-restored", class: "callout", hidden: true});
    const preview = h("div", {id: "preview", class: "preview callout", hidden: true, "aria-live": "polite"});
    const formError = h("div", {id: "form-error", class: "error", role: "alert", hidden: true});
    const save = h("button", {type: "submit", id: "save"}, id ? "Save changes" : "Create snippet");
    const placeholderCheck = h("div", {id: "code-variables", class: "placeholder-check", "aria-live": "polite"});
    const cancelHref = id ? viewPaths.snippet(id) : viewPaths.list;
    const form = h("form", {id: "snippet-form", novalidate: true, class: "editor"},
        field("title", "Title", h("input", {required: true, autocomplete: "off"})),
        h("div", {class: "row"},
            field("language", "Language", h("input", {required: true, autocomplete: "off", placeholder: "java, sql, bash…", list: "language-suggestions"})),
            field("tags", "Tags", h("input", {autocomplete: "off"}), "Separated by commas")),
        field("description", "Description", h("textarea", {rows: "2"})),
        field("code", "Code", h("textarea", {rows: "14", required: true, spellcheck: "false", wrap: "off", class: "code-input"}),
            "Tab indents; Esc, then Tab, moves on. Ctrl+S saves, Ctrl+Enter saves and closes. "
            + "{{name}}, {{name:default}} or {{name|a|b}} mark a part to fill in (docs: Variables)."),
        placeholderCheck,
        field("notes", "Notes", h("textarea", {rows: "5"}), "Markdown, in the description too."),
        h("div", {class: "actions"}, h("button", {type: "button", id: "preview-toggle", class: "secondary"}, "Preview")),
        preview,
        field("visibility", "Who can read it", visibilitySelect("visibility", snippet?.visibility)),
        formError,
        // the save bar stays at the window's bottom: Ctrl+S from anywhere in a long form shows its result
        h("div", {class: "actions save-bar"}, save, h("a", {href: cancelHref, class: "button secondary", id: "cancel"}, "Cancel"), savedStatus));
    const conflicts = h("div", {id: "conflicts", class: "callout conflicts", role: "alert", hidden: true});
    const readOnly = snippet?.access === "read";
    if (readOnly) {
        // said before any typing, not at Save
        save.disabled = true;
    }
    const readOnlyNotice = readOnly ? h("p", {id: "read-only", class: "callout", role: "status"},
        `You can read this snippet but not change it: only ${snippet.owner.username}, or a group they share it with for writing, can. `,
        h("a", {href: viewPaths.snippet(id)}, "Back to the snippet")) : null;
    replace(view, h("h1", {}, id ? `Edit “${snippet.title}”` : "New snippet"), readOnlyNotice, restored, conflicts, form, languageSuggestions());

    const control = (name) => form.elements.namedItem(name);
    const values = () => Object.fromEntries(FIELDS.map((name) => [name, control(name).value]));
    const fill = (fields) => FIELDS.forEach((name) => control(name).value = fields[name] ?? "");
    const opened = snippet ? formValues(snippet) : values();
    let loaded = opened;
    fill(loaded);
    const draft = JSON.parse(localStorage.getItem(draftKey(id)) ?? "null");
    if (draft && FIELDS.some((name) => (draft[name] ?? "") !== loaded[name])) {
        if (id && draft.base && draft.base !== base) {
            // a draft of an older version: its changes are against that version, which the history keeps
            try {
                loaded = formValues((await api("GET", apiPaths.revision(id, draft.base))).data);
                base = draft.base;
                etag = `"${draft.base}"`; // so that the save is refused, and merged with what was saved since
            } catch {
                // no longer kept: the draft counts as changes against the current version
            }
        }
        fill(draft);
        unsaved = true;
        replace(restored, "Your unsaved changes were kept in this browser and are back in the form. ",
            h("button", {
                type: "button", id: "discard-draft", class: "secondary", onclick: () => {
                    forgetDraft();
                    loaded = opened;
                    base = snippet?.version;
                    etag = existing?.etag;
                    fill(opened);
                    restored.hidden = true;
                },
            }, "Discard them"));
        restored.hidden = false;
    }
    const checkPlaceholders = () => replace(placeholderCheck, ...placeholderReport(control("code").value));
    checkPlaceholders();
    control("code").addEventListener("input", checkPlaceholders);
    form.querySelector("#preview-toggle").addEventListener("click", (event) => {
        preview.hidden = !preview.hidden;
        event.currentTarget.textContent = preview.hidden ? "Preview" : "Hide preview";
        showPreview();
    });
    function showPreview() {
        if (!preview.hidden) {
            replace(preview, markdown(control("description").value, {id: "preview-description"}),
                codePreview(control("code").value),
                markdown(control("notes").value, {id: "preview-notes"}));
        }
    }
    control("title").focus();
    for (const name of FIELDS) {
        control(name).addEventListener("input", () => {
            document.getElementById(`${name}-error`).hidden = true;
            control(name).removeAttribute("aria-invalid");
            localStorage.setItem(draftKey(id), JSON.stringify({...values(), base}));
            unsaved = true;
            showPreview();
            savedStatus.textContent = "";
        });
    }
    if (!id && pastedCode !== null) {
        control("code").value = pastedCode;
        control("code").dispatchEvent(new Event("input")); // a draft at once, like typed code
        if (!control("language").value) {
            control("language").value = guessLanguage(pastedCode); // a guess, there to be changed
        }
    }
    pastedCode = null;

    function forgetDraft() {
        localStorage.removeItem(draftKey(id));
        unsaved = false;
    }

    let escaped = false;
    form.addEventListener("keydown", (event) => {
        const command = event.ctrlKey || event.metaKey;
        if (command && event.key.toLowerCase() === "s") {
            event.preventDefault();
            persist(false);
        } else if (command && event.key === "Enter") {
            event.preventDefault();
            persist(true);
        } else if (event.key === "Enter" && event.target.tagName === "INPUT") {
            event.preventDefault();
        } else if (event.key === "Tab" && event.target === control("code") && !escaped && !event.shiftKey && !command && !event.altKey) {
            event.preventDefault();
            event.target.setRangeText(INDENT, event.target.selectionStart, event.target.selectionEnd, "end");
            event.target.dispatchEvent(new Event("input"));
        }
        escaped = event.key === "Escape";
    });

    form.addEventListener("submit", (event) => {
        event.preventDefault();
        persist(true);
    });

    /** Saves; `close` then shows the snippet, otherwise the editor stays open on the saved version. */
    async function persist(close) {
        if (readOnly) {
            return;
        }
        for (const name of FIELDS) {
            const error = document.getElementById(`${name}-error`);
            error.hidden = true;
            control(name).removeAttribute("aria-invalid");
        }
        formError.hidden = true;
        const sent = values();
        const body = requestBody(sent);
        if (id && Object.keys(body).length === 0) {
            forgetDraft();
            restored.hidden = true;
            if (close) {
                window.location.hash = viewPaths.snippet(id);
            } else {
                savedStatus.textContent = "Nothing changed: nothing to save.";
            }
            return;
        }
        save.disabled = true;
        try {
            const saved = id
                ? await api("PATCH", apiPaths.snippet(id), {body, headers: {"If-Match": etag}})
                : await api("POST", apiPaths.snippets, {body});
            forgetDraft();
            restored.hidden = true;
            conflicts.hidden = true;
            if (close) {
                window.location.hash = viewPaths.snippet(saved.data.id);
            } else if (!id) {
                window.location.hash = viewPaths.edit(saved.data.id);
            } else {
                etag = saved.etag;
                base = saved.data.version;
                loaded = formValues(saved.data);
                // the form shows what was saved (trimmed, tags lower-cased) unless the user typed on meanwhile
                if (FIELDS.every((name) => control(name).value === sent[name])) {
                    fill(loaded);
                }
                savedStatus.textContent = `Saved, version ${saved.data.version}.`;
            }
        } catch (error) {
            showFailure(error, close);
        } finally {
            save.disabled = false;
        }
    }

    /** The JSON fields a save sends: a new snippet's all; an edit's only those changed since the base (null clears). */
    function requestBody(fields) {
        const value = (name) => name === "tags"
            ? fields.tags.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")
            : (fields[name] === "" && (name === "description" || name === "notes") ? (id ? null : undefined) : fields[name]);
        const changed = id ? FIELDS.filter((name) => fields[name] !== loaded[name]) : FIELDS;
        return Object.fromEntries(changed.map((name) => [name, value(name)]));
    }

    /**
     * Someone saved a newer version since the base: the service merges this edit with it, field by
     * field, code and notes line by line. A clean merge is saved at once. Otherwise the merged
     * fields are in the form, and each conflict (a field both changed, or lines both changed) is
     * shown at the top, theirs beside mine, to keep mine, take theirs, or edit; Save then saves on
     * top of their version.
     */
    async function showConflict(close) {
        const mine = values();
        let current;
        let merge;
        try {
            current = await api("GET", apiPaths.snippet(id));
            merge = (await api("POST", apiPaths.mergeRevision(id, base), {body: requestBody(mine)})).data;
        } catch (error) {
            if (error.status !== 404 || !current) {
                report(error);
                return;
            }
            merge = fieldMerge(mine, loaded, current.data); // the base is no longer kept: field by field against the form's start
        }
        loaded = formValues(current.data);
        base = merge.version;
        etag = `"${merge.version}"`;
        const clashes = mergeIntoForm(merge, control);
        localStorage.setItem(draftKey(id), JSON.stringify({...values(), base}));
        if (clashes.length === 0) {
            savedStatus.textContent = `Merged with version ${merge.version}, which someone else saved meanwhile.`;
            await persist(close);
            return;
        }
        showClashes(conflicts, clashes, merge.version, control, () => savedStatus.textContent = "Every conflict is settled: save when ready.");
    }

    function showFailure(error, close) {
        if (error.status === 412) {
            showConflict(close);
            return;
        }
        const unplaced = [];
        for (const detail of error.details ?? []) {
            const name = fieldOf(detail);
            const target = FIELDS.includes(name) ? document.getElementById(`${name}-error`) : null;
            if (target) {
                target.textContent = `${name[0].toUpperCase()}${name.slice(1)} ${detail.message}.`;
                target.hidden = false;
                control(name).setAttribute("aria-invalid", "true");
            } else {
                unplaced.push(`${detail.field}: ${detail.message}`);
            }
        }
        const first = form.querySelector("[aria-invalid=true]");
        if (first) {
            first.focus();
        }
        if (!first || unplaced.length) {
            replace(formError, error.message, unplaced.length ? ` ${unplaced.join("; ")}` : "");
            formError.hidden = false;
        }
        if (!error.details?.length) {
            report(error);
        }
    }
}
