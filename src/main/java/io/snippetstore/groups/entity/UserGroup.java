package io.snippetstore.groups.entity;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A group of users: made by an administrator (its members managed here), or known from an
 * identity provider's groups claim (its members kept in step with the claim at each sign-in).
 */
@Entity
@Table(name = "user_groups")
@NamedQuery(name = UserGroup.BY_NAME, query = "SELECT g FROM UserGroup g WHERE g.name = :name")
public class UserGroup {

    public static final String BY_NAME = "UserGroup.byName";

    public static final int NAME_MAX = 100;
    public static final String LOCAL = "local";
    public static final String PROVIDER = "provider";

    @Id
    private String id;

    /** Unique ignoring ASCII case (the column's collation). */
    @Column(nullable = false, length = NAME_MAX)
    private String name;

    @Column(nullable = false)
    private String source;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected UserGroup() {}

    public UserGroup(String id, String name, boolean fromProvider, Instant createdAt) {
        this.id = id;
        this.name = name;
        this.source = fromProvider ? PROVIDER : LOCAL;
        this.createdAt = createdAt;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public boolean isFromProvider() {
        return PROVIDER.equals(source);
    }

    public String source() {
        return source;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
