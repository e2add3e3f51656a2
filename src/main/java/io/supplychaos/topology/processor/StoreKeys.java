package io.supplychaos.topology.processor;

import java.util.Locale;

/**
 * Store keys that sort by a number: the number zero-padded to 19 digits (every long fits), so the
 * byte order of RocksDB and the string order of the heap stores are numeric order. On the per-record
 * path, hence no {@code String.format}; its output for negative numbers is kept.
 */
final class StoreKeys {

    private static final int WIDTH = 19;

    private StoreKeys() {
    }

    static String padded(long value) {
        if (value < 0) {
            return String.format(Locale.ROOT, "%019d", value);
        }
        String digits = Long.toString(value);
        return "0".repeat(WIDTH - digits.length()) + digits;
    }
}
