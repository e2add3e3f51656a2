package io.supplychaos.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import java.util.List;

import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;

import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import io.supplychaos.domain.Order;
import io.supplychaos.domain.Priority;

/** POST /orders: what reaches order-placed for a good body, and the 400s for bad ones. */
@QuarkusTest
class OrderResourceTest {

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<Order> placed;

    @BeforeEach
    void clear() {
        placed = connector.sink("order-placed");
        placed.clear();
    }

    @Test
    void shouldWriteAValidOrderToOrderPlacedKeyedByItsOrderId() {
        given().contentType(ContentType.JSON)
                .body("{\"orderId\":\"ord-1\",\"hospitalId\":\"h-9\",\"drugId\":\"insulin\",\"quantity\":4,"
                        + "\"priority\":\"URGENT\"}")
                .when().post("/orders")
                .then().statusCode(202).header("Location", containsString("/orders/ord-1"))
                .body("orderId", equalTo("ord-1"));

        List<? extends Message<Order>> messages = placed.received();
        assertThat(messages).hasSize(1);
        Order order = messages.get(0).getPayload();
        assertThat(order.hospitalId()).isEqualTo("h-9");
        assertThat(order.quantity()).isEqualTo(4);
        assertThat(order.priority()).isEqualTo(Priority.URGENT);
        assertThat(order.placedAt()).isPositive();
        assertThat(messages.get(0).getMetadata(OutgoingKafkaRecordMetadata.class))
                .hasValueSatisfying(metadata -> assertThat(metadata.getKey()).isEqualTo("ord-1"));
    }

    @Test
    void shouldGenerateAnOrderIdWhenNoneIsGiven() {
        String orderId = given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h-9\",\"drugId\":\"insulin\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(202).body("orderId", notNullValue())
                .extract().path("orderId");

        assertThat(placed.received()).singleElement().satisfies(message -> {
            assertThat(message.getPayload().orderId()).isEqualTo(orderId);
            assertThat(message.getPayload().priority()).isEqualTo(Priority.ROUTINE);
        });
    }

    @Test
    void shouldAnswer400NamingAMissingField() {
        given().contentType(ContentType.JSON)
                .body("{\"drugId\":\"insulin\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(400).body("error", equalTo("hospitalId: is required"))
                .body("fields.hospitalId", equalTo("is required"));
        assertThat(placed.received()).isEmpty();
    }

    @Test
    void shouldAnswer400NamingANonPositiveQuantity() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":0}")
                .when().post("/orders")
                .then().statusCode(400).body("error", equalTo("quantity: must be a positive integer"));
        assertThat(placed.received()).isEmpty();
    }

    @Test
    void shouldAnswer400NamingAQuantityAboveTheMaximum() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1001}")
                .when().post("/orders")
                .then().statusCode(400).body("error", equalTo("quantity: must be at most 1000"))
                .body("fields.quantity", equalTo("must be at most 1000"));
        assertThat(placed.received()).isEmpty();
    }

    @Test
    void shouldAcceptAQuantityAtTheMaximum() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1000}")
                .when().post("/orders")
                .then().statusCode(202);
        assertThat(placed.received()).singleElement()
                .satisfies(message -> assertThat(message.getPayload().quantity()).isEqualTo(1000));
    }

    @Test
    void shouldAnswer400NamingAFieldOfTheWrongType() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":\"lots\"}")
                .when().post("/orders")
                .then().statusCode(400).body("error", containsString("quantity"));
        assertThat(placed.received()).isEmpty();
    }

    @ParameterizedTest(name = "orderId \"{0}\"")
    @ValueSource(strings = {"ord 1", "ord%1", "100%", "ord/1", "ord?1", "ord#1", "örder", ""})
    void givenAnOrderIdOutsideTheAllowedCharacters_whenPlaced_thenAnswer400StatingTheRuleAndProduceNothing(String orderId) {
        given().contentType(ContentType.JSON)
                .body("{\"orderId\":\"" + orderId + "\",\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(400).body("error", equalTo("orderId: " + PlaceOrderRequest.ORDER_ID_RULE));
        assertThat(placed.received()).isEmpty();
    }

    @ParameterizedTest(name = "{0} characters")
    @ValueSource(ints = {129, 100_000})
    void givenAnOrderIdLongerThanTheMaximum_whenPlaced_thenAnswer400AndProduceNothing(int length) {
        given().contentType(ContentType.JSON)
                .body("{\"orderId\":\"" + "x".repeat(length) + "\",\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(400).body("fields.orderId", equalTo(PlaceOrderRequest.ORDER_ID_RULE));
        assertThat(placed.received()).isEmpty();
    }

    @Test
    void givenAHospitalIdOrDrugIdLongerThanTheMaximum_whenPlaced_thenAnswer400NamingItAndProduceNothing() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"" + "h".repeat(129) + "\",\"drugId\":\"" + "d".repeat(2_000_000) + "\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(400).body("fields.hospitalId", equalTo("must be at most 128 characters"))
                .body("fields.drugId", equalTo("must be at most 128 characters"));
        assertThat(placed.received()).isEmpty();
    }

    @Test
    void givenAnOrderIdOfEveryAllowedKindOfCharacterAtTheMaximumLength_whenPlaced_thenAcceptedWithItsLocation() {
        String orderId = ("Az09-._~").repeat(16);

        given().contentType(ContentType.JSON)
                .body("{\"orderId\":\"" + orderId + "\",\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1}")
                .when().post("/orders")
                .then().statusCode(202).header("Location", containsString("/orders/" + orderId)).body("orderId", equalTo(orderId));
        assertThat(placed.received()).singleElement()
                .satisfies(message -> assertThat(message.getPayload().orderId()).isEqualTo(orderId));
    }

    @Test
    void shouldAnswer400ForAnUnknownPriority() {
        given().contentType(ContentType.JSON)
                .body("{\"hospitalId\":\"h\",\"drugId\":\"insulin\",\"quantity\":1,\"priority\":\"YESTERDAY\"}")
                .when().post("/orders")
                .then().statusCode(400).body("error", containsString("priority"));
    }

    @Test
    void shouldAnswer400ForAMissingBody() {
        given().contentType(ContentType.JSON)
                .when().post("/orders")
                .then().statusCode(400).body("error", containsString("required"));
    }

    @Test
    void shouldAnswer503WithRetryAfterWhileTheStoresAreNotQueryable() {
        given().when().get("/orders/ord-unknown")
                .then().statusCode(503).header("Retry-After", "1").body("error", containsString("not queryable"));
    }

    @Test
    void shouldAnswerAForwardedRequestHereAndNeverForwardItAgain() {
        // Streams is not running in tests: the forwarded request gets this instance's own answer
        given().header(KeyQueryRouter.FORWARDED_BY, "127.0.0.1:1").when().get("/orders/ord-unknown")
                .then().statusCode(503).header("Retry-After", "1").body("error", containsString("not queryable"));
    }
}
