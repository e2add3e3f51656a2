package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Fingerprints of keys as a multiset: after any mix of adds and removes it answers as a map of
 * counts does, also when many fingerprints share a slot's neighbourhood (long runs, removals in
 * their middle, the table growing and shrinking); a fingerprint added twice is held until removed
 * twice; zero is a fingerprint like any other; a million keys take a few bytes each, and the table
 * gives its room back when they go.
 */
class KeyFingerprintsTest {

    @Test
    void shouldAnswerAsAMapOfCountsAfterAnyMixOfAddsAndRemoves() {
        // given: fingerprints from a small range, so that they repeat and their runs overlap
        Random random = new Random(34);
        KeyFingerprints fingerprints = new KeyFingerprints();
        Map<Integer, Integer> counts = new HashMap<>();

        // when / then: in phases that grow the table, then empty it again
        for (int phase = 0; phase < 6; phase++) {
            boolean growing = phase % 2 == 0;
            for (int i = 0; i < 40_000; i++) {
                int fingerprint = KeyFingerprints.of(random.nextInt(5_000));
                if (random.nextInt(100) < (growing ? 70 : 30)) {
                    fingerprints.add(fingerprint);
                    counts.merge(fingerprint, 1, Integer::sum);
                } else {
                    boolean held = counts.containsKey(fingerprint);
                    assertThat(fingerprints.remove(fingerprint)).isEqualTo(held);
                    counts.computeIfPresent(fingerprint, (key, count) -> count == 1 ? null : count - 1);
                }
            }
            for (int candidate = 0; candidate < 5_000; candidate++) {
                int fingerprint = KeyFingerprints.of(candidate);
                assertThat(fingerprints.contains(fingerprint)).as("fingerprint %d", fingerprint)
                        .isEqualTo(counts.containsKey(fingerprint));
            }
            assertThat(fingerprints.size()).isEqualTo(counts.values().stream().mapToInt(Integer::intValue).sum());
        }
    }

    @Test
    void shouldHoldAFingerprintAddedTwiceUntilRemovedTwiceZeroIncluded() {
        KeyFingerprints fingerprints = new KeyFingerprints();
        int zero = KeyFingerprints.of(0L);

        fingerprints.add(zero);
        fingerprints.add(zero);

        assertThat(fingerprints.remove(zero)).isTrue();
        assertThat(fingerprints.contains(zero)).isTrue();
        assertThat(fingerprints.remove(zero)).isTrue();
        assertThat(fingerprints.contains(zero)).isFalse();
        assertThat(fingerprints.remove(zero)).isFalse();
    }

    @Test
    void shouldTakeAFewBytesPerKeyAndGiveTheRoomBackWhenTheyGo() {
        // given
        KeyFingerprints fingerprints = new KeyFingerprints();
        List<Integer> added = new ArrayList<>();

        // when
        for (int i = 0; i < 1_000_000; i++) {
            int fingerprint = KeyFingerprints.of(KnownKeyStore.hash64("run-20261129-p0-" + i));
            fingerprints.add(fingerprint);
            added.add(fingerprint);
        }
        int full = fingerprints.capacity();
        added.forEach(fingerprints::remove);

        // then: at most 2^21 slots of four bytes for a million keys (about 8 bytes a key)
        assertThat(full).isLessThanOrEqualTo(1 << 21);
        assertThat(fingerprints.size()).isZero();
        assertThat(fingerprints.capacity()).isEqualTo(64);
    }
}
