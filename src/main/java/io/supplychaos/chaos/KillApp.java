package io.supplychaos.chaos;

/**
 * {@code kill-app}: SIGKILL to an app instance, a crash: its Streams client neither commits nor
 * leaves its group, which rebalances once the session times out. Lasts until the instance is
 * started again (its recorded command, ready on {@code /q/health/ready}): by its own heal, or by a
 * repair whose file says it ends kill-app ({@link FaultType#endedBy()}).
 */
final class KillApp implements AppFaultDefinition {

    @Override
    public String name() {
        return "kill-app";
    }

    @Override
    public String summary() {
        return "SIGKILL to an app instance (a crash)";
    }

    @Override
    public Needs needs() {
        return Needs.RUNNING;
    }

    @Override
    public void inject(AppFault app) {
        app.killIfAlive();
    }

    @Override
    public void heal(AppFault app) {
        app.startIfStopped();
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("local instance killed, or with `apps: pods` the pod deleted with grace 0 "
                + "(the Deployment replaces it)");
    }
}
