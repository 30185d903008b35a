// An edit that a version saved by someone else overtook: the service's merge (or, when the edit's
// base is no longer kept, one made here field by field) goes into the form, and each conflict (a
// field both changed, or lines both changed) is shown theirs beside mine, to keep mine, take
// theirs, or edit.
import {h, replace} from "./dom.js";
import {FIELDS, apiValue, fieldLabel, formValue, formValues} from "./editor-fields.js";

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

/** A merge as the service answers one, made field by field here against `loaded` (the form's start): when the edit's base version is no longer kept. */
export function fieldMerge(mine, loaded, current) {
    const theirs = formValues(current);
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
    return {version: current.version, fields};
}

/**
 * Puts a merge into the form (`control(name)` is a field's control): what merged, and mine where
 * both changed. Answers the conflicts, each with mine, theirs and how to choose one into the form.
 */
export function mergeIntoForm(merge, control) {
    const clashes = [];
    const put = (name, text) => {
        control(name).value = text;
        control(name).dispatchEvent(new Event("input"));
    };
    for (const name of FIELDS) {
        const field = merge.fields[name];
        if ("merged" in field) {
            control(name).value = formValue(name, field.merged);
        } else if (field.chunks) {
            const chosen = field.chunks.map((chunk) => chunk.text ?? chunk.conflict.mine);
            put(name, chosen.join(""));
            field.chunks.forEach((chunk, index) => {
                if (chunk.conflict) {
                    clashes.push({name, number: clashes.filter((clash) => clash.name === name).length + 1, mine: chunk.conflict.mine,
                        theirs: chunk.conflict.theirs, choose: (text) => {
                            chosen[index] = text;
                            put(name, chosen.join(""));
                        }});
                }
            });
        } else {
            control(name).value = formValue(name, field.conflict.mine);
            clashes.push({name, mine: formValue(name, field.conflict.mine), theirs: formValue(name, field.conflict.theirs),
                choose: (text) => put(name, text)});
        }
    }
    return clashes;
}

/** Shows the conflicts at the top of the editor (`container`), each settled by a choice; `settled()` once all are. */
export function showClashes(container, clashes, version, control, settled) {
    let open = clashes.length;
    const settle = (section, heading, text) => {
        section.replaceChildren(heading, h("p", {class: "muted"}, text));
        if (--open === 0) {
            container.hidden = true;
            settled();
        }
    };
    const names = [...new Set(clashes.map((clash) => fieldLabel(clash.name)))];
    replace(container,
        h("p", {}, `Someone else saved version ${version} after you started, so yours was not saved yet. `
            + "Everything that did not overlap is merged into the form. "
            + `Both of you changed the same part of ${names.join(" and ")}: theirs is beside yours (+ theirs, − yours).`),
        clashes.map((clash) => clashSection(clash, control, settle)));
    container.hidden = false;
    container.scrollIntoView({block: "start"});
}

function clashSection(clash, control, settle) {
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
}
