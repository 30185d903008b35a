package io.snippetstore.platform;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

/**
 * Bean Validation of a request body by the resource itself, for the application-scoped (CDI)
 * resources: on Payara, the declared constraints of such a resource's parameters are checked
 * twice, by Jersey and again by Hibernate Validator's CDI interceptor (13 % of a create's CPU in
 * a JFR profile, half of it spent for nothing). Called here, they are checked once on every server,
 * with the same answers as declared ones: 400 {@code validation_failed}. Input that comes another
 * way (a snippet in an import archive, a change merged into a snippet's fields) is checked here too.
 */
@ApplicationScoped
public class RequestBodies {

    @Inject
    Validator validator;

    /** The body, when there is one and it keeps its record's constraints; 400 otherwise. */
    public <T> T valid(T body) {
        Set<ConstraintViolation<T>> violations = validator.validate(present(body));
        if (!violations.isEmpty()) {
            throw ApiException.validationFailed(FieldErrors.of(violations));
        }
        return body;
    }

    /** The body, when there is one (a request without any, not even an empty one, has none); 400 otherwise. */
    public static <T> T present(T body) {
        if (body == null) {
            throw JsonRequestReader.bodyRequired();
        }
        return body;
    }
}
