// An edit that a version saved by someone else overtook: the service's merge (or, when the edit's
// base is no longer kept, one made here field by field) goes into the form, and each conflict (a
// field both changed, or lines both changed) is shown as it was before both, theirs and mine, to
// keep mine (dropping their lines of it), take theirs (dropping mine), or edit. It says who
// saved last, and when.
import {h, relativeTime, replace} from "./dom.js";
import {FIELDS, apiValue, fieldLabel, formValue, formValues} from "./editor-fields.js";

/**
 * The three texts of a conflict side by side (stacked on a phone): as both edits started from
 * it, theirs, and mine. Only the conflicting part, so each stays short.
 */
function threeWay(clash, theirName) {
    const pane = (title, text, className) => h("div", {class: `side ${className}`},
        h("h3", {}, title), h("pre", {class: "diff", tabindex: "0"}, text.replace(/\n$/, "") || "(nothing)"));
    return h("div", {class: "three-way"},
        pane("Before both", clash.base ?? "", "base"),
        pane(`Theirs (${theirName})`, clash.theirs, "theirs"),
        pane("Yours", clash.mine, "mine"));
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
                        theirs: chunk.conflict.theirs, base: chunk.conflict.base, choose: (text) => {
                            chosen[index] = text;
                            put(name, chosen.join(""));
                        }});
                }
            });
        } else {
            control(name).value = formValue(name, field.conflict.mine);
            clashes.push({name, mine: formValue(name, field.conflict.mine), theirs: formValue(name, field.conflict.theirs),
                base: formValue(name, field.conflict.base), choose: (text) => put(name, text)});
        }
    }
    return clashes;
}

/**
 * Shows the conflicts at the top of the editor (`container`), each settled by a choice; `settled()`
 * once all are. `saver`: who saved `version` and when ({username, at}), when known.
 */
export function showClashes(container, clashes, version, control, settled, saver = null) {
    let open = clashes.length;
    const settle = (section, heading, text) => {
        section.replaceChildren(heading, h("p", {class: "muted"}, text));
        if (--open === 0) {
            container.hidden = true;
            settled();
        }
    };
    const names = [...new Set(clashes.map((clash) => fieldLabel(clash.name)))];
    const who = saver ? [`${saver.username} saved version ${version} `, relativeTime(saver.at)] : [`Someone else saved version ${version}`];
    replace(container,
        h("p", {id: "conflict-saver"}, ...who, " after you started, so yours was not saved yet. "
            + "Everything that did not overlap is merged into the form. "
            + `Both of you changed the same part of ${names.join(" and ")}: below, each part as it was before both, theirs and yours. `
            + "Keeping yours drops their lines of that part; taking theirs drops yours."),
        clashes.map((clash) => clashSection(clash, control, settle, saver?.username ?? "theirs")));
    container.hidden = false;
    container.scrollIntoView({block: "start"});
}

function clashSection(clash, control, settle, theirName) {
    const suffix = clash.number ? `-${clash.number}` : "";
    const heading = h("h2", {}, fieldLabel(clash.name) + (clash.number ? `, conflict ${clash.number}` : ""));
    const section = h("section", {class: "conflict", "data-field": clash.name});
    section.append(heading, threeWay(clash, theirName),
        h("div", {class: "actions"},
            h("button", {
                type: "button", id: `keep-mine-${clash.name}${suffix}`, onclick: () => {
                    clash.choose(clash.mine);
                    settle(section, heading, `Yours is kept; ${theirName}'s lines of this part are dropped.`);
                },
            }, "Keep mine, drop theirs"),
            h("button", {
                type: "button", id: `take-theirs-${clash.name}${suffix}`, class: "secondary", onclick: () => {
                    clash.choose(clash.theirs);
                    settle(section, heading, "Theirs is in the form; your lines of this part are dropped.");
                },
            }, "Take theirs, drop mine"),
            h("button", {
                type: "button", class: "link", id: `edit-${clash.name}${suffix}`, onclick: () => {
                    settle(section, heading, "Yours is in the form: edit it there, then save.");
                    control(clash.name).focus();
                },
            }, "Edit")));
    return section;
}
