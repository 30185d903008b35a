package io.snippetstore.snippets.control;

/**
 * A snippet opened by a live share link: proof, for the reads a link allows (the snippet and its
 * attachments), that its holder may read it. Only {@link ShareLinks#open} and
 * {@link CollectionLinks#openSnippet} make one.
 */
public final class SharedSnippet {

    private final String snippetId;

    SharedSnippet(String snippetId) {
        this.snippetId = snippetId;
    }

    public String snippetId() {
        return snippetId;
    }
}
