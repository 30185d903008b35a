package io.snippetstore.auth.boundary;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.security.Scope;

/** The {@code scopes} of a token's body: names of {@link Scope}s, each known, at least one. */
final class TokenScopes {

    /** Room for every scope's name once, and more. */
    static final int SPACED_MAX = 200;

    private TokenScopes() {}

    static Set<Scope> parse(List<String> names) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String name : names) {
            scopes.add(Scope.fromApiName(name)
                    .orElseThrow(() -> ApiException.validationFailed(
                            List.of(new FieldError("scopes", "unknown scope '" + name + "'; known: " + known())))));
        }
        if (scopes.isEmpty()) {
            throw ApiException.validationFailed(List.of(new FieldError("scopes", "name at least one scope")));
        }
        return scopes;
    }

    /**
     * The {@code scope} a login asks for, OAuth's way: names separated by spaces; absent, none
     * asked. A name not known, or nothing but spaces, is refused as {@code refusal} says.
     */
    static Optional<Set<Scope>> ofSpaced(String text, Function<List<FieldError>, ApiException> refusal) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.length() > SPACED_MAX) {
            throw refusal.apply(List.of(new FieldError("scope", "must be at most " + SPACED_MAX + " characters long")));
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String name : text.strip().split("\\s+")) {
            if (!name.isEmpty()) {
                scopes.add(Scope.fromApiName(name)
                        .orElseThrow(() -> refusal.apply(
                                List.of(new FieldError("scope", "unknown scope '" + name + "'; known: " + known())))));
            }
        }
        if (scopes.isEmpty()) {
            throw refusal.apply(List.of(new FieldError("scope", "name at least one scope, or leave it out")));
        }
        return Optional.of(scopes);
    }

    static List<String> names(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::apiName).toList();
    }

    private static String known() {
        return String.join(", ", names(Scope.all()));
    }
}
