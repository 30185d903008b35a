package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.Caller;
import jakarta.ws.rs.core.SecurityContext;

/** The caller of an {@link Authenticated} resource method. */
public final class Callers {

    private Callers() {
    }

    public static Caller of(SecurityContext security) {
        if (security.getUserPrincipal() instanceof Caller caller) {
            return caller;
        }
        throw new IllegalStateException("Not an @Authenticated resource: no caller");
    }
}
