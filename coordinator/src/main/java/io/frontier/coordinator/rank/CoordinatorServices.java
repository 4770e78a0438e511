package io.frontier.coordinator.rank;

import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.coordinator.admission.SeedAdmission;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.coverage.EdgeMapMirror;
import io.frontier.coordinator.rejection.InvalidResultHandler;
import io.frontier.coordinator.progress.ProgressSnapshot;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.stop.StopRequests;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.worker.fault.FaultPlan;
import java.util.function.Supplier;

/**
 * The parts a coordinator's loop drives, all over one campaign's store and directory.
 *
 * @param seeds the external seed admission, only on root (null elsewhere)
 * @param audit the corpus check root makes before the job starts
 * @param faults the fault-injection plan; {@link FaultPlan#NONE} outside tests
 * @param progress reads the campaign for root's progress line
 * @param stopRequests whether an operator or the launcher asked the job to drain and end
 * @param pruning this coordinator's copy of the campaign's shared SymCC pruning map
 * @param edgeMap this coordinator's copy of the campaign's edge map, which it hands its workers
 */
public record CoordinatorServices(CampaignStore store, ObjectDirectory corpus, SeedAdmission seeds,
                                  ResultValidator validator, CommitChain commits, InvalidResultHandler rejections,
                                  Replay replay, StageJanitor janitor, CorpusAudit audit, FaultPlan faults,
                                  Supplier<ProgressSnapshot> progress, StopRequests stopRequests,
                                  SharedPruning pruning, EdgeMapMirror edgeMap) {
}
