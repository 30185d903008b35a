package io.snippetstore.platform;

import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;

/**
 * A use case's own rules of what a credential reaches, for what an operation's declared scopes
 * cannot tell: a change of who may read, and a token limited to collections.
 */
public final class CallerScopes {

    private CallerScopes() {}

    /** 403 {@code insufficient_scope} unless the caller's credential carries the scope. */
    public static void require(Caller caller, Scope scope) {
        if (!caller.mayUse(scope)) {
            throw ApiException.insufficientScope(scope.apiName());
        }
    }

    /**
     * 403 {@code forbidden} when the caller's token is limited to collections: {@code what} reaches
     * beyond the snippets of a collection (the trash, an export, making collections).
     */
    public static void requireAllCollections(Caller caller, String what) {
        if (caller.isLimitedToCollections()) {
            throw ApiException.forbidden("This token reaches only the snippets of its collections; " + what
                    + " needs a token without that limit.");
        }
    }
}
