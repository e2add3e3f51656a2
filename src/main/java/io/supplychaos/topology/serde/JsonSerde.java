package io.supplychaos.topology.serde;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * JSON serde for one record type, with {@link Json#MAPPER}. Deserialization failures surface as
 * {@link SerializationException} whose message says what was wrong, for the dead-letter headers.
 */
public final class JsonSerde<T> implements Serde<T> {

    private final Class<T> type;
    // bound to the type once: no root-type lookup per record, on the hottest path of app and load generator
    private final ObjectWriter writer;
    private final ObjectReader reader;
    // made once: Streams and the app ask for them per record
    private final Serializer<T> serializer = (topic, value) -> write(value);
    private final Deserializer<T> deserializer = (topic, data) -> read(data);

    private JsonSerde(Class<T> type) {
        this.type = type;
        this.writer = Json.MAPPER.writerFor(type);
        this.reader = Json.MAPPER.readerFor(type);
    }

    public static <T> JsonSerde<T> of(Class<T> type) {
        return new JsonSerde<>(type);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }

    private byte[] write(T value) {
        if (value == null) {
            return null;
        }
        try {
            return writer.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new SerializationException("cannot write " + type.getSimpleName() + " as JSON", e);
        }
    }

    private T read(byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            return reader.readValue(data);
        } catch (JsonProcessingException e) {
            throw new SerializationException("not a valid " + type.getSimpleName() + " JSON: "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new SerializationException("cannot read " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }
}
