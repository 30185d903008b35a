package io.snippetstore.snippets.control;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.Visibility;

/**
 * What a caller may do with a snippet: its owner reads and changes it; when it is team-visible,
 * every other signed-in user reads it; otherwise it does not exist for them. Administrators get
 * nothing more. (A share link's holder reads through {@link ShareLinks}, not as a caller.)
 */
enum SnippetAccess {
    NONE, READ, WRITE;

    static SnippetAccess of(String ownerId, Visibility visibility, Caller caller) {
        if (ownerId.equals(caller.userId())) {
            return WRITE;
        }
        return visibility == Visibility.TEAM ? READ : NONE;
    }

    /** 404 unless the caller may read. */
    void requireRead() {
        if (this == NONE) {
            throw ApiException.notFound();
        }
    }

    /** 404 unless the caller may read, 403 unless the caller may also change. */
    void requireWrite() {
        requireRead();
        if (this != WRITE) {
            throw ApiException.forbidden("Only the owner may change this snippet.");
        }
    }
}
