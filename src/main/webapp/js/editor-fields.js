// The editor's fields: their names, their values as the form holds them and as the API takes them,
// and a field with its label, hint and the place for the API's message about it.
import {h} from "./dom.js";

export const FIELDS = ["title", "language", "tags", "description", "code", "notes", "visibility"];

/** A snippet's fields as the form holds them. */
export function formValues(snippet) {
    return Object.fromEntries(FIELDS.map((name) => [name, name === "tags" ? snippet.tags.join(", ") : (snippet[name] ?? "")]));
}

/** A field's value as the API has it, as the form holds it: tags joined, null as empty. */
export function formValue(name, value) {
    return name === "tags" ? (value ?? []).join(", ") : (value ?? "");
}

/** A form field's value as the API takes it. */
export function apiValue(name, value) {
    return name === "tags" ? value.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "") : value;
}

/** A field's name as a label: "Title". */
export function fieldLabel(name) {
    return name[0].toUpperCase() + name.slice(1);
}


/** A field: its label, the control, a hint, and where the API's message about it goes. */
export function field(name, label, control, hint) {
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
export function fieldOf(detail) {
    return String(detail.field ?? "").split(/[[.]/)[0];
}
