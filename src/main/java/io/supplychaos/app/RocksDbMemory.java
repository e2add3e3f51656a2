package io.supplychaos.app;

import java.util.Map;

import org.apache.kafka.streams.state.RocksDBConfigSetter;
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
 * bounds and no JVM flag limits. Here they share one LRU cache of {@link #TOTAL_BYTES}; their
 * memtables are charged to it through one write-buffer manager (at most {@link #MEMTABLE_BYTES}),
 * and the SST files' index and filter blocks live in it too rather than beside it, so the stores
 * together hold at most about {@link #TOTAL_BYTES} (RocksDB's own accounting, set strict for
 * nothing: a read past the budget evicts rather than fails).
 *
 * <p>Smaller memtables ({@link #MEMTABLE_SIZE}) keep the arena each of the 36 begins with small;
 * Streams flushes them at its checkpoints anyway. Set as {@code kafka-streams.rocksdb.config.setter}
 * in application.properties; Streams creates an instance per store, so the shared objects are
 * static and outlive every store (closing them in {@link #close} would pull them from under the
 * others).
 */
public final class RocksDbMemory implements RocksDBConfigSetter {

    /** Block cache, memtables, index and filter blocks of every store together. */
    static final long TOTAL_BYTES = 64L * 1024 * 1024;
    /** The memtables' share of {@link #TOTAL_BYTES}. */
    static final long MEMTABLE_BYTES = 32L * 1024 * 1024;
    /** One memtable's size before it is switched for a new one (Streams' default is 16 MB). */
    static final long MEMTABLE_SIZE = 4L * 1024 * 1024;
    /** Memtables per store: one written, one being flushed. */
    static final int MEMTABLES_PER_STORE = 2;
    /** Share of the cache kept for index and filter blocks (high priority). */
    private static final double INDEX_AND_FILTER_SHARE = 0.1;

    private static final Cache CACHE = new LRUCache(TOTAL_BYTES, -1, false, INDEX_AND_FILTER_SHARE);
    private static final WriteBufferManager MEMTABLES = new WriteBufferManager(MEMTABLE_BYTES, CACHE);

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(CACHE);
        table.setCacheIndexAndFilterBlocks(true);
        table.setCacheIndexAndFilterBlocksWithHighPriority(true);
        table.setPinTopLevelIndexAndFilter(true);
        options.setTableFormatConfig(table);
        options.setWriteBufferManager(MEMTABLES);
        options.setWriteBufferSize(MEMTABLE_SIZE);
        options.setMaxWriteBufferNumber(MEMTABLES_PER_STORE);
    }

    @Override
    public void close(String storeName, Options options) {
        // the cache and the write-buffer manager are shared by every store of the instance: never closed here
    }
}
