package io.supplychaos.topology.processor;

/**
 * A multiset of 32-bit fingerprints of keys: an open-addressing table of {@code int}s with linear
 * probing, four bytes a slot and a fill of a quarter to three quarters (about 5-16 bytes a key),
 * where a map of 64-bit hashes to counts took 12 bytes a slot. Two keys with one fingerprint hold a
 * slot each, so removing one leaves the other. Removal shifts the following slots of its run back
 * (no tombstones), so a table where keys come and go for hours stays as fast as a fresh one.
 *
 * <p>The slot is chosen from the fingerprint itself (multiplied by the golden ratio, its high
 * bits), so a slot can move without its key. Zero marks an empty slot; a fingerprint of zero is
 * held as one. Not thread-safe.
 */
final class KeyFingerprints {

    private static final int EMPTY = 0;
    private static final int MIN_CAPACITY = 64;

    private int[] slots = new int[MIN_CAPACITY];
    private int size;

    /** The fingerprint of a 64-bit hash: its two halves folded, never zero. */
    static int of(long hash) {
        int fingerprint = (int) (hash ^ (hash >>> 32));
        return fingerprint == EMPTY ? 1 : fingerprint;
    }

    void add(int fingerprint) {
        if (size + 1 > slots.length - (slots.length >>> 2)) {
            resize(slots.length * 2);
        }
        int mask = slots.length - 1;
        int slot = home(fingerprint);
        while (slots[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = fingerprint;
        size++;
    }

    boolean contains(int fingerprint) {
        return find(fingerprint) >= 0;
    }

    /** Removes one occurrence; false if there was none. */
    boolean remove(int fingerprint) {
        int slot = find(fingerprint);
        if (slot < 0) {
            return false;
        }
        shiftBack(slot);
        size--;
        if (slots.length > MIN_CAPACITY && size < slots.length >>> 3) {
            resize(slots.length / 2);
        }
        return true;
    }

    int size() {
        return size;
    }

    /** Slots in the table (its memory is four bytes each). */
    int capacity() {
        return slots.length;
    }

    private int find(int fingerprint) {
        int mask = slots.length - 1;
        int slot = home(fingerprint);
        while (slots[slot] != EMPTY) {
            if (slots[slot] == fingerprint) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /**
     * Empties {@code slot} and moves back each later slot of its run whose home is not between the
     * hole and it (cyclically), so that every fingerprint stays reachable from its home.
     */
    private void shiftBack(int slot) {
        int mask = slots.length - 1;
        int hole = slot;
        int next = (hole + 1) & mask;
        while (slots[next] != EMPTY) {
            int home = home(slots[next]);
            if (((next - home) & mask) >= ((next - hole) & mask)) {
                slots[hole] = slots[next];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        slots[hole] = EMPTY;
    }

    private int home(int fingerprint) {
        return (fingerprint * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(slots.length));
    }

    private void resize(int capacity) {
        int[] old = slots;
        slots = new int[capacity];
        size = 0;
        for (int fingerprint : old) {
            if (fingerprint != EMPTY) {
                add(fingerprint);
            }
        }
    }
}
