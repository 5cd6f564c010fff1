package dev.loopx.host.codexapp.migration;

import dev.loopx.host.codexapp.store.AutomationImage;
import dev.loopx.host.codexapp.store.AutomationPair;
import dev.loopx.host.codexapp.store.AutomationToml;
import dev.loopx.host.codexapp.store.BlockReason;
import dev.loopx.host.codexapp.store.CodexAutomationStore;
import dev.loopx.host.codexapp.store.CrossStoreRead;
import dev.loopx.host.codexapp.store.StoreProblem;
import dev.loopx.host.heartbeat.ManagedWrapper;
import dev.loopx.host.heartbeat.WrapperBinding;
import dev.loopx.host.heartbeat.WrapperRecognizer;
import dev.loopx.host.heartbeat.WrapperVersion;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a prompt-upgrade plan (SPEC §S12) from one Codex home, read-only. For each automation:
 * a blocked cross-store read stays {@code blocked} with its reasons; a prompt without a unique
 * registered binding is {@code unmanaged} (or {@code blocked} {@code ambiguous_binding}); a
 * managed wrapper bound to another runtime root is {@code unmanaged}; otherwise the desired
 * prompt is the current wrapper version for the binding (a managed wrapper keeps its CLI binary
 * and capabilities; a discovered binding gets {@code defaultCliBin}), and the automation is
 * {@code current} when it already holds exactly that text, else {@code adoption_required}.
 */
public final class PromptPlanner {
    private final CodexAutomationStore store;
    private final Map<String, List<String>> registered;
    private final String runtimeRoot;
    private final String defaultCliBin;

    /**
     * @param registered  every registered goal with its registered agents
     * @param runtimeRoot this runtime root, absolute and normalised (what wrappers bind)
     */
    public PromptPlanner(
            CodexAutomationStore store,
            Map<String, List<String>> registered,
            String runtimeRoot,
            String defaultCliBin) {
        this.store = Objects.requireNonNull(store, "store");
        this.registered = Map.copyOf(registered);
        this.runtimeRoot = Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        this.defaultCliBin = Objects.requireNonNull(defaultCliBin, "defaultCliBin");
    }

    /** Plans every automation ({@code ids} empty) or exactly the given ids, in the given order. */
    public Either<StoreProblem, PromptPlan> plan(List<String> ids, String createdAt) {
        Either<StoreProblem, List<CrossStoreRead>> reads;
        if (ids.isEmpty()) {
            reads = store.readAll();
        } else {
            List<CrossStoreRead> out = new ArrayList<>();
            for (String id : ids) {
                Either<StoreProblem, CrossStoreRead> r = store.read(id);
                if (r.isLeft()) {
                    return Either.left(r.getLeft());
                }
                out.add(r.get());
            }
            reads = Either.right(out);
        }
        return reads.map(rs -> new PromptPlan(
                store.home().root().toString(),
                runtimeRoot,
                createdAt,
                rs.stream().map(this::entry).toList()));
    }

    /** The plan entry of one cross-store read. */
    public PlanEntry entry(CrossStoreRead read) {
        return switch (read) {
            case CrossStoreRead.Blocked b -> blocked(b);
            case CrossStoreRead.Consistent c -> entry(c.pair());
        };
    }

    /**
     * A blocked read. When either store holds a managed wrapper bound to this runtime root (e.g. a
     * migration torn by a crash, or stores the App left disagreeing), the entry keeps that
     * binding ({@code managed_wrapper}, its version, goal and agent): it is a recognised managed
     * prompt that did not reach its target, which {@code update apply} must not call complete.
     */
    private PlanEntry blocked(CrossStoreRead.Blocked b) {
        Optional<WrapperBinding> managed = b.image().flatMap(PromptPlanner::storedPrompts).stream()
                .flatMap(List::stream)
                .map(WrapperRecognizer::recognize)
                .flatMap(Optional::stream)
                .filter(w -> w.runtimeRoot().equals(runtimeRoot))
                .findFirst();
        return new PlanEntry(
                b.automationId(),
                PlanStatus.BLOCKED,
                b.reasons().stream().map(BlockReason::wire).toList(),
                managed.map(WrapperBinding::goalId),
                managed.map(WrapperBinding::agentId),
                managed.map(w -> "managed_wrapper"),
                managed.map(WrapperBinding::version),
                Optional.empty(),
                b.sourceSha256(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(b.stateSha256()),
                Optional.empty(),
                b.image().map(PromptPlanner::appFields).orElse(Map.of()));
    }

    /** The prompts the row and the TOML hold (each when readable as text). */
    private static Optional<List<String>> storedPrompts(AutomationImage image) {
        List<String> prompts = new ArrayList<>();
        image.row().column("prompt").flatMap(c -> c.text()).ifPresent(prompts::add);
        image.toml()
                .map(AutomationToml::parse)
                .filter(Either::isRight)
                .flatMap(t -> t.get().string("prompt"))
                .ifPresent(prompts::add);
        return Optional.of(prompts);
    }

    private PlanEntry entry(AutomationPair pair) {
        BindingDiscovery.Result found = BindingDiscovery.discover(pair.prompt(), registered);
        return switch (found) {
            case BindingDiscovery.None n -> without(pair, PlanStatus.UNMANAGED, n.reason(), Optional.empty());
            case BindingDiscovery.Ambiguous a ->
                without(pair, PlanStatus.BLOCKED, "ambiguous_binding", Optional.empty());
            case BindingDiscovery.Named n ->
                with(
                        pair,
                        new WrapperBinding(
                                WrapperVersion.current().number(),
                                runtimeRoot,
                                n.goalId(),
                                n.agentId(),
                                defaultCliBin,
                                List.of()),
                        "named_in_prompt",
                        Optional.empty());
            case BindingDiscovery.Managed m -> managed(pair, m.binding());
        };
    }

    private PlanEntry managed(AutomationPair pair, WrapperBinding b) {
        Optional<Integer> version = Optional.of(b.version());
        if (!b.runtimeRoot().equals(runtimeRoot)) {
            return without(pair, PlanStatus.UNMANAGED, "bound_to_other_runtime_root", version);
        }
        List<String> agents = registered.get(b.goalId());
        if (agents == null || !agents.contains(b.agentId())) {
            return without(pair, PlanStatus.UNMANAGED, "binding_not_registered", version);
        }
        return with(
                pair,
                new WrapperBinding(
                        WrapperVersion.current().number(),
                        b.runtimeRoot(),
                        b.goalId(),
                        b.agentId(),
                        b.cliBin(),
                        b.capabilities()),
                "managed_wrapper",
                version);
    }

    private static PlanEntry without(AutomationPair pair, PlanStatus status, String reason, Optional<Integer> version) {
        return new PlanEntry(
                pair.automationId(),
                status,
                List.of(reason),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                version,
                Optional.of(pair.promptSha256()),
                pair.sourceSha256(),
                pair.targetThreadId(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(pair.image().stateSha256()),
                Optional.of(pair.prompt()),
                appFields(pair.image()));
    }

    private static PlanEntry with(
            AutomationPair pair, WrapperBinding desired, String source, Optional<Integer> version) {
        String wrapper = ManagedWrapper.render(desired);
        PlanStatus status = wrapper.equals(pair.prompt()) ? PlanStatus.CURRENT : PlanStatus.ADOPTION_REQUIRED;
        return new PlanEntry(
                pair.automationId(),
                status,
                List.of(),
                Optional.of(desired.goalId()),
                Optional.of(desired.agentId()),
                Optional.of(source),
                version,
                Optional.of(pair.promptSha256()),
                pair.sourceSha256(),
                pair.targetThreadId(),
                Optional.of(wrapper),
                Optional.of(ManagedWrapper.sha256(wrapper)),
                Optional.of(desired.version()),
                Optional.of(pair.image().stateSha256()),
                Optional.of(pair.prompt()),
                appFields(pair.image()));
    }

    /** The App's own fields an {@code automation_update} keeps, from the SQLite row (text values only). */
    static Map<String, String> appFields(AutomationImage image) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : APP_FIELDS) {
            image.row().column(name).flatMap(c -> c.text()).ifPresent(v -> out.put(name, v));
        }
        return out;
    }

    /** The fields of an automation the App's {@code automation_update} carries besides the prompt. */
    public static final List<String> APP_FIELDS =
            List.of("name", "kind", "status", "rrule", "notification_policy", "target_thread_id", "model");
}
