package io.supplychaos.cluster;

/**
 * App instances a cluster runs itself instead of the local processes the tool starts: a Kubernetes
 * env's app Deployment, scaled for a run and given back its replicas after it.
 */
public interface AppFleet extends AutoCloseable {

    /** Scales to {@code instances} and returns once each is ready; a line for the console. */
    String start(int instances);

    /** Gives the fleet back as it was before {@link #start}. */
    @Override
    void close();
}
