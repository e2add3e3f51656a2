package io.supplychaos.kind.kubernetes;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;

import org.chaos_mesh.v1alpha1.NetworkChaos;
import org.chaos_mesh.v1alpha1.PodChaos;

import io.supplychaos.cluster.Deletion;
import io.supplychaos.env.ChangeJournal;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * The Chaos Mesh resources the tool creates ({@code chaos-mesh.org/v1alpha1} {@code NetworkChaos}
 * and {@code PodChaos}, the model generated from the CRDs of Chaos Mesh {@value #RELEASE}), and the
 * only code that creates or deletes them. Chaos Mesh's rules, as its sources at that release have them:
 * <ul>
 * <li>its admission webhook refuses any change to an existing chaos's spec ("Cannot update chaos
 * spec"): a change is a delete and a create, and a chaos's name carries its parameters, so that
 * different parameters are a different resource;</li>
 * <li>a deleted chaos stays until the controller has recovered every target and removed its
 * finalizer {@value #RECORDS_FINALIZER}: a delete is awaited until the resource is gone, so a chaos
 * created right after its heal cannot be the one still going;</li>
 * <li>a chaos has taken effect when its condition {@code AllInjected} is {@code True}: a create is
 * awaited until then, and the time it took effect is the latest successful {@code Apply} event of
 * its records ({@code status.experiment.containerRecords[].events[]}: type {@code Succeeded},
 * operation {@code Apply}, timestamp); the time a delete undid it is the latest successful
 * {@code Recover} event, which the controller writes before it removes its finalizer.</li>
 * </ul>
 * Every one carries the label {@code app.kubernetes.io/managed-by: supply-chaos}, the state
 * directory that made it ({@value #INSTANCE}: {@link ChangeJournal#owner()}) and the place it acts on
 * ({@value #PLACE}); a resource without the first two is never replaced or deleted, whatever its
 * name: the tool takes away only what it put in place, and one user's heal or {@code down} leaves
 * another's run in the same namespace alone.
 *
 * <p>Each chaos created here is recorded in the state directory's {@link ChangeJournal} before it is
 * created, and taken out once its delete is done (gone past its finalizer), so that {@code down}
 * deletes what the tool left on a cluster it did not start, by kind and name, and nothing else.
 */
final class ChaosMesh {

    /** The Chaos Mesh release whose CRDs the model is generated from and k8s/README.md installs. */
    static final String RELEASE = "2.8.3";
    static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    static final String US = "supply-chaos";
    /** Which state directory created a chaos (Kubernetes' recommended instance label). */
    static final String INSTANCE = "app.kubernetes.io/instance";
    /** The instance of a backend that records nothing (tests without a state directory). */
    static final String UNRECORDED = "supply-chaos-unrecorded";
    /** Which fault on which broker and link a chaos is: one of ours per place at a time. */
    static final String PLACE = "supply-chaos/place";
    static final String RECORDS_FINALIZER = "chaos-mesh/records";
    static final String API_VERSION = "chaos-mesh.org/v1alpha1";

    static final List<Class<? extends CustomResource<?, ?>>> KINDS = List.of(NetworkChaos.class, PodChaos.class);

    private final KubernetesClient client;
    private final String namespace;
    private final KubernetesTimeouts timeouts;
    private final ChangeJournal journal;
    private final String instance;

    /** @param journal where what is created is recorded until deleted, for {@code down}; null: not recorded */
    ChaosMesh(KubernetesClient client, String namespace, KubernetesTimeouts timeouts, ChangeJournal journal) {
        this.client = client;
        this.namespace = namespace;
        this.timeouts = timeouts;
        this.journal = journal;
        this.instance = journal == null ? UNRECORDED : journal.owner();
    }

    /** The kind of ours a journal names ("NetworkChaos", "PodChaos"). */
    static Class<? extends CustomResource<?, ?>> kind(String kind) {
        return KINDS.stream().filter(k -> HasMetadata.getKind(k).equals(kind)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a Chaos Mesh resource of the tool's: " + kind));
    }

    private ChangeJournal.Resource journalled(Class<? extends HasMetadata> kind, String name) {
        return new ChangeJournal.Resource(HasMetadata.getKind(kind), namespace, name);
    }

    /** Our metadata on a new chaos: name, namespace, the managed-by and instance labels and its place. */
    <T extends CustomResource<?, ?>> T ours(T chaos, String name, String place) {
        chaos.getMetadata().setName(name);
        chaos.getMetadata().setNamespace(namespace);
        chaos.getMetadata().setLabels(new TreeMap<>(Map.of(MANAGED_BY, US, INSTANCE, instance, PLACE, place)));
        return chaos;
    }

    /** Made by supply-chaos, whichever state directory made it. */
    static boolean madeByTheTool(HasMetadata resource) {
        return resource != null && resource.getMetadata().getLabels() != null
                && US.equals(resource.getMetadata().getLabels().get(MANAGED_BY));
    }

    /** Made by supply-chaos from this state directory: the only ones it replaces or deletes. */
    boolean ours(HasMetadata resource) {
        return madeByTheTool(resource) && instance.equals(resource.getMetadata().getLabels().get(INSTANCE));
    }

    @SuppressWarnings("unchecked")
    private static <T extends HasMetadata> Class<T> kindOf(T resource) {
        return (Class<T>) resource.getClass();
    }

    private <T extends HasMetadata> T fetch(Class<T> kind, String name) {
        return client.resources(kind).inNamespace(namespace).withName(name).get();
    }

    /** The resource of ours by that name, null when there is none (or only someone else's). */
    <T extends HasMetadata> T get(Class<T> kind, String name) {
        T found = fetch(kind, name);
        return ours(found) ? found : null;
    }

    /** Ours of that kind at {@code place}, whatever their names. */
    <T extends HasMetadata> List<T> at(Class<T> kind, String place) {
        return client.resources(kind).inNamespace(namespace).withLabel(MANAGED_BY, US).withLabel(INSTANCE, instance).withLabel(PLACE, place).list().getItems()
                .stream().filter(this::ours).toList();
    }

    /**
     * Puts {@code chaos} in place and returns when Chaos Mesh reports it injected on every target,
     * with the time it took effect. Ours of the same name that is not being deleted is already in
     * place (the name carries the parameters): nothing is changed. Ours at the same place with other
     * parameters is deleted and awaited gone first. Refuses to touch a resource that is not ours.
     *
     * @throws Poll.PollTimeoutException when a delete or the injection is not done in time, naming the chaos's last conditions
     */
    <T extends CustomResource<?, ?>> Instant apply(T chaos) {
        Class<T> kind = kindOf(chaos);
        String name = chaos.getMetadata().getName();
        T existing = fetch(kind, name);
        if (existing != null && !madeByTheTool(existing)) {
            throw new IllegalStateException(chaos.getKind() + " " + name + " in namespace " + namespace
                    + " exists and is not labelled " + MANAGED_BY + "=" + US + ": the tool does not replace it");
        }
        if (existing != null && !ours(existing)) {
            throw new IllegalStateException(chaos.getKind() + " " + name + " in namespace " + namespace
                    + " was made by another supply-chaos state directory (" + INSTANCE + "="
                    + existing.getMetadata().getLabels().get(INSTANCE) + ", this one is " + instance
                    + "): heal it from there; the tool does not replace it");
        }
        if (existing != null && existing.getMetadata().getDeletionTimestamp() == null) {
            return awaitInjected(kind, name);
        }
        for (T other : at(kind, chaos.getMetadata().getLabels().get(PLACE))) {
            if (!other.getMetadata().getName().equals(name)) {
                delete(kind, other.getMetadata().getName());
            }
        }
        if (existing != null) {
            // ours, being deleted: a create would be refused (or, once gone, race the finalizer)
            awaitGone(kind, name);
        }
        // recorded first: a chaos that exists is never one down does not know of
        if (journal != null) {
            journal.created(journalled(kind, name));
        }
        client.resources(kind).inNamespace(namespace).resource(chaos).create();
        return awaitInjected(kind, name);
    }

    /**
     * What a delete did.
     *
     * @param existed     whether there was one of ours to delete
     * @param recoveredAt when Chaos Mesh recovered its last target, by the latest successful Recover
     *                    event of its records as its last state before it went had them; empty when
     *                    there was none to delete, or its status showed no recovery
     */
    record Deleted(boolean existed, Optional<Instant> recoveredAt) {
        static final Deleted NONE = new Deleted(false, Optional.empty());
    }

    /**
     * Deletes ours by that name and waits until Chaos Mesh let it go; nothing when it is gone already
     * or is not ours. Either way it is out of the journal once done; a delete not done in time leaves
     * it there, for {@code down}. The chaos is watched from before the delete until it is gone, so its
     * last state (the one the API server's DELETED event carries, after Chaos Mesh wrote its Recover
     * events and removed its finalizer) is read, however briefly it lasted between two looks.
     */
    <T extends HasMetadata> Deleted delete(Class<T> kind, String name) {
        if (get(kind, name) == null) {
            forget(kind, name);
            return Deleted.NONE;
        }
        AtomicReference<T> last = new AtomicReference<>();
        CountDownLatch deleted = new CountDownLatch(1);
        Watch watch = watch(kind, name, last, deleted);
        try {
            client.resources(kind).inNamespace(namespace).withName(name).delete();
            awaitGone(kind, name);
            if (watch != null) {
                // the DELETED event may reach us just after the API server stopped serving it
                deleted.await(timeouts.interval().multipliedBy(4).toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (watch != null) {
                watch.close();
            }
        }
        forget(kind, name);
        T seen = last.get();
        return new Deleted(true, seen == null ? Optional.empty() : ChaosStatus.of(seen).lastRecovered());
    }

    /**
     * {@link #delete} for {@code down}, which says which of the three it was: deleted, gone already,
     * or left because it no longer carries this state directory's labels. Out of the journal either way.
     */
    <T extends HasMetadata> Deletion deleteRecorded(Class<T> kind, String name) {
        T found = fetch(kind, name);
        Deletion deletion = found == null ? Deletion.GONE : ours(found) ? Deletion.DELETED : Deletion.NOT_OURS;
        if (deletion == Deletion.DELETED) {
            client.resources(kind).inNamespace(namespace).withName(name).delete();
            awaitGone(kind, name);
        }
        forget(kind, name);
        return deletion;
    }

    /** Out of the journal: gone, or no longer the tool's to delete. */
    private void forget(Class<? extends HasMetadata> kind, String name) {
        if (journal != null) {
            journal.removed(journalled(kind, name));
        }
    }

    /** Deletes every NetworkChaos and PodChaos of ours in the namespace, then waits until all are gone; returns them. */
    List<String> deleteAllOurs() {
        List<String> deleted = new ArrayList<>();
        List<Runnable> waits = new ArrayList<>();
        for (Class<? extends CustomResource<?, ?>> kind : KINDS) {
            for (HasMetadata resource : client.resources(kind).inNamespace(namespace).withLabel(MANAGED_BY, US).withLabel(INSTANCE, instance).list().getItems()) {
                // the label selector already filters; the check keeps the rule in one place
                if (ours(resource)) {
                    String name = resource.getMetadata().getName();
                    client.resources(kind).inNamespace(namespace).withName(name).delete();
                    deleted.add(resource.getKind() + " " + name);
                    waits.add(() -> {
                        awaitGone(kind, name);
                        forget(kind, name);
                    });
                }
            }
        }
        waits.forEach(Runnable::run);
        return deleted;
    }

    /**
     * Watches one chaos, keeping the last state seen; null when the API server will not watch it for
     * us (the account may delete but not watch): the delete goes on, without the chaos's own time.
     */
    private <T extends HasMetadata> Watch watch(Class<T> kind, String name, AtomicReference<T> last, CountDownLatch deleted) {
        try {
            return client.resources(kind).inNamespace(namespace).withName(name).watch(new Watcher<T>() {
                @Override
                public void eventReceived(Action action, T resource) {
                    if (resource != null) {
                        last.set(resource);
                    }
                    if (action == Action.DELETED) {
                        deleted.countDown();
                    }
                }

                @Override
                public void onClose(WatcherException cause) {
                    deleted.countDown();
                }
            });
        } catch (KubernetesClientException e) {
            return null;
        }
    }

    private <T extends HasMetadata> void awaitGone(Class<T> kind, String name) {
        Poll.require(HasMetadata.getKind(kind) + " " + name + " in namespace " + namespace + " to be gone (Chaos Mesh recovers"
                + " its targets, then removes its finalizer " + RECORDS_FINALIZER + ")", timeouts.chaosGone(), timeouts.interval(),
                () -> fetch(kind, name) == null);
    }

    /** Waits for {@code AllInjected}; the time it took effect is the latest successful Apply of its records. */
    private <T extends HasMetadata> Instant awaitInjected(Class<T> kind, String name) {
        String what = HasMetadata.getKind(kind) + " " + name + " in namespace " + namespace + " to be injected (condition AllInjected True)";
        Optional<ChaosStatus> status = Poll.value(timeouts.chaosInjected(), timeouts.interval(), () -> {
            T now = fetch(kind, name);
            if (now == null) {
                throw new Poll.Abort(what + ": it was deleted by someone else");
            }
            ChaosStatus read = ChaosStatus.of(now);
            return read.condition("AllInjected").filter("True"::equals).isPresent() ? read : null;
        });
        if (status.isEmpty()) {
            T last = fetch(kind, name);
            throw new Poll.PollTimeoutException("timed out after " + Timeouts.describe(timeouts.chaosInjected())
                    + " waiting for " + what + "; its status: " + (last == null ? "gone" : ChaosStatus.of(last).describe()), null);
        }
        return status.get().lastApplied().orElseGet(Instant::now);
    }

    String namespace() {
        return Objects.requireNonNull(namespace);
    }

    /**
     * What Chaos Mesh reports of a chaos, either kind: its conditions and its records' events (each
     * kind has its own generated status classes of the same shape).
     */
    record ChaosStatus(Map<String, String> conditions, List<Event> events) {

        record Event(String type, String operation, Instant at, String message) {
        }

        static ChaosStatus of(HasMetadata chaos) {
            Map<String, String> conditions = new TreeMap<>();
            List<Event> events = new ArrayList<>();
            if (chaos instanceof NetworkChaos network && network.getStatus() != null) {
                Optional.ofNullable(network.getStatus().getConditions()).orElse(List.of())
                        .forEach(c -> conditions.put(c.getType(), c.getStatus()));
                if (network.getStatus().getExperiment() != null) {
                    Optional.ofNullable(network.getStatus().getExperiment().getContainerRecords()).orElse(List.of()).stream()
                            .flatMap(r -> Optional.ofNullable(r.getEvents()).orElse(List.of()).stream())
                            .forEach(e -> events.add(new Event(e.getType(), e.getOperation(), instant(e.getTimestamp()), e.getMessage())));
                }
            } else if (chaos instanceof PodChaos pod && pod.getStatus() != null) {
                Optional.ofNullable(pod.getStatus().getConditions()).orElse(List.of())
                        .forEach(c -> conditions.put(c.getType(), c.getStatus()));
                if (pod.getStatus().getExperiment() != null) {
                    Optional.ofNullable(pod.getStatus().getExperiment().getContainerRecords()).orElse(List.of()).stream()
                            .flatMap(r -> Optional.ofNullable(r.getEvents()).orElse(List.of()).stream())
                            .forEach(e -> events.add(new Event(e.getType(), e.getOperation(), instant(e.getTimestamp()), e.getMessage())));
                }
            }
            return new ChaosStatus(conditions, events);
        }

        private static Instant instant(ZonedDateTime timestamp) {
            return timestamp == null ? null : timestamp.toInstant();
        }

        Optional<String> condition(String type) {
            return Optional.ofNullable(conditions.get(type));
        }

        /** When the last target was injected: the latest successful Apply. */
        Optional<Instant> lastApplied() {
            return latest("Apply");
        }

        /** When the last target was recovered: the latest successful Recover. */
        Optional<Instant> lastRecovered() {
            return latest("Recover");
        }

        private Optional<Instant> latest(String operation) {
            return events.stream().filter(e -> "Succeeded".equals(e.type()) && operation.equals(e.operation()) && e.at() != null)
                    .map(Event::at).max(Comparator.naturalOrder());
        }

        String describe() {
            String failures = events.stream().filter(e -> "Failed".equals(e.type()))
                    .map(e -> e.operation() + ": " + e.message()).reduce((a, b) -> b).map(last -> "; last failure " + last).orElse("");
            return (conditions.isEmpty() ? "no conditions yet" : "conditions " + conditions) + failures;
        }
    }
}
