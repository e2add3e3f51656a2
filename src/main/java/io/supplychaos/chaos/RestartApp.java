package io.supplychaos.chaos;

/** {@code restart-app}: a kill of an app instance and a start with its recorded command, waiting until it is ready; a moment. */
final class RestartApp implements AppFaultDefinition {

    @Override
    public String name() {
        return "restart-app";
    }

    @Override
    public String summary() {
        return "kill-app, then start it again and wait until it is ready";
    }

    @Override
    public Needs needs() {
        return Needs.ANY;
    }

    @Override
    public void inject(AppFault app) {
        app.killIfAlive();
        app.start();
    }

    @Override
    public boolean instantaneous() {
        return true;
    }

    @Override
    public OnKubernetes onKubernetes() {
        return OnKubernetes.does("local instance restarted, or with `apps: pods` the pod deleted with grace 0 "
                + "and the Deployment awaited");
    }
}
