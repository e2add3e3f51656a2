package io.supplychaos.chaos;

/**
 * {@code start-app}: starts a stopped or killed app instance again with its recorded command and
 * waits until it is ready. A repair: it ends the stop or kill of the same instance.
 */
final class StartApp implements AppFaultDefinition {

    @Override
    public String name() {
        return "start-app";
    }

    @Override
    public String summary() {
        return "starts a stopped or killed app instance, waits until it is ready";
    }

    @Override
    public Needs needs() {
        return Needs.STOPPED;
    }

    @Override
    public void inject(AppFault app) {
        app.startIfStopped();
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public Repair repair() {
        return Repair.onItsTarget(FaultType.STOP_APP, FaultType.KILL_APP);
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("local instance started, or with `apps: pods` waits until the Deployment is ready");
    }
}
