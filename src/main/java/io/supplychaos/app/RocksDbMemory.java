package io.supplychaos.app;

import java.util.Map;

import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.jboss.logging.Logger;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.WriteBufferManager;

/**
 * One memory budget for every RocksDB store of the app instance, instead of one per store and task.
 *
 * <p>Kafka Streams opens a RocksDB instance per store and task, each with its own 50 MB block
 * cache and up to three 16 MB memtables (RocksDBStore's defaults, kafka-streams 4.1). The chain
 * has six persistent stores over six partitions: 36 instances, whose off-heap memory nothing
 * bounds and no JVM flag limits. Here they share one LRU cache of {@link #DEFAULT_TOTAL_BYTES}
 * (or {@link #TOTAL_BYTES_CONFIG}); their memtables are charged to it through one write-buffer
 * manager (at most {@link #MEMTABLE_SHARE} of it), and the SST files' index and filter blocks live
 * in it too rather than beside it, so the stores together hold at most about the budget (RocksDB's
 * own accounting, set strict for nothing: a read past the budget evicts rather than fails).
 *
 * <p>Smaller memtables ({@link #MEMTABLE_SIZE}) keep the arena each of the 36 begins with small;
 * Streams flushes them at its checkpoints anyway. Set as {@code kafka-streams.rocksdb.config.setter}
 * in application.properties; Streams creates an instance per store, so the shared objects are
 * static and outlive every store (closing them in {@link #close} would pull them from under the
 * others).
 */
public final class RocksDbMemory implements RocksDBConfigSetter {

    /**
     * The app config (a {@code kafka-streams.} property) that sets {@link #DEFAULT_TOTAL_BYTES}
     * otherwise: bytes for block cache, memtables, index and filter blocks of every store together.
     */
    public static final String TOTAL_BYTES_CONFIG = "supply.rocksdb.memory.bytes";
    /** Block cache, memtables, index and filter blocks of every store together. */
    static final long DEFAULT_TOTAL_BYTES = 64L * 1024 * 1024;
    /** The smallest budget taken: below it the 36 stores' memtables would not fit. */
    static final long MIN_TOTAL_BYTES = 8L * 1024 * 1024;
    /** The memtables' share of the budget. */
    static final double MEMTABLE_SHARE = 0.5;
    /** One memtable's size before it is switched for a new one (Streams' default is 16 MB). */
    static final long MEMTABLE_SIZE = 4L * 1024 * 1024;
    /** Memtables per store: one written, one being flushed. */
    static final int MEMTABLES_PER_STORE = 2;
    /** Share of the cache kept for index and filter blocks (high priority). */
    private static final double INDEX_AND_FILTER_SHARE = 0.1;

    private static final Logger LOG = Logger.getLogger(RocksDbMemory.class);

    /** The instance's one budget, made by the first store that opens (every store sees the same configs). */
    private static Budget budget;

    /** The shared cache and the write-buffer manager charged to it. */
    record Budget(long totalBytes, Cache cache, WriteBufferManager memtables) {
        static Budget of(long totalBytes) {
            Cache cache = new LRUCache(totalBytes, -1, false, INDEX_AND_FILTER_SHARE);
            return new Budget(totalBytes, cache, new WriteBufferManager((long) (totalBytes * MEMTABLE_SHARE), cache));
        }
    }

    /** The budget the configs ask for: {@link #TOTAL_BYTES_CONFIG}, else {@link #DEFAULT_TOTAL_BYTES}. */
    static long totalBytes(Map<String, Object> configs) {
        Object value = configs.get(TOTAL_BYTES_CONFIG);
        if (value == null) {
            return DEFAULT_TOTAL_BYTES;
        }
        long bytes;
        try {
            bytes = Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(TOTAL_BYTES_CONFIG, value, "expected a number of bytes, at least " + MIN_TOTAL_BYTES);
        }
        if (bytes < MIN_TOTAL_BYTES) {
            throw new ConfigException(TOTAL_BYTES_CONFIG, value, "expected at least " + MIN_TOTAL_BYTES
                    + " bytes (the stores' memtables take half the budget)");
        }
        return bytes;
    }

    private static synchronized Budget budget(Map<String, Object> configs) {
        if (budget == null) {
            budget = Budget.of(totalBytes(configs));
            LOG.infof("rocksdb: one budget of %d MB for every store (block cache, index and filter blocks, memtables up to %d MB)",
                    budget.totalBytes() >> 20, (long) (budget.totalBytes() * MEMTABLE_SHARE) >> 20);
        }
        return budget;
    }

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        Budget shared = budget(configs);
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(shared.cache());
        table.setCacheIndexAndFilterBlocks(true);
        table.setCacheIndexAndFilterBlocksWithHighPriority(true);
        table.setPinTopLevelIndexAndFilter(true);
        options.setTableFormatConfig(table);
        options.setWriteBufferManager(shared.memtables());
        options.setWriteBufferSize(MEMTABLE_SIZE);
        options.setMaxWriteBufferNumber(MEMTABLES_PER_STORE);
    }

    @Override
    public void close(String storeName, Options options) {
        // the cache and the write-buffer manager are shared by every store of the instance: never closed here
    }
}
