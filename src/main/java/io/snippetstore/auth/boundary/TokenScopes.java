package io.snippetstore.auth.boundary;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.security.Scope;

/** The {@code scopes} of a token's body: names of {@link Scope}s, each known, at least one. */
final class TokenScopes {

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

    static List<String> names(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::apiName).toList();
    }

    private static String known() {
        return String.join(", ", names(Scope.all()));
    }
}
