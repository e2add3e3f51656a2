package io.supplychaos.workload;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * The id of one call to the producer's send, stamped by the load generator on the record as the
 * header {@value #HEADER} (decimal digits). A producer that retries a batch whose ack it lost writes
 * the same record again, header included; so two records with one send id on one partition are one
 * send written twice, while an order sent again would carry a new id. The read-back reads it into
 * the history ({@code Placed.send}), where the checker counts such copies.
 */
public final class SendId {

    /** The header's name. */
    public static final String HEADER = "supply-chaos-send";

    private final AtomicLong last = new AtomicLong();

    /** A new id, unique among this generator's sends. */
    public long next() {
        return last.incrementAndGet();
    }

    /** The header carrying {@code id}. */
    public static Header header(long id) {
        return new RecordHeader(HEADER, Long.toString(id).getBytes(StandardCharsets.UTF_8));
    }

    /** The send id a record carries; null when it has no such header or one that is no number (not ours). */
    public static Long of(Headers headers) {
        Header header = headers == null ? null : headers.lastHeader(HEADER);
        if (header == null || header.value() == null) {
            return null;
        }
        try {
            return Long.parseLong(new String(header.value(), StandardCharsets.UTF_8));
        } catch (NumberFormatException notOurs) {
            return null;
        }
    }
}
