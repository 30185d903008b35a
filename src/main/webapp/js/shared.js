// The read-only page of a share link, /s/<secret>: the snippet with its code highlighted, its
// notes and attachments to download, and its raw code. Nothing else of its owner is asked for.
import {api} from "./api.js";
import {formatDate, h, replace} from "./dom.js";
import {apiPaths} from "./paths.js";
import {codeWithVariables, notesOf} from "./fill-in.js";
import {attachmentItem, markdown} from "./widgets.js";

const view = document.getElementById("view");
const secret = decodeURIComponent(window.location.pathname.replace(/^\/s\//, ""));

try {
    const options = {signInWhenUnauthenticated: false};
    const {data: snippet} = await api("GET", apiPaths.shared(secret), options);
    const {data: attachments} = await api("GET", apiPaths.sharedAttachments(secret), options);
    document.title = `${snippet.title} · Snippet Store`;
    replace(view, h("article", {class: "snippet"},
        h("h1", {id: "snippet-title"}, snippet.title),
        h("p", {class: "meta"}, `${snippet.language} · updated ${formatDate(snippet.updatedAt)} · shared by link, read-only`),
        snippet.description ? markdown(snippet.description, {id: "description", class: "description"}) : null,
        h("div", {class: "chips", id: "tags"}, snippet.tags.map((tag) => h("span", {class: "chip"}, tag))),
        codeWithVariables(snippet, apiPaths.sharedRaw(secret),
            {href: (line) => `#L${line}`, selected: Number(window.location.hash.match(/^#L(\d+)$/)?.[1]) || null}),
        notesOf(snippet),
        h("section", {"aria-labelledby": "attachments-title"},
            h("h2", {id: "attachments-title"}, "Attachments"),
            h("ul", {id: "attachments", class: "attachments"}, attachments.length === 0
                ? h("li", {class: "muted"}, "No attachments.")
                : attachments.map((attachment) => attachmentItem(attachment))))));
} catch (error) {
    replace(view, h("h1", {}, "Not found"),
        h("p", {id: "shared-error"}, error.status === 404
            ? "This link does not open anything: it was revoked, it expired, or the snippet is no longer shared."
            : error.message));
}
