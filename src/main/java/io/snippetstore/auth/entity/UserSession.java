package io.snippetstore.auth.entity;

import java.time.Instant;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** A browser session of a user, as its user sees it listed; the container's session holds its id. */
@Entity
@Table(name = "user_sessions")
@NamedQuery(
        name = UserSession.WITH_USER,
        query = "SELECT s, u FROM UserSession s, User u WHERE s.id = :id AND u.id = s.userId AND u.disabledAt IS NULL")
@NamedQuery(
        name = UserSession.OF_USER,
        query = "SELECT s FROM UserSession s WHERE s.userId = :userId AND s.lastUsedAt >= :since "
                + "ORDER BY s.lastUsedAt DESC, s.id")
@NamedQuery(name = UserSession.PURGE, query = "DELETE FROM UserSession s WHERE s.lastUsedAt < :before")
@NamedQuery(
        name = UserSession.END_OTHERS_OF_USER,
        query = "DELETE FROM UserSession s WHERE s.userId = :userId AND s.id <> :keep")
public class UserSession implements RecordsUse {

    public static final String WITH_USER = "UserSession.withUser";
    public static final String OF_USER = "UserSession.ofUser";
    public static final String PURGE = "UserSession.purge";
    public static final String END_OTHERS_OF_USER = "UserSession.endOthersOfUser";

    public static final int USER_AGENT_MAX = 200;
    /** An IPv6 address in full is 45 characters; what ClientAddress answers fits. */
    public static final int CLIENT_ADDRESS_MAX = 64;

    @Id
    private String id;

    @Column(name = "user_id", nullable = false)
    private String userId;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_used_at", nullable = false)
    private Instant lastUsedAt;

    @Column(name = "user_agent", length = USER_AGENT_MAX)
    private String userAgent;

    /** Where it signed in from; null for the sessions that signed in before this was recorded. */
    @Column(name = "client_address", length = CLIENT_ADDRESS_MAX)
    private String clientAddress;

    protected UserSession() {}

    public UserSession(String id, String userId, Instant createdAt, String userAgent, String clientAddress) {
        this.id = id;
        this.userId = userId;
        this.createdAt = createdAt;
        this.lastUsedAt = createdAt;
        this.userAgent = userAgent;
        this.clientAddress = clientAddress;
    }

    @Override
    public void usedAt(Instant instant) {
        this.lastUsedAt = instant;
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant lastUsedAt() {
        return lastUsedAt;
    }

    public String userAgent() {
        return userAgent;
    }

    public Optional<String> clientAddress() {
        return Optional.ofNullable(clientAddress);
    }
}
