package io.supplychaos.paper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The other seed experiments' stages and their own findings, beside which docs/PAPER.md puts our
 * runs of the same stages: the slow-kafka experiment (baseline, slow broker, slow consumer, slow
 * producer), the sustained-ingest matrix P0-P5 and Logibec's broker threads and socket buffers.
 * Read from the classpath resource {@value #RESOURCE} (tab-separated); writes nothing.
 */
public final class SeedFindings {

    static final String RESOURCE = "/paper/seed-findings.tsv";

    /**
     * One stage of a seed.
     *
     * @param group      slow-kafka, ingest or logibec
     * @param run        the name of our run of this stage (its scenario, or sweep point)
     * @param baseline   the name of our run this stage is compared with
     * @param seedFigure what the seed reports for the stage, in its words and units
     * @param seedRatio  the seed's throughput relative to its baseline, NaN where it gives none
     */
    public record Stage(String group, String stage, String run, String baseline, String changes, String seedFigure,
                        double seedRatio) {
    }

    private SeedFindings() {
    }

    public static List<Stage> load() {
        try (InputStream in = SeedFindings.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + RESOURCE + " is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            reader.readLine();
            List<Stage> stages = new ArrayList<>();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 7) {
                    throw new IllegalStateException(RESOURCE + ": 7 tab-separated columns expected in: " + line);
                }
                stages.add(new Stage(cells[0], cells[1], cells[2], cells[3], cells[4], cells[5],
                        cells[6].isBlank() ? Double.NaN : Double.parseDouble(cells[6])));
            }
            return List.copyOf(stages);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
