package io.snippetstore.platform;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;

/** Bean Validation violations as the {@code details} of a {@code validation_failed} error. */
public final class FieldErrors {

    private FieldErrors() {}

    public static List<FieldError> of(Set<? extends ConstraintViolation<?>> violations) {
        return violations.stream()
                .map(violation -> new FieldError(fieldName(violation), violation.getMessage()))
                .distinct()
                .sorted(Comparator.comparing(FieldError::field).thenComparing(FieldError::message))
                .toList();
    }

    /** The name of the request property a violation is about: the last property node of its path. */
    static String fieldName(ConstraintViolation<?> violation) {
        String name = "";
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PROPERTY) {
                name = node.getName();
            }
        }
        return name;
    }
}
