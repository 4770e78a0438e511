package io.frontier.tools.lease;

import io.frontier.store.campaign.Counts;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.WorkCursor;
import io.frontier.store.view.WorkItem;
import io.frontier.store.view.WorkPage;
import io.frontier.store.view.WorkView;
import io.frontier.tools.BlockedEntry;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.JsonOption;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code frontier leases}: items by state with holder, token, epoch, expiry and age. */
@Command(name = "leases", header = "List leased and committing items (or pending ones) with holder, epoch and age.",
        description = "Without --state, lists leased items (next to expire first) and then committing items."
                + " A lease of an epoch before the current one belongs to a fenced job and is recovered by the next"
                + " coordinator that looks; a committing item is never recovered by time, only finished by replay.",
        mixinStandardHelpOptions = true)
public final class LeasesCommand implements Callable<Integer> {

    /** Index entries read per snapshot while filtering. */
    static final int PAGE = 500;

    /** The states {@code --state} accepts: those with an index of their own. */
    static final List<WorkState> LISTABLE = List.of(WorkState.LEASED, WorkState.COMMITTING, WorkState.PENDING);

    /** Reads {@code --state} by the states' own spelling. */
    static final class StateConverter implements ITypeConverter<WorkState> {
        @Override
        public WorkState convert(String value) {
            for (WorkState candidate : LISTABLE) {
                if (candidate.wireName().equals(value)) {
                    return candidate;
                }
            }
            throw new TypeConversionException("expected leased, committing or pending, got '" + value + "'");
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--state", paramLabel = "STATE", converter = StateConverter.class,
            description = "Only items in this state: leased, committing or pending (default: leased and committing).")
    WorkState state;

    @Option(names = "--holder", paramLabel = "H", description = "Only items held by this coordinator, e.g. epoch-3/rank-1.")
    String holder;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "1000",
            description = "Most items to show (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new ParameterException(spec.commandLine(), "--limit must be at least 1");
        }
        if (holder != null && state == WorkState.PENDING) {
            throw new ParameterException(spec.commandLine(), "pending items have no holder; drop --holder or --state pending");
        }
        List<WorkState> states = state == null ? List.of(WorkState.LEASED, WorkState.COMMITTING) : List.of(state);
        LeaseListing listing;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            listing = list(open, states, System.currentTimeMillis() / 1000.0);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, listing);
            return 0;
        }
        print(out, listing);
        PrintWriter err = spec.commandLine().getErr();
        listing.blocked().forEach(blocked -> err.println("blocked: " + blocked.problem()));
        if (listing.truncated()) {
            err.printf("more items match than --limit %d shows%n", limit);
        }
        err.flush();
        return 0;
    }

    private LeaseListing list(OpenCampaign open, List<WorkState> states, double now) {
        long currentEpoch = open.store().epoch().epoch();
        Counts counts = open.store().counts();
        double leaseSeconds = open.settings().leaseMillis() / 1000.0;
        WorkView view = open.work();
        List<LeaseLine> items = new ArrayList<>();
        List<BlockedEntry> blocked = new ArrayList<>();
        Map<String, Long> totals = new LinkedHashMap<>();
        boolean truncated = false;
        for (WorkState listed : states) {
            totals.put(listed.wireName(), counts.get(Counter.of(listed)));
            WorkCursor cursor = null;
            while (!truncated) {
                WorkPage page = view.list(listed, cursor, PAGE);
                page.blocked().forEach(entry -> blocked.add(BlockedEntry.of(entry)));
                for (WorkItem item : page.items()) {
                    if (holder != null && (item.record().owner() == null || !holder.equals(item.record().owner().name()))) {
                        continue;
                    }
                    if (items.size() == limit) {
                        truncated = true;
                        break;
                    }
                    items.add(line(item, now, leaseSeconds));
                }
                cursor = page.next();
                if (cursor == null) {
                    break;
                }
            }
        }
        return new LeaseListing(currentEpoch, items, totals, truncated, blocked);
    }

    private static LeaseLine line(WorkItem item, double now, double leaseSeconds) {
        WorkRecord record = item.record();
        Double expiry = record.leaseExpiry();
        Double age = switch (record.state()) {
            case LEASED -> now - (expiry - leaseSeconds);
            case COMMITTING -> now - item.committedAt();
            default -> null;
        };
        return new LeaseLine(record.state().wireName(), record.id().hex(),
                record.owner() == null ? null : record.owner().name(), record.token() == null ? null : record.token().hex(),
                record.epoch(), record.attempts(), expiry == null ? null : HumanFormat.instant(expiry),
                expiry == null ? null : expiry - now, age, item.entry() == null ? null : item.entry().hex());
    }

    private static void print(PrintWriter out, LeaseListing listing) {
        TextTable table = new TextTable("STATE", "WORK", "HOLDER", "TOKEN", "EPOCH", "ATTEMPTS", "EXPIRES IN", "AGE");
        for (LeaseLine line : listing.items()) {
            table.row(line.state(), HumanFormat.prefix(line.work(), HumanFormat.ID), line.holder(),
                    HumanFormat.prefix(line.token(), HumanFormat.TOKEN), epoch(line, listing.currentEpoch()),
                    line.attempts(), HumanFormat.seconds(line.expiresInSeconds()), HumanFormat.seconds(line.ageSeconds()));
        }
        table.print(out);
        StringBuilder totals = new StringBuilder();
        listing.counts().forEach((state, count) -> totals.append(totals.length() == 0 ? "" : ", ")
                .append(count).append(' ').append(state));
        out.printf("%d shown of %s (epoch %d)%n", listing.items().size(), totals, listing.currentEpoch());
        out.flush();
    }

    /** The epoch, marked when it is older than the current one: such a lease is void, such a commit awaits replay. */
    private static String epoch(LeaseLine line, long currentEpoch) {
        if (line.epoch() >= currentEpoch || line.state().equals(WorkState.PENDING.wireName())) {
            return Long.toString(line.epoch());
        }
        return line.epoch() + (line.state().equals(WorkState.LEASED.wireName()) ? " (void)" : " (to replay)");
    }
}
