package io.supplychaos.topology.processor;

import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;

import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A processor's per-order store with its keys also held in memory, so that a look-up of a key the
 * store does not hold answers null without reaching the store. Every stage's first look-up of an
 * order is such a miss (has this order, these goods, this state been seen?), and in RocksDB a miss
 * is the dearest read: past the cache, through every memtable and the filters of every level, and in
 * rocksdbjni 9.x a C++ exception thrown and caught for the NotFound (facebook/rocksdb#13023). In the
 * bench's profiles these misses were about a seventh of the app's CPU (docs/PERFORMANCE.md).
 *
 * <p>The keys are derived state, as {@link DueTimes} are: they are read from the store when the
 * processor opens it in {@code init}, which Streams calls after restoring the store (and again after
 * it wiped and restored a corrupted task), and they follow every put and delete made through here.
 * The store must be written through this class only.
 *
 * <p>The keys are held as 32-bit fingerprints ({@link KeyFingerprints}, 5-16 bytes a key, no
 * reference to the key's string), since every stage holds every order of the retention, millions
 * at full speed: a set of the strings cost about 40 bytes a key and its string, a map of 64-bit
 * hashes to counts 16-32, and the app's collector paid for both. Two keys with one fingerprint
 * hold one each: a look-up of either then reaches the store, which answers; a delete of one leaves
 * the other known. So the answer is always the store's, and only a key with no fingerprint held
 * skips it (a key the store does not hold shares one with a held key about once in 2^32 / keys
 * held look-ups). A put tells an update from a new key by the look-up just made of it (a stage
 * reads an order's entry before it writes it), else by one read of the store when its fingerprint
 * is held.
 * Not thread-safe: a processor's own.
 */
final class KnownKeyStore<V> {

    private final KeyValueStore<String, V> store;
    private final ToLongFunction<String> hash;
    /** The fingerprint of each key the store holds. */
    private final KeyFingerprints keys = new KeyFingerprints();
    /** The key last read, put or deleted here, and whether the store held it then: a put after a get of its key reads nothing more. */
    private String lastKey;
    private boolean lastHeld;

    private KnownKeyStore(KeyValueStore<String, V> store, ToLongFunction<String> hash) {
        this.store = store;
        this.hash = hash;
    }

    /** Opens {@code store}, reading every entry once: each is handed to {@code eachEntry} (a processor's own rebuild). */
    static <V> KnownKeyStore<V> open(KeyValueStore<String, V> store, BiConsumer<String, V> eachEntry) {
        return open(store, eachEntry, KnownKeyStore::hash64);
    }

    /** With the given hash of keys (a test's, to make keys collide). */
    static <V> KnownKeyStore<V> open(KeyValueStore<String, V> store, BiConsumer<String, V> eachEntry,
                                     ToLongFunction<String> hash) {
        KnownKeyStore<V> known = new KnownKeyStore<>(store, hash);
        try (KeyValueIterator<String, V> all = store.all()) {
            all.forEachRemaining(entry -> {
                known.keys.add(known.fingerprint(entry.key));
                eachEntry.accept(entry.key, entry.value);
            });
        }
        return known;
    }

    static <V> KnownKeyStore<V> open(KeyValueStore<String, V> store) {
        return open(store, (key, value) -> { });
    }

    /** The key's value, or null; a key this store never held, or deleted, is not looked up. */
    V get(String key) {
        V value = contains(key) ? store.get(key) : null;
        remember(key, value != null);
        return value;
    }

    /** False: the store does not hold the key. True: it may (another key may share the hash). */
    boolean contains(String key) {
        return keys.contains(fingerprint(key));
    }

    void put(String key, V value) {
        if (value == null) {
            delete(key);
            return;
        }
        if (!held(key)) {
            keys.add(fingerprint(key));
        }
        store.put(key, value);
        remember(key, true);
    }

    /** Deletes the key's entry; a key the store does not hold writes no tombstone. */
    void delete(String key) {
        if (!held(key)) {
            return;
        }
        store.delete(key);
        remember(key, false);
        keys.remove(fingerprint(key));
    }

    private int fingerprint(String key) {
        return KeyFingerprints.of(hash.applyAsLong(key));
    }

    /** Whether the store holds the key: no hash, no; the key just read here, as it was; else the store's answer. */
    private boolean held(String key) {
        if (!contains(key)) {
            return false;
        }
        if (key.equals(lastKey)) {
            return lastHeld;
        }
        return store.get(key) != null;
    }

    private void remember(String key, boolean held) {
        lastKey = key;
        lastHeld = held;
    }

    /** The store itself, for range reads. */
    KeyValueStore<String, V> store() {
        return store;
    }

    /** Keys held. */
    int size() {
        return keys.size();
    }

    /**
     * A 64-bit hash of the key's characters: a polynomial over them, mixed by MurmurHash3's
     * finalizer so that ids differing in their last digits spread over the whole table.
     */
    static long hash64(String key) {
        long h = 1_125_899_906_842_597L;
        for (int i = 0; i < key.length(); i++) {
            h = 31 * h + key.charAt(i);
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
