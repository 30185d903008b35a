package io.snippetstore.auth.entity;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Role;
import io.snippetstore.platform.security.Scope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

@Entity
@Table(name = "api_tokens")
@NamedQuery(
        name = ApiToken.WITH_USER_BY_HASH,
        query =
                "SELECT t, u FROM ApiToken t, User u WHERE t.tokenHash = :hash AND u.id = t.userId AND u.disabledAt IS NULL")
@NamedQuery(name = ApiToken.BY_HASH, query = "SELECT t FROM ApiToken t WHERE t.tokenHash = :hash")
@NamedQuery(name = ApiToken.OF_USER, query = "SELECT t FROM ApiToken t WHERE t.userId = :userId ORDER BY t.id")
@NamedQuery(name = ApiToken.COUNT_OF_USER, query = "SELECT COUNT(t) FROM ApiToken t WHERE t.userId = :userId")
@NamedQuery(name = ApiToken.REVOKE_ALL_OF_USER, query = "DELETE FROM ApiToken t WHERE t.userId = :userId")
public class ApiToken implements RecordsUse {

    public static final String WITH_USER_BY_HASH = "ApiToken.withUserByHash";
    public static final String BY_HASH = "ApiToken.byHash";
    public static final String OF_USER = "ApiToken.ofUser";
    public static final String COUNT_OF_USER = "ApiToken.countOfUser";
    public static final String REVOKE_ALL_OF_USER = "ApiToken.revokeAllOfUser";

    public static final int NAME_MAX = 100;
    /** Tokens a user may have at once: what bounds listing them and revoking them all. */
    public static final int PER_USER_MAX = 1000;

    public static final int EXPIRES_IN_DAYS_MAX = 3650;
    /** Names in a token's {@code scopes}: room for each scope once, and a few repeated. */
    public static final int SCOPES_MAX = 16;
    /** Collections a token may be limited to. */
    public static final int COLLECTIONS_MAX = 20;
    /** A token this close to its expiry is flagged as expiring soon. */
    public static final Duration EXPIRY_WARNING = Duration.ofDays(7);

    @Id
    private String id;

    @Column(name = "user_id", nullable = false)
    private String userId;

    @Column(nullable = false, length = NAME_MAX)
    private String name;

    @Column(name = "token_hash", nullable = false)
    private String tokenHash;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    /**
     * {@link Scope#joined}, kept as text so that a scope added later needs no new column; null
     * for a token made without naming any, which follows its user's role.
     */
    @Column
    private String scopes;

    /** The ids of the collections the token is limited to, separated by spaces; null: not limited. */
    @Column
    private String collections;

    protected ApiToken() {}

    public ApiToken(
            String id,
            String userId,
            String name,
            String tokenHash,
            Instant createdAt,
            Instant expiresAt,
            Optional<Set<Scope>> scopes,
            Optional<Set<String>> collections) {
        this.id = id;
        this.userId = userId;
        this.name = name;
        this.tokenHash = tokenHash;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
        this.scopes = scopes.map(Scope::joined).orElse(null);
        this.collections = collections.map(ids -> String.join(" ", ids)).orElse(null);
    }

    /** The collections the token is limited to, in the order they were named, if it is. */
    public Optional<Set<String>> collections() {
        return Optional.ofNullable(collections).map(ids -> new LinkedHashSet<>(Arrays.asList(ids.split(" "))));
    }

    /** What the token may be used for by a user of this role: its own scopes, or the role's when it names none. */
    public Set<Scope> scopesFor(Role role) {
        return scopes == null ? Scope.defaultsFor(role) : Scope.split(scopes);
    }

    /** Keeps only these of what the token may do now: a token is narrowed, never widened. */
    public void narrowTo(Set<Scope> kept, Role role) {
        Set<Scope> narrowed = scopesFor(role);
        narrowed.retainAll(kept);
        this.scopes = Scope.joined(narrowed);
    }

    @Override
    public void usedAt(Instant instant) {
        this.lastUsedAt = instant;
    }

    /** Whether a token expiring then is, at {@code now}, within {@link #EXPIRY_WARNING} of it (null: never expires). */
    public static boolean expiresSoon(Instant expiresAt, Instant now) {
        return expiresAt != null && now.plus(EXPIRY_WARNING).isAfter(expiresAt);
    }

    public boolean isExpiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public String name() {
        return name;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    public Instant lastUsedAt() {
        return lastUsedAt;
    }
}
