package dev.loopx.host.codexapp.store;

import dev.loopx.host.codexapp.fixture.CodexHomeFiles;
import dev.loopx.host.codexapp.fixture.SqliteDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything a Codex home holds, for before/after comparisons: a value-by-value dump of every
 * SQLite table (schema included) and the bytes of every file under {@code automations/}.
 */
record StoreState(Map<String, List<String>> tables, Map<String, String> files) {
    static StoreState of(Path home) throws Exception {
        Map<String, String> files = new TreeMap<>();
        CodexHomeFiles.automationFiles(home)
                .forEach((k, v) -> files.put(k, HexFormat.of().formatHex(v)));
        return new StoreState(SqliteDump.dump(home.resolve("sqlite/codex-dev.db")), files);
    }

    String toml(String id) {
        return new String(
                HexFormat.of().parseHex(files.get("automations/" + id + "/automation.toml")), StandardCharsets.UTF_8);
    }
}
