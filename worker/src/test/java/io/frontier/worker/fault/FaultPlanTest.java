package io.frontier.worker.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.fault.Fault.CoordinatorStop;
import io.frontier.worker.fault.Fault.ExtraStageFile;
import io.frontier.worker.fault.Fault.MalformedResult;
import io.frontier.worker.fault.Fault.Stall;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FaultPlanTest {

    @Test
    void theDocumentedExampleParsesIntoOneFaultPerEntry() {
        FaultPlan plan = FaultPlan.parse("worker.malformed-result@3,worker.extra-stage-file@4:on=2,"
                + "worker.stall@5:ms=60000, coordinator.stop@0:point=after-begin-commit");

        assertThat(plan.faults()).containsExactly(
                new MalformedResult(3, 1),
                new ExtraStageFile(4, 2),
                new Stall(5, 1, Duration.ofMinutes(1)),
                new CoordinatorStop(0, 1, StopPoint.AFTER_BEGIN_COMMIT));
    }

    @Test
    void anUnsetOrBlankVariableIsNoFaultAtAll() {
        assertThat(FaultPlan.parse(null)).isSameAs(FaultPlan.NONE);
        assertThat(FaultPlan.parse("  ")).isSameAs(FaultPlan.NONE);
        assertThat(FaultPlan.NONE.isEmpty()).isTrue();
        assertThat(FaultPlan.NONE.forWorker(1, 1)).isEqualTo(WorkerInjection.NONE);
        assertThat(FaultPlan.NONE.stops(0, StopPoint.AFTER_CLAIM)).isFalse();
    }

    @Test
    void aWorkerFaultActsOnlyOnItsRankAndItsAssignment() {
        FaultPlan plan = FaultPlan.parse("worker.malformed-result@3:on=2,worker.stall@3:ms=250:on=2,worker.extra-stage-file@4");

        assertThat(plan.forWorker(3, 1)).isEqualTo(WorkerInjection.NONE);
        assertThat(plan.forWorker(3, 2)).isEqualTo(new WorkerInjection(true, false, Duration.ofMillis(250)));
        assertThat(plan.forWorker(3, 3)).isEqualTo(WorkerInjection.NONE);
        assertThat(plan.forWorker(4, 1)).isEqualTo(new WorkerInjection(false, true, Duration.ZERO));
        assertThat(plan.forWorker(5, 1).any()).isFalse();
    }

    @Test
    void aCoordinatorStopsOnlyAtItsPointItsRankAndItsOccurrence() {
        FaultPlan plan = FaultPlan.parse("coordinator.stop@1:point=between-promotions:on=2");

        assertThat(plan.stops(0, StopPoint.BETWEEN_PROMOTIONS)).isFalse();
        assertThat(plan.stops(1, StopPoint.AFTER_PROMOTION)).isFalse();
        assertThat(plan.stops(1, StopPoint.BETWEEN_PROMOTIONS)).isFalse();
        assertThat(plan.stops(1, StopPoint.BETWEEN_PROMOTIONS)).isTrue();
        assertThat(plan.stops(1, StopPoint.BETWEEN_PROMOTIONS)).isFalse();
    }

    @Test
    void aCommitGroupFloorHoldsOnlyForItsRankAndNeedsAPositiveSize() {
        FaultPlan plan = FaultPlan.parse("coordinator.commit-group@0:size=2,coordinator.stop@0:point=after-begin-commit");

        assertThat(plan.commitGroupFloor(0)).isEqualTo(2);
        assertThat(plan.commitGroupFloor(1)).isEqualTo(1);
        assertThat(FaultPlan.NONE.commitGroupFloor(0)).isEqualTo(1);
        assertThatThrownBy(() -> FaultPlan.parse("coordinator.commit-group@0")).isInstanceOf(FaultSyntaxException.class)
                .hasMessageContaining("a fault parameter is missing").hasMessageContaining("size");
        assertThatThrownBy(() -> FaultPlan.parse("coordinator.commit-group@0:size=0"))
                .isInstanceOf(FaultSyntaxException.class).hasMessageContaining("not a positive integer");
        assertThatThrownBy(() -> FaultPlan.parse("coordinator.commit-group@0:size=2:on=2"))
                .isInstanceOf(FaultSyntaxException.class).hasMessageContaining("unknown fault parameter");
    }

    @Test
    void everyStopPointIsSpelledTheWayThePlanNamesIt() {
        for (StopPoint point : StopPoint.values()) {
            assertThat(StopPoint.named(point.spelling())).isSameAs(point);
            assertThat(point.spelling()).matches("[a-z]+(-[a-z]+)*");
        }
    }

    @Test
    void anUnknownFaultIsAnErrorThatNamesIt() {
        assertThatThrownBy(() -> FaultPlan.parse("worker.stall@1:ms=5,worker.explode@2"))
                .isInstanceOf(FaultSyntaxException.class)
                .hasMessageStartingWith("unknown fault")
                .hasMessageContaining("fault=worker.explode");
    }

    @Test
    void badParametersRanksAndPointsAreErrorsThatNameTheEntry() {
        assertThatThrownBy(() -> FaultPlan.parse("worker.stall@1")).hasMessageStartingWith("a fault parameter is missing")
                .hasMessageContaining("parameter=ms");
        assertThatThrownBy(() -> FaultPlan.parse("worker.stall@1:ms=0")).hasMessageStartingWith("not a positive integer");
        assertThatThrownBy(() -> FaultPlan.parse("worker.stall@1:ms=5:ms=6"))
                .hasMessageStartingWith("a fault parameter is given twice");
        assertThatThrownBy(() -> FaultPlan.parse("worker.malformed-result@1:ms=5"))
                .hasMessageStartingWith("unknown fault parameter").hasMessageContaining("parameter=ms");
        assertThatThrownBy(() -> FaultPlan.parse("worker.malformed-result@-1"))
                .hasMessageStartingWith("not a non-negative integer").hasMessageContaining("rank=-1");
        assertThatThrownBy(() -> FaultPlan.parse("worker.malformed-result")).hasMessageStartingWith("a fault needs @rank");
        assertThatThrownBy(() -> FaultPlan.parse("worker.malformed-result@1:on")).hasMessageStartingWith("a fault parameter is key=value");
        assertThatThrownBy(() -> FaultPlan.parse("coordinator.stop@0:point=before-lunch"))
                .hasMessageStartingWith("unknown stop point").hasMessageContaining("point=before-lunch")
                .hasMessageContaining("entry=coordinator.stop@0:point=before-lunch");
        assertThatThrownBy(() -> FaultPlan.parse("coordinator.stop@0")).hasMessageContaining("parameter=point");
        assertThatThrownBy(() -> FaultPlan.parse("worker.stall@1:ms=5,")).hasMessageStartingWith("a fault needs @rank");
        assertThatThrownBy(() -> FaultPlan.parse("worker.malformed-result@2,worker.malformed-result@2:on=1"))
                .hasMessageStartingWith("the same fault is planned twice");
    }

    @Test
    void thePlanPrintsAsWritten() {
        assertThat(FaultPlan.parse(" worker.malformed-result@3 ").toString()).isEqualTo("worker.malformed-result@3");
    }
}
