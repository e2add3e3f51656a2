package io.supplychaos.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/**
 * Checks {@link MaxQuantity} against {@code supply.max-quantity}, the bound the manufacturer
 * rejects orders above, so that REST refuses what the pipeline would reject anyway.
 */
@ApplicationScoped
public class MaxQuantityValidator implements ConstraintValidator<MaxQuantity, Integer> {

    /** Looked up on use: Quarkus builds validators at static init, before config mappings exist. */
    @Inject
    Instance<SupplyChainConfig> config;

    @Override
    public boolean isValid(Integer quantity, ConstraintValidatorContext context) {
        int max = config.get().maxQuantity();
        if (quantity == null || quantity <= max) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        // the bound is a number from configuration: nothing in it for message interpolation to expand
        context.buildConstraintViolationWithTemplate("must be at most " + max).addConstraintViolation();
        return false;
    }
}
