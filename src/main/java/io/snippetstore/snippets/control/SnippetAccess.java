package io.snippetstore.snippets.control;

import java.util.Collection;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.entity.SnippetShare;
import io.snippetstore.snippets.entity.Visibility;

/**
 * What a caller may do with a snippet. Its owner does everything. Every other signed-in user
 * reads it when it is team-visible; a member of a group it is shared with reads it, and with
 * {@code write} access changes its six fields; these add up, the most they allow counts.
 * Otherwise it does not exist for them. Administrators get nothing more. (A share link's holder
 * reads through {@link ShareLinks}, not as a caller.)
 */
enum SnippetAccess {
    NONE,
    READ,
    EDIT,
    OWN;

    /** @param groupAccess the access of each group of the caller's the snippet is shared with */
    static SnippetAccess of(String ownerId, Visibility visibility, Collection<String> groupAccess, Caller caller) {
        return of(ownerId, visibility, groupAccess, caller.userId());
    }

    static SnippetAccess of(String ownerId, Visibility visibility, Collection<String> groupAccess, String callerId) {
        if (ownerId.equals(callerId)) {
            return OWN;
        }
        if (groupAccess.contains(SnippetShare.WRITE)) {
            return EDIT;
        }
        return visibility == Visibility.TEAM || !groupAccess.isEmpty() ? READ : NONE;
    }

    /** 404 unless the caller may read. */
    void requireRead() {
        if (this == NONE) {
            throw ApiException.notFound();
        }
    }

    /** 404 unless the caller may read, 403 unless they may also change the six fields. */
    void requireEdit() {
        requireRead();
        if (this == READ) {
            throw ApiException.forbidden("You may read this snippet, not change it.");
        }
    }

    /** 404 unless the caller may read, 403 unless they own it: deleting, sharing, links and attachments are the owner's. */
    void requireOwner() {
        requireRead();
        if (this != OWN) {
            throw ApiException.forbidden("Only the owner may do this.");
        }
    }

    /** As the API names it to the caller: {@code owner}, {@code write}, {@code read} (or {@code none}, never answered). */
    String apiName() {
        return switch (this) {
            case OWN -> "owner";
            case EDIT -> "write";
            case READ -> "read";
            case NONE -> "none";
        };
    }
}
