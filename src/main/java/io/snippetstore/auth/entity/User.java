package io.snippetstore.auth.entity;

import java.time.Instant;

import io.snippetstore.platform.security.Role;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

@Entity
@Table(name = "users")
@NamedQuery(name = User.BY_USERNAME, query = "SELECT u FROM User u WHERE u.username = :username")
@NamedQuery(name = User.ALL, query = "SELECT u FROM User u ORDER BY u.id")
@NamedQuery(name = User.COUNT, query = "SELECT COUNT(u) FROM User u")
@NamedQuery(name = User.COUNT_ENABLED_ADMINS, query = "SELECT COUNT(u) FROM User u WHERE u.role = :admin AND u.disabledAt IS NULL")
public class User {

    public static final String COUNT_ENABLED_ADMINS = "User.countEnabledAdmins";

    public static final String BY_USERNAME = "User.byUsername";
    public static final String ALL = "User.all";
    public static final String COUNT = "User.count";

    public static final int USERNAME_MIN = 3;
    public static final int USERNAME_MAX = 64;
    public static final String USERNAME_PATTERN = "[A-Za-z0-9._-]+";
    public static final int PASSWORD_MIN = 8;
    public static final int PASSWORD_MAX = 256;

    @Id
    private String id;

    @Column(nullable = false, length = USERNAME_MAX)
    private String username;

    @Column(name = "password_hash", nullable = false)
    private String passwordHash;

    @Column(nullable = false)
    private Role role;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "disabled_at")
    private Instant disabledAt;

    protected User() {
    }

    public User(String id, String username, String passwordHash, Role role, Instant createdAt) {
        this.id = id;
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.createdAt = createdAt;
    }

    public String id() {
        return id;
    }

    public String username() {
        return username;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public Role role() {
        return role;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public boolean isDisabled() {
        return disabledAt != null;
    }

    /** Disabled from {@code now} on, or enabled again with {@code false}; an earlier disabling keeps its time. */
    public void disabled(boolean disabled, Instant now) {
        disabledAt = disabled ? (disabledAt == null ? now : disabledAt) : null;
    }

    public void role(Role role) {
        this.role = role;
    }

    public void passwordHash(String passwordHash) {
        this.passwordHash = passwordHash;
    }
}
