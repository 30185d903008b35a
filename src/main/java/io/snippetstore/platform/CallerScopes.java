package io.snippetstore.platform;

import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;

/** A use case's own scope rule, for what an operation's declared scopes cannot tell (a change of who may read). */
public final class CallerScopes {

    private CallerScopes() {}

    /** 403 {@code insufficient_scope} unless the caller's credential carries the scope. */
    public static void require(Caller caller, Scope scope) {
        if (!caller.mayUse(scope)) {
            throw ApiException.insufficientScope(scope.apiName());
        }
    }
}
