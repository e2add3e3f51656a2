package io.supplychaos.topology.processor;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Ids by due time, for times that arrive in order (an entry's deletion a fixed retention after the
 * stream thread's clock): first in, first out, packed into byte chunks. Each entry is the time's
 * increase over the previous entry's, the number of leading bytes its id shares with the previous
 * id, and the rest of the id's UTF-8 bytes, each length a variable-length integer. Ids of one run
 * share most of their bytes ({@code run-p0-1041}, {@code run-p1-1042}), so an entry takes about
 * ten bytes where {@link DueTimes}'s heap takes about 16 bytes and the whole id, with the arrays'
 * room to grow on top. A chunk is dropped once every entry in it is taken.
 *
 * <p>{@link #accepts} says whether a time may be appended (not earlier than the last one); the
 * owner keeps other times elsewhere. Not thread-safe.
 */
final class DueQueue {

    /** Room per chunk; an entry longer than this gets a chunk of its own size. */
    static final int CHUNK_BYTES = 16 * 1024;
    /** The most bytes a time's increase and the two lengths take (10 + 5 + 5). */
    private static final int MAX_HEADER_BYTES = 20;

    /** A chunk and the end of the entries written into it. */
    private static final class Chunk {
        final byte[] bytes;
        int end;

        Chunk(int capacity) {
            bytes = new byte[capacity];
        }
    }

    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private int size;

    /**
     * The entry appended last, which the next one is written against. The reader decodes each entry
     * against the one it took before it, so both start from time 0 and no id, and both keep their
     * last entry when the queue runs empty.
     */
    private long lastTime;
    private byte[] lastId = new byte[0];

    /** The reader's position in the first chunk, and the entry it decoded last (the head, once loaded). */
    private int readAt;
    private long headTime;
    private byte[] headId = new byte[0];
    private int headLength;
    private boolean headLoaded;

    /** Whether {@code dueAt} may be appended: not before the last time waiting. */
    boolean accepts(long dueAt) {
        return size == 0 || dueAt >= lastTime;
    }

    /** Appends an id; {@code dueAt} must be {@link #accepts accepted}. */
    void add(long dueAt, String orderId) {
        if (!accepts(dueAt)) {
            throw new IllegalArgumentException("due time " + dueAt + " is before the last one waiting, " + lastTime);
        }
        byte[] id = orderId.getBytes(StandardCharsets.UTF_8);
        int shared = sharedPrefix(lastId, id);
        int rest = id.length - shared;
        Chunk chunk = chunkWithRoom(MAX_HEADER_BYTES + rest);
        int at = chunk.end;
        at = writeVarLong(chunk.bytes, at, dueAt - lastTime);
        at = writeVarLong(chunk.bytes, at, shared);
        at = writeVarLong(chunk.bytes, at, rest);
        System.arraycopy(id, shared, chunk.bytes, at, rest);
        chunk.end = at + rest;
        lastTime = dueAt;
        lastId = id;
        size++;
    }

    int size() {
        return size;
    }

    /** The first entry's time; only when {@link #size} is above zero. */
    long headTime() {
        loadHead();
        return headTime;
    }

    /** Removes and returns the first entry's id; only when {@link #size} is above zero. */
    String take() {
        loadHead();
        headLoaded = false;
        size--;
        if (size == 0) {
            chunks.clear();
            readAt = 0;
        }
        return new String(headId, 0, headLength, StandardCharsets.UTF_8);
    }

    /** Bytes held in chunks. */
    long bytesHeld() {
        long held = 0;
        for (Chunk chunk : chunks) {
            held += chunk.bytes.length;
        }
        return held;
    }

    private void loadHead() {
        if (headLoaded) {
            return;
        }
        if (size == 0) {
            throw new IllegalStateException("no entry waiting");
        }
        if (readAt == chunks.peekFirst().end) {
            chunks.removeFirst();
            readAt = 0;
        }
        byte[] chunk = chunks.peekFirst().bytes;
        long increase = readVarLong(chunk);
        int shared = (int) readVarLong(chunk);
        int rest = (int) readVarLong(chunk);
        headTime += increase;
        int length = shared + rest;
        if (headId.length < length) {
            headId = Arrays.copyOf(headId, Math.max(length, 2 * headId.length));
        }
        System.arraycopy(chunk, readAt, headId, shared, rest);
        readAt += rest;
        headLength = length;
        headLoaded = true;
    }

    private Chunk chunkWithRoom(int needed) {
        Chunk tail = chunks.peekLast();
        if (tail != null && tail.bytes.length - tail.end >= needed) {
            return tail;
        }
        Chunk chunk = new Chunk(Math.max(CHUNK_BYTES, needed));
        chunks.addLast(chunk);
        return chunk;
    }

    private long readVarLong(byte[] chunk) {
        long value = 0;
        int shift = 0;
        while (true) {
            byte b = chunk[readAt++];
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
            shift += 7;
        }
    }

    private static int writeVarLong(byte[] chunk, int at, long value) {
        while ((value & ~0x7fL) != 0) {
            chunk[at++] = (byte) ((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        chunk[at++] = (byte) value;
        return at;
    }

    private static int sharedPrefix(byte[] previous, byte[] id) {
        int most = Math.min(previous.length, id.length);
        int shared = Arrays.mismatch(previous, 0, most, id, 0, most);
        return shared < 0 ? most : shared;
    }
}
