// The operator's storage page, for administrators: where the data lives and how big it is (the
// database, its write-ahead log, the disk's free room above the floor), what it holds, and the
// backups: take one, download, delete, or restore one after typing its name.
import {api, sendFile} from "./api.js";
import {formatBytes, formatDate, h, replace} from "./dom.js";
import {report} from "./notice.js";
import {apiPaths} from "./paths.js";
import {confirmDelete, confirmDialog} from "./dialogs.js";
import {recordTable} from "./widgets.js";

/** A number of the service's metrics (Prometheus text), or null when it is not there. */
async function metric(name) {
    const response = await fetch(apiPaths.metrics, {credentials: "same-origin", headers: {"Accept": "text/plain"}});
    const line = (await response.text()).split("\n").find((row) => row.startsWith(`${name} `));
    return line ? Number(line.split(" ")[1]) : null;
}

/** The disk check of readiness ({freeBytes, minFreeBytes}), whatever the service's status. */
async function diskSpace() {
    const response = await fetch(apiPaths.ready, {headers: {"Accept": "application/json"}});
    const health = await response.json().catch(() => null);
    return health?.checks?.find((check) => check.name === "disk-space")?.data ?? null;
}

function facts(rows) {
    return h("dl", {class: "facts"}, rows.flatMap(([term, value, id]) => [h("dt", {}, term), h("dd", {id}, value)]));
}

async function overview() {
    const [{data}, wal, disk] = await Promise.all([api("GET", apiPaths.storage), metric("snippets_database_wal_size_bytes"), diskSpace()]);
    return facts([
        ["Backend", data.backend, "storage-backend"],
        ["Database", `${data.database.path} (${data.database.journalMode} journal)`, "storage-path"],
        ["Database size", formatBytes(data.database.sizeBytes), "storage-size"],
        ["Write-ahead log", wal === null ? "unknown" : formatBytes(wal), "storage-wal"],
        ["Free disk", disk ? `${formatBytes(disk.freeBytes)} (writes stop below ${formatBytes(disk.minFreeBytes)})` : "unknown", "storage-free"],
        ["Users", String(data.counts.users), "storage-users"],
        ["Snippets", String(data.counts.snippets), "storage-snippets"],
        ["Attachments", `${data.counts.attachments} (${formatBytes(data.counts.attachmentBytes)})`, "storage-attachments"],
    ]);
}

/**
 * Restoring replaces everything: the administrator is told what it does to everyone's sign-ins,
 * and types the backup's name (or the file's) before Restore can be pressed. Resolves to whether
 * they confirmed.
 */
async function confirmRestore(name, takenAt) {
    const typed = h("input", {id: "restore-name", autocomplete: "off", spellcheck: "false"});
    const since = takenAt ? `since ${formatDate(takenAt)}` : "since the backup was taken";
    const answer = confirmDialog(`Restore ${name}? Every snippet, user, token and setting becomes as it was then; `
        + "the current data is first kept as a backup of its own.", "Restore", [
        h("p", {id: "restore-warning", class: "callout"}, `Everyone who signed in ${since} is signed out, and tokens made ${since} `
            + "stop working. You stay signed in, if you were an administrator then."),
        h("p", {}, h("label", {for: "restore-name"}, `Type ${name} to confirm`), typed)]);
    const restore = document.getElementById("confirm-ok");
    restore.disabled = true;
    typed.addEventListener("input", () => restore.disabled = typed.value.trim() !== name);
    return (await answer) && typed.value.trim() === name;
}

export async function showStorage(view) {
    document.title = "Storage — Snippet Store";
    const page = new StoragePage();
    replace(view,
        h("h1", {}, "Storage"),
        page.summary,
        h("h2", {}, "Backups"),
        h("div", {class: "actions"}, page.takeButton()), page.uploadControl(), page.status,
        recordTable("backups", ["Backup", "Size", "Taken", ""], page.rows));
    await page.refresh();
}

/** The storage's overview and its backups, each to download, restore or delete. */
class StoragePage {
    constructor() {
        this.summary = h("div", {id: "storage-overview"});
        this.rows = h("tbody", {});
        this.status = h("p", {id: "backup-status", role: "status", class: "muted"});
    }

    async refresh() {
        replace(this.summary, await overview());
        const {data} = await api("GET", apiPaths.backups);
        replace(this.rows, data.length === 0 ? h("tr", {}, h("td", {colspan: "4", class: "muted"}, "No backups yet.")) : data.map((backup) =>
            h("tr", {},
                h("td", {"data-label": "Backup"}, h("a", {href: backup.downloadUrl, download: backup.name}, backup.name)),
                h("td", {"data-label": "Size"}, formatBytes(backup.sizeBytes)),
                h("td", {"data-label": "Taken"}, formatDate(backup.createdAt)),
                h("td", {class: "row-actions"},
                    h("button", {type: "button", class: "link", "aria-label": `Restore ${backup.name}`, onclick: () => this.restore(backup)}, "Restore"),
                    h("button", {
                        type: "button", class: "link danger-text", "aria-label": `Delete ${backup.name}`,
                        onclick: () => confirmDelete(`Delete the backup ${backup.name}? It cannot be restored afterwards.`, "Delete backup",
                            apiPaths.backup(backup.name), () => this.refresh()),
                    }, "Delete")))));
    }

    async restore(backup) {
        if (await confirmRestore(backup.name, backup.createdAt)) {
            await this.restoring(backup.name, () => api("POST", apiPaths.backupRestore(backup.name)));
        }
    }

    /** A backup file from this computer, restored after the same question. */
    uploadControl() {
        const file = h("input", {type: "file", id: "restore-file", accept: ".db,.sqlite,.sqlite3,application/vnd.sqlite3"});
        file.addEventListener("change", async () => {
            const chosen = file.files[0];
            file.value = "";
            if (chosen && await confirmRestore(chosen.name, null)) {
                await this.restoring(chosen.name, () => sendFile("POST", apiPaths.restoreUpload, chosen, "application/vnd.sqlite3"));
            }
        });
        return h("div", {class: "upload"}, h("label", {for: "restore-file"}, "Restore from a backup file"), file);
    }

    async restoring(name, send) {
        this.status.textContent = `Restoring ${name}…`;
        let restored;
        try {
            restored = (await send()).data;
        } catch (error) {
            this.status.textContent = "";
            report(error);
            return;
        }
        // the list first, then the news: what the status names is already in the list beneath it
        await this.refresh().catch(report);
        this.status.textContent = `Restored ${restored.restoredFrom}. What was there before is kept as ${restored.previousData.name}. `
            + "You are still signed in; everyone who signed in after the backup signs in again.";
    }

    takeButton() {
        const take = h("button", {type: "button", id: "take-backup", onclick: async () => {
            take.disabled = true;
            this.status.textContent = "Taking a backup…";
            try {
                const {data} = await api("POST", apiPaths.backups);
                await this.refresh().catch(report);
                this.status.textContent = `Backup ${data.name} taken (${formatBytes(data.sizeBytes)}).`;
            } catch (error) {
                this.status.textContent = "";
                report(error);
            } finally {
                take.disabled = false;
            }
        }}, "Take a backup now");
        return take;
    }
}
