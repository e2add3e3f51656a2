package io.supplychaos.app;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import io.supplychaos.domain.Priority;

/**
 * Body of {@code POST /orders}; orderId is generated when absent, priority defaults to ROUTINE.
 * Quantity is 1 to {@code supply.max-quantity}.
 */
public record PlaceOrderRequest(
        @Size(min = 1, max = 128, message = "must be 1 to 128 characters when given") String orderId,
        @NotBlank(message = "is required") String hospitalId,
        @NotBlank(message = "is required") String drugId,
        @NotNull(message = "is required") @Positive(message = "must be a positive integer")
        @MaxQuantity Integer quantity,
        Priority priority) {
}
