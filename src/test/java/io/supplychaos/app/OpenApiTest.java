package io.supplychaos.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/** GET /q/openapi describes the order endpoints, with summaries and responses; Swagger UI is served. */
@QuarkusTest
class OpenApiTest {

    @Test
    void shouldDescribeTheOrderEndpoints() {
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("info.title", equalTo("supply-chaos"))
                .body("info.version", notNullValue())
                .body("paths.'/orders'.post.summary", equalTo("Place an order"))
                .body("paths.'/orders'.post.responses.'202'.description", containsString("Accepted"))
                .body("paths.'/orders'.post.responses.'400'.description", notNullValue())
                .body("paths.'/orders/{id}'.get.summary", equalTo("Read an order's state"))
                .body("paths.'/orders/{id}'.get.responses.'200'.content.'application/json'.schema.'$ref'",
                        containsString("OrderView"))
                .body("paths.'/orders/{id}'.get.responses.'404'.description", notNullValue())
                .body("paths.'/orders/{id}'.get.responses.'503'.headers.'Retry-After'", notNullValue())
                .body("paths.'/notifications'.get.summary", notNullValue())
                .body("paths.'/monitor/stages'.get.summary", notNullValue());
    }

    @Test
    void shouldStateTheOrderIdsCharactersAndLengthInTheRequestSchema() {
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("components.schemas.PlaceOrderRequest.properties.orderId.pattern",
                        equalTo(PlaceOrderRequest.ORDER_ID_PATTERN))
                .body("components.schemas.PlaceOrderRequest.properties.orderId.maxLength", equalTo(128))
                .body("components.schemas.PlaceOrderRequest.properties.orderId.description", containsString("'~'"))
                .body("components.schemas.PlaceOrderRequest.properties.hospitalId.maxLength", equalTo(128))
                .body("paths.'/orders'.post.responses.'400'.description", containsString("A-Z a-z 0-9 - . _ ~"));
    }

    @Test
    void shouldServeSwaggerUi() {
        given().when().get("/q/swagger-ui/").then().statusCode(200).body(containsString("swagger"));
    }
}
