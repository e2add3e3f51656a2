package io.supplychaos.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.supplychaos.history.HistoryEvent.FaultPhase;
import io.supplychaos.history.HistoryEvent;
import io.supplychaos.history.HistoryLog;
import io.supplychaos.time.Poll;

class FaultTimelineTest {

    @TempDir
    Path stateDir;

    private final HistoryLog history = new HistoryLog();
    private final List<String> done = new CopyOnWriteArrayList<>();
    private final List<String> begun = new CopyOnWriteArrayList<>();

    /** A fault action that records what it did and can be told to take its time. */
    private class FakeAction implements FaultAction {
        private final String name;
        private final OptionalInt broker;
        private final CountDownLatch release;

        FakeAction(String name, OptionalInt broker, CountDownLatch release) {
            this.name = name;
            this.broker = broker;
            this.release = release;
        }

        @Override
        public void inject() {
            begun.add(name);
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            done.add("inject " + name);
        }

        @Override
        public void heal() {
            done.add("heal " + name);
        }

        @Override
        public OptionalInt brokerId() {
            return broker;
        }

        @Override
        public String describe() {
            return name;
        }
    }

    private FaultActions actions(CountDownLatch release) {
        return spec -> switch (spec.type()) {
            case KILL_BROKER, START_BROKER -> {
                if (spec.target() != null && spec.target().kind() == FaultTarget.Kind.BROKER && spec.target().id() == 9) {
                    throw new IllegalArgumentException("no broker 9 in the env (brokers: [1, 2, 3])");
                }
                yield new FakeAction(spec.type().cliName() + " 2", OptionalInt.of(2), release);
            }
            case HEAL -> new FakeAction("heal", OptionalInt.empty(), new CountDownLatch(0));
            default -> new FakeAction(spec.type().cliName(), OptionalInt.empty(), release);
        };
    }

    private FaultTimeline timeline(List<FaultSpec> schedule, CountDownLatch release) {
        return new FaultTimeline(schedule, actions(release), new FaultEventLog(stateDir), history, line -> { });
    }

    private static FaultSpec fault(FaultType type, FaultTarget target, long atMillis, Duration duration) {
        return new FaultSpec(type, target, Map.of(), Duration.ofMillis(atMillis), duration);
    }

    private List<HistoryEvent.Fault> faults() {
        return history.events().stream().filter(HistoryEvent.Fault.class::isInstance)
                .map(HistoryEvent.Fault.class::cast).toList();
    }

    @Test
    void shouldRecordAFaultThatCannotBeBoundAsFailedWithTheError() {
        try (FaultTimeline timeline = timeline(List.of(fault(FaultType.KILL_BROKER, FaultTarget.broker(9), 0, null)),
                new CountDownLatch(0))) {
            timeline.startSchedule();

            Poll.require("the fault to be recorded", Duration.ofSeconds(5), () -> !faults().isEmpty());

            assertThat(faults()).singleElement().satisfies(fault -> {
                assertThat(fault.phase()).isEqualTo(FaultPhase.FAILED);
                assertThat(fault.error()).contains("no broker 9");
                assertThat(fault.source()).isEqualTo(HistoryEvent.FaultSource.SCHEDULE);
            });
        }
    }

    /** kill-app actions whose heal (start and wait until ready) fails: the started instance exited. */
    private FaultTimeline appKills(List<FaultSpec> schedule) {
        FaultActions actions = spec -> new FakeAction(spec.type().cliName() + " 1", OptionalInt.empty(), new CountDownLatch(0)) {
            @Override
            public void heal() {
                throw new IllegalStateException("app instance 1 exited");
            }
        };
        return new FaultTimeline(schedule, actions, new FaultEventLog(stateDir), history, line -> { });
    }

    @Test
    void shouldCountAnAppRestartEndedByALaterKillOfTheSameInstanceAsHealed() {
        try (FaultTimeline timeline = appKills(List.of(
                fault(FaultType.KILL_APP, FaultTarget.app(1), 0, Duration.ofMillis(300)),
                fault(FaultType.KILL_APP, FaultTarget.app(1), 100, null)))) {
            timeline.startSchedule();

            Poll.require("the first kill's heal", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(f -> f.phase() != FaultPhase.INJECTED));

            assertThat(faults()).extracting(HistoryEvent.Fault::phase).containsExactly(FaultPhase.INJECTED,
                    FaultPhase.INJECTED, FaultPhase.HEALED);
        }
    }

    @Test
    void shouldRecordAFailedAppRestartNothingElseExplains() {
        try (FaultTimeline timeline = appKills(List.of(fault(FaultType.KILL_APP, FaultTarget.app(1), 0, Duration.ofMillis(100))))) {
            timeline.startSchedule();

            Poll.require("the kill's heal", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(f -> f.phase() != FaultPhase.INJECTED));

            assertThat(faults()).last().satisfies(f -> {
                assertThat(f.phase()).isEqualTo(FaultPhase.FAILED);
                assertThat(f.error()).startsWith("heal failed: ").contains("exited");
            });
        }
    }

    @Test
    void shouldEndAKillWhenTheSameBrokerIsStarted() {
        try (FaultTimeline timeline = timeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.leaderOf("order-placed", 0), 0, null),
                fault(FaultType.START_BROKER, FaultTarget.killed(), 200, null)), new CountDownLatch(0))) {
            timeline.startSchedule();

            boolean ended = Poll.until(Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(fault -> fault.phase() == FaultPhase.HEALED));
            assertThat(ended).as("the start ended the kill: %s", faults()).isTrue();

            assertThat(faults()).extracting(HistoryEvent.Fault::phase, HistoryEvent.Fault::detail).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "kill-broker 2"),
                    org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "start-broker 2"),
                    org.assertj.core.groups.Tuple.tuple(FaultPhase.HEALED, "kill-broker 2"));
            assertThat(timeline.activeFaults()).isEmpty();
        }
    }

    @Test
    void shouldHaveAFaultAtZeroInPlaceBeforeTheRunSendsItsFirstOrder() {
        // given a cut at 0 s whose inject takes its time, and a delay later in the schedule
        CountDownLatch release = new CountDownLatch(1);
        try (FaultTimeline timeline = timeline(List.of(fault(FaultType.CUT, null, 0, null),
                fault(FaultType.DELAY, null, 60_000, null)), release)) {
            timeline.startSchedule();
            Poll.require("the inject to begin", Duration.ofSeconds(5), () -> begun.contains("cut"));

            // when the run waits for the faults at its start: not while the inject is still running
            assertThat(timeline.awaitFaultsAtStart(Duration.ofMillis(200))).as("still injecting").isFalse();
            release.countDown();

            // then it returns once the cut is in place, without waiting for the later fault
            assertThat(timeline.awaitFaultsAtStart(Duration.ofSeconds(5))).isTrue();
            assertThat(done).containsExactly("inject cut");
            assertThat(timeline.activeFaults()).containsExactly("cut");
        }
    }

    @Test
    void shouldNotWaitAtTheStartWhenNoFaultIsScheduledAtZero() {
        try (FaultTimeline timeline = timeline(List.of(fault(FaultType.DELAY, null, 60_000, null)),
                new CountDownLatch(0))) {
            timeline.startSchedule();

            assertThat(timeline.awaitFaultsAtStart(Duration.ZERO)).isTrue();
            assertThat(begun).isEmpty();
        }
    }

    @Test
    void shouldAwaitAnActionInFlightBeforeTheTeardownReturns() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        FaultTimeline timeline = timeline(List.of(fault(FaultType.DELAY, null, 0, null)), release);
        timeline.startSchedule();
        Poll.require("the inject to begin", Duration.ofSeconds(5), () -> begun.contains("delay"));
        Thread teardown = new Thread(() -> timeline.close(Duration.ofSeconds(5)));
        teardown.start();

        teardown.join(300);
        assertThat(teardown.isAlive()).as("the teardown waits for the inject in flight").isTrue();
        release.countDown();
        teardown.join(5_000);

        assertThat(teardown.isAlive()).isFalse();
        assertThat(done).containsExactly("inject delay");
        assertThat(faults()).extracting(HistoryEvent.Fault::phase).containsExactly(FaultPhase.INJECTED);
    }

    @Test
    void shouldRecordAFaultStillInjectingAtTheHealDeadlineAsFailed() {
        // given an inject that does not return before the heal's deadline
        CountDownLatch release = new CountDownLatch(1);
        FaultTimeline timeline = timeline(List.of(fault(FaultType.DELAY, null, 0, null)), release);
        timeline.startSchedule();
        Poll.require("the inject to begin", Duration.ofSeconds(5), () -> begun.contains("delay"));

        // when the run heals and is judged
        boolean healed = timeline.recover(Duration.ofMillis(200));
        List<HistoryEvent.Fault> judged = faults();
        release.countDown();
        timeline.close(Duration.ofSeconds(5));

        // then the history says the fault was not tested, and nothing more is added for it afterwards
        assertThat(healed).isFalse();
        assertThat(judged).singleElement().satisfies(fault -> {
            assertThat(fault.phase()).isEqualTo(FaultPhase.FAILED);
            assertThat(fault.error()).contains("still injecting at the heal deadline");
        });
        assertThat(faults()).extracting(HistoryEvent.Fault::phase).doesNotContain(FaultPhase.INJECTED);
    }

    @Test
    void shouldRecordScheduledFaultsTheRunNeverReachedAsFailed() {
        FaultTimeline timeline = timeline(List.of(fault(FaultType.DELAY, null, 60_000, null)), new CountDownLatch(0));
        timeline.startSchedule();

        timeline.close(Duration.ofSeconds(1));

        assertThat(done).isEmpty();
        assertThat(faults()).singleElement().satisfies(fault -> {
            assertThat(fault.phase()).isEqualTo(FaultPhase.FAILED);
            assertThat(fault.error()).contains("not injected");
        });
    }

    @Test
    void shouldHealTimedFaultsAndLinkFaultsButLeaveAKillForGoodInPlaceOnRecover() {
        try (FaultTimeline timeline = timeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.broker(2), 0, null),
                fault(FaultType.DELAY, null, 0, Duration.ofMinutes(5))), new CountDownLatch(0))) {
            timeline.startSchedule();
            Poll.require("both faults injected", Duration.ofSeconds(5), () -> timeline.activeFaults().size() == 2);

            assertThat(timeline.recover(Duration.ofSeconds(5))).isTrue();

            assertThat(done).contains("heal delay").doesNotContain("heal kill-broker 2");
            assertThat(timeline.activeFaults()).containsExactly("kill-broker 2");
            assertThat(timeline.brokerDown()).isTrue();
            assertThat(timeline.brokersDown()).as("the broker held down, by id").containsExactly(2);
            assertThat(faults()).filteredOn(fault -> fault.phase() == FaultPhase.HEALED)
                    .extracting(HistoryEvent.Fault::detail).containsExactly("delay");
        }
    }

    @Test
    void givenABadLineInTheJournal_whenTheRunReadsIt_thenItWarnsOnceAndStillPicksUpTheFaultsAfterIt() throws Exception {
        FaultEventLog journal = new FaultEventLog(stateDir);
        List<String> said = new java.util.ArrayList<>();
        try (FaultTimeline timeline = new FaultTimeline(List.of(), actions(new CountDownLatch(0)), journal, history, said::add)) {
            java.nio.file.Files.writeString(journal.file(), "not json\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            journal.append(new FaultEventLog.Entry(42, FaultEventLog.Entry.INJECT, "pause-broker", "3", "pause-broker 3",
                    "cli", 3));

            timeline.readJournal();
            timeline.readJournal();

            assertThat(timeline.activeFaults()).containsExactly("pause-broker 3");
            assertThat(said).singleElement().asString().contains(journal.file() + ":1:");
        }
    }

    @Test
    void shouldPickUpAFaultInjectedFromAnotherTerminal() {
        FaultEventLog journal = new FaultEventLog(stateDir);
        try (FaultTimeline timeline = timeline(List.of(), new CountDownLatch(0))) {
            journal.append(new FaultEventLog.Entry(42, FaultEventLog.Entry.INJECT, "pause-broker", "3", "pause-broker 3",
                    "cli", 3));

            timeline.readJournal();

            assertThat(faults()).singleElement().satisfies(fault -> {
                assertThat(fault.phase()).isEqualTo(FaultPhase.INJECTED);
                assertThat(fault.source()).isEqualTo(HistoryEvent.FaultSource.CLI);
                assertThat(fault.at()).isEqualTo(42);
            });
            assertThat(timeline.activeFaults()).containsExactly("pause-broker 3");
        }
    }

    @Test
    void shouldGiveEveryFaultAnIdAndNameTheKillAStartEndsByIt() {
        // given a kill of a partition's leader, then a start of the broker killed last
        try (FaultTimeline timeline = timeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.leaderOf("order-placed", 0), 0, null),
                fault(FaultType.START_BROKER, FaultTarget.killed(), 200, null)), new CountDownLatch(0))) {
            // when the schedule plays
            timeline.startSchedule();
            Poll.require("the start to end the kill", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(fault -> fault.phase() == FaultPhase.HEALED));

            // then the HEALED event names the kill's id (the targets as written differ: "leader-of ..." and "killed")
            assertThat(faults()).extracting(HistoryEvent.Fault::phase, HistoryEvent.Fault::id, HistoryEvent.Fault::ends)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "f1", null),
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "f2", null),
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.HEALED, null, List.of("f1")));
        }
    }

    @Test
    void shouldNameTheInjectLineInTheJournalLineOfATimedHeal() {
        // given a delay held for 100 ms
        try (FaultTimeline timeline = timeline(List.of(fault(FaultType.DELAY, null, 0, Duration.ofMillis(100))),
                new CountDownLatch(0))) {
            // when it is injected and healed
            timeline.startSchedule();
            Poll.require("the delay's heal", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(fault -> fault.phase() == FaultPhase.HEALED));

            // then the history's heal names the fault, and the journal's heal line its inject line
            assertThat(faults()).last().extracting(HistoryEvent.Fault::ends).isEqualTo(List.of("f1"));
            List<FaultEventLog.Entry> lines = new FaultEventLog(stateDir).readFrom(0).entries();
            assertThat(lines).extracting(FaultEventLog.Entry::phase).containsExactly("inject", "heal");
            assertThat(lines.get(0).id()).isNotNull();
            assertThat(lines.get(1).ends()).isEqualTo(lines.get(0).id());
        }
    }

    @Test
    void shouldEndTheForeignFaultWhoseInjectLineTheHealNamesWhenTwoReadTheSame() {
        FaultEventLog journal = new FaultEventLog(stateDir);
        try (FaultTimeline timeline = timeline(List.of(), new CountDownLatch(0))) {
            // given the same delay injected from two terminals
            journal.append(new FaultEventLog.Entry(10, "inject", "delay", "all", "delay 100 ms", "cli", null, "a1", null));
            journal.append(new FaultEventLog.Entry(20, "inject", "delay", "all", "delay 100 ms", "cli", null, "b2", null));

            // when the second one's --for ends
            journal.append(new FaultEventLog.Entry(30, "heal", "delay", "all", "delay 100 ms", "cli", null, null, "b2"));
            timeline.readJournal();

            // then the run's history ends that one, and the first is still in place
            assertThat(faults()).extracting(HistoryEvent.Fault::phase, HistoryEvent.Fault::id, HistoryEvent.Fault::ends)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "f1", null),
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.INJECTED, "f2", null),
                            org.assertj.core.groups.Tuple.tuple(FaultPhase.HEALED, null, List.of("f2")));
            assertThat(timeline.activeFaults()).containsExactly("delay 100 ms");
        }
    }

    @Test
    void shouldRecordTheHealVerbAsOneEventNamingEveryFaultItRepairs() {
        FaultEventLog journal = new FaultEventLog(stateDir);
        try (FaultTimeline timeline = timeline(List.of(), new CountDownLatch(0))) {
            // given a cut, a pause and a kill injected from another terminal
            journal.append(new FaultEventLog.Entry(10, "inject", "cut", "all", "cut", "cli", null, "a1", null));
            journal.append(new FaultEventLog.Entry(20, "inject", "pause-broker", "3", "pause-broker 3", "cli", 3, "b2", null));
            journal.append(new FaultEventLog.Entry(30, "inject", "kill-broker", "2", "kill-broker 2", "cli", 2, "c3", null));

            // when someone runs ./chaos heal
            journal.append(new FaultEventLog.Entry(40, "heal", "heal", "all", "heal", "cli", null, "d4", null));
            timeline.readJournal();

            // then one HEALED event names the cut and the pause; the kill stays (start-broker ends it)
            assertThat(faults()).last().satisfies(heal -> {
                assertThat(heal.phase()).isEqualTo(FaultPhase.HEALED);
                assertThat(heal.action()).isEqualTo("heal");
                assertThat(heal.ends()).containsExactly("f1", "f2");
            });
            assertThat(timeline.activeFaults()).containsExactly("kill-broker 2");
        }
    }

    @Test
    void shouldEndAStopOfAnAppWhenStartAppStartsTheSameInstance() {
        // given a stop of app instance 1, a stop of instance 2, and a start of instance 1
        try (FaultTimeline timeline = timeline(List.of(
                fault(FaultType.STOP_APP, FaultTarget.app(1), 0, null),
                fault(FaultType.STOP_APP, FaultTarget.app(2), 0, null),
                fault(FaultType.START_APP, FaultTarget.app(1), 300, null)), new CountDownLatch(0))) {
            // when the schedule plays
            timeline.startSchedule();
            Poll.require("the start to end a stop", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(fault -> fault.phase() == FaultPhase.HEALED));

            // then the start ended the stop of its own instance, named by id, and the other stop is still in place
            HistoryEvent.Fault stopOfApp1 = faults().stream().filter(fault -> "app:1".equals(fault.target())
                    && fault.phase() == FaultPhase.INJECTED && fault.action().equals("stop-app")).findFirst().orElseThrow();
            assertThat(faults()).last().satisfies(healed -> {
                assertThat(healed.phase()).isEqualTo(FaultPhase.HEALED);
                assertThat(healed.target()).isEqualTo("app:1");
                assertThat(healed.ends()).containsExactly(stopOfApp1.id());
            });
            assertThat(timeline.activeFaults()).containsExactly("stop-app");
        }
    }

    @Test
    void shouldHoldAPlannedFaultInPlaceFromItsInjectUntilItsSlowHealReturnsAndThenSayWhenItEnded() {
        // given a fault with a duration whose heal takes its time (brokers restarted on a loaded machine)
        CountDownLatch healReturns = new CountDownLatch(1);
        CountDownLatch healBegun = new CountDownLatch(1);
        FaultActions slowHeal = spec -> new FakeAction(spec.type().cliName(), OptionalInt.empty(), new CountDownLatch(0)) {
            @Override
            public void heal() {
                healBegun.countDown();
                try {
                    healReturns.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.heal();
            }
        };
        try (FaultTimeline timeline = new FaultTimeline(List.of(fault(FaultType.DELAY, null, 0, Duration.ofMillis(100))),
                slowHeal, new FaultEventLog(stateDir), history, line -> { })) {
            assertThat(timeline.plannedFaultInPlace()).as("before the schedule starts").isFalse();
            assertThat(timeline.lastFaultEndedAt()).isZero();

            // when it is injected, then healed slowly
            timeline.startSchedule();
            assertThat(timeline.awaitFaultsAtStart(Duration.ofSeconds(5))).isTrue();
            boolean inPlace = timeline.plannedFaultInPlace();
            assertThat(healBegun.await(5, TimeUnit.SECONDS)).isTrue();
            boolean whileHealing = timeline.plannedFaultInPlace();
            long endedWhileHealing = timeline.lastFaultEndedAt();
            healReturns.countDown();
            Poll.require("the heal recorded", Duration.ofSeconds(5),
                    () -> faults().stream().anyMatch(fault -> fault.phase() == FaultPhase.HEALED));
            // the HEALED event is written just before the heal's thread lets go (so the stall clock never sees a gap)
            Poll.require("the heal's thread done", Duration.ofSeconds(5), () -> !timeline.plannedFaultInPlace());

            // then it is in place from its inject until its heal returned, and it ended at its HEALED event's time
            assertThat(inPlace).as("injected").isTrue();
            assertThat(whileHealing).as("while its heal runs").isTrue();
            assertThat(endedWhileHealing).isZero();
            assertThat(timeline.lastFaultEndedAt()).isEqualTo(faults().stream()
                    .filter(fault -> fault.phase() == FaultPhase.HEALED).findFirst().orElseThrow().at());
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldNotCountAFaultWithoutADurationAsPlanned() {
        // given a broker killed for good: the run cannot know when, or whether, it comes back
        try (FaultTimeline timeline = timeline(List.of(fault(FaultType.KILL_BROKER, FaultTarget.broker(2), 0, null)),
                new CountDownLatch(0))) {
            timeline.startSchedule();

            assertThat(timeline.awaitFaultsAtStart(Duration.ofSeconds(5))).isTrue();

            assertThat(timeline.activeFaults()).containsExactly("kill-broker 2");
            assertThat(timeline.plannedFaultInPlace()).isFalse();
        }
    }

    @Test
    void shouldBeginAScheduledFaultOnlyAfterTheHealDueBeforeItHasFinished() throws InterruptedException {
        // given a kill for 100 ms whose heal (the broker's restart) takes its time, and a second kill at 300 ms
        CountDownLatch restarted = new CountDownLatch(1);
        List<String> lines = new CopyOnWriteArrayList<>();
        FaultActions slowRestart = spec -> new FakeAction(spec.type().cliName() + " " + spec.target().id(),
                OptionalInt.of(spec.target().id()), new CountDownLatch(0)) {
            @Override
            public void heal() {
                try {
                    restarted.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.heal();
            }
        };
        try (FaultTimeline timeline = new FaultTimeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.broker(1), 0, Duration.ofMillis(100)),
                fault(FaultType.KILL_BROKER, FaultTarget.broker(3), 300, Duration.ofMillis(100))),
                slowRestart, new FaultEventLog(stateDir), history, lines::add)) {
            timeline.startSchedule();

            // when the second kill's time has come while broker 1 is still restarting
            Thread.sleep(600);
            List<String> beforeRestart = List.copyOf(begun);
            restarted.countDown();
            Poll.require("the second kill", Duration.ofSeconds(5), () -> begun.size() == 2);

            // then it began only after the restart, never with two brokers down, and said why it waited
            assertThat(beforeRestart).containsExactly("kill-broker 1");
            assertThat(done).containsSubsequence("heal kill-broker 1", "inject kill-broker 3");
            assertThat(lines).anyMatch(line -> line.startsWith("fault kill-broker 3")
                    && line.contains("for 1 fault action planned to finish before it"));
        }
    }

    @Test
    void shouldCarryADelayDownTheTimetableSoThatTwoOverdueKillsNeverOverlap() throws InterruptedException {
        // given kills of brokers 1, 2 and 3 for 100 ms each, 300 ms apart, and broker 1's restart slower than both gaps
        CountDownLatch restarted = new CountDownLatch(1);
        FaultActions slowFirstRestart = spec -> new FakeAction(spec.type().cliName() + " " + spec.target().id(),
                OptionalInt.of(spec.target().id()), new CountDownLatch(0)) {
            @Override
            public void heal() {
                if (spec.target().id() == 1) {
                    try {
                        restarted.await(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                super.heal();
            }
        };
        try (FaultTimeline timeline = new FaultTimeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.broker(1), 0, Duration.ofMillis(100)),
                fault(FaultType.KILL_BROKER, FaultTarget.broker(2), 300, Duration.ofMillis(100)),
                fault(FaultType.KILL_BROKER, FaultTarget.broker(3), 600, Duration.ofMillis(100))),
                slowFirstRestart, new FaultEventLog(stateDir), history, line -> { })) {
            timeline.startSchedule();

            // when broker 1 comes back only after the times of both later kills have passed
            Thread.sleep(900);
            List<String> beforeRestart = List.copyOf(begun);
            restarted.countDown();
            Poll.require("every kill healed", Duration.ofSeconds(5), () -> done.size() == 6);

            // then the overdue kills follow the timetable one after the other: kill 3 waits for kill 2's heal
            assertThat(beforeRestart).containsExactly("kill-broker 1");
            assertThat(done).containsExactly("inject kill-broker 1", "heal kill-broker 1", "inject kill-broker 2",
                    "heal kill-broker 2", "inject kill-broker 3", "heal kill-broker 3");
        }
    }

    @Test
    void shouldBeginAFaultAfterARestartTimedBeforeItButNotWaitForAKillForGood() throws InterruptedException {
        // given a restart of broker 1 at 0 s that takes its time, a kill of broker 2 for good at 0 s, and a delay at 50 ms
        CountDownLatch restarted = new CountDownLatch(1);
        FaultActions slowRestart = spec -> new FakeAction(spec.type().cliName(), OptionalInt.empty(),
                spec.type() == FaultType.RESTART_BROKER ? restarted : new CountDownLatch(0));
        try (FaultTimeline timeline = new FaultTimeline(List.of(
                fault(FaultType.KILL_BROKER, FaultTarget.broker(2), 0, null),
                fault(FaultType.RESTART_BROKER, FaultTarget.broker(1), 0, null),
                fault(FaultType.DELAY, null, 50, Duration.ofSeconds(10))),
                slowRestart, new FaultEventLog(stateDir), history, line -> { })) {
            timeline.startSchedule();

            // when the kill for good is in place and the restart still runs
            Poll.require("the kill for good", Duration.ofSeconds(5), () -> done.contains("inject kill-broker"));
            Poll.require("the restart begun", Duration.ofSeconds(5), () -> begun.contains("restart-broker"));
            Thread.sleep(300); // past the delay's time
            boolean delayBeforeRestart = begun.contains("delay");
            restarted.countDown();
            Poll.require("the delay", Duration.ofSeconds(5), () -> done.contains("inject delay"));

            // then the delay began once the restart returned, and the kill that never ends held nothing back
            assertThat(delayBeforeRestart).isFalse();
            assertThat(done).containsSubsequence("inject restart-broker", "inject delay");
        }
    }
}
