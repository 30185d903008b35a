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
import {h, markRanges, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {parseCode, variablesOf} from "./variables.js";
import {guessLanguage, knownLanguages, markdown, visibilitySelect} from "./widgets.js";

const FIELDS = ["title", "language", "tags", "description", "code", "notes", "visibility"];
const INDENT = "    ";

/** Where this browser keeps the unsaved draft of a snippet (or of a new one). */
/** A snippet's fields as the form holds them. */
function formValues(snippet) {
    return Object.fromEntries(FIELDS.map((name) => [name, name === "tags" ? snippet.tags.join(", ") : (snippet[name] ?? "")]));
}

/**
 * The lines of two texts side by side in one column: kept lines once, then what only theirs has
 * (+) and what only mine has (−), from a longest common subsequence of lines.
 */
function lineDiff(mine, theirs) {
    const a = mine.split("\n");
    const b = theirs.split("\n");
    const common = Array.from({length: a.length + 1}, () => new Array(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) {
        for (let j = b.length - 1; j >= 0; j--) {
            common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
        }
    }
    const rows = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
        if (i < a.length && j < b.length && a[i] === b[j]) {
            rows.push(h("span", {class: "same"}, `  ${a[i++]}\n`));
            j++;
        } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) {
            rows.push(h("span", {class: "theirs"}, `+ ${b[j++]}\n`));
        } else {
            rows.push(h("span", {class: "mine"}, `− ${a[i++]}\n`));
        }
    }
    return h("pre", {class: "diff"}, rows);
}

/** A field's value as the API has it, as the form holds it: tags joined, null as empty. */
function formValue(name, value) {
    return name === "tags" ? (value ?? []).join(", ") : (value ?? "");
}

/** A form field's value as the API takes it. */
function apiValue(name, value) {
    return name === "tags" ? value.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "") : value;
}

/** The most malformed placeholders the editor names at once. */
const PLACEHOLDER_PROBLEMS_SHOWN = 5;

/**
 * What the editor says under the code of its placeholders: the variables they make, each as a
 * chip, and each stretch that looks meant as a placeholder but is not one, with its line and why.
 */
function placeholderReport(code) {
    const variables = variablesOf(code);
    const problems = parseCode(code).filter((piece) => piece.problem);
    const describe = (variable) => variable.choices.length > 0 ? `${variable.name}: ${variable.choices.join(" | ")}`
        : variable.default !== null ? `${variable.name} = ${variable.default}` : variable.name;
    const lineOf = (offset) => code.slice(0, offset).split("\n").length;
    return [
        variables.length > 0 ? h("p", {id: "code-variables-found", class: "hint"}, "Variables: ",
            variables.map((variable) => h("code", {class: "placeholder-chip"}, describe(variable)))) : null,
        problems.length > 0 ? h("div", {id: "code-placeholder-problems", class: "field-error error"},
            h("p", {}, problems.length === 1 ? "This is not a placeholder, and stays as it is:" : "These are not placeholders, and stay as they are:"),
            h("ul", {}, problems.slice(0, PLACEHOLDER_PROBLEMS_SHOWN).map((problem) =>
                h("li", {}, `Line ${lineOf(problem.start)}: `, h("code", {}, code.slice(problem.start, Math.min(problem.end, problem.start + 80))),
                    ` (${problem.problem})`)),
                problems.length > PLACEHOLDER_PROBLEMS_SHOWN ? h("li", {}, `and ${problems.length - PLACEHOLDER_PROBLEMS_SHOWN} more`) : null)) : null,
    ];
}

/** The code as it will be stored, its placeholders marked (and what is not one, marked apart). */
function codePreview(code) {
    const element = h("code", {});
    element.textContent = code;
    markRanges(element, parseCode(code).filter((piece) => piece.placeholder || piece.problem).map((piece) => ({
        start: piece.start, end: piece.end, className: piece.problem ? "placeholder-problem" : "placeholder",
        title: piece.problem ? `not a placeholder: ${piece.problem}` : piece.placeholder.name,
    })));
    // focusable, so that a keyboard can scroll a long line into view
    return h("pre", {id: "preview-code", class: "code-preview", tabindex: "0", "aria-label": "The code, its placeholders marked"}, element);
}

/** The Language field's suggestions: the languages in use among what the user can read first, then every one highlighted. */
function languageSuggestions() {
    const list = h("datalist", {id: "language-suggestions"}, knownLanguages().map((name) => h("option", {value: name})));
    api("GET", apiPaths.snippetFacets(new URLSearchParams({scope: "all"}))).then(({data}) => {
        const inUse = data.languages.map((facet) => facet.name);
        const rest = [...list.options].filter((option) => !inUse.some((name) => name.toLowerCase() === option.value.toLowerCase()));
        replace(list, inUse.map((name) => h("option", {value: name})), rest);
    }).catch(() => {
        // the known languages are suggestion enough
    });
    return list;
}

function fieldLabel(name) {
    return name[0].toUpperCase() + name.slice(1);
}

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

function field(name, label, control, hint) {
    control.id = name;
    control.name = name;
    control.setAttribute("aria-describedby", `${name}-error${hint ? ` ${name}-hint` : ""}`);
    return h("div", {class: "field"},
        h("label", {for: name}, label),
        control,
        hint ? h("p", {id: `${name}-hint`, class: "hint muted"}, hint) : null,
        h("p", {id: `${name}-error`, class: "field-error error", hidden: true}));
}

/** The field a detail of the API names: "tags[2]" is about "tags". */
function fieldOf(detail) {
    return String(detail.field ?? "").split(/[[.]/)[0];
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
    replace(view, h("h1", {}, id ? `Edit “${snippet.title}”` : "New snippet"), restored, conflicts, form, languageSuggestions());

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
            merge = fieldMerge(mine, current); // the base is no longer kept: field by field against the form's start
        }
        const theirs = formValues(current.data);
        loaded = theirs;
        base = merge.version;
        etag = `"${merge.version}"`;
        const clashes = [];
        for (const name of FIELDS) {
            const field = merge.fields[name];
            if ("merged" in field) {
                control(name).value = formValue(name, field.merged);
            } else if (field.chunks) {
                const chunks = field.chunks;
                const chosen = chunks.map((chunk) => chunk.text ?? chunk.conflict.mine);
                const compose = () => {
                    control(name).value = chosen.join("");
                    control(name).dispatchEvent(new Event("input"));
                };
                compose();
                chunks.forEach((chunk, index) => {
                    if (chunk.conflict) {
                        clashes.push({name, number: clashes.filter((clash) => clash.name === name).length + 1, mine: chunk.conflict.mine,
                            theirs: chunk.conflict.theirs, choose: (text) => {
                                chosen[index] = text;
                                compose();
                            }});
                    }
                });
            } else {
                control(name).value = formValue(name, field.conflict.mine);
                clashes.push({name, mine: formValue(name, field.conflict.mine), theirs: formValue(name, field.conflict.theirs), choose: (text) => {
                    control(name).value = text;
                    control(name).dispatchEvent(new Event("input"));
                }});
            }
        }
        localStorage.setItem(draftKey(id), JSON.stringify({...values(), base}));
        if (clashes.length === 0) {
            savedStatus.textContent = `Merged with version ${merge.version}, which someone else saved meanwhile.`;
            await persist(close);
            return;
        }
        let open = clashes.length;
        const settle = (section, heading, text) => {
            section.replaceChildren(heading, h("p", {class: "muted"}, text));
            if (--open === 0) {
                conflicts.hidden = true;
                savedStatus.textContent = "Every conflict is settled: save when ready.";
            }
        };
        const names = [...new Set(clashes.map((clash) => fieldLabel(clash.name)))];
        replace(conflicts,
            h("p", {}, `Someone else saved version ${merge.version} after you started, so yours was not saved yet. `
                + "Everything that did not overlap is merged into the form. "
                + `Both of you changed the same part of ${names.join(" and ")}: theirs is beside yours (+ theirs, − yours).`),
            clashes.map((clash) => {
                const suffix = clash.number ? `-${clash.number}` : "";
                const heading = h("h3", {}, fieldLabel(clash.name) + (clash.number ? `, conflict ${clash.number}` : ""));
                const section = h("section", {class: "conflict", "data-field": clash.name});
                section.append(heading, lineDiff(clash.mine.replace(/\n$/, ""), clash.theirs.replace(/\n$/, "")),
                    h("div", {class: "actions"},
                        h("button", {
                            type: "button", id: `keep-mine-${clash.name}${suffix}`, onclick: () => {
                                clash.choose(clash.mine);
                                settle(section, heading, "Yours is kept.");
                            },
                        }, "Keep mine"),
                        h("button", {
                            type: "button", id: `take-theirs-${clash.name}${suffix}`, class: "secondary", onclick: () => {
                                clash.choose(clash.theirs);
                                settle(section, heading, "Theirs is in the form.");
                            },
                        }, "Take theirs"),
                        h("button", {
                            type: "button", class: "link", id: `edit-${clash.name}${suffix}`, onclick: () => {
                                settle(section, heading, "Yours is in the form: edit it there, then save.");
                                control(clash.name).focus();
                            },
                        }, "Edit")));
                return section;
            }));
        conflicts.hidden = false;
        conflicts.scrollIntoView({block: "start"});
    }

    /** A merge as the service answers one, made field by field here: when the edit's base version is no longer kept. */
    function fieldMerge(mine, current) {
        const theirs = formValues(current.data);
        const fields = {};
        for (const name of FIELDS) {
            if (mine[name] === loaded[name] || mine[name] === theirs[name]) {
                fields[name] = {merged: apiValue(name, theirs[name])};
            } else if (theirs[name] === loaded[name]) {
                fields[name] = {merged: apiValue(name, mine[name])};
            } else {
                fields[name] = {conflict: {base: apiValue(name, loaded[name]), mine: apiValue(name, mine[name]), theirs: apiValue(name, theirs[name])}};
            }
        }
        return {version: current.data.version, fields};
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
