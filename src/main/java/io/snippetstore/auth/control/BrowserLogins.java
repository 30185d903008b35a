package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.auth.entity.LoginCode;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The one-time codes that turn a browser login into an API token for a command-line client. */
@Stateless
public class BrowserLogins {

    private static final Duration KEEP_USED_CODES = Duration.ofDays(1);

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    ApiTokens tokens;

    @Inject
    @ConfigProperty(name = Settings.LOGIN_CODE_TTL_SECONDS, defaultValue = Settings.LOGIN_CODE_TTL_SECONDS_DEFAULT)
    long codeTtlSeconds;

    /** A new code (256 random bits, stored as its hash) for the signed-in caller; returns its value. */
    @WriteTransaction
    public String issueCode(Caller caller, String tokenName, String codeChallenge, Optional<Set<Scope>> scopes) {
        Optional<Set<Scope>> granted = scopes.map(asked -> ApiTokens.requireGrantable(caller, asked));
        Instant now = Timestamps.now();
        em.createNamedQuery(LoginCode.PURGE)
                .setParameter("before", now.minus(KEEP_USED_CODES))
                .executeUpdate();
        String code = Secrets.random(32);
        em.persist(new LoginCode(
                Secrets.sha256Hex(code),
                caller.userId(),
                tokenName,
                codeChallenge,
                granted,
                now,
                now.plusSeconds(codeTtlSeconds)));
        audit.fire(AuditEvent.success(caller, AuditEvent.BROWSER_LOGIN_APPROVED, null, tokenName));
        return code;
    }

    /**
     * Consumes the code and, when it was live (and the PKCE verifier matches its challenge),
     * issues a token for its user. The conditional update's row count decides which of any
     * concurrent exchanges wins; every exchange of a live code consumes it, failed or not, so
     * the result is returned rather than thrown (a thrown failure would roll the consumption back).
     */
    @WriteTransaction
    public Optional<IssuedToken> exchange(String code, String codeVerifier) {
        String hash = Secrets.sha256Hex(code);
        Instant now = Timestamps.now();
        int consumed = em.createNamedQuery(LoginCode.CONSUME)
                .setParameter("now", now)
                .setParameter("hash", hash)
                .executeUpdate();
        if (consumed != 1) {
            return Optional.empty();
        }
        LoginCode login = em.find(LoginCode.class, hash);
        if (!now.isBefore(login.expiresAt())) {
            return Optional.empty();
        }
        if (login.codeChallenge() != null && !Pkce.verifies(login.codeChallenge(), codeVerifier)) {
            return Optional.empty();
        }
        return Optional.of(tokens.issueForLogin(login.userId(), login.tokenName(), TokenAsk.scopes(login.scopes())));
    }
}
