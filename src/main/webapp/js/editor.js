// Creating and editing a snippet. An edit is a merge patch with If-Match: when someone else changed
// the snippet meanwhile, the user is told and keeps their text. The API's field messages appear
// beside the fields they concern.
import {api} from "./api.js";
import {h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths, viewPaths} from "./paths.js";
import {visibilitySelect} from "./widgets.js";

const FIELDS = ["title", "language", "tags", "description", "code", "notes", "visibility"];

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
    const formError = h("div", {id: "form-error", class: "error", role: "alert", hidden: true});
    const save = h("button", {type: "submit", id: "save"}, id ? "Save changes" : "Create snippet");
    const cancelHref = id ? viewPaths.snippet(id) : viewPaths.list;
    const form = h("form", {id: "snippet-form", novalidate: true, class: "editor"},
        field("title", "Title", h("input", {required: true, autocomplete: "off"})),
        h("div", {class: "row"},
            field("language", "Language", h("input", {required: true, autocomplete: "off", placeholder: "java, sql, bash…"})),
            field("tags", "Tags", h("input", {autocomplete: "off"}), "Separated by commas")),
        field("description", "Description", h("textarea", {rows: "2"})),
        field("code", "Code", h("textarea", {rows: "14", required: true, spellcheck: "false", class: "code-input"})),
        field("notes", "Notes", h("textarea", {rows: "5"})),
        field("visibility", "Who can read it", visibilitySelect("visibility", snippet?.visibility)),
        formError,
        h("div", {class: "actions"}, save, h("a", {href: cancelHref, class: "button secondary", id: "cancel"}, "Cancel")));
    replace(view, h("h1", {}, id ? `Edit “${snippet.title}”` : "New snippet"), form);

    const control = (name) => form.elements.namedItem(name);
    if (snippet) {
        for (const name of FIELDS) {
            control(name).value = name === "tags" ? snippet.tags.join(", ") : (snippet[name] ?? "");
        }
    }
    control("title").focus();
    for (const name of FIELDS) {
        control(name).addEventListener("input", () => {
            document.getElementById(`${name}-error`).hidden = true;
            control(name).removeAttribute("aria-invalid");
        });
    }

    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        for (const name of FIELDS) {
            const error = document.getElementById(`${name}-error`);
            error.hidden = true;
            control(name).removeAttribute("aria-invalid");
        }
        formError.hidden = true;
        const optional = (name) => control(name).value === "" ? (id ? null : undefined) : control(name).value;
        const body = {
            title: control("title").value,
            language: control("language").value,
            tags: control("tags").value.split(",").map((tag) => tag.trim()).filter((tag) => tag !== ""),
            description: optional("description"),
            code: control("code").value,
            notes: optional("notes"),
            visibility: control("visibility").value,
        };
        save.disabled = true;
        try {
            const saved = id
                ? await api("PATCH", apiPaths.snippet(id), {body, headers: {"If-Match": existing.etag}})
                : await api("POST", apiPaths.snippets, {body});
            window.location.hash = viewPaths.snippet(saved.data.id);
        } catch (error) {
            showFailure(error);
        } finally {
            save.disabled = false;
        }
    });

    function showFailure(error) {
        if (error.status === 412) {
            replace(formError,
                h("p", {}, "Someone else changed this snippet after you opened it, so it was not saved. " +
                    "Your text is still in the form: copy what you need, then load their version."),
                h("a", {href: cancelHref, class: "button secondary", id: "reload-latest"}, "Show the current version"));
            formError.hidden = false;
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
