package io.snippetstore.auth.control;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.snippetstore.auth.entity.DeviceLogin;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.Collections;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Device logins (docs/API.md, "Device login"): a client without a browser the service could
 * redirect to starts one and polls; the user types its user code into a signed-in browser and
 * approves or denies. Approval issues nothing yet: the client's next poll takes the token, once.
 */
@Stateless
public class DeviceLogins {

    /** How often a client may poll; one that polls sooner is told to slow down. */
    public static final Duration INTERVAL = Duration.ofSeconds(5);
    /** The most device logins one client address may have waiting at once. */
    static final int MAX_LIVE_PER_ADDRESS = 20;
    /** Consonants only: no word can be spelled, and none is mistaken for a digit. */
    private static final String USER_CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ";

    private static final int USER_CODE_LENGTH = 8;
    private static final Duration KEEP_ENDED = Duration.ofDays(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    ApiTokens tokens;

    @Inject
    ClientAddress clientAddress;

    @Inject
    DeviceCodeGuesses guesses;

    @Inject
    TokenLifetimes lifetimes;

    @Inject
    Collections collections;

    @Inject
    @ConfigProperty(name = Settings.DEVICE_CODE_TTL_SECONDS, defaultValue = Settings.DEVICE_CODE_TTL_SECONDS_DEFAULT)
    long ttlSeconds;

    /**
     * 429 when this client address has as many device logins waiting as it may: read before
     * {@link #start}, so that a refused start never waits for the single writer ({@link #start}
     * checks again inside it).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireRoomToStart() {
        requireRoom(clientAddress.current().orElse(ClientAddress.UNKNOWN), Timestamps.now());
    }

    /** Starts a login for a token as asked: its lifetime is checked now (400), its collections at the approval. */
    @WriteTransaction
    public DeviceGrant start(String tokenName, TokenAsk ask) {
        lifetimes.forRequested(ask.expiresInDays());
        Instant now = Timestamps.now();
        em.createNamedQuery(DeviceLogin.PURGE)
                .setParameter("before", now.minus(KEEP_ENDED))
                .executeUpdate();
        String address = clientAddress.current().orElse(ClientAddress.UNKNOWN);
        requireRoom(address, now);
        String deviceCode = Secrets.random(32);
        String userCode = newUserCode();
        Instant expiresAt = now.plusSeconds(ttlSeconds);
        em.persist(new DeviceLogin(
                Secrets.sha256Hex(deviceCode),
                userCodeHash(userCode),
                tokenName,
                ask.scopes(),
                ask.collections(),
                ask.expiresInDays(),
                address,
                now,
                expiresAt));
        return new DeviceGrant(deviceCode, userCode.substring(0, 4) + "-" + userCode.substring(4), expiresAt, INTERVAL);
    }

    /** The login waiting under this user code, for the caller to decide; 404 otherwise, and too many wrong codes are 429. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public PendingDevice describe(Caller caller, String userCode) {
        DeviceLogin login = waiting(caller, userCode);
        return new PendingDevice(
                login.tokenName(),
                login.scopes().map(asked -> Scope.grantable(asked, caller.role())),
                login.collections().map(ids -> collections.named(caller, List.copyOf(ids))),
                login.expiresInDays(),
                login.clientAddress(),
                login.createdAt(),
                login.expiresAt());
    }

    /** The caller approves: the client's next poll gets a token of theirs. */
    @WriteTransaction
    public void approve(Caller caller, String userCode) {
        DeviceLogin login = waiting(caller, userCode);
        login.scopes().ifPresent(asked -> ApiTokens.requireGrantable(caller, asked));
        login.collections().ifPresent(ids -> collections.requireReadable(caller, List.copyOf(ids), "collections"));
        decide(caller, userCode, true);
        audit.fire(AuditEvent.success(
                caller, AuditEvent.DEVICE_LOGIN_APPROVED, null, login.tokenName() + " from " + login.clientAddress()));
    }

    @WriteTransaction
    public void deny(Caller caller, String userCode) {
        waiting(caller, userCode);
        decide(caller, userCode, false);
    }

    private void decide(Caller caller, String userCode, boolean approved) {
        Instant now = Timestamps.now();
        int decided = em.createNamedQuery(DeviceLogin.DECIDE)
                .setParameter("userId", approved ? caller.userId() : null)
                .setParameter("approvedAt", approved ? now : null)
                .setParameter("deniedAt", approved ? null : now)
                .setParameter("hash", userCodeHash(normalized(userCode)))
                .setParameter("now", now)
                .executeUpdate();
        if (decided != 1) {
            throw ApiException.notFound(
                    "No device login waits under this code: it was decided, or it expired meanwhile.");
        }
    }

    private DeviceLogin waiting(Caller caller, String userCode) {
        String address = clientAddress.current().orElse(ClientAddress.UNKNOWN);
        guesses.reserve(caller.userId(), address).ifPresent(wait -> {
            throw ApiException.tooManyWrongCodes(wait);
        });
        DeviceLogin login = em.createNamedQuery(DeviceLogin.BY_USER_CODE, DeviceLogin.class)
                .setParameter("hash", userCodeHash(normalized(userCode)))
                .getResultStream()
                .findFirst()
                .filter(found -> found.stateAt(Timestamps.now()) == DeviceLogin.State.PENDING)
                .orElseThrow(() -> ApiException.notFound(
                        "No device login waits under this code: check it, or start the login again."));
        guesses.right(caller.userId(), address);
        return login;
    }

    /**
     * A client's poll. Returned, not thrown, so that the poll's time (what "slow down" is judged
     * by) and a consumption are committed whatever the answer; the token is issued once, to the
     * one poll whose conditional update consumed the approved login.
     */
    @WriteTransaction
    public DevicePoll poll(String deviceCode) {
        Instant now = Timestamps.now();
        String hash = Secrets.sha256Hex(deviceCode);
        DeviceLogin login = em.find(DeviceLogin.class, hash);
        if (login == null) {
            return DevicePoll.of(DevicePoll.Outcome.INVALID);
        }
        DeviceLogin.State state = login.stateAt(now);
        boolean patient = login.polledAt(now, INTERVAL);
        return switch (state) {
            case CONSUMED -> DevicePoll.of(DevicePoll.Outcome.INVALID);
            case EXPIRED -> DevicePoll.of(DevicePoll.Outcome.EXPIRED);
            case DENIED -> DevicePoll.of(DevicePoll.Outcome.DENIED);
            case PENDING -> DevicePoll.of(patient ? DevicePoll.Outcome.PENDING : DevicePoll.Outcome.SLOW_DOWN);
            case APPROVED ->
                em.createNamedQuery(DeviceLogin.CONSUME)
                                        .setParameter("now", now)
                                        .setParameter("hash", hash)
                                        .executeUpdate()
                                == 1
                        ? DevicePoll.issued(tokens.issueForLogin(
                                login.userId(),
                                login.tokenName(),
                                new TokenAsk(login.scopes(), login.collections(), login.expiresInDays())))
                        : DevicePoll.of(DevicePoll.Outcome.INVALID);
        };
    }

    private void requireRoom(String address, Instant now) {
        long live = em.createNamedQuery(DeviceLogin.LIVE_FROM, Long.class)
                .setParameter("address", address)
                .setParameter("now", now)
                .getSingleResult();
        if (live >= MAX_LIVE_PER_ADDRESS) {
            throw ApiException.tooManyDeviceLogins(Duration.ofSeconds(ttlSeconds));
        }
    }

    /**
     * The answer to a poll that changes nothing, read without the single writer: an unknown code,
     * or a login that was consumed, expired or denied. Empty for a waiting or approved one, which
     * {@link #poll} answers (it records the poll's time, or issues the token).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<DevicePoll> settledPoll(String deviceCode) {
        DeviceLogin login = em.find(DeviceLogin.class, Secrets.sha256Hex(deviceCode));
        if (login == null) {
            return Optional.of(DevicePoll.of(DevicePoll.Outcome.INVALID));
        }
        return switch (login.stateAt(Timestamps.now())) {
            case CONSUMED -> Optional.of(DevicePoll.of(DevicePoll.Outcome.INVALID));
            case EXPIRED -> Optional.of(DevicePoll.of(DevicePoll.Outcome.EXPIRED));
            case DENIED -> Optional.of(DevicePoll.of(DevicePoll.Outcome.DENIED));
            case PENDING, APPROVED -> Optional.empty();
        };
    }

    /** Upper case, without the hyphen and spaces people type or leave out. */
    static String normalized(String userCode) {
        return userCode == null ? "" : userCode.replaceAll("[\\s-]", "").toUpperCase(Locale.ROOT);
    }

    private static String userCodeHash(String normalizedCode) {
        return Secrets.sha256Hex("device-user-code:" + normalizedCode);
    }

    private static String newUserCode() {
        StringBuilder code = new StringBuilder(USER_CODE_LENGTH);
        for (int i = 0; i < USER_CODE_LENGTH; i++) {
            code.append(USER_CODE_LETTERS.charAt(RANDOM.nextInt(USER_CODE_LETTERS.length())));
        }
        return code.toString();
    }
}
