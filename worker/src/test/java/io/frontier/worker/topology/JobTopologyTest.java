package io.frontier.worker.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.link.LinkException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobTopologyTest {

    @Test
    void twoCoordinatorsAndSixWorkersMakeTwoGroupsOfThree() {
        JobTopology topology = new JobTopology(8, 2);

        assertThat(topology.workersOf(0)).containsExactly(2, 4, 6);
        assertThat(topology.workersOf(1)).containsExactly(3, 5, 7);
        assertThat(topology.isCoordinator(1)).isTrue();
        assertThat(topology.isCoordinator(2)).isFalse();
    }

    @Test
    void everyWorkerBelongsToExactlyTheGroupOfItsCoordinator() {
        JobTopology topology = new JobTopology(11, 3);
        Set<Integer> seen = new HashSet<>();
        for (int coordinator = 0; coordinator < 3; coordinator++) {
            for (int worker : topology.workersOf(coordinator)) {
                assertThat(topology.coordinatorOf(worker)).isEqualTo(coordinator);
                assertThat(seen.add(worker)).isTrue();
            }
        }
        assertThat(seen).hasSize(8);
        assertThat(topology.workersOf(0)).hasSize(3);
        assertThat(topology.workersOf(2)).hasSize(2);
    }

    @Test
    void aCoordinatorWithoutAWorkerIsRefused() {
        assertThatThrownBy(() -> new JobTopology(3, 2)).isInstanceOf(LinkException.class)
                .hasMessageContaining("ranks=3").hasMessageContaining("coordinators=2");
    }

    @Test
    void peersAreTheOtherCoordinators() {
        assertThat(new JobTopology(6, 3).peersOf(1)).containsExactly(0, 2);
    }

    @Test
    void aCoordinatorIsNotAWorker() {
        assertThatThrownBy(() -> new JobTopology(4, 2).coordinatorOf(1)).isInstanceOf(LinkException.class);
    }
}
