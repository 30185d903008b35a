package io.snippetstore.auth.entity;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Scope;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** A one-time code of the browser login, known by its SHA-256 only. */
@Entity
@Table(name = "login_codes")
@NamedQuery(
        name = LoginCode.CONSUME,
        query = "UPDATE LoginCode c SET c.consumedAt = :now WHERE c.codeHash = :hash AND c.consumedAt IS NULL")
@NamedQuery(name = LoginCode.PURGE, query = "DELETE FROM LoginCode c WHERE c.expiresAt < :before")
public class LoginCode {

    public static final String CONSUME = "LoginCode.consume";
    public static final String PURGE = "LoginCode.purge";

    @Id
    @Column(name = "code_hash")
    private String codeHash;

    @Column(name = "user_id", nullable = false)
    private String userId;

    @Column(name = "token_name", nullable = false)
    private String tokenName;

    @Column(name = "code_challenge")
    private String codeChallenge;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at", nullable = false)
    private Instant expiresAt;

    @Column(name = "consumed_at")
    private Instant consumedAt;

    /** {@link Scope#joined}, or null when the login asked for none (the role's defaults). */
    @Column
    private String scopes;

    protected LoginCode() {}

    public LoginCode(
            String codeHash,
            String userId,
            String tokenName,
            String codeChallenge,
            Optional<Set<Scope>> scopes,
            Instant createdAt,
            Instant expiresAt) {
        this.scopes = scopes.map(Scope::joined).orElse(null);
        this.codeHash = codeHash;
        this.userId = userId;
        this.tokenName = tokenName;
        this.codeChallenge = codeChallenge;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    public String userId() {
        return userId;
    }

    /** The scopes the login asked for; none: the role's defaults. */
    public Optional<Set<Scope>> scopes() {
        return Optional.ofNullable(scopes).map(Scope::split);
    }

    public String tokenName() {
        return tokenName;
    }

    public String codeChallenge() {
        return codeChallenge;
    }

    public Instant expiresAt() {
        return expiresAt;
    }
}
