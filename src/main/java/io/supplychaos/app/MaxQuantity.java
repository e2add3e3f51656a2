package io.supplychaos.app;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

/**
 * The annotated quantity is at most {@code supply.max-quantity}. Unlike {@code @Max}, the bound
 * is configuration, read by {@link MaxQuantityValidator}; the message names it
 * ("must be at most 1000"). A null value is valid (another constraint requires it).
 */
@Documented
@Constraint(validatedBy = MaxQuantityValidator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface MaxQuantity {

    String message() default "must be at most supply.max-quantity";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
