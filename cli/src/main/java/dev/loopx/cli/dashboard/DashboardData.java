package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.composition.Composition;
import dev.loopx.application.project.ReadProjectHeads;
import dev.loopx.application.project.ReadProjectHeads.ProjectHead;
import dev.loopx.cli.support.CliContext;
import dev.loopx.commands.privacy.PathRedactor;
import dev.loopx.ledger.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the dashboard shows, built only from the CLI's own answers ({@link DashboardReads}) and
 * rebuilt when a ledger head moves. The overview is kept ready: {@link #refresh} (called by one
 * background thread a few times a second) reads every project's committed head marker
 * ({@link ReadProjectHeads.Watch}: one small file each, or one head query on a kept session for a
 * project on a server ledger), re-reads only the projects whose head moved, and
 * then publishes a new {@link #version}. A request never waits for a rebuild: it gets the last
 * published bytes.
 *
 * <p>The envelopes ({@code loopx_dashboard_*_v0}) only place CLI documents side by side, unchanged;
 * the one thing they add is which project a document belongs to (its index and label, never its
 * path) and the head it was read at.
 */
final class DashboardData {
    static final String OVERVIEW_SCHEMA = "loopx_dashboard_overview_v0";
    static final String GOAL_SCHEMA = "loopx_dashboard_goal_v0";
    static final String HEADS_SCHEMA = "loopx_dashboard_heads_v0";

    /** The runtime profile a lane is asked with when it has no recorded heartbeat install. */
    static final String DEFAULT_PROFILE = "generic_cli";

    /** How many recent events of a goal the goal page lists. */
    static final int TIMELINE_EVENTS = 300;

    private final CliContext context;
    private final DashboardReads cli;

    private record Built(String key, ObjectNode facts) {}

    private final ReadProjectHeads.Watch watch = new ReadProjectHeads.Watch();
    private final Map<Integer, Built> projects = new HashMap<>();
    private final Map<String, Built> goals = new HashMap<>();
    private String risksKey = "";
    private ObjectNode risks = Json.object();

    private volatile long version;
    private volatile byte[] overview = new byte[0];
    private volatile List<ProjectHead> heads = List.of();

    DashboardData(CliContext context, DashboardReads reads) {
        this.context = context;
        this.cli = reads;
    }

    DashboardReads reads() {
        return cli;
    }

    /** Increases whenever the overview was rebuilt with something new. */
    long version() {
        return version;
    }

    /** The last published overview document (UTF-8 JSON). */
    byte[] overview() {
        return overview;
    }

    List<ProjectHead> heads() {
        return heads;
    }

    Optional<ProjectHead> project(int index) {
        List<ProjectHead> known = heads;
        return index >= 0 && index < known.size() ? Optional.of(known.get(index)) : Optional.empty();
    }

    private static String key(ProjectHead h) {
        // the journal's state too: damage moves no head, and must still show within one refresh
        return h.label() + "@" + h.seq() + ":" + h.hashPrefix() + ":"
                + h.runtimeRoot().hashCode() + ":" + Composition.journalState(h.runtimeRoot());
    }

    /** Ends the server ledger sessions the head watch holds. */
    synchronized void close() {
        watch.close();
    }

    /**
     * Re-reads what moved; publishes a new overview when anything did. The moved projects' cards
     * are published first; {@code global-risks}, which reads every project, follows in a second
     * publication, so a change shows as soon as its own project is read.
     */
    synchronized void refresh() {
        List<ProjectHead> now = new ArrayList<>();
        for (ProjectHead h : watch.heads(context.invocation(context.loopxHome()))) {
            // a marker caught mid-append (pending) is not a new head: keep the last one until it commits
            ProjectHead before = h.index() < heads.size() ? heads.get(h.index()) : null;
            boolean sameProject = before != null
                    && before.label().equals(h.label())
                    && before.runtimeRoot().equals(h.runtimeRoot());
            now.add(h.head().isEmpty() && sameProject ? before : h);
        }
        boolean changed = now.size() != heads.size() || version == 0;
        StringBuilder all = new StringBuilder();
        for (ProjectHead h : now) {
            String key = key(h);
            all.append(key).append('|');
            Built built = projects.get(h.index());
            if (built == null || !built.key().equals(key)) {
                projects.put(h.index(), new Built(key, readProject(h)));
                changed = true;
            }
        }
        projects.keySet().removeIf(i -> i >= now.size());
        heads = List.copyOf(now);
        if (changed && version > 0) {
            publish(now);
        }
        if (!risksKey.contentEquals(all)) {
            risks = document(cli.global("global-risks"));
            risksKey = all.toString();
            changed = true;
        }
        if (changed) {
            publish(now);
        }
    }

    private void publish(List<ProjectHead> now) {
        ObjectNode doc = CliContext.document(OVERVIEW_SCHEMA, true);
        doc.put("read_only", true);
        doc.put("version", version + 1);
        doc.put("project_count", now.size());
        ArrayNode list = doc.putArray("projects");
        for (ProjectHead h : now) {
            list.add(projects.get(h.index()).facts());
        }
        doc.set("global_risks", risks);
        overview = bytes(doc);
        version++;
    }

    /** One project's card: its {@code loopx_status_v0} (every goal) and every lane's should-run answer. */
    private ObjectNode readProject(ProjectHead h) {
        ObjectNode facts = about(h);
        ObjectNode status = document(cli.status(h.runtimeRoot(), null, null));
        facts.set("status", status);
        facts.set("lanes", lanes(h, status));
        return facts;
    }

    private static ObjectNode about(ProjectHead h) {
        ObjectNode facts = Json.object();
        facts.put("project", h.index());
        facts.put("project_label", h.label());
        facts.put("head_seq", h.seq());
        facts.put("head_hash_prefix", h.hashPrefix());
        return facts;
    }

    /**
     * {@code [{goal_id, agent_id, runtime_profile, decision: loopx_quota_decision_v0}]}: one per
     * registered agent of each goal (one without an agent for a goal without agents), asked with
     * the runtime profile of the lane's last heartbeat install ({@link #profileOf}), else {@value #DEFAULT_PROFILE}.
     * should-run without a turn id never writes.
     */
    private ArrayNode lanes(ProjectHead h, ObjectNode status) {
        ArrayNode lanes = Json.mapper().createArrayNode();
        for (JsonNode goal : status.path("goals")) {
            String goalId = goal.path("goal_id").asText();
            List<String> agents = new ArrayList<>();
            goal.path("agents").forEach(a -> agents.add(a.asText()));
            if (agents.isEmpty()) {
                agents.add("");
            }
            for (String agent : agents) {
                String profile = profileOf(goal, agent);
                ObjectNode lane = lanes.addObject();
                lane.put("goal_id", goalId);
                lane.put("agent_id", agent);
                lane.put("runtime_profile", profile);
                lane.set(
                        "decision",
                        document(cli.shouldRun(h.runtimeRoot(), goalId, agent.isEmpty() ? null : agent, profile)));
            }
        }
        return lanes;
    }

    /** The profile of the lane's last heartbeat install's host surface; {@value #DEFAULT_PROFILE} without one. */
    static String profileOf(JsonNode goal, String agent) {
        String surface = "";
        for (JsonNode install : goal.path("heartbeat_installs")) {
            String installed = text(install, "agent_id", "agentId");
            if (installed.equals(agent)) {
                surface = surfaceName(text(install, "host_surface", "hostSurface"));
            }
        }
        return profileOfSurface(surface);
    }

    /** The runtime profile a host surface asks should-run with; {@value #DEFAULT_PROFILE} for the others. */
    static String profileOfSurface(String surface) {
        return switch (surface) {
            case "codex_app" -> "codex_app_heartbeat";
            case "codex_cli" -> "codex_cli";
            case "claude_code" -> "claude_code";
            default -> DEFAULT_PROFILE;
        };
    }

    private static String surfaceName(String surface) {
        return surface.replace('-', '_');
    }

    /**
     * Every host surface a lane has scheduler state or an install on, in first-seen order: its
     * heartbeat installs, then the surfaces of its {@code scheduler.acked} and
     * {@code scheduler.host_update_failed} events. Empty when it has none.
     */
    static List<String> surfacesOf(JsonNode goal, String agent, ArrayNode events) {
        LinkedHashSet<String> surfaces = new LinkedHashSet<>();
        for (JsonNode install : goal.path("heartbeat_installs")) {
            if (text(install, "agent_id", "agentId").equals(agent)) {
                String surface = surfaceName(text(install, "host_surface", "hostSurface"));
                if (!surface.isEmpty()) {
                    surfaces.add(surface);
                }
            }
        }
        for (JsonNode e : events) {
            String type = e.path("type").asText();
            JsonNode payload = e.path("payload");
            if ((type.equals("scheduler.acked") || type.equals("scheduler.host_update_failed"))
                    && text(payload, "agent_id", "agentId").equals(agent)) {
                String surface = surfaceName(payload.path("surface").asText(""));
                if (!surface.isEmpty()) {
                    surfaces.add(surface);
                }
            }
        }
        return List.copyOf(surfaces);
    }

    /**
     * The goal page's scheduler state per lane and surface: to each lane (whose {@code decision}
     * is the one the overview shows) adds {@code surfaces: [{surface, runtime_profile, decision}]},
     * one per surface the lane knows ({@link #surfacesOf}), each asked with that surface's profile
     * (an answer already read under the same profile is reused).
     */
    private void addSurfaces(ProjectHead h, ArrayNode lanes, ObjectNode status, ArrayNode events) {
        for (JsonNode node : lanes) {
            ObjectNode lane = (ObjectNode) node;
            String goalId = lane.path("goal_id").asText();
            String agent = lane.path("agent_id").asText();
            JsonNode goal = null;
            for (JsonNode g : status.path("goals")) {
                if (g.path("goal_id").asText().equals(goalId)) {
                    goal = g;
                }
            }
            List<String> surfaces = goal == null || agent.isEmpty() ? List.of() : surfacesOf(goal, agent, events);
            ArrayNode list = lane.putArray("surfaces");
            Map<String, JsonNode> byProfile = new HashMap<>();
            byProfile.put(lane.path("runtime_profile").asText(), lane.path("decision"));
            for (String surface : surfaces) {
                String profile = profileOfSurface(surface);
                JsonNode decision = byProfile.computeIfAbsent(
                        profile, p -> document(cli.shouldRun(h.runtimeRoot(), goalId, agent, p)));
                list.addObject()
                        .put("surface", surface)
                        .put("runtime_profile", profile)
                        .set("decision", decision);
            }
        }
    }

    private static String text(JsonNode node, String snake, String camel) {
        return node.has(snake) ? node.path(snake).asText("") : node.path(camel).asText("");
    }

    /**
     * The goal page: the goal's {@code loopx_status_v0}, {@code loopx_todo_list_v0},
     * {@code loopx_quota_status_v0}, every lane's should-run answer, the project's
     * {@code loopx_ledger_verify_v0} and the goal's recent {@code ledger replay} lines. Kept until
     * the project's head moves.
     */
    synchronized Optional<byte[]> goal(int project, String goalId) {
        Optional<ProjectHead> found = project(project);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ProjectHead h = found.get();
        String cacheKey = project + "/" + goalId;
        String key = key(h);
        Built built = goals.get(cacheKey);
        if (built == null || !built.key().equals(key)) {
            built = new Built(key, readGoal(h, goalId));
            if (goals.size() > 64) {
                goals.clear();
            }
            goals.put(cacheKey, built);
        }
        return Optional.of(bytes(built.facts()));
    }

    private ObjectNode readGoal(ProjectHead h, String goalId) {
        ObjectNode doc = CliContext.document(GOAL_SCHEMA, true);
        doc.setAll(about(h));
        doc.put("goal_id", goalId);
        ObjectNode status = document(cli.status(h.runtimeRoot(), goalId, null));
        doc.put("ok", status.path("ok").asBoolean(false));
        doc.set("status", status);
        doc.set("todo_list", document(cli.todoList(h.runtimeRoot(), goalId, null, null)));
        doc.set("quota_status", document(cli.quotaStatus(h.runtimeRoot(), goalId, null)));
        doc.set("ledger_verify", document(cli.ledgerVerify(h.runtimeRoot())));
        long from = Math.max(1, h.seq() - 5_000);
        ArrayNode events = (ArrayNode) cli.ledgerReplay(h.runtimeRoot(), goalId, String.valueOf(from), null)
                .document();
        ArrayNode lanes = lanes(h, status);
        addSurfaces(h, lanes, status, events);
        doc.set("lanes", lanes);
        ArrayNode recent = doc.putArray("events");
        for (int i = Math.max(0, events.size() - TIMELINE_EVENTS); i < events.size(); i++) {
            recent.add(events.get(i));
        }
        doc.put("events_from_seq", from);
        return doc;
    }

    /**
     * A read's answer as one document: every read but {@code ledger replay} answers one JSON
     * object (its record or its {@code loopx_error_v0}).
     */
    static ObjectNode document(DashboardReads.Answer answer) {
        return (ObjectNode) answer.document();
    }

    /** {@code loopx_dashboard_heads_v0}: the published version and each project's head. Cheap. */
    byte[] headsDocument() {
        ObjectNode doc = CliContext.document(HEADS_SCHEMA, true);
        doc.put("version", version);
        ArrayNode list = doc.putArray("projects");
        for (ProjectHead h : heads) {
            list.addObject()
                    .put("project", h.index())
                    .put("project_label", h.label())
                    .put("head_seq", h.seq())
                    .put("head_hash_prefix", h.hashPrefix());
        }
        return bytes(doc);
    }

    /** Serialised with the CLI's redaction: no absolute path leaves, whatever a label holds. */
    static byte[] bytes(JsonNode doc) {
        try {
            return Json.text(PathRedactor.redact(doc)).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a dashboard document did not serialise", e);
        }
    }
}
