package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Ids by due time, packed into primitive arrays: taken earliest first and only once due; in the
 * order a priority queue of (time, id) gives, ties included; any id's characters come back as they
 * went in; and the bytes held for ids stay bounded by those still waiting while ids come and go for
 * much longer than the array's first size.
 */
class DueTimesTest {

    @Test
    void shouldTakeOnlyTheIdsDueAtOrBeforeNowEarliestFirst() {
        // given
        DueTimes due = new DueTimes();
        due.add(300, "o3");
        due.add(100, "o1");
        due.add(200, "o2");
        due.add(400, "o4");

        // when
        List<String> taken = due.takeDue(300);

        // then
        assertThat(taken).containsExactly("o1", "o2", "o3");
        assertThat(due.size()).isEqualTo(1);
        assertThat(due.takeDue(399)).isEmpty();
        assertThat(due.takeDue(400)).containsExactly("o4");
        assertThat(due.size()).isZero();
    }

    @Test
    void shouldGiveTheOrderOfAPriorityQueueOfTimesAndIdsTiesIncluded() {
        // given: times from a small range, so that many are equal, added and taken in waves
        record Due(long at, String id) {
        }
        Random random = new Random(34);
        DueTimes due = new DueTimes();
        PriorityQueue<Due> reference = new PriorityQueue<>(Comparator.comparingLong(Due::at));
        List<String> taken = new ArrayList<>();
        List<String> expected = new ArrayList<>();

        // when
        for (int wave = 0; wave < 200; wave++) {
            for (int i = 0; i < random.nextInt(50); i++) {
                long at = wave * 10L + random.nextInt(40);
                String id = "run-p" + random.nextInt(3) + "-" + (wave * 100 + i);
                due.add(at, id);
                reference.add(new Due(at, id));
            }
            long now = wave * 10L;
            taken.addAll(due.takeDue(now));
            while (!reference.isEmpty() && reference.peek().at() <= now) {
                expected.add(reference.poll().id());
            }
        }

        // then
        assertThat(taken).isEqualTo(expected);
        assertThat(due.size()).isEqualTo(reference.size());
    }

    @Test
    void shouldGiveBackIdsOfAnyCharacters() {
        // given
        DueTimes due = new DueTimes();
        List<String> ids = List.of("", "ordre-é-1", "注文-2", "emoji-\uD83D\uDE9A-3", "x".repeat(5_000));
        for (int i = 0; i < ids.size(); i++) {
            due.add(i, ids.get(i));
        }

        // when
        List<String> taken = due.takeDue(ids.size());

        // then
        assertThat(taken).isEqualTo(ids);
    }

    @Test
    void shouldHoldBytesForTheWaitingIdsOnlyAsIdsComeAndGo() {
        // given: a retention of 1,000 ids, through which 200,000 pass
        DueTimes due = new DueTimes();
        int maxHeld = 0;

        // when
        for (int i = 0; i < 200_000; i++) {
            due.add(i + 1_000L, String.format("run-20261128-p0-%08d", i));
            due.takeDue(i);
            maxHeld = Math.max(maxHeld, due.bytesHeld());
        }

        // then: 1,000 ids of 24 bytes wait at any time; the array is at most about four times that
        assertThat(due.size()).isEqualTo(1_000);
        assertThat(maxHeld).isLessThanOrEqualTo(4 * 1_000 * 24 + 1024);
        assertThat(due.takeDue(Long.MAX_VALUE)).hasSize(1_000).first().isEqualTo("run-20261128-p0-00199000");
    }
}
