package io.snippetstore.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * A string's length in Unicode code points (the API counts an emoji as one character, where
 * {@code @Size} would count two UTF-16 units). {@code null} is valid: pair with {@code @NotNull}.
 */
@Documented
@Constraint(validatedBy = CodePoints.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.TYPE_USE,
    ElementType.RECORD_COMPONENT
})
@Retention(RetentionPolicy.RUNTIME)
public @interface CodePoints {

    int min() default 0;

    int max() default Integer.MAX_VALUE;

    String message() default "must be {min} to {max} characters long";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<CodePoints, String> {
        private int min;
        private int max;

        @Override
        public void initialize(CodePoints constraint) {
            min = constraint.min();
            max = constraint.max();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            int length = value.codePointCount(0, value.length());
            return length >= min && length <= max;
        }
    }
}
