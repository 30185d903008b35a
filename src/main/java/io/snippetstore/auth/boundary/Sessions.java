package io.snippetstore.auth.boundary;

import java.util.Optional;

import io.snippetstore.auth.control.Accounts;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/** The browser session: the container's HttpSession, holding the signed-in user's id. */
@ApplicationScoped
public class Sessions {

    private static final String USER_ID = "snippets.userId";

    @Inject
    Accounts accounts;

    /**
     * Signs the user in, always under a new session id so that no earlier id stays valid. The
     * container writes the session cookie, with the attributes of web.xml's cookie-config.
     */
    public void signIn(HttpServletRequest request, UserData user) {
        if (request.getSession(false) != null) {
            request.changeSessionId();
        }
        request.getSession(true).setAttribute(USER_ID, user.id());
    }

    public void signOut(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /** The caller of a request that carries a session of a user who still exists. */
    public Optional<Caller> caller(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null || !(session.getAttribute(USER_ID) instanceof String userId)) {
            return Optional.empty();
        }
        return accounts.findSessionCaller(userId);
    }
}
