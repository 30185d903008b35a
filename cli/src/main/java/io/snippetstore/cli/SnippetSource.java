package io.snippetstore.cli;

import java.util.Optional;

/**
 * Where a snippet named on the line is read: its own path with this run's sign-in, or a share link's
 * path on the link's server without any credential (the service answers both with the same fields, and
 * {@code /raw} and {@code /render} below them).
 */
record SnippetSource(Api api, String path) {

    static SnippetSource of(ClientOptions client, String argument) {
        Ids.Reference reference = Ids.reference(argument);
        if (reference instanceof Ids.Reference.ShareLink link) {
            return new SnippetSource(
                    client.api(link.server(), Optional.empty()), "/api/v1/shared/" + Api.encode(link.secret()));
        }
        return new SnippetSource(client.signedIn(), "/api/v1/snippets/" + Api.encode(Ids.snippet(argument)));
    }
}
