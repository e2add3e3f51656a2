package io.supplychaos.app;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * Turns bad request bodies into 400 answers that name the offending field:
 * {@code {"error": "quantity: must be a positive integer", "fields": {"quantity": "..."}}}.
 */
public class ValidationErrorMapper {

    @ServerExceptionMapper
    public Response invalid(ConstraintViolationException e) {
        List<ConstraintViolation<?>> violations = e.getConstraintViolations().stream()
                .sorted(Comparator.comparing(violation -> field(violation.getPropertyPath())))
                .toList();
        Map<String, String> fields = new TreeMap<>();
        violations.forEach(violation -> fields.put(field(violation.getPropertyPath()), violation.getMessage()));
        String error = String.join("; ", fields.entrySet().stream()
                .map(entry -> entry.getKey() + ": " + entry.getValue()).toList());
        return badRequest(Map.of("error", error, "fields", fields));
    }

    /** Wrong types and unknown enum values; declared apart to take precedence over Quarkus' built-in mapper. */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return unreadable(e);
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e) {
        String field = e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()
                ? mapping.getPath().stream().map(ref -> ref.getFieldName() != null ? ref.getFieldName()
                        : "[" + ref.getIndex() + "]").reduce((a, b) -> a + "." + b).orElse("body")
                : "body";
        return badRequest(Map.of("error", field + ": " + e.getOriginalMessage(), "fields", Map.of(field,
                e.getOriginalMessage())));
    }

    /** The last node of a path such as {@code place.request.quantity}: the JSON field's name. */
    private static String field(Path path) {
        String name = "body";
        for (Path.Node node : path) {
            if (node.getKind() == ElementKind.PROPERTY) {
                name = node.getName();
            }
        }
        return name;
    }

    private static Response badRequest(Object body) {
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON).entity(body).build();
    }
}
