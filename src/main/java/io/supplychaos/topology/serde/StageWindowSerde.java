package io.supplychaos.topology.serde;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

import io.supplychaos.topology.state.StageWindow;

/**
 * Binary serde of the monitor-stage-windows store. The store is written once per notification;
 * as JSON its encoded histogram went through base64 both ways on every write and read, part of
 * the quarter of the stream thread's samples the stage monitor took (docs/PERFORMANCE.md). Layout: a format version, the stage,
 * start, end, count, sum, max, evaluated, then the histogram's length and bytes.
 */
public final class StageWindowSerde implements Serde<StageWindow> {

    private static final byte VERSION = 1;

    @Override
    public Serializer<StageWindow> serializer() {
        return (topic, window) -> {
            if (window == null) {
                return null;
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + window.histogram().length);
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeByte(VERSION);
                out.writeUTF(window.stage());
                out.writeLong(window.start());
                out.writeLong(window.end());
                out.writeLong(window.count());
                out.writeLong(window.sumMs());
                out.writeLong(window.maxMs());
                out.writeBoolean(window.evaluated());
                out.writeInt(window.histogram().length);
                out.write(window.histogram());
            } catch (IOException e) {
                throw new SerializationException("cannot write the stage window " + window.stage(), e);
            }
            return bytes.toByteArray();
        };
    }

    @Override
    public Deserializer<StageWindow> deserializer() {
        return (topic, data) -> {
            if (data == null) {
                return null;
            }
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
                byte version = in.readByte();
                if (version != VERSION) {
                    throw new SerializationException("stage window of format " + version + ", expected " + VERSION);
                }
                String stage = in.readUTF();
                long start = in.readLong();
                long end = in.readLong();
                long count = in.readLong();
                long sumMs = in.readLong();
                long maxMs = in.readLong();
                boolean evaluated = in.readBoolean();
                byte[] histogram = new byte[in.readInt()];
                in.readFully(histogram);
                return new StageWindow(stage, start, end, count, sumMs, maxMs, histogram, evaluated);
            } catch (IOException e) {
                throw new SerializationException("cannot read a stage window of " + data.length + " bytes", e);
            }
        };
    }
}
