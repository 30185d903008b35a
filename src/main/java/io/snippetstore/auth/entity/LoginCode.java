package io.snippetstore.auth.entity;

import java.time.Instant;

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

    protected LoginCode() {}

    public LoginCode(
            String codeHash,
            String userId,
            String tokenName,
            String codeChallenge,
            Instant createdAt,
            Instant expiresAt) {
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
