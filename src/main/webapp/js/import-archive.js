// Importing an export archive from the account page, with nothing that cannot be seen coming or
// taken back: the archive is read first (a dry run) and what it holds is said, with the snippets
// already here (the same title and code) to skip, keep both of, or update as a new version; only
// then is it imported, all or nothing. Afterwards "Undo this import" puts what it created in the
// trash and brings what it updated back to the version before.
import {api, failureText, sendFile} from "./api.js";
import {h, replace} from "./dom.js";
import {apiPaths, viewPaths} from "./paths.js";
import {confirmDialog} from "./dialogs.js";

/** How many titles of the snippets already here the question names before "and N more". */
const TITLES_NAMED = 8;

function count(n, what) {
    return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** The file control, its status line and the report of what an import did. */
export function importControl() {
    const file = h("input", {id: "import-file", type: "file", accept: ".zip,application/zip"});
    const status = h("p", {id: "import-status", role: "status", class: "muted"});
    const report = h("div", {id: "import-report-area"});
    file.addEventListener("change", async () => {
        const archive = file.files[0];
        file.value = "";
        if (archive) {
            await importArchive(archive, status, report);
        }
    });
    return [h("div", {class: "upload"}, h("label", {for: "import-file"}, "Import a ZIP exported from a Snippet Store"), file), status, report];
}

async function importArchive(archive, status, report) {
    status.className = "muted";
    status.textContent = `Reading ${archive.name}…`;
    replace(report);
    try {
        const preview = (await sendFile("POST", `${apiPaths.importArchive}?dryRun=true`, archive, "application/zip")).data;
        status.textContent = "";
        const duplicates = await askFirst(archive.name, preview);
        if (!duplicates) {
            status.textContent = "Nothing was imported.";
            return;
        }
        status.textContent = `Importing ${archive.name}…`;
        const {data} = await sendFile("POST", `${apiPaths.importArchive}?duplicates=${duplicates}`, archive, "application/zip");
        status.textContent = `Imported ${archive.name}: ${count(data.snippetsCreated, "snippet")} and `
            + `${count(data.attachmentsCreated, "attachment")} created${doneWith(data.duplicates)}.`;
        showReport(report, status, data);
    } catch (error) {
        status.className = "error";
        status.textContent = `Nothing was imported. ${failureText(error)}`;
    }
}

/** ", 3 already here skipped": what happened to the snippets already here, if any. */
function doneWith(duplicates) {
    const skipped = duplicates.filter((duplicate) => duplicate.action === "skipped").length;
    const updated = duplicates.filter((duplicate) => duplicate.action === "updated").length;
    return (skipped ? `, ${skipped} already here skipped` : "") + (updated ? `, ${updated} already here updated` : "");
}

/** What the archive holds and how to treat what is here already; resolves to the choice, or null when the import is called off. */
async function askFirst(name, preview) {
    const here = preview.duplicates;
    const choice = h("select", {id: "import-duplicates"},
        h("option", {value: "skip"}, "Skip them (the ones here stay as they are)"),
        h("option", {value: "update"}, "Update the ones here as a new version"),
        h("option", {value: "keep"}, "Keep both (a second copy of each)"));
    const titles = here.slice(0, TITLES_NAMED).map((duplicate) => duplicate.title).join(", ")
        + (here.length > TITLES_NAMED ? ` and ${here.length - TITLES_NAMED} more` : "");
    const confirmed = await confirmDialog(`Import ${name}? It holds ${count(preview.snippetsInArchive, "snippet")}, `
        + `${count(preview.attachmentsInArchive, "attachment")} and ${count(preview.collectionsInArchive, "collection")}.`, "Import",
    here.length === 0 ? null : [
        h("p", {id: "import-already-here"}, `${count(here.length, "snippet")} of them ${here.length === 1 ? "is" : "are"} here already `
            + `(the same title and code): ${titles}.`),
        h("p", {}, h("label", {for: "import-duplicates"}, "Those already here"), choice)]);
    return confirmed ? (here.length === 0 ? "keep" : choice.value) : null;
}

function showReport(report, status, data) {
    const undo = h("button", {type: "button", id: "undo-import", class: "secondary"}, "Undo this import");
    undo.addEventListener("click", async () => {
        undo.disabled = true;
        status.textContent = await undoImport(data);
        replace(report);
    });
    const created = h("ul", {id: "import-report", class: "attachments"},
        data.snippets.map((snippet) => h("li", {}, h("a", {href: viewPaths.snippet(snippet.id)}, snippet.title))));
    const changed = data.duplicates.some((duplicate) => duplicate.action === "updated");
    replace(report, data.snippets.length > 0 || changed ? undo : null, data.snippets.length > 0 ? created : null);
}

/** The created snippets to the trash, the updated ones back to their version before; says how it went. */
async function undoImport(data) {
    const results = await Promise.allSettled([
        ...data.snippets.map((snippet) => api("DELETE", apiPaths.snippet(snippet.id))),
        ...data.duplicates.filter((duplicate) => duplicate.action === "updated")
            .map((duplicate) => api("POST", apiPaths.restoreRevision(duplicate.id, duplicate.versionBefore))),
    ]);
    const failed = results.filter((result) => result.status === "rejected");
    return failed.length === 0
        ? `Undone: ${count(data.snippets.length, "snippet")} moved to the trash`
            + `${data.duplicates.some((duplicate) => duplicate.action === "updated") ? ", the updated ones back as they were" : ""}.`
        : `Undone in part: ${failed.length} could not be (changed meanwhile?). ${failureText(failed[0].reason)}`;
}
