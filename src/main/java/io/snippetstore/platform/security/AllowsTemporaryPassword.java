package io.snippetstore.platform.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Within an {@link Authenticated} resource: what a user who signed in with a temporary password
 * may still do (change it). Everything else answers them 403 {@code password_change_required}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AllowsTemporaryPassword {}
