package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.entity.User;
import io.snippetstore.auth.entity.UserSession;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The record of each browser session: made at sign-in, its last use kept at most once a minute,
 * ended at sign-out or by its user from another session. The container's session carries only the
 * record's id, so a session is valid while its record exists and its user is enabled.
 */
@Stateless
public class BrowserSessions {

    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);
    /** Longer than any container session lives idle: older records belong to sessions long expired. */
    private static final Duration KEEP_IDLE = Duration.ofDays(7);

    @PersistenceContext
    EntityManager em;

    @Inject
    TokenUsage usage;

    @Inject
    ServiceStart serviceStart;

    /**
     * A new session record for the user; returns its id, for the container's session to hold.
     * Signing in must work on a full disk, as reads and deletes do: the record is a small row,
     * written into the room kept under the free-space floor. With where it signed in from, when
     * known (cut to the column: a trusted proxy's forwarded-for entry may be longer than an address).
     */
    @WriteTransaction(freesSpace = true)
    public String start(String userId, String userAgent, Optional<String> clientAddress) {
        Instant now = Timestamps.now();
        em.createNamedQuery(UserSession.PURGE)
                .setParameter("before", now.minus(KEEP_IDLE))
                .executeUpdate();
        UserSession session = new UserSession(
                Secrets.random(24),
                userId,
                now,
                shortened(userAgent),
                clientAddress
                        .map(address ->
                                address.substring(0, Math.min(address.length(), UserSession.CLIENT_ADDRESS_MAX)))
                        .orElse(null));
        em.persist(session);
        return session.id();
    }

    /** The caller a session stands for: empty once it was ended, or its user disabled or deleted. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Caller> findCaller(String sessionId) {
        List<Object[]> found = em.createNamedQuery(UserSession.WITH_USER, Object[].class)
                .setParameter("id", sessionId)
                .getResultList();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        UserSession session = (UserSession) found.get(0)[0];
        Instant now = Timestamps.now();
        if (session.lastUsedAt().plus(LAST_USED_RESOLUTION).isBefore(now)
                || session.lastUsedAt().isBefore(serviceStart.startedAt())) {
            usage.recordUseIfIdle(UserSession.class, session.id(), now);
        }
        return Optional.of(Accounts.callerOf((User) found.get(0)[1], Caller.AuthMethod.SESSION)
                .withCredential(session.id()));
    }

    /**
     * The caller's sessions used within {@code idleLimit} (the container's session timeout) and
     * since the service started (a session kept across a restart shows again once it is used),
     * most recently used first.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<SessionData> list(Caller caller, Duration idleLimit) {
        Instant idleSince = Timestamps.now().minus(idleLimit);
        Instant startedAt = serviceStart.startedAt();
        return em.createNamedQuery(UserSession.OF_USER, UserSession.class)
                .setParameter("userId", caller.userId())
                .setParameter("since", idleSince.isAfter(startedAt) ? idleSince : startedAt)
                .getResultStream()
                .map(SessionData::of)
                .toList();
    }

    /** Ends one of the caller's sessions: its next request is unauthenticated. */
    @WriteTransaction(freesSpace = true)
    public String end(Caller caller, String sessionId) {
        UserSession session = Optional.ofNullable(em.find(UserSession.class, sessionId))
                .filter(found -> found.userId().equals(caller.userId()))
                .orElseThrow(ApiException::notFound);
        em.remove(session);
        return session.id();
    }

    /** Forgets a session at sign-out; nothing happens when it is already gone. */
    @WriteTransaction(freesSpace = true)
    public void end(String sessionId) {
        Optional.ofNullable(em.find(UserSession.class, sessionId)).ifPresent(em::remove);
    }

    private static String shortened(String userAgent) {
        if (userAgent == null || userAgent.isBlank()) {
            return null;
        }
        StringBuilder kept = new StringBuilder();
        userAgent
                .strip()
                .codePoints()
                .limit(UserSession.USER_AGENT_MAX)
                .filter(codePoint -> !Character.isISOControl(codePoint))
                .forEach(kept::appendCodePoint);
        return kept.toString();
    }
}
