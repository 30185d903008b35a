package io.snippetstore.platform.security;

import java.security.Principal;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import jakarta.ws.rs.core.SecurityContext;

/**
 * Who is calling, and with which credential: the principal of every {@link Authenticated}
 * request, and what the use cases are handed to decide what the caller may see and change.
 * {@code passwordChangeRequired}: the user signed in with a temporary password, and may do
 * nothing but change it or sign out. {@code scopes}: what the credential may be used for (a
 * session: everything); {@code expiresAt}: when a token stops working, if it does;
 * {@code collections}: the collections a token is limited to, if it is (it then reaches only
 * the snippets in them); {@code credentialId}: the id of the session's record, when the caller
 * came with one (a restore keeps its administrator's session by it).
 */
public record Caller(
        String userId,
        String username,
        Role role,
        AuthMethod authMethod,
        boolean passwordChangeRequired,
        Set<Scope> scopes,
        Optional<Instant> expiresAt,
        Optional<Set<String>> collections,
        Optional<String> credentialId)
        implements Principal {

    public Caller {
        scopes = Set.copyOf(scopes);
        collections = collections.map(Set::copyOf);
    }

    /** A caller whose credential is not limited, as a session is. */
    public Caller(String userId, String username, Role role, AuthMethod authMethod, boolean passwordChangeRequired) {
        this(
                userId,
                username,
                role,
                authMethod,
                passwordChangeRequired,
                Scope.all(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    /** A caller who may do what their role allows (no temporary password to change first). */
    public Caller(String userId, String username, Role role, AuthMethod authMethod) {
        this(userId, username, role, authMethod, false);
    }

    /** The same user, through a token of these scopes and this expiry, limited to these collections if it is. */
    public Caller limitedTo(
            Set<Scope> tokenScopes, Optional<Instant> tokenExpiresAt, Optional<Set<String>> tokenCollections) {
        return new Caller(
                userId,
                username,
                role,
                authMethod,
                passwordChangeRequired,
                tokenScopes,
                tokenExpiresAt,
                tokenCollections,
                credentialId);
    }

    /** The same caller, known to have come with the record of this id (a browser session's). */
    public Caller withCredential(String id) {
        return new Caller(
                userId,
                username,
                role,
                authMethod,
                passwordChangeRequired,
                scopes,
                expiresAt,
                collections,
                Optional.of(id));
    }

    public boolean mayUse(Scope scope) {
        return scopes.contains(scope);
    }

    /** Whether the credential reaches only the snippets of some collections (a token made so). */
    public boolean isLimitedToCollections() {
        return collections.isPresent();
    }

    /** Whether the credential reaches this collection: any, unless it is limited to some. */
    public boolean reaches(String collectionId) {
        return collections.map(limit -> limit.contains(collectionId)).orElse(true);
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
