package io.supplychaos.app;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.supplychaos.domain.Priority;

/**
 * Body of {@code POST /orders}; orderId is generated when absent, priority defaults to ROUTINE.
 * Quantity is 1 to {@code supply.max-quantity}. An orderId is 1 to {@value #ID_MAX_LENGTH} of the
 * characters a URL path carries as they are ({@value #ORDER_ID_PATTERN}), so that the order's URL
 * ({@code Location}, {@code GET /orders/{id}}) is the id itself; hospitalId and drugId are at most
 * {@value #ID_MAX_LENGTH} characters. Checked before anything is written to Kafka.
 */
public record PlaceOrderRequest(
        @Schema(description = "1 to 128 characters, each A-Z, a-z, 0-9, '-', '.', '_' or '~'; generated when absent",
                pattern = ORDER_ID_PATTERN, maxLength = ID_MAX_LENGTH)
        @Pattern(regexp = ORDER_ID_PATTERN, message = ORDER_ID_RULE) String orderId,
        @NotBlank(message = "is required") @Size(max = ID_MAX_LENGTH, message = ID_LENGTH_RULE) String hospitalId,
        @NotBlank(message = "is required") @Size(max = ID_MAX_LENGTH, message = ID_LENGTH_RULE) String drugId,
        @NotNull(message = "is required") @Positive(message = "must be a positive integer")
        @MaxQuantity Integer quantity,
        Priority priority) {

    /** The longest orderId, hospitalId and drugId taken. */
    public static final int ID_MAX_LENGTH = 128;
    /** What an orderId is made of: URL-unreserved characters (RFC 3986), 1 to {@value #ID_MAX_LENGTH} of them. */
    public static final String ORDER_ID_PATTERN = "[A-Za-z0-9._~-]{1,128}";
    /** The 400's words for an orderId that does not match {@link #ORDER_ID_PATTERN}. */
    public static final String ORDER_ID_RULE =
            "must be 1 to 128 characters, each a letter A-Z or a-z, a digit, '-', '.', '_' or '~'";
    static final String ID_LENGTH_RULE = "must be at most 128 characters";
}
