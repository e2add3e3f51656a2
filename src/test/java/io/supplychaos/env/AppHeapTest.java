package io.supplychaos.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * An app instance's heap bound follows the orders it holds: the floor until its old generation
 * would hold them with less than a fifth to spare, then steps of 64 MB; the option is -Xmx.
 */
class AppHeapTest {

    @Test
    void shouldStayAtTheFloorForTheOrdersOfAShortOrSlowRun() {
        assertThat(AppHeap.forOrdersHeld(0)).isEqualTo(AppHeap.DEFAULT);
        assertThat(AppHeap.forOrdersHeld(400_000)).isEqualTo(AppHeap.DEFAULT);
        assertThat(AppHeap.DEFAULT.option()).isEqualTo("-Xmx256m");
    }

    @Test
    void shouldGrowInStepsWithTheOrdersHeld() {
        // given: 100 MB of Streams' own and 90 bytes an order, in two thirds of the heap less a fifth
        // when / then
        assertThat(AppHeap.forOrdersHeld(600_000).megabytes()).isEqualTo(320);
        assertThat(AppHeap.forOrdersHeld(1_200_000).megabytes()).isEqualTo(384);
        assertThat(AppHeap.forOrdersHeld(2_400_000).megabytes()).isEqualTo(576);
        assertThat(AppHeap.forOrdersHeld(2_400_000).option()).isEqualTo("-Xmx576m");
    }

    @Test
    void shouldRefuseABoundBelowTheFloor() {
        assertThatThrownBy(() -> new AppHeap(128)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("floor");
    }
}
