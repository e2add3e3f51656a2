package io.supplychaos.topology.processor;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Ids by a wall-clock time at which something falls due (an entry's deletion, a shipment's next
 * step), kept in memory by the processor that owns them. They are derived state: each time follows
 * from an entry of the processor's store, so the processor adds them again from its store in
 * {@code init}, which Streams calls after restoring it. A store of deadlines instead cost a
 * changelog record per order, and a tombstone later. Not thread-safe: a processor's own.
 *
 * <p>Every stage holds one for every order of the retention (ten minutes by default: millions of
 * orders at full speed), so it is laid out for memory. Times that come in order (a deletion the
 * retention after the stream thread's clock, which is almost every time added after {@code init})
 * go to a {@link DueQueue}, about ten bytes an entry. The others (those rebuilt from the store in
 * its key order, a shipment's steps of different lengths, a clock set back) go to a binary
 * min-heap over two primitive arrays (the time, and where the id's UTF-8 bytes sit in one shared
 * byte array), about 16 bytes and the id's bytes per entry. {@link #takeDue} merges the two. The
 * heap's byte array is appended to and compacted once most of it belongs to ids already taken.
 */
final class DueTimes {

    private static final int INITIAL_ENTRIES = 64;
    private static final int INITIAL_BYTES = 1024;

    /** The heap: {@code at[i]} is entry i's time, {@code id[i]} its id's offset (high 32 bits) and length (low 32 bits) in {@link #bytes}. */
    private long[] at = new long[INITIAL_ENTRIES];
    private long[] id = new long[INITIAL_ENTRIES];
    private int size;
    private byte[] bytes = new byte[INITIAL_BYTES];
    /** Bytes appended to {@link #bytes} so far, and of those the ones still referenced by an entry. */
    private int used;
    private int live;
    /** The entries whose times came in order. */
    private final DueQueue queue = new DueQueue();

    void add(long dueAt, String orderId) {
        if (queue.accepts(dueAt)) {
            queue.add(dueAt, orderId);
            return;
        }
        byte[] encoded = orderId.getBytes(StandardCharsets.UTF_8);
        reserveBytes(encoded.length);
        System.arraycopy(encoded, 0, bytes, used, encoded.length);
        long location = ((long) used << 32) | encoded.length;
        used += encoded.length;
        live += encoded.length;
        if (size == at.length) {
            at = Arrays.copyOf(at, size * 2);
            id = Arrays.copyOf(id, size * 2);
        }
        at[size] = dueAt;
        id[size] = location;
        siftUp(size++);
    }

    /** Removes and returns the ids due at or before {@code now}, earliest first (of equal times, the queue's first). */
    List<String> takeDue(long now) {
        List<String> due = new ArrayList<>();
        while (true) {
            boolean queueDue = queue.size() > 0 && queue.headTime() <= now;
            boolean heapDue = size > 0 && at[0] <= now;
            if (queueDue && (!heapDue || queue.headTime() <= at[0])) {
                due.add(queue.take());
                continue;
            }
            if (!heapDue) {
                break;
            }
            due.add(idAt(0));
            live -= length(id[0]);
            size--;
            at[0] = at[size];
            id[0] = id[size];
            siftDown(0);
        }
        releaseRoom();
        return due;
    }

    int size() {
        return size + queue.size();
    }

    /** Bytes held for the ids: the heap's array (taken ones included until its next compaction) and the queue's chunks. */
    long bytesHeld() {
        return bytes.length + queue.bytesHeld();
    }

    /**
     * Gives back the heap's room once its entries are taken: the arrays halve when a quarter of
     * them is used, and start over when none is (the entries rebuilt at {@code init}, perhaps
     * millions, are taken within one retention and then rarely followed by more).
     */
    private void releaseRoom() {
        if (size == 0) {
            used = 0;
            live = 0;
            if (at.length > INITIAL_ENTRIES) {
                at = new long[INITIAL_ENTRIES];
                id = new long[INITIAL_ENTRIES];
            }
            if (bytes.length > INITIAL_BYTES) {
                bytes = new byte[INITIAL_BYTES];
            }
        } else if (at.length > INITIAL_ENTRIES && size < at.length / 4) {
            at = Arrays.copyOf(at, at.length / 2);
            id = Arrays.copyOf(id, at.length);
        }
    }

    private String idAt(int entry) {
        return new String(bytes, offset(id[entry]), length(id[entry]), StandardCharsets.UTF_8);
    }

    /**
     * Room for {@code more} bytes at {@link #used}: the ids still held are copied into an array of
     * twice their size (and the new id's), so that an array mostly of taken ids shrinks, and one
     * mostly of waiting ids doubles. Each copy follows at least as many bytes appended as it copies.
     */
    private void reserveBytes(int more) {
        if (used + more > bytes.length) {
            compact(Math.max(INITIAL_BYTES, 2 * (live + more)));
        }
    }

    /** Copies the ids still held into a new array of {@code capacity} bytes, in heap order. */
    private void compact(int capacity) {
        byte[] next = new byte[capacity];
        int position = 0;
        for (int entry = 0; entry < size; entry++) {
            int length = length(id[entry]);
            System.arraycopy(bytes, offset(id[entry]), next, position, length);
            id[entry] = ((long) position << 32) | length;
            position += length;
        }
        bytes = next;
        used = position;
        live = position;
    }

    private void siftUp(int entry) {
        long time = at[entry];
        long location = id[entry];
        while (entry > 0) {
            int parent = (entry - 1) >>> 1;
            if (at[parent] <= time) {
                break;
            }
            at[entry] = at[parent];
            id[entry] = id[parent];
            entry = parent;
        }
        at[entry] = time;
        id[entry] = location;
    }

    private void siftDown(int entry) {
        if (size == 0) {
            return;
        }
        long time = at[entry];
        long location = id[entry];
        int half = size >>> 1;
        while (entry < half) {
            int child = 2 * entry + 1;
            if (child + 1 < size && at[child + 1] < at[child]) {
                child++;
            }
            if (time <= at[child]) {
                break;
            }
            at[entry] = at[child];
            id[entry] = id[child];
            entry = child;
        }
        at[entry] = time;
        id[entry] = location;
    }

    private static int offset(long location) {
        return (int) (location >>> 32);
    }

    private static int length(long location) {
        return (int) location;
    }
}
