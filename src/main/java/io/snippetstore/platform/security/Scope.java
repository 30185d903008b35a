package io.snippetstore.platform.security;

import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an API token may be used for (docs/API.md, "Token scopes"). A browser session is not
 * limited; a token carries the scopes it was made with, or fewer once narrowed.
 */
public enum Scope {
    /** Reading snippets, their code, attachments, history, collections, facets, search and the trash. */
    SNIPPETS_READ("snippets:read"),
    /** Creating, changing, deleting and restoring snippets and collections; attachments up and down. */
    SNIPPETS_WRITE("snippets:write"),
    /** Visibility, groups and share links. */
    SHARING("sharing"),
    /** The caller's own tokens and sessions, export and import. */
    ACCOUNT("account"),
    /** Every administrator's operation; only an administrator's token carries it. */
    ADMIN("admin");

    private final String apiName;

    Scope(String apiName) {
        this.apiName = apiName;
    }

    /** The name the API and the database use, such as {@code snippets:read}. */
    public String apiName() {
        return apiName;
    }

    public static Optional<Scope> fromApiName(String name) {
        return Arrays.stream(values())
                .filter(scope -> scope.apiName.equals(name))
                .findFirst();
    }

    /** Every scope: what a browser session may do. */
    public static Set<Scope> all() {
        return EnumSet.allOf(Scope.class);
    }

    /** The scopes of a token made without naming any: all a user of this role may hold. */
    public static Set<Scope> defaultsFor(Role role) {
        Set<Scope> scopes = all();
        if (role != Role.ADMIN) {
            scopes.remove(ADMIN);
        }
        return scopes;
    }

    /** Of the scopes a login asks for, those a user of this role may hold (none: it asked only for more). */
    public static Set<Scope> grantable(Set<Scope> asked, Role role) {
        Set<Scope> granted = defaultsFor(role);
        granted.retainAll(asked);
        return granted;
    }

    /** The scopes as the database keeps them: their names in this enum's order, separated by spaces. */
    public static String joined(Collection<Scope> scopes) {
        return Arrays.stream(values())
                .filter(scopes::contains)
                .map(Scope::apiName)
                .collect(Collectors.joining(" "));
    }

    /** The scopes of a {@link #joined} text; a name no longer known is dropped, never widened. */
    public static Set<Scope> split(String joined) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String name : joined.split(" ")) {
            fromApiName(name).ifPresent(scopes::add);
        }
        return scopes;
    }
}
