package io.snippetstore.platform.security;

import java.util.Locale;

/** What a user may do: administrators also manage users and the storage settings. */
public enum Role {
    ADMIN,
    USER;

    /** The name the API and the database use: {@code admin}, {@code user}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role of an API or database name; an unknown name is a programming error, refused by validation before. */
    public static Role fromApiName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
