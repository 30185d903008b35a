package io.snippetstore.storage.control;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;

/**
 * Marks a transactional method that writes to the database. Such transactions pass the
 * {@link WriteGate} one at a time, and hold it until after their commit: SQLite allows a
 * single writer, and queueing in the application never surfaces as "database is locked".
 * Unless it {@link #freesSpace()}, a write is refused with 503 when {@link DiskSpace} is low.
 */
@Inherited
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface WriteTransaction {

    /**
     * A write that must keep working on a full disk: one that removes data (a delete, a
     * revocation), the few bytes that let a user sign in to do so, or the rest of a write whose
     * room was checked when it began (the steps of an upload).
     */
    @Nonbinding
    boolean freesSpace() default false;
}
