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
@NamedQuery(
        name = User.BY_PROVIDER_SUBJECT,
        query = "SELECT u FROM User u WHERE u.issuer = :issuer AND u.subject = :subject")
@NamedQuery(
        name = User.COUNT_ENABLED_ADMINS,
        query = "SELECT COUNT(u) FROM User u WHERE u.role = :admin AND u.disabledAt IS NULL")
public class User {

    public static final String COUNT_ENABLED_ADMINS = "User.countEnabledAdmins";

    public static final String BY_USERNAME = "User.byUsername";
    public static final String BY_PROVIDER_SUBJECT = "User.byProviderSubject";
    public static final String ALL = "User.all";
    public static final String COUNT = "User.count";

    public static final int USERNAME_MIN = 3;
    public static final int USERNAME_MAX = 64;
    public static final String USERNAME_PATTERN = "[A-Za-z0-9._-]+";
    public static final int PASSWORD_MIN = 8;
    public static final int PASSWORD_MAX = 256;
    public static final int DISPLAY_NAME_MAX = 200;
    public static final int EMAIL_MAX = 320;
    /** A provider's account has no password here: no hash matches this. */
    public static final String NO_PASSWORD = "";

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

    /** Set by an administrator's create or reset: the user must change it before anything else works. */
    @Column(name = "password_temporary", nullable = false)
    private boolean passwordTemporary;

    /** An identity provider's account: its issuer and subject (null for a local account). */
    @Column(name = "issuer")
    private String issuer;

    @Column(name = "subject")
    private String subject;

    @Column(name = "display_name", length = DISPLAY_NAME_MAX)
    private String displayName;

    @Column(name = "email", length = EMAIL_MAX)
    private String email;

    protected User() {}

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

    /** A new password; {@code temporary} when an administrator set it for the user to change. */
    public void password(String passwordHash, boolean temporary) {
        this.passwordHash = passwordHash;
        this.passwordTemporary = temporary;
    }

    public boolean isPasswordTemporary() {
        return passwordTemporary;
    }

    /** A new account of an identity provider, known by its issuer and subject; it has no password here. */
    public static User ofProvider(String id, String username, String issuer, String subject, Instant createdAt) {
        User user = new User(id, username, NO_PASSWORD, Role.USER, createdAt);
        user.issuer = issuer;
        user.subject = subject;
        return user;
    }

    public boolean isFromProvider() {
        return subject != null;
    }

    public String displayName() {
        return displayName;
    }

    public String email() {
        return email;
    }

    /** What the provider says of the user at a sign-in. */
    public void profile(String displayName, String email) {
        this.displayName = displayName;
        this.email = email;
    }
}
