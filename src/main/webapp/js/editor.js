// Creating and editing a snippet. The editor remembers the version it started from (the base); an
// edit is a merge patch of only the fields the user changed, with If-Match. When someone else changed
// the snippet meanwhile, it merges field by field against the base: fields only one side changed
// merge without asking and the result is saved; a field both changed differently is shown at the
// top, theirs beside mine, to keep mine, take theirs, or edit before saving. The API's field messages appear
// beside the fields they concern. Every change is kept as a draft in this browser until it is
// saved, so an expired session, a reload or leaving the page loses nothing: the draft comes back
// when the editor opens again; leaving the editor (a link, Back) or closing or reloading the tab
// with unsaved changes asks first.
// The code is edited in a code editor (code-editor.js) over the form's textarea.
// Keys: Tab indents in the code (Esc, then Tab, leaves it), Enter in a one-line field does not
// submit, Ctrl/Cmd+S saves and stays, Ctrl/Cmd+Enter saves and closes.
import {api} from "./api.js";
import {h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {guessLanguage} from "./languages.js";
import {markdown, visibilitySelect} from "./widgets.js";
import {FIELDS, field, fieldOf, formValues} from "./editor-fields.js";
import {codePreview, languageSuggestions, placeholderReport} from "./editor-code.js";
import {fieldMerge, mergeIntoForm, showClashes} from "./edit-conflicts.js";
import {loadCodeEditor} from "./code-editor.js";

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

/** The field that had the focus when a new snippet was saved and stayed open: it has it again in the editor of the saved one. */
let focusAfterCreate = null;

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
    const address = window.location.hash;
    const [existing, makeCodeEditor] = await Promise.all([id ? api("GET", apiPaths.snippet(id)) : null, loadCodeEditor()]);
    if (window.location.hash !== address) {
        return; // the user went on meanwhile: the view is another page's now
    }
    unsaved = false;
    const editor = new SnippetEditor(view, id, existing, makeCodeEditor);
    await editor.restoreDraft();
    editor.listen();
}

/** The editor's page: the form with its save bar, the draft banner, the preview and the conflicts. */
function editorPage(id, snippet) {
    const page = {
        savedStatus: h("span", {id: "save-status", class: "muted", role: "status"}),
        restored: h("div", {id: "draft-restored", class: "callout", hidden: true}),
        preview: h("div", {id: "preview", class: "preview callout", hidden: true, "aria-live": "polite"}),
        formError: h("div", {id: "form-error", class: "error", role: "alert", hidden: true}),
        save: h("button", {type: "submit", id: "save"}, id ? "Save changes" : "Create snippet"),
        placeholderCheck: h("div", {id: "code-variables", class: "placeholder-check", "aria-live": "polite"}),
        conflicts: h("div", {id: "conflicts", class: "callout conflicts", role: "alert", hidden: true}),
    };
    page.form = h("form", {id: "snippet-form", novalidate: true, class: "editor"},
        field("title", "Title", h("input", {required: true, autocomplete: "off"})),
        h("div", {class: "row"},
            field("language", "Language", h("input", {required: true, autocomplete: "off", placeholder: "java, sql, bash…", list: "language-suggestions"})),
            field("tags", "Tags", h("input", {autocomplete: "off"}), "Separated by commas")),
        field("description", "Description", h("textarea", {rows: "2"})),
        field("code", "Code", h("textarea", {rows: "14", required: true, spellcheck: "false", wrap: "off", class: "code-input"}),
            "Tab indents; Esc, then Tab, moves on. Ctrl+S saves, Ctrl+Enter saves and closes. "
            + "{{name}}, {{name:default}} or {{name|a|b}} mark a part to fill in (docs: Variables)."),
        page.placeholderCheck,
        field("notes", "Notes", h("textarea", {rows: "5"}), "Markdown, in the description too."),
        h("div", {class: "actions"}, h("button", {type: "button", id: "preview-toggle", class: "secondary"}, "Preview")),
        page.preview,
        field("visibility", "Who can read it", visibilitySelect("visibility", snippet?.visibility)),
        page.formError,
        // the save bar stays at the window's bottom: Ctrl+S from anywhere in a long form shows its result
        h("div", {class: "actions save-bar"}, page.save,
            h("a", {href: id ? viewPaths.snippet(id) : viewPaths.list, class: "button secondary", id: "cancel"}, "Cancel"), page.savedStatus));
    return page;
}

/** Said before any typing, not at Save: a reader of someone else's snippet cannot change it. */
function readOnlyNotice(id, snippet) {
    return h("p", {id: "read-only", class: "callout", role: "status"},
        `You can read this snippet but not change it: only ${snippet.owner.username}, or a group they share it with for writing, can. `,
        h("a", {href: viewPaths.snippet(id)}, "Back to the snippet"));
}

/** One opening of the editor: the form, the version its edit started from (the base), and saving against it. */
class SnippetEditor {
    constructor(view, id, existing, makeCodeEditor) {
        this.id = id;
        this.existing = existing;
        this.snippet = existing?.data;
        this.etag = existing?.etag;
        /** The version the form's edit started from, and its fields: what a save sends the changes against. */
        this.base = this.snippet?.version;
        this.readOnly = this.snippet?.access === "read";
        this.page = editorPage(id, this.snippet);
        this.page.save.disabled = this.readOnly;
        document.title = `${id ? `Edit “${this.snippet.title}”` : "New snippet"} — Snippet Store`;
        replace(view, h("h1", {}, id ? `Edit “${this.snippet.title}”` : "New snippet"), this.readOnly ? readOnlyNotice(id, this.snippet) : null,
            this.page.restored, this.page.conflicts, this.page.form, languageSuggestions());
        this.codeEditor = makeCodeEditor?.(this.control("code")) ?? null;
        this.opened = this.snippet ? formValues(this.snippet) : this.values();
        this.loaded = this.opened;
        this.fill(this.loaded);
    }

    control(name) {
        return this.page.form.elements.namedItem(name);
    }

    values() {
        return Object.fromEntries(FIELDS.map((name) => [name, this.control(name).value]));
    }

    fill(fields) {
        FIELDS.forEach((name) => this.control(name).value = fields[name] ?? "");
    }

    keepDraft() {
        localStorage.setItem(draftKey(this.id), JSON.stringify({...this.values(), base: this.base}));
    }

    forgetDraft() {
        localStorage.removeItem(draftKey(this.id));
        unsaved = false;
    }

    /** A draft this browser kept of unsaved changes comes back into the form, with a way to discard it. */
    async restoreDraft() {
        const draft = JSON.parse(localStorage.getItem(draftKey(this.id)) ?? "null");
        if (!draft || FIELDS.every((name) => (draft[name] ?? "") === this.loaded[name])) {
            return;
        }
        if (this.id && draft.base && draft.base !== this.base) {
            // a draft of an older version: its changes are against that version, which the history keeps
            try {
                this.loaded = formValues((await api("GET", apiPaths.revision(this.id, draft.base))).data);
                this.base = draft.base;
                this.etag = `"${draft.base}"`; // so that the save is refused, and merged with what was saved since
            } catch {
                // no longer kept: the draft counts as changes against the current version
            }
        }
        this.fill(draft);
        unsaved = true;
        replace(this.page.restored, "Your unsaved changes were kept in this browser and are back in the form. ",
            h("button", {type: "button", id: "discard-draft", class: "secondary", onclick: () => this.discardDraft()}, "Discard them"));
        this.page.restored.hidden = false;
    }

    discardDraft() {
        this.forgetDraft();
        this.loaded = this.opened;
        this.base = this.snippet?.version;
        this.etag = this.existing?.etag;
        this.fill(this.opened);
        this.page.restored.hidden = true;
    }

    /** Every change is kept as a draft and previewed; the keys save; code pasted onto the list arrives. */
    listen() {
        const {form, placeholderCheck, preview} = this.page;
        const checkPlaceholders = () => replace(placeholderCheck, ...placeholderReport(this.control("code").value));
        checkPlaceholders();
        this.control("code").addEventListener("input", checkPlaceholders);
        form.querySelector("#preview-toggle").addEventListener("click", (event) => {
            preview.hidden = !preview.hidden;
            event.currentTarget.textContent = preview.hidden ? "Preview" : "Hide preview";
            this.showPreview();
        });
        this.control(focusAfterCreate ?? "title").focus();
        if (focusAfterCreate === "code" && this.codeEditor) {
            // where the typing stopped: the end of what was saved
            const {view} = this.codeEditor;
            view.dispatch({selection: {anchor: view.state.doc.length}});
        }
        focusAfterCreate = null;
        for (const name of FIELDS) {
            this.control(name).addEventListener("input", () => this.changed(name));
        }
        if (this.codeEditor) {
            // the language picked drives the code's highlighting and indentation
            const language = this.control("language");
            this.codeEditor.setLanguage(language.value);
            language.addEventListener("input", () => this.codeEditor.setLanguage(language.value));
        }
        this.takePastedCode();
        form.addEventListener("keydown", keyHandler(this));
        form.addEventListener("submit", (event) => {
            event.preventDefault();
            this.persist(true);
        });
    }

    changed(name) {
        document.getElementById(`${name}-error`).hidden = true;
        this.control(name).removeAttribute("aria-invalid");
        this.keepDraft();
        unsaved = true;
        this.showPreview();
        this.page.savedStatus.textContent = "";
    }

    showPreview() {
        if (!this.page.preview.hidden) {
            replace(this.page.preview, markdown(this.control("description").value, {id: "preview-description"}),
                codePreview(this.control("code").value),
                markdown(this.control("notes").value, {id: "preview-notes"}));
        }
    }

    takePastedCode() {
        if (!this.id && pastedCode !== null) {
            this.control("code").value = pastedCode;
            this.control("code").dispatchEvent(new Event("input")); // a draft at once, like typed code
            if (!this.control("language").value) {
                this.control("language").value = guessLanguage(pastedCode); // a guess, there to be changed
            }
        }
        pastedCode = null;
    }

    clearErrors() {
        for (const name of FIELDS) {
            document.getElementById(`${name}-error`).hidden = true;
            this.control(name).removeAttribute("aria-invalid");
        }
        this.page.formError.hidden = true;
    }

    /** Saves; `close` then shows the snippet, otherwise the editor stays open on the saved version. */
    async persist(close) {
        if (this.readOnly) {
            return;
        }
        this.clearErrors();
        const sent = this.values();
        const body = this.requestBody(sent);
        if (this.id && Object.keys(body).length === 0) {
            this.nothingToSave(close);
            return;
        }
        this.page.save.disabled = true;
        try {
            const saved = this.id
                ? await api("PATCH", apiPaths.snippet(this.id), {body, headers: {"If-Match": this.etag}})
                : await api("POST", apiPaths.snippets, {body});
            this.saved(saved, sent, close);
        } catch (error) {
            this.showFailure(error, close);
        } finally {
            this.page.save.disabled = false;
        }
    }

    nothingToSave(close) {
        this.forgetDraft();
        this.page.restored.hidden = true;
        if (close) {
            window.location.hash = viewPaths.snippet(this.id);
        } else {
            this.page.savedStatus.textContent = "Nothing changed: nothing to save.";
        }
    }

    saved(saved, sent, close) {
        this.forgetDraft();
        this.page.restored.hidden = true;
        this.page.conflicts.hidden = true;
        if (close) {
            window.location.hash = viewPaths.snippet(saved.data.id);
        } else if (!this.id) {
            focusAfterCreate = this.focusedField();
            window.location.hash = viewPaths.edit(saved.data.id);
        } else {
            this.etag = saved.etag;
            this.base = saved.data.version;
            this.loaded = formValues(saved.data);
            // the form shows what was saved (trimmed, tags lower-cased) unless the user typed on meanwhile
            if (FIELDS.every((name) => this.control(name).value === sent[name])) {
                this.fill(this.loaded);
            }
            this.page.savedStatus.textContent = `Saved, version ${saved.data.version}.`;
        }
    }

    /** The form's field that has the focus (the code editor counts as the code), or null. */
    focusedField() {
        const active = document.activeElement;
        return FIELDS.find((name) => this.control(name) === active) ?? (active?.id === "code" ? "code" : null);
    }

    /** The JSON fields a save sends: a new snippet's all; an edit's only those changed since the base (null clears). */
    requestBody(fields) {
        const value = (name) => name === "tags"
            ? fields.tags.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")
            : (fields[name] === "" && (name === "description" || name === "notes") ? (this.id ? null : undefined) : fields[name]);
        const changed = this.id ? FIELDS.filter((name) => fields[name] !== this.loaded[name]) : FIELDS;
        return Object.fromEntries(changed.map((name) => [name, value(name)]));
    }

    /**
     * Someone saved a newer version since the base: the service merges this edit with it, field by
     * field, code and notes line by line. A clean merge is saved at once. Otherwise the merged
     * fields are in the form, and each conflict (a field both changed, or lines both changed) is
     * shown at the top, theirs beside mine, to keep mine, take theirs, or edit; Save then saves on
     * top of their version.
     */
    async showConflict(close) {
        const mine = this.values();
        let current;
        let merge;
        try {
            current = await api("GET", apiPaths.snippet(this.id));
            merge = (await api("POST", apiPaths.mergeRevision(this.id, this.base), {body: this.requestBody(mine)})).data;
        } catch (error) {
            if (error.status !== 404 || !current) {
                report(error);
                return;
            }
            merge = fieldMerge(mine, this.loaded, current.data); // the base is no longer kept: field by field against the form's start
        }
        this.loaded = formValues(current.data);
        this.base = merge.version;
        this.etag = `"${merge.version}"`;
        const clashes = mergeIntoForm(merge, (name) => this.control(name));
        this.keepDraft();
        if (clashes.length === 0) {
            this.page.savedStatus.textContent = `Merged with version ${merge.version}, which someone else saved meanwhile.`;
            await this.persist(close);
            return;
        }
        showClashes(this.page.conflicts, clashes, merge.version, (name) => this.control(name),
            () => this.page.savedStatus.textContent = "Every conflict is settled: save when ready.", await this.saverOf(merge.version));
    }

    /** Who saved the version that overtook this edit, and when; null when the history does not say. */
    async saverOf(version) {
        try {
            const [newest] = (await api("GET", apiPaths.revisions(this.id, new URLSearchParams({limit: "1"})))).data;
            return newest?.version === version && newest.author ? {username: newest.author.username, at: newest.createdAt} : null;
        } catch {
            return null;
        }
    }

    showFailure(error, close) {
        if (error.status === 412) {
            this.showConflict(close);
            return;
        }
        const unplaced = this.placeFieldErrors(error.details ?? []);
        const first = this.page.form.querySelector("[aria-invalid=true]");
        if (first) {
            first.focus();
        }
        if (!first || unplaced.length) {
            replace(this.page.formError, error.message, unplaced.length ? ` ${unplaced.join("; ")}` : "");
            this.page.formError.hidden = false;
        }
        if (!error.details?.length) {
            report(error);
        }
    }

    /** The API's messages beside the fields they concern; those about no field of the form are returned. */
    placeFieldErrors(details) {
        const unplaced = [];
        for (const detail of details) {
            const name = fieldOf(detail);
            const target = FIELDS.includes(name) ? document.getElementById(`${name}-error`) : null;
            if (target) {
                target.textContent = `${name[0].toUpperCase()}${name.slice(1)} ${detail.message}.`;
                target.hidden = false;
                this.control(name).setAttribute("aria-invalid", "true");
            } else {
                unplaced.push(`${detail.field}: ${detail.message}`);
            }
        }
        return unplaced;
    }
}

/**
 * Ctrl/Cmd+S saves, Ctrl/Cmd+Enter saves and closes, Enter in a one-line field does not submit;
 * Tab indents code (not after Esc) where the code editor could not load and the textarea edits it.
 */
function keyHandler(editor) {
    let escaped = false;
    return (event) => {
        const command = event.ctrlKey || event.metaKey;
        if (command && event.key.toLowerCase() === "s") {
            event.preventDefault();
            editor.persist(false);
        } else if (command && event.key === "Enter") {
            event.preventDefault();
            editor.persist(true);
        } else if (event.key === "Enter" && event.target.tagName === "INPUT") {
            event.preventDefault();
        } else if (event.key === "Tab" && event.target === editor.control("code") && !escaped && !event.shiftKey && !command && !event.altKey) {
            event.preventDefault();
            event.target.setRangeText(INDENT, event.target.selectionStart, event.target.selectionEnd, "end");
            event.target.dispatchEvent(new Event("input"));
        }
        escaped = event.key === "Escape";
    };
}
