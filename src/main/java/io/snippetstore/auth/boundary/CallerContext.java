package io.snippetstore.auth.boundary;

import java.security.Principal;

import io.snippetstore.auth.control.Caller;
import jakarta.ws.rs.core.SecurityContext;

/** The JAX-RS security context of an authenticated request. */
record CallerContext(Caller caller, boolean secure) implements SecurityContext {

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
        return caller.authMethod() == Caller.AuthMethod.TOKEN ? "Bearer" : FORM_AUTH;
    }
}
