package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.provenance.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code ./chaos --version}: the version the build wrote (the pom's), the commit of the project it
 * runs from, and the Kafka and Java it runs with. Worked out once per JVM: picocli asks for it
 * whenever the command line is built (the verbs inherit it), and the commit costs two git
 * processes, about 0.4 s here; the tests, which build a command line per verb they run, paid that
 * every time.
 */
final class VersionProvider implements IVersionProvider {

    private static volatile String[] version;

    @Override
    public String[] getVersion() {
        String[] known = version;
        if (known == null) {
            known = new String[]{
                    "supply-chaos " + BuildInfo.version(),
                    "commit " + BuildInfo.gitCommit(ChaosPaths.defaults().home()),
                    "Kafka " + BuildInfo.kafkaVersion() + ", Java " + System.getProperty("java.version") + " ("
                            + System.getProperty("java.vendor") + ")"};
            version = known;
        }
        return known.clone();
    }
}
