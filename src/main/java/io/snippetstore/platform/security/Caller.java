package io.snippetstore.platform.security;

import java.security.Principal;
import java.util.Locale;

import jakarta.ws.rs.core.SecurityContext;

/**
 * Who is calling, and with which credential: the principal of every {@link Authenticated}
 * request, and what the use cases are handed to decide what the caller may see and change.
 * {@code passwordChangeRequired}: the user signed in with a temporary password, and may do
 * nothing but change it or sign out.
 */
public record Caller(String userId, String username, Role role, AuthMethod authMethod, boolean passwordChangeRequired)
        implements Principal {

    /** A caller who may do what their role allows (no temporary password to change first). */
    public Caller(String userId, String username, Role role, AuthMethod authMethod) {
        this(userId, username, role, authMethod, false);
    }

    public enum AuthMethod {
        SESSION,
        TOKEN;

        /** The name the API uses: {@code session}, {@code token}. */
        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The caller of an {@link Authenticated} resource method, from the security context the filter set. */
    public static Caller of(SecurityContext security) {
        if (security.getUserPrincipal() instanceof Caller caller) {
            return caller;
        }
        throw new IllegalStateException("Not an @Authenticated resource: no caller");
    }

    /** The JAX-RS security context of a request by this caller. */
    public SecurityContext asSecurityContext(boolean secure) {
        return new CallerSecurityContext(this, secure);
    }

    @Override
    public String getName() {
        return userId;
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    private record CallerSecurityContext(Caller caller, boolean secure) implements SecurityContext {

        @Override
        public Principal getUserPrincipal() {
            return caller;
        }

        @Override
        public boolean isUserInRole(String role) {
            return caller.role().apiName().equals(role);
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return caller.authMethod() == AuthMethod.TOKEN ? "Bearer" : FORM_AUTH;
        }
    }
}
