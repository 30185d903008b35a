package io.snippetstore.auth.entity;

import java.util.Locale;

public enum Role {
    ADMIN, USER;

    /** The name the API and the database use: {@code admin}, {@code user}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
