package io.supplychaos.topology.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Ids by due time: taken earliest first and only once due, whether their times came in order (the
 * queue) or not (the heap), each id once; equal times of the queue before the heap's; any id's
 * characters come back as they went in; the bytes held for ids stay bounded by those still
 * waiting while ids come and go for much longer than the first chunk; ids that came in order take
 * a few bytes each; a heap of millions of rebuilt entries gives its room back once they are taken.
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
    void shouldTakeInTimeOrderAsAPriorityQueueOfTimesAndIdsDoesWhetherTimesComeInOrderOrNot() {
        // given: times from a small range, so that many are equal, some in order and some not, added and taken in waves
        record Due(long at, String id) {
        }
        Random random = new Random(34);
        DueTimes due = new DueTimes();
        PriorityQueue<Due> reference = new PriorityQueue<>(Comparator.comparingLong(Due::at));
        List<Due> taken = new ArrayList<>();
        List<Due> expected = new ArrayList<>();
        Map<String, Long> times = new HashMap<>();

        // when
        long clock = 0;
        for (int wave = 0; wave < 200; wave++) {
            for (int i = 0; i < random.nextInt(50); i++) {
                clock += random.nextInt(3);
                long at = random.nextBoolean() ? clock + 40 : wave * 10L + random.nextInt(40);
                String id = "run-p" + random.nextInt(3) + "-" + (wave * 100 + i);
                due.add(at, id);
                reference.add(new Due(at, id));
                times.put(id, at);
            }
            long now = wave * 10L;
            List<Due> takenNow = due.takeDue(now).stream().map(id -> new Due(times.get(id), id)).toList();
            List<Due> expectedNow = new ArrayList<>();
            while (!reference.isEmpty() && reference.peek().at() <= now) {
                expectedNow.add(reference.poll());
            }
            // then: each take gives the same entries by the same times (the order among equal times is the queue's first)
            assertThat(takenNow).extracting(Due::at).containsExactlyElementsOf(expectedNow.stream().map(Due::at).toList());
            assertThat(takenNow).containsExactlyInAnyOrderElementsOf(expectedNow);
            taken.addAll(takenNow);
            expected.addAll(expectedNow);
        }

        // then
        assertThat(taken).hasSameSizeAs(expected).hasSizeGreaterThan(1_000);
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
        // given: a retention of 1,000 ids, through which 200,000 pass, their times in order (the queue)
        DueTimes due = new DueTimes();
        long maxHeld = 0;

        // when
        for (int i = 0; i < 200_000; i++) {
            due.add(i + 1_000L, String.format("run-20261128-p0-%08d", i));
            due.takeDue(i);
            maxHeld = Math.max(maxHeld, due.bytesHeld());
        }

        // then: 1,000 ids wait at any time, in at most two chunks beside the heap's first array
        assertThat(due.size()).isEqualTo(1_000);
        assertThat(maxHeld).isLessThanOrEqualTo(2L * DueQueue.CHUNK_BYTES + 1024);
        assertThat(due.takeDue(Long.MAX_VALUE)).hasSize(1_000).first().isEqualTo("run-20261128-p0-00199000");
    }

    @Test
    void shouldHoldBytesForTheWaitingIdsOnlyWhenTheirTimesComeOutOfOrder() {
        // given: a retention of 1,000 ids, through which 200,000 pass, each pair's times swapped (the heap)
        DueTimes due = new DueTimes();
        long maxHeld = 0;

        // when
        for (int i = 0; i < 200_000; i += 2) {
            due.add(i + 1_001L, String.format("run-20261128-p0-%08d", i + 1));
            due.add(i + 1_000L, String.format("run-20261128-p0-%08d", i));
            due.takeDue(i);
            maxHeld = Math.max(maxHeld, due.bytesHeld());
        }

        // then: about 1,000 ids of 24 bytes wait at any time; the heap's array is at most about four times that
        assertThat(due.size()).isBetween(1_000, 1_002);
        assertThat(maxHeld).isLessThanOrEqualTo(2L * DueQueue.CHUNK_BYTES + 4 * 1_000 * 24 + 1024);
    }

    @Test
    void shouldTakeAFewBytesPerIdWhoseTimeCameInOrder() {
        // given: a million ids of one run from four producers, their times a retention after a clock
        DueTimes due = new DueTimes();
        int ids = 1_000_000;

        // when
        for (int i = 0; i < ids; i++) {
            due.add(600_000L + i / 4, "run-20261129-061500-p" + (i % 4) + "-" + i / 4);
        }

        // then: fewer than 12 bytes an entry, where the heap took 16 and the id's 30
        assertThat(due.size()).isEqualTo(ids);
        assertThat(due.bytesHeld()).isLessThan(12L * ids);
        List<String> taken = due.takeDue(600_000L + 1);
        assertThat(taken).containsExactly("run-20261129-061500-p0-0", "run-20261129-061500-p1-0",
                "run-20261129-061500-p2-0", "run-20261129-061500-p3-0", "run-20261129-061500-p0-1",
                "run-20261129-061500-p1-1", "run-20261129-061500-p2-1", "run-20261129-061500-p3-1");
    }

    @Test
    void shouldGiveBackTheHeapsRoomOnceItsEntriesAreTaken() {
        // given: 300,000 entries rebuilt at init, in no order of time
        DueTimes due = new DueTimes();
        Random random = new Random(29);
        due.add(1_000_000, "newest");
        for (int i = 0; i < 300_000; i++) {
            due.add(random.nextInt(500_000), "run-20261129-p0-" + i);
        }
        long rebuilt = due.bytesHeld();

        // when
        List<String> taken = due.takeDue(999_999);

        // then
        assertThat(taken).hasSize(300_000);
        assertThat(rebuilt).isGreaterThan(300_000L * 20);
        assertThat(due.bytesHeld()).isLessThanOrEqualTo(DueQueue.CHUNK_BYTES + 1024);
        assertThat(due.takeDue(1_000_000)).containsExactly("newest");
    }
}
