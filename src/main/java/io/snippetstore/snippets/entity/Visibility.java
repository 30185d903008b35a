package io.snippetstore.snippets.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Who besides its owner may read a snippet. */
public enum Visibility {
    /** Nobody: the default. */
    PRIVATE,
    /** Every signed-in user of this instance. */
    TEAM,
    /** Whoever holds one of the snippet's live share links, signed in or not. */
    LINK;

    /** The name the API and the database use: {@code private}, {@code team}, {@code link}. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Visibility> fromApiName(String name) {
        return Arrays.stream(values())
                .filter(visibility -> visibility.apiName().equals(name))
                .findFirst();
    }
}
