// How to get the command-line client and sign it in to this very service: the addresses in the
// commands are this page's own, ready to copy.
import {h, replace} from "./dom.js";
import {viewPaths} from "./paths.js";
import {copyButton} from "./widgets.js";

/** A command on its own line with a Copy button. */
function command(id, text) {
    const copy = copyButton({id: `copy-${id}`, label: "Copy", text, statusId: `copy-${id}-status`});
    return h("div", {class: "command"}, h("pre", {id, tabindex: "0", "aria-label": text}, h("code", {}, text)), copy.button, copy.status);
}

export function showCommandLine(view) {
    document.title = "Command-line client — Snippet Store";
    const server = window.location.origin;
    replace(view,
        h("h1", {}, "The command-line client"),
        h("p", {}, h("code", {}, "snippets"), " is this service from a terminal or a script: search, show, create, edit, run, share, "
            + "attach and download, with ", h("code", {}, "--json"), " everywhere. It needs Java 17 or later on the ", h("code", {}, "PATH"), "."),
        h("h2", {}, "Get it"),
        h("p", {}, "One executable file, the client of this very service's build: ",
            h("a", {href: "/downloads/snippets", download: "snippets", id: "cli-download"}, "download snippets"),
            ", or from a terminal:"),
        command("cli-install", `curl --create-dirs -fsSo ~/.local/bin/snippets ${server}/downloads/snippets && chmod 755 ~/.local/bin/snippets`),
        h("p", {}, "From a checkout of Snippet Store, the build makes the same file:"),
        command("cli-build", "mvn -f cli/pom.xml package && install -D -m 755 cli/target/snippets ~/.local/bin/snippets"),
        h("h2", {}, "Sign it in"),
        h("p", {}, "With a browser on the same machine (it opens this service; once you are signed in, the client gets its own token):"),
        command("cli-login", `snippets login ${server}`),
        h("p", {}, "Over SSH or in a container: the client shows a code to approve at ", h("a", {href: "/device"}, `${server}/device`), "."),
        command("cli-login-device", `snippets login ${server} --device`),
        h("p", {}, "In CI, with a token made on ", h("a", {href: viewPaths.account}, "your account page"), ":"),
        command("cli-login-token", `SNIPPETS_SERVER=${server} SNIPPETS_TOKEN=<token> snippets whoami`),
        h("h2", {}, "Then"),
        command("cli-search", "snippets search --scope all \"retry with backoff\""),
        h("p", {}, h("code", {}, "snippets --help"), " lists every command; the same API is described for any other client in the ",
            h("a", {href: "/api-docs/"}, "API documentation"), "."));
}
