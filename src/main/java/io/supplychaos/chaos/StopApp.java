package io.supplychaos.chaos;

/**
 * {@code stop-app}: SIGTERM to an app instance, a clean shutdown (SIGKILL after 10 s): Quarkus closes
 * its Kafka Streams client, which commits what it processed, closes its producers (with exactly-once,
 * their transactions) and writes its state stores' checkpoints, so the instance starts again without
 * restoring them. Kafka Streams does not send a LeaveGroup on close: the group rebalances the
 * instance's tasks onto the others once its session times out ({@code session.timeout.ms}, 6 s in
 * application.properties). Lasts until the instance is started again: by its own heal or by
 * start-app ({@link StartApp}).
 *
 * <p>Kubernetes with {@code apps: pods} refuses it: the Deployment replaces a stopped pod at once, so
 * an instance cannot stay stopped there (kill-app deletes the pod; {@code apps: local} stops a local one).
 */
final class StopApp implements AppFaultDefinition {

    @Override
    public String name() {
        return "stop-app";
    }

    @Override
    public String summary() {
        return "SIGTERM to an app instance: Streams closes cleanly (commits, checkpoints), SIGKILL after 10 s";
    }

    @Override
    public Needs needs() {
        return Needs.RUNNING;
    }

    @Override
    public void inject(AppFault app) {
        app.stopIfAlive();
    }

    @Override
    public void heal(AppFault app) {
        app.startIfStopped();
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("local instance stopped").refusedWithAppPods("with apps: pods the app "
                + "Deployment replaces a stopped pod at once, so an instance cannot stay stopped (kill-app deletes a pod; "
                + "apps: local runs the instances as local processes, which stop-app stops)");
    }
}
