package io.snippetstore.auth.boundary;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.snippetstore.auth.control.TokenAuthentication;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.AllowsTemporaryPassword;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Resolves the caller of every {@link Authenticated} resource: a bearer token when an
 * {@code Authorization} header is sent, otherwise the browser session; then enforces
 * {@link SessionOnly}, {@link AdminOnly}, a token's scopes ({@link RequiresScope}; an
 * administrator's operation needs {@link Scope#ADMIN}), and the same-origin rule for session
 * requests that change something. A method that declares no scope needs them all (a test
 * keeps every method declaring its own). A user with a temporary password may only change it
 * ({@link AllowsTemporaryPassword}).
 */
@Provider
@Authenticated
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String BEARER = "Bearer ";

    @Context
    ResourceInfo resource;

    @Context
    HttpServletRequest http;

    @Inject
    TokenAuthentication tokens;

    @Inject
    Sessions sessions;

    @Override
    public void filter(ContainerRequestContext request) {
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        Caller caller = authorization != null ? bearerCaller(authorization) : sessionCaller(request);
        if (caller.passwordChangeRequired() && !requires(AllowsTemporaryPassword.class)) {
            throw ApiException.passwordChangeRequired();
        }
        if (requires(SessionOnly.class) && caller.authMethod() != Caller.AuthMethod.SESSION) {
            throw ApiException.sessionRequired();
        }
        if (requires(AdminOnly.class) && !caller.isAdmin()) {
            throw ApiException.forbidden("Only administrators may do this.");
        }
        Set<Scope> needed = neededScopes();
        if (!caller.scopes().containsAll(needed)) {
            throw ApiException.insufficientScope(
                    needed.stream().map(Scope::apiName).collect(Collectors.joining(" ")));
        }
        request.setSecurityContext(
                caller.asSecurityContext(request.getSecurityContext().isSecure()));
    }

    private Caller bearerCaller(String authorization) {
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw ApiException.unauthenticated("Use 'Authorization: Bearer <token>'.");
        }
        return tokens.authenticate(authorization.substring(BEARER.length()).trim())
                .orElseThrow(() -> ApiException.unauthenticated("The token is unknown, revoked or expired."));
    }

    private Caller sessionCaller(ContainerRequestContext request) {
        Caller caller = sessions.caller(http)
                .orElseThrow(() -> ApiException.unauthenticated("Sign in or send a bearer token."));
        if (!SAFE_METHODS.contains(request.getMethod())) {
            SameOrigin.require(
                    request.getHeaderString("Origin"),
                    request.getHeaderString("Referer"),
                    request.getUriInfo().getBaseUri());
        }
        return caller;
    }

    /** The scopes of the method, else of its class. */
    private Set<Scope> neededScopes() {
        if (requires(AdminOnly.class)) {
            return Set.of(Scope.ADMIN);
        }
        return Optional.ofNullable(resource.getResourceMethod().getAnnotation(RequiresScope.class))
                .or(() -> Optional.ofNullable(resource.getResourceClass().getAnnotation(RequiresScope.class)))
                .map(declared -> Set.copyOf(Arrays.asList(declared.value())))
                .orElse(Scope.all());
    }

    private boolean requires(Class<? extends Annotation> requirement) {
        return present(resource.getResourceMethod(), requirement) || present(resource.getResourceClass(), requirement);
    }

    private static boolean present(AnnotatedElement element, Class<? extends Annotation> requirement) {
        return element != null && element.isAnnotationPresent(requirement);
    }
}
