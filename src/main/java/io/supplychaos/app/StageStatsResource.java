package io.supplychaos.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.HdrHistogram.Histogram;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.supplychaos.topology.StoreNames;
import io.supplychaos.topology.state.StageWindow;

/**
 * {@code GET /monitor/stages}: the monitor's per-stage latency windows held by this instance
 * (interactive query on monitor-stage-windows, merged over this instance's partitions), oldest first.
 * It reads no key, so it is not routed ({@link KeyQueryRouter}): with several instances, ask each.
 */
@Path("/monitor/stages")
@Tag(name = "monitor", description = "The monitor's per-stage latency windows")
public class StageStatsResource {

    /** One window of one stage: throughput and latency percentiles in ms. */
    public record StageStats(String stage, long start, long end, boolean closed, long orders, double perSecond,
                             double avgMs, long p50Ms, long p99Ms, long maxMs) {

        static StageStats of(StageWindow window) {
            Histogram distribution = window.distribution();
            return new StageStats(window.stage(), window.start(), window.end(), window.evaluated(), window.count(),
                    window.throughputPerSecond(), window.count() == 0 ? 0 : (double) window.sumMs() / window.count(),
                    distribution.getValueAtPercentile(50), distribution.getValueAtPercentile(99), window.maxMs());
        }
    }

    @Inject
    KafkaStreams streams;

    @GET
    @Operation(summary = "Per-stage latency windows held by this instance",
            description = "Throughput and latency percentiles of each stage per monitor window, merged over the "
                    + "partitions this instance holds (not forwarded: each instance answers for its own partitions).")
    @APIResponse(responseCode = "200", description = "The windows, oldest first",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = StageStats.class)))
    @APIResponse(responseCode = "503", description = "State stores not queryable yet")
    public Response windows() {
        // each task keeps its own windows: merge a stage's window across the partitions held here
        Map<String, StageWindow> merged = new java.util.TreeMap<>();
        try (KeyValueIterator<String, StageWindow> windows = streams.store(StoreQueryParameters.fromNameAndType(
                StoreNames.STAGE_WINDOWS, QueryableStoreTypes.<String, StageWindow>keyValueStore())).all()) {
            windows.forEachRemaining(entry -> merged.merge(entry.key, entry.value, StageWindow::merge));
        } catch (InvalidStateStoreException e) {
            return Response.status(Response.Status.SERVICE_UNAVAILABLE).type(MediaType.APPLICATION_JSON)
                    .entity(Map.of("error", "state stores not queryable yet (" + streams.state() + ")")).build();
        }
        List<StageStats> stats = new ArrayList<>(merged.values().stream().map(StageStats::of).toList());
        stats.sort(java.util.Comparator.comparingLong(StageStats::start).thenComparing(StageStats::stage));
        return Response.ok(stats).type(MediaType.APPLICATION_JSON).build();
    }
}
