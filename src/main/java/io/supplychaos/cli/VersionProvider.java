package io.supplychaos.cli;

import io.supplychaos.env.ChaosPaths;
import io.supplychaos.provenance.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code ./chaos --version}: the version the build wrote (the pom's), the commit of the project it
 * runs from, and the Kafka and Java it runs with.
 */
final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[]{
                "supply-chaos " + BuildInfo.version(),
                "commit " + BuildInfo.gitCommit(ChaosPaths.defaults().home()),
                "Kafka " + BuildInfo.kafkaVersion() + ", Java " + System.getProperty("java.version") + " ("
                        + System.getProperty("java.vendor") + ")"};
    }
}
