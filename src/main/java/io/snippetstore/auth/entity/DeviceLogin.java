package io.snippetstore.auth.entity;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Scope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A device login: a command-line client holds its device code and polls, the user approves (or
 * denies) it in a signed-in browser by its user code. Both codes are known by their SHA-256 only.
 */
@Entity
@Table(name = "device_logins")
@NamedQuery(name = DeviceLogin.BY_USER_CODE, query = "SELECT d FROM DeviceLogin d WHERE d.userCodeHash = :hash")
@NamedQuery(
        name = DeviceLogin.LIVE_FROM,
        query = "SELECT COUNT(d) FROM DeviceLogin d WHERE d.clientAddress = :address AND d.expiresAt > :now")
@NamedQuery(
        name = DeviceLogin.DECIDE,
        query =
                "UPDATE DeviceLogin d SET d.userId = :userId, d.approvedAt = :approvedAt, d.deniedAt = :deniedAt"
                        + " WHERE d.userCodeHash = :hash AND d.approvedAt IS NULL AND d.deniedAt IS NULL AND d.expiresAt > :now")
@NamedQuery(
        name = DeviceLogin.CONSUME,
        query =
                "UPDATE DeviceLogin d SET d.consumedAt = :now"
                        + " WHERE d.deviceCodeHash = :hash AND d.consumedAt IS NULL AND d.approvedAt IS NOT NULL AND d.expiresAt > :now")
@NamedQuery(name = DeviceLogin.PURGE, query = "DELETE FROM DeviceLogin d WHERE d.expiresAt < :before")
public class DeviceLogin {

    public static final String BY_USER_CODE = "DeviceLogin.byUserCode";
    public static final String LIVE_FROM = "DeviceLogin.liveFrom";
    public static final String DECIDE = "DeviceLogin.decide";
    public static final String CONSUME = "DeviceLogin.consume";
    public static final String PURGE = "DeviceLogin.purge";

    @Id
    @Column(name = "device_code_hash")
    private String deviceCodeHash;

    @Column(name = "user_code_hash", nullable = false)
    private String userCodeHash;

    @Column(name = "token_name", nullable = false)
    private String tokenName;

    @Column(name = "client_address", nullable = false)
    private String clientAddress;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at", nullable = false)
    private Instant expiresAt;

    @Column(name = "polled_at")
    private Instant polledAt;

    @Column(name = "user_id")
    private String userId;

    @Column(name = "approved_at")
    private Instant approvedAt;

    @Column(name = "denied_at")
    private Instant deniedAt;

    @Column(name = "consumed_at")
    private Instant consumedAt;

    /** {@link Scope#joined}, or null when the login asked for none (the role's defaults). */
    @Column
    private String scopes;

    /** The ids of the collections its token is limited to, separated by spaces; null: none. */
    @Column
    private String collections;

    /** The days its token lives; null: as a login's token does. */
    @Column(name = "expires_in_days")
    private Integer expiresInDays;

    protected DeviceLogin() {}

    public DeviceLogin(
            String deviceCodeHash,
            String userCodeHash,
            String tokenName,
            Optional<Set<Scope>> scopes,
            Optional<Set<String>> collections,
            Optional<Integer> expiresInDays,
            String clientAddress,
            Instant createdAt,
            Instant expiresAt) {
        this.scopes = scopes.map(Scope::joined).orElse(null);
        this.collections = collections.map(ids -> String.join(" ", ids)).orElse(null);
        this.expiresInDays = expiresInDays.orElse(null);
        this.deviceCodeHash = deviceCodeHash;
        this.userCodeHash = userCodeHash;
        this.tokenName = tokenName;
        this.clientAddress = clientAddress;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    /** The scopes the login asked for; none: the role's defaults. */
    public Optional<Set<Scope>> scopes() {
        return Optional.ofNullable(scopes).map(Scope::split);
    }

    /** The collections its token is to be limited to, in the order asked, if any. */
    public Optional<Set<String>> collections() {
        return Optional.ofNullable(collections).map(ids -> new LinkedHashSet<>(Arrays.asList(ids.split(" "))));
    }

    public Optional<Integer> expiresInDays() {
        return Optional.ofNullable(expiresInDays);
    }

    /** Where the login stands at {@code now}, as its client polling learns it. */
    public enum State {
        PENDING,
        APPROVED,
        DENIED,
        CONSUMED,
        EXPIRED
    }

    public State stateAt(Instant now) {
        if (consumedAt != null) {
            return State.CONSUMED;
        }
        if (!now.isBefore(expiresAt)) {
            return State.EXPIRED;
        }
        if (deniedAt != null) {
            return State.DENIED;
        }
        return approvedAt != null ? State.APPROVED : State.PENDING;
    }

    /**
     * Records a poll at {@code now}; whether it came at least {@code interval} after the one
     * before (a client that polls faster is told to slow down).
     */
    public boolean polledAt(Instant now, java.time.Duration interval) {
        boolean patient = polledAt == null || !now.isBefore(polledAt.plus(interval));
        polledAt = now;
        return patient;
    }

    public String tokenName() {
        return tokenName;
    }

    public String clientAddress() {
        return clientAddress;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    public String userId() {
        return userId;
    }
}
