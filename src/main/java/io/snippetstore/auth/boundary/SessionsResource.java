package io.snippetstore.auth.boundary;

import java.util.Optional;

import io.snippetstore.auth.control.BrowserSessions;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** The caller's browser sessions: where they are signed in, each one's last use, and signing one out. */
@Path("v1/auth/sessions")
@Authenticated
@RequiresScope(Scope.ACCOUNT)
@Produces(MediaType.APPLICATION_JSON)
public class SessionsResource {

    @Inject
    BrowserSessions browserSessions;

    @Inject
    Sessions sessions;

    @Context
    SecurityContext security;

    @Context
    HttpServletRequest http;

    @GET
    public ApiList<SessionView> list() {
        Optional<String> current = sessions.current(http);
        return ApiList.complete(browserSessions.list(Caller.of(security), sessions.idleLimit(http)).stream()
                .map(session -> SessionView.of(
                        session, current.filter(session.id()::equals).isPresent()))
                .toList());
    }

    /** Signs one of the caller's sessions out: its next request is unauthenticated. */
    @DELETE
    @Path("{sessionId}")
    public ApiResponse<Deleted> end(@PathParam("sessionId") String sessionId) {
        return ApiResponse.of(Deleted.of(browserSessions.end(Caller.of(security), sessionId)));
    }
}
