package io.snippetstore.platform.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Within an {@link Authenticated} resource: the scopes a bearer token needs for this operation
 * (all of them; none listed: any token), else 403 {@code insufficient_scope}. {@link AdminOnly}
 * operations need {@link Scope#ADMIN} and say nothing here; {@link SessionOnly} ones take no token.
 * The OpenAPI document repeats each operation's scopes in its {@code security}, for {@code bearerToken}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RequiresScope {
    Scope[] value();
}
