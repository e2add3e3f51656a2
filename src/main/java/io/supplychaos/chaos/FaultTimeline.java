package io.supplychaos.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent.FaultSource;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.result.FaultLabel;
import io.supplychaos.result.RunResult;
import io.supplychaos.time.Poll;
import io.supplychaos.time.Timeouts;

/**
 * A run's faults, as they happen: plays the scenario's fault schedule (each fault injected at its
 * start, healed after its duration, through {@link FaultActions}), picks up faults injected or
 * healed from other terminals through the {@link FaultEventLog}, and records every injection, heal
 * and failure as a {@link HistoryEvent.Fault}. A scheduled fault that cannot be bound or injected
 * is recorded FAILED with the error. Every fault gets an id ("f1", "f2", ... per run) and every
 * HEALED event names the ids it ends, so the report pairs them without guessing. Repairs end what
 * they repair, as the repair's fault file says ({@link FaultType#ends}): a start or resume of a
 * broker ends the kill, stop or pause of that broker (known from the action, never parsed out of
 * text), a heal every link fault and pause.
 *
 * <p>Writes the schedule's own injections and heals to the event log too, so that {@code status}
 * in another terminal sees them. {@link #recover} is the run's heal phase; {@link #close} is its
 * teardown: scheduled faults not yet begun are cancelled and actions in flight are awaited (bounded)
 * before anything is stopped. Each fault runs on its own thread, so a slow inject (a broker start
 * under load) delays no other fault.
 */
public final class FaultTimeline implements AutoCloseable {

    /** How often the event log is read for faults from other terminals. */
    static final Duration JOURNAL_POLL = Duration.ofSeconds(1);

    /**
     * A lasting fault in place now.
     *
     * @param id        its id in the run's history
     * @param journalId its id in the event log, where its heal names it
     */
    private record Active(String id, FaultType type, String target, String detail, FaultSource source,
                          OptionalInt brokerId, FaultAction action, Duration duration, long injectedAt, String journalId) {

        FaultPlace place() {
            return new FaultPlace(brokerId.isPresent() ? brokerId.getAsInt() : null, target);
        }
    }

    private final List<FaultSpec> schedule;
    /**
     * Per scheduled fault (same index), completed when its planned action is over: its heal ran (a
     * fault with a duration), its inject returned (an instantaneous one), or it failed or was
     * cancelled. The faults after it in the timetable wait for it ({@link #awaitPlannedBefore}).
     */
    private final List<CompletableFuture<Void>> plannedEnds;
    /** The planned end of each scheduled fault injected with a duration, by fault id: its heal completes it. */
    private final Map<String, CompletableFuture<Void>> plannedEndsById = new ConcurrentHashMap<>();
    /** Counts down as each fault scheduled at 0 s has been injected or has failed. */
    private final CountDownLatch atStart;
    private final FaultActions actions;
    private final FaultEventLog journal;
    private final HistoryLog history;
    private final Consumer<String> out;
    private final ScheduledThreadPoolExecutor executor;
    private final Map<String, Active> active = new LinkedHashMap<>();
    /** A scheduled fault: it either begins or is cancelled, never both (a running task can still be "cancelled"). */
    private static final class Pending {
        static final int WAITING = 0;
        static final int BEGUN = 1;
        static final int CANCELLED = 2;
        final int index;
        final FaultSpec spec;
        final AtomicInteger state = new AtomicInteger(WAITING);

        Pending(int index, FaultSpec spec) {
            this.index = index;
            this.spec = spec;
        }
    }

    private final Map<ScheduledFuture<?>, Pending> pendingInjects = new LinkedHashMap<>();
    private final List<Future<?>> tasks = new ArrayList<>();
    /** Scheduled injects begun whose outcome (INJECTED or FAILED) is not recorded yet, by fault id. */
    private final Map<String, FaultSpec> injecting = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    /** Scheduled heals running now (their fault has left {@link #active} and is not yet back). */
    private final AtomicInteger healingNow = new AtomicInteger();
    /** When the last fault ended (its HEALED event's time); 0 before any did. */
    private final AtomicLong lastEnded = new AtomicLong();
    /** The run's fault ids of the faults other terminals journalled, by their journal id. */
    private final Map<String, String> foreignIds = new ConcurrentHashMap<>();
    private long journalPosition;

    /**
     * @param out one line per fault event, for the console
     */
    public FaultTimeline(List<FaultSpec> schedule, FaultActions actions, FaultEventLog journal, HistoryLog history,
                         Consumer<String> out) {
        this.schedule = List.copyOf(schedule);
        this.plannedEnds = this.schedule.stream().map(fault -> new CompletableFuture<Void>()).toList();
        this.atStart = new CountDownLatch((int) this.schedule.stream().filter(fault -> fault.start().isZero()).count());
        this.actions = actions;
        this.journal = journal;
        this.history = history;
        this.out = out;
        this.executor = new ScheduledThreadPoolExecutor(2 + 2 * schedule.size(), runnable -> {
            Thread thread = new Thread(runnable, "fault-timeline");
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
        executor.setRemoveOnCancelPolicy(true);
        this.journalPosition = journal.position();
    }

    /** Starts following the event log for faults from other terminals (from its end now). */
    public void followJournal() {
        executor.scheduleWithFixedDelay(this::readJournal, JOURNAL_POLL.toMillis(), JOURNAL_POLL.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Starts the schedule: each fault's {@code at} counts from now (the measured phase's start). */
    public void startSchedule() {
        synchronized (pendingInjects) {
            for (int i = 0; i < schedule.size(); i++) {
                int index = i;
                FaultSpec fault = schedule.get(index);
                Pending pending = new Pending(index, fault);
                pendingInjects.put(executor.schedule(() -> {
                    try {
                        if (pending.state.compareAndSet(Pending.WAITING, Pending.BEGUN)) {
                            inject(index, fault);
                        }
                    } catch (RuntimeException e) {
                        // a bug of the timeline's own: recorded, never lost in the executor
                        history.append(failed(fault, nextId(), e.toString()));
                        plannedEnds.get(index).complete(null);
                    } finally {
                        if (fault.start().isZero()) {
                            atStart.countDown();
                        }
                    }
                }, fault.start().toMillis(), TimeUnit.MILLISECONDS), pending);
            }
        }
    }

    /**
     * Waits, at most {@code timeout}, until every fault scheduled at 0 s has been injected (or has
     * failed): a run then sends its first measured order under them, as {@code at: 0s} says. Each
     * inject still runs on its own thread; one slower than {@code timeout} lets the run start anyway.
     *
     * @return false when some fault at 0 s was still injecting at the deadline
     */
    public boolean awaitFaultsAtStart(Duration timeout) {
        try {
            return atStart.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Descriptions of the faults in place now, for the progress line and the time series. */
    public List<String> activeFaults() {
        synchronized (active) {
            return active.values().stream().map(Active::detail).toList();
        }
    }

    /**
     * True while a fault of the schedule that the run ends itself (one with a duration) is being
     * injected, is in place or is being healed: the silence it causes was planned, and a stall is
     * not counted through it (the workload's stall clock asks).
     */
    public boolean plannedFaultInPlace() {
        if (healingNow.get() > 0 || injecting.values().stream().anyMatch(fault -> fault.duration() != null)) {
            return true;
        }
        synchronized (active) {
            return active.values().stream()
                    .anyMatch(fault -> fault.source() == FaultSource.SCHEDULE && fault.duration() != null);
        }
    }

    /** When the last fault ended, healed or repaired (the time of its HEALED event); 0 before any did. */
    public long lastFaultEndedAt() {
        return lastEnded.get();
    }

    /** True while a broker the run killed or stopped is still down (it stays down after {@link #recover}). */
    public boolean brokerDown() {
        synchronized (active) {
            return active.values().stream().anyMatch(FaultTimeline::holdsBrokerDown);
        }
    }

    /** The ids of the brokers the run killed or stopped and that are still down. */
    public Set<Integer> brokersDown() {
        synchronized (active) {
            return active.values().stream().filter(FaultTimeline::holdsBrokerDown)
                    .filter(fault -> fault.brokerId().isPresent()).map(fault -> fault.brokerId().getAsInt())
                    .collect(Collectors.toUnmodifiableSet());
        }
    }

    private static boolean holdsBrokerDown(Active fault) {
        return fault.type().holdsBrokerDown();
    }

    /**
     * The heal phase: scheduled faults not yet begun are recorded FAILED (the run ended before their
     * time) and cancelled, actions in flight are awaited, faults with a duration are healed through
     * their own action (a killed broker with {@code for:} is started again), then {@code heal} removes
     * every toxic and resumes every paused broker. A broker the scenario killed for good stays down.
     *
     * A scheduled fault still injecting at the deadline is recorded FAILED (the run is judged without
     * it); a heal that throws is rethrown, for the run to end as ERROR.
     *
     * @return false when this did not finish within {@code timeout} (what was begun goes on, and
     *         {@link #close} awaits it)
     */
    public boolean recover(Duration timeout) {
        cancelPendingInjects("not injected: the run's workload ended before its start time");
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!awaitInFlight(timeout)) {
            // the run is judged now: a fault still injecting was not tested, and must not vanish from the history
            failUnfinished("still injecting at the heal deadline (" + Timeouts.describe(timeout)
                    + "): the run was judged without it");
            return false;
        }
        Future<?> healing = submit(() -> {
            List<Active> timed;
            synchronized (active) {
                timed = active.values().stream().filter(fault -> fault.action() != null && fault.duration() != null)
                        .toList();
            }
            timed.forEach(fault -> heal(fault.id()));
            healAll();
        });
        try {
            healing.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            out.accept("heal failed: " + e.getCause().getMessage());
            throw new IllegalStateException("heal failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Teardown: cancels every scheduled fault not yet begun (recorded FAILED when the run never got
     * to it) and awaits the actions in flight for at most {@code grace}, so that nothing is stopped
     * under a fault action still running; then stops the timeline's threads.
     */
    public void close(Duration grace) {
        cancelPendingInjects("not injected: the run was torn down before its start time");
        // nothing that still waits for a planned end waits past the teardown
        plannedEnds.forEach(end -> end.complete(null));
        executor.shutdown();
        try {
            if (!executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                out.accept("fault actions still running after " + grace.toSeconds() + " s: interrupted");
                executor.shutdownNow();
                executor.awaitTermination(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(10));
    }

    /** Waits for the injects and heals running now; true when none is left. */
    boolean awaitInFlight(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Future<?>> running;
            synchronized (tasks) {
                tasks.removeIf(Future::isDone);
                // a heal whose time has not come is not in flight: recover() heals it itself
                running = tasks.stream().filter(task -> !(task instanceof ScheduledFuture<?> timed)
                        || timed.getDelay(TimeUnit.MILLISECONDS) <= 0).toList();
            }
            if (running.isEmpty()) {
                return true;
            }
            try {
                running.get(0).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException | CancellationException e) {
                // recorded by the task itself
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** Records FAILED, with {@code why}, for every scheduled inject begun and not finished. */
    private void failUnfinished(String why) {
        for (String id : List.copyOf(injecting.keySet())) {
            FaultSpec fault = injecting.remove(id);
            if (fault != null) {
                history.append(failed(fault, id, why));
                out.accept("fault " + fault.describe() + " " + why);
            }
        }
    }

    private void cancelPendingInjects(String why) {
        Map<ScheduledFuture<?>, Pending> pending;
        synchronized (pendingInjects) {
            pending = new LinkedHashMap<>(pendingInjects);
            pendingInjects.clear();
        }
        for (Map.Entry<ScheduledFuture<?>, Pending> entry : pending.entrySet()) {
            FaultSpec fault = entry.getValue().spec;
            if (!entry.getValue().state.compareAndSet(Pending.WAITING, Pending.CANCELLED)) {
                // begun: it goes on, and recover() and close() wait for it
                synchronized (tasks) {
                    tasks.add(entry.getKey());
                }
            } else {
                entry.getKey().cancel(false);
                plannedEnds.get(entry.getValue().index).complete(null);
                history.append(failed(fault, nextId(), why));
                out.accept("fault " + fault.describe() + " " + why);
            }
        }
    }

    private Future<?> submit(Runnable task) {
        Future<?> future = executor.submit(task);
        synchronized (tasks) {
            tasks.add(future);
        }
        return future;
    }

    private void inject(int index, FaultSpec fault) {
        awaitPlannedBefore(index);
        CompletableFuture<Void> plannedEnd = plannedEnds.get(index);
        boolean healScheduled = false;
        try {
            healScheduled = inject(fault, plannedEnd);
        } finally {
            // a fault with a duration ends when its heal has run; every other when its inject returned
            if (!healScheduled) {
                plannedEnd.complete(null);
            }
        }
    }

    /** Injects and records one scheduled fault; true when its heal is scheduled (its planned end completes then). */
    private boolean inject(FaultSpec fault, CompletableFuture<Void> plannedEnd) {
        long begun = System.currentTimeMillis();
        String id = nextId();
        injecting.put(id, fault);
        FaultAction action;
        try {
            action = actions.bind(fault);
            out.accept("fault: " + FaultLabel.of(fault.type().cliName(), target(fault), action.describe()));
            action.inject();
        } catch (RuntimeException e) {
            String error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            out.accept("fault " + fault.describe() + " could not be injected: " + error);
            if (injecting.remove(id) != null) {
                history.append(failed(fault, id, error));
            }
            return false;
        }
        boolean recorded = injecting.remove(id) == null;
        long done = System.currentTimeMillis();
        // the environment's own time of the injection where it reports one (Chaos Mesh's status), else when inject began
        long at = action.tookEffectAt().orElse(begun);
        if (done - begun > 1000) {
            out.accept(String.format("fault: %s took %.1f s", action.describe(), (done - begun) / 1000.0));
        }
        String journalId = FaultEventLog.newId();
        Integer broker = action.brokerId().isPresent() ? action.brokerId().getAsInt() : null;
        // recorded and made active in one step: a repair running at the same moment sees both or neither
        synchronized (active) {
            if (!recorded) {
                history.append(new HistoryEvent.Fault(FaultPhase.INJECTED, fault.type().cliName(), target(fault),
                        action.describe(), FaultSource.SCHEDULE, null, at, id, null));
            }
            if (!fault.type().isInstantaneous()) {
                active.put(id, new Active(id, fault.type(), target(fault), action.describe(), FaultSource.SCHEDULE,
                        action.brokerId(), action, fault.duration(), at, journalId));
            }
        }
        appendJournal(new FaultEventLog.Entry(at, FaultEventLog.Entry.INJECT, fault.type().cliName(), target(fault),
                action.describe(), FaultEventLog.Entry.SCHEDULE, broker, journalId, null));
        if (fault.type().isInstantaneous()) {
            if (fault.type().isRepair()) {
                endRepaired(fault.type(), new FaultPlace(broker, target(fault)), done);
            }
            return false;
        }
        if (fault.duration() != null) {
            plannedEndsById.put(id, plannedEnd);
            synchronized (tasks) {
                tasks.add(executor.schedule(() -> heal(id), fault.duration().toMillis(), TimeUnit.MILLISECONDS));
            }
            return true;
        }
        return false;
    }

    /**
     * A scheduled fault begins after every action the timetable puts before it has finished: the
     * heal of each fault whose duration ends by its start, and each instantaneous fault (a restart,
     * a power loss, a start) timed before it. A heal or restart is not instant: restarting a killed
     * broker took 6 to 18 s on this machine under load, and a kill for 4 s every 10 s then brought
     * the next kill while the last broker was still starting, two brokers down at once (a repeating
     * schedule's {@code maxDown} broken). A delay carries on down the timetable: a kill held back by
     * a slow restart is healed its duration after it began, and the kill planned after that heal
     * waits for it too. At most {@link Timeouts#DUE_HEALS} in all, and the console says so.
     */
    private void awaitPlannedBefore(int index) {
        List<CompletableFuture<Void>> before = new ArrayList<>();
        for (int other = 0; other < schedule.size(); other++) {
            if (other != index && plannedBefore(other, index) && !plannedEnds.get(other).isDone()) {
                before.add(plannedEnds.get(other));
            }
        }
        if (before.isEmpty()) {
            return;
        }
        long from = System.nanoTime();
        boolean finished;
        try {
            CompletableFuture.allOf(before.toArray(CompletableFuture[]::new))
                    .get(Timeouts.DUE_HEALS.toMillis(), TimeUnit.MILLISECONDS);
            finished = true;
        } catch (TimeoutException | ExecutionException e) {
            finished = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        double waited = (System.nanoTime() - from) / 1e9;
        out.accept(String.format("fault %s waited %.1f s for %d fault action%s planned to finish before it%s",
                schedule.get(index).describe(), waited, before.size(), before.size() == 1 ? "" : "s",
                finished ? "" : ", and begins with some still running"));
    }

    /**
     * Whether scheduled fault {@code first}'s action is planned to be over before {@code then}
     * begins: its planned end (start plus duration; the start of an instantaneous fault) comes
     * earlier, or at the same time and earlier in the scenario. A lasting fault without a duration
     * has no planned end. The order is acyclic: a chain of waits back to itself would need every
     * fault in it at one instant with each earlier in the scenario than the one before.
     */
    private boolean plannedBefore(int first, int then) {
        FaultSpec fault = schedule.get(first);
        Duration end;
        if (fault.type().isInstantaneous()) {
            end = fault.start();
        } else if (fault.duration() != null) {
            end = fault.start().plus(fault.duration());
        } else {
            return false;
        }
        int order = end.compareTo(schedule.get(then).start());
        return order < 0 || order == 0 && first < then;
    }

    /** Heals one scheduled fault through its own action (nothing when it already ended). */
    private void heal(String id) {
        healingNow.incrementAndGet();
        try {
            healNow(id);
        } finally {
            healingNow.decrementAndGet();
            CompletableFuture<Void> plannedEnd = plannedEndsById.remove(id);
            if (plannedEnd != null) {
                plannedEnd.complete(null);
            }
        }
    }

    private void healNow(String id) {
        Active fault;
        synchronized (active) {
            fault = active.remove(id);
        }
        if (fault == null) {
            return;
        }
        try {
            fault.action().heal();
        } catch (RuntimeException e) {
            if (supersededAppRestart(fault)) {
                // the heal started the instance; a later fault on the same instance ended that life, as scheduled
                history.append(healed(fault, System.currentTimeMillis()));
                out.accept("healed: " + fault.detail() + " (restarted; a later fault on " + fault.target()
                        + " ended it before it was ready)");
                return;
            }
            String error = RunResult.FaultEvent.HEAL_FAILED + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            out.accept(fault.detail() + ": " + error);
            history.append(new HistoryEvent.Fault(FaultPhase.FAILED, fault.type().cliName(), fault.target(),
                    fault.detail(), fault.source(), error, System.currentTimeMillis(), fault.id(), null));
            return;
        }
        // the environment's own time of the heal where it reports one (Chaos Mesh's status), else when heal returned
        // the journal's line first: whoever sees the HEALED event finds the line too
        long now = fault.action().undoneAt().orElse(System.currentTimeMillis());
        appendJournal(new FaultEventLog.Entry(now, FaultEventLog.Entry.HEAL, fault.type().cliName(), fault.target(),
                fault.detail(), FaultEventLog.Entry.SCHEDULE, fault.place().brokerId(), null, fault.journalId()));
        history.append(healed(fault, now));
        out.accept("healed: " + fault.detail());
    }

    /**
     * True when the heal of a lasting app fault (a kill or stop, healed by starting the instance)
     * failed because another app fault on the same instance was injected after it (the started
     * instance was killed or stopped again while it was starting).
     */
    private boolean supersededAppRestart(Active fault) {
        if (fault.type().kind() != FaultType.Kind.APP) {
            return false;
        }
        return history.events().stream().filter(HistoryEvent.Fault.class::isInstance).map(HistoryEvent.Fault.class::cast)
                .anyMatch(other -> other.phase() == FaultPhase.INJECTED && other.at() > fault.injectedAt()
                        && Objects.equals(other.target(), fault.target())
                        && FaultType.byCliName(other.action())
                                .map(type -> type.kind() == FaultType.Kind.APP && !type.isRepair()).orElse(false));
    }

    /** {@code heal}: the tool's toxics removed, the env's proxies enabled, every paused broker resumed; the faults it undoes end. */
    private void healAll() {
        FaultAction heal = actions.bind(new FaultSpec(FaultType.HEAL, null, Map.of(), Duration.ZERO, null));
        heal.inject();
        long now = System.currentTimeMillis();
        endRepaired(FaultType.HEAL, new FaultPlace(null, null), now);
    }

    /** Ends the lasting faults {@code repair}, injected at {@code place}, undoes: a HEALED event each. */
    private void endRepaired(FaultType repair, FaultPlace place, long at) {
        List<Active> ended;
        synchronized (active) {
            ended = takeRepaired(repair, place);
            for (Active fault : ended) {
                history.append(healed(fault, at));
            }
        }
        ended.forEach(fault -> out.accept("ended by " + repair.cliName() + ": " + fault.detail()));
    }

    /** Removes from the faults in place those {@code repair} at {@code place} ends (its file's relation); the caller holds the lock. */
    private List<Active> takeRepaired(FaultType repair, FaultPlace place) {
        List<Active> ended = new ArrayList<>();
        active.values().removeIf(fault -> {
            boolean repaired = repair.ends(fault.type(), place, fault.place());
            if (repaired) {
                ended.add(fault);
            }
            return repaired;
        });
        return ended;
    }

    /** Faults injected or healed by CLI verbs in other terminals since the last read. */
    void readJournal() {
        try {
            FaultEventLog.Read read = journal.readFrom(journalPosition);
            journalPosition = read.next();
            read.warnings().forEach(out);
            read.entries().stream().filter(entry -> !FaultEventLog.Entry.SCHEDULE.equals(entry.source()))
                    .forEach(this::recordForeign);
        } catch (RuntimeException e) {
            // an unreadable line in the journal must not stop the run; the next read tries again
            out.accept("cannot read the fault event log " + journal.file() + ": " + e.getMessage());
        }
    }

    private void recordForeign(FaultEventLog.Entry entry) {
        FaultType type = FaultType.byCliName(entry.action()).orElse(null);
        boolean inject = FaultEventLog.Entry.INJECT.equals(entry.phase());
        if (inject) {
            String id = nextId();
            synchronized (active) {
                history.append(new HistoryEvent.Fault(FaultPhase.INJECTED, entry.action(), entry.target(), entry.detail(),
                        FaultSource.CLI, null, entry.at(), id, null));
                if (entry.id() != null) {
                    foreignIds.put(entry.id(), id);
                }
                if (type != null && !type.isInstantaneous()) {
                    OptionalInt broker = entry.brokerId() == null ? OptionalInt.empty() : OptionalInt.of(entry.brokerId());
                    active.put(id, new Active(id, type, entry.target(), entry.detail(), FaultSource.CLI, broker, null, null,
                            entry.at(), entry.id()));
                }
            }
            if (type != null && type.isRepair()) {
                endRepaired(type, entry.place(), entry.at());
            }
        } else if (type == FaultType.HEAL) {
            // the heal verb, journalled as a heal: one event, naming every fault it ends
            List<Active> ended;
            synchronized (active) {
                ended = takeRepaired(type, entry.place());
                history.append(ended(new HistoryEvent.Fault(FaultPhase.HEALED, entry.action(), entry.target(),
                        entry.detail(), FaultSource.CLI, null, entry.at(), null, ended.stream().map(Active::id).toList())));
            }
            ended.forEach(fault -> out.accept("ended by " + type.cliName() + ": " + fault.detail()));
        } else {
            // a CLI fault held with --for healed itself: it ends the same fault, named by its inject's id
            // (by its detail in lines written before faults had ids)
            synchronized (active) {
                Active ended = entry.ends() != null ? active.remove(foreignIds.getOrDefault(entry.ends(), ""))
                        : active.values().stream().filter(fault -> fault.source() == FaultSource.CLI
                                && Objects.equals(fault.detail(), entry.detail())).findFirst()
                                .map(fault -> active.remove(fault.id())).orElse(null);
                history.append(ended(new HistoryEvent.Fault(FaultPhase.HEALED, entry.action(), entry.target(),
                        entry.detail(), FaultSource.CLI, null, entry.at(), null,
                        ended == null ? List.of() : List.of(ended.id()))));
            }
        }
    }

    private void appendJournal(FaultEventLog.Entry entry) {
        try {
            journal.append(entry);
        } catch (RuntimeException e) {
            out.accept("cannot write the fault event log: " + e.getMessage());
        }
    }

    /** A new fault id of this run: "f1", "f2", ... */
    private String nextId() {
        return "f" + ids.incrementAndGet();
    }

    private static HistoryEvent.Fault failed(FaultSpec fault, String id, String error) {
        return new HistoryEvent.Fault(FaultPhase.FAILED, fault.type().cliName(), target(fault), fault.describe(),
                FaultSource.SCHEDULE, error, System.currentTimeMillis(), id, null);
    }

    /** The HEALED event of a fault that ended: it describes the fault and names its id. */
    private HistoryEvent.Fault healed(Active fault, long at) {
        return ended(new HistoryEvent.Fault(FaultPhase.HEALED, fault.type().cliName(), fault.target(), fault.detail(),
                fault.source(), null, at, null, List.of(fault.id())));
    }

    /** Notes when a fault ended, for {@link #lastFaultEndedAt}, and returns its HEALED event. */
    private HistoryEvent.Fault ended(HistoryEvent.Fault healed) {
        lastEnded.accumulateAndGet(healed.at(), Math::max);
        return healed;
    }

    private static String target(FaultSpec fault) {
        return fault.target() == null ? null : String.valueOf(fault.target());
    }
}
