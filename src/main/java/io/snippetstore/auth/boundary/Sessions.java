package io.snippetstore.auth.boundary;

import java.time.Duration;
import java.util.Optional;

import io.snippetstore.auth.control.BrowserSessions;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/**
 * The browser session: the container's HttpSession, holding the id of the session's record
 * ({@link BrowserSessions}), which says whose it is and whether it still counts.
 */
@ApplicationScoped
public class Sessions {

    private static final String SESSION_ID = "snippets.sessionId";

    @Inject
    BrowserSessions sessions;

    @Inject
    ClientAddress clientAddress;

    /**
     * Signs the user in, always under a new session id so that no earlier id stays valid. The
     * container writes the session cookie, with the attributes of web.xml's cookie-config.
     */
    public void signIn(HttpServletRequest request, UserData user) {
        if (request.getSession(false) != null) {
            current(request).ifPresent(sessions::end); // the browser's earlier sign-in is over
            request.changeSessionId();
        }
        String recordId = sessions.start(user.id(), request.getHeader("User-Agent"), clientAddress.current());
        request.getSession(true).setAttribute(SESSION_ID, recordId);
    }

    public void signOut(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            current(request).ifPresent(sessions::end);
            session.invalidate();
        }
    }

    /** The caller of a request that carries a session still in force. */
    public Optional<Caller> caller(HttpServletRequest request) {
        return current(request).flatMap(sessions::findCaller);
    }

    /** The id of the record of the request's session, if it has one. */
    public Optional<String> current(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session != null && session.getAttribute(SESSION_ID) instanceof String id
                ? Optional.of(id)
                : Optional.empty();
    }

    /** How long the container keeps an idle session (a day when it is configured to keep them forever). */
    public Duration idleLimit(HttpServletRequest request) {
        int minutes = request.getServletContext().getSessionTimeout();
        return minutes > 0 ? Duration.ofMinutes(minutes) : Duration.ofDays(1);
    }
}
