# Sourced by bench/run --resident (issue 42, ADR 0014): the resident answerer against a JVM per call and
# against the peers, measured side by side in one run.
#
# 1. Ledgers of $SIZES events (LedgerSeed, as --targets makes them), one goal each.
# 2. One answerer per ledger, started the way a heartbeat starts it (a should-run through bin/loopx
#    that finds none), then awaited until it answers.
# 3. Every command side by side (bench/interleave.py, $RUNS rounds, order rotating): the JVM floor;
#    should-run per size, status, todo list and todo add, each through bin/loopx with the answerer
#    (LOOPX_ANSWERER unset) and without it (LOOPX_ANSWERER=off: a JVM per call, today's path);
#    Backlog.md's task create and task list (its compiled binary, on a project of $PEER_TASKS tasks).
# 4. Task Master (add-task with a title, list, next; $PEER_RUNS runs each, in turn: each takes seconds).
# 4b. The original LoopX (Python), when ORIGINAL names a checkout of yanfeng98/nano-loopx: should-run
#    and todo add, $PEER_RUNS runs each in turn.
# 5. Writers at once, half through the answerer and half in JVMs of their own: every acknowledged
#    write is in the ledger, none twice, and ledger verify passes.
resident_bench() {
  local LOOPX="$DIST/bin/loopx" W="$OUT/work" TSV="$OUT/resident.tsv"
  local PEERS="$ROOT/bench/peers" PEER_TASKS=${PEER_TASKS:-50} PEER_RUNS=${PEER_RUNS:-5}
  export LOOPX_HOME="$OUT/loopx-home" LOOPX_ANSWERER=off LOOPX_ANSWERER_IDLE_SECONDS=3600
  : > "$TSV"
  put() { printf '%s\t%s\n' "$1" "$2" >> "$TSV"; }
  get() { awk -F'\t' -v k="$1" '$1 == k {v = $2} END {print v}' "$TSV"; }
  IFS=, read -r -a SIZE_LIST <<< "$SIZES"
  local SMALL=${SIZE_LIST[0]} BIG=${SIZE_LIST[${#SIZE_LIST[@]}-1]} S R

  # the peers, pinned by bench/peers/package-lock.json
  if [ ! -d "$PEERS/node_modules/backlog.md" ] || [ ! -d "$PEERS/node_modules/task-master-ai" ]; then
    echo "bench/run: installing the peers (npm ci in bench/peers)…" >&2
    (cd "$PEERS" && npm ci --no-audit --no-fund >&2) || { echo "bench/run: npm ci failed in bench/peers" >&2; return 1; }
  fi
  local BACKLOG
  BACKLOG=$(ls "$PEERS"/node_modules/backlog.md-*/backlog 2>/dev/null | head -n 1)
  [ -x "$BACKLOG" ] || { echo "bench/run: Backlog.md's binary for this platform is missing in bench/peers" >&2; return 1; }
  local TASKMASTER="$PEERS/node_modules/.bin/task-master"

  hello_commands
  local BENCH_JVM=("$JAVA" "${JVM_FLAGS[@]}" -Xms1g -Xmx2g -cp "$BENCH_LIB/*")
  for S in "${SIZE_LIST[@]}"; do
    R="$W/$S/root"; mkdir -p "$W/$S/project"
    echo "bench/run: ledger of $S events…" >&2
    "$LOOPX" --runtime-root "$R" connect --project "$W/$S/project" --goal-id bench-goal-0 > "$OUT/connect-$S.json"
    "${BENCH_JVM[@]}" dev.loopx.bench.LedgerSeed seed --root "$R" --events "$S" 2> "$OUT/seed-$S.log"
  done

  # 2. the answerers, started as a heartbeat starts one
  local SR_ARGS="quota should-run --goal-id bench-goal-0 --agent-id codex-worker-0 --runtime-profile codex_app_heartbeat"
  local PIDS=()
  for S in "${SIZE_LIST[@]}"; do
    R="$W/$S/root"
    env -u LOOPX_ANSWERER "$LOOPX" --runtime-root "$R" $SR_ARGS > /dev/null
    local t=0
    until [ -S "$R/answerer/answerer.sock" ] && perl "$DIST/bin/loopx-ask" "$R/answerer/answerer.sock" "$DIST" "$R" "$PWD" 30 \
          --runtime-root "$R" todo list --goal-id bench-goal-0 > /dev/null 2>&1; do
      t=$((t + 1)); [ "$t" -lt 600 ] || { echo "bench/run: no answerer started for $S events" >&2; return 1; }
      sleep 0.1
    done
    PIDS+=("$(cat "$R/answerer/answerer.lock")")
    put "answerer.$S.rss_start_kb" "$(awk '/VmRSS/ {print $2}' "/proc/$(cat "$R/answerer/answerer.lock")/status")"
  done
  trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done' RETURN

  # Backlog.md: a git project with $PEER_TASKS tasks (its own CLI makes them, untimed)
  local BL="$W/backlog"; mkdir -p "$BL"
  (cd "$BL" && git init -q && "$BACKLOG" init bench --defaults > /dev/null 2>&1 && "$BACKLOG" config set remoteOperations false > /dev/null 2>&1)
  echo "bench/run: Backlog.md project of $PEER_TASKS tasks…" >&2
  for i in $(seq 1 "$PEER_TASKS"); do (cd "$BL" && "$BACKLOG" task create "seed task $i" --plain > /dev/null 2>&1); done

  # 3. side by side
  R="$W/$SMALL/root"
  local TEXT="$OUT/todo-text.txt"
  echo bench-todo-first > "$TEXT"
  local NEWTEXT="/bin/sh -c 'echo bench-todo-\$(date +%s%N) > $TEXT'"
  local CMDS=("floor=$HELLO_CMD")
  for S in "${SIZE_LIST[@]}"; do
    CMDS+=("jvm-should-run-$S=$LOOPX --runtime-root $W/$S/root $SR_ARGS"
           "res-should-run-$S=LOOPX_ANSWERER= $LOOPX --runtime-root $W/$S/root $SR_ARGS")
  done
  CMDS+=("jvm-status=$LOOPX --runtime-root $R status --goal-id bench-goal-0"
         "res-status=LOOPX_ANSWERER= $LOOPX --runtime-root $R status --goal-id bench-goal-0"
         "jvm-todo-list=$LOOPX --runtime-root $R todo list --goal-id bench-goal-0"
         "res-todo-list=LOOPX_ANSWERER= $LOOPX --runtime-root $R todo list --goal-id bench-goal-0"
         "jvm-todo-add=$LOOPX --runtime-root $R todo add --goal-id bench-goal-0 --role agent --text-file $TEXT ;; $NEWTEXT"
         "res-todo-add=LOOPX_ANSWERER= $LOOPX --runtime-root $R todo add --goal-id bench-goal-0 --role agent --text-file $TEXT ;; $NEWTEXT"
         "backlog-create=BACKLOG_CWD=$BL $BACKLOG task create bench-task --plain"
         "backlog-list=BACKLOG_CWD=$BL $BACKLOG task list --plain")
  local HEAD_BEFORE
  HEAD_BEFORE=$(awk '{print $2}' "$R/ledger.head")
  echo "bench/run: ${#CMDS[@]} commands side by side, 3 warm-up + $RUNS rounds…" >&2
  python3 "$ROOT/bench/interleave.py" --runs "$RUNS" --warmup 3 --json "$OUT/resident-interleaved.json" "${CMDS[@]}" >> "$TSV" \
    || { echo "bench/run: the side-by-side rounds failed" >&2; return 1; }
  put todo-add.appended "$(( $(awk '{print $2}' "$R/ledger.head") - HEAD_BEFORE ))"

  # 4. Task Master, $PEER_RUNS runs of each command in turn (a project of $PEER_TASKS tasks)
  local TM="$W/taskmaster"; mkdir -p "$TM"
  (cd "$TM" && timeout 300 "$TASKMASTER" init --yes --skip-install --no-git --no-aliases > /dev/null 2>&1) || true
  mkdir -p "$TM/.taskmaster/tasks"
  python3 - "$TM/.taskmaster/tasks/tasks.json" "$PEER_TASKS" <<'PY'
import json, sys
n = int(sys.argv[2])
tasks = [{"id": i, "title": f"seed task {i}", "description": f"seed task {i}", "status": "pending",
          "dependencies": [], "priority": "medium", "details": "", "testStrategy": "", "subtasks": []}
         for i in range(1, n + 1)]
json.dump({"master": {"tasks": tasks, "metadata": {"created": "2026-12-08T00:00:00Z", "description": "bench"}}},
          open(sys.argv[1], "w"))
PY
  echo "bench/run: Task Master, $PEER_RUNS runs of add-task, list and next…" >&2
  local name cmd
  for name in tm-add tm-list tm-next; do : > "$OUT/$name.times"; done
  for r in $(seq 1 "$PEER_RUNS"); do
    for name in tm-next tm-list tm-add; do
      case $name in
        tm-next) cmd=(next) ;; tm-list) cmd=(list) ;; tm-add) cmd=(add-task --title "bench task $r" --description "bench task") ;;
      esac
      local s e
      s=$(date +%s%N)
      (cd "$TM" && timeout 300 "$TASKMASTER" "${cmd[@]}" > "$OUT/$name.out" 2>&1) || { echo "bench/run: task-master ${cmd[*]} failed:" >&2; tail -5 "$OUT/$name.out" >&2; return 1; }
      e=$(date +%s%N)
      echo $(( (e - s) / 1000000 )) >> "$OUT/$name.times"
    done
  done
  for name in tm-add tm-list tm-next; do
    put "$name.p50" "$(sort -n "$OUT/$name.times" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}')"
    put "$name.n" "$(wc -l < "$OUT/$name.times")"
  done

  # 4b. the original LoopX (Python 0.5.1, yanfeng98/nano-loopx) when ORIGINAL names a checkout of it:
  # should-run and todo add on a project it bootstrapped, $PEER_RUNS runs each in turn
  if [ -n "${ORIGINAL:-}" ]; then
    local OP="$W/original/p" ORIG_PY
    mkdir -p "$OP" "$W/original/home"
    ORIG_PY=(env "PYTHONPATH=$ORIGINAL" "HOME=$W/original/home" python3 -c 'import sys; from loopx.entrypoint import main; sys.exit(main(sys.argv[1:]))')
    (cd "$OP" && git init -q && "${ORIG_PY[@]}" bootstrap --project . --goal-id bench-goal-0 --objective bench --no-onboarding-scan > "$OUT/original-bootstrap.out" 2>&1) \
      || { echo "bench/run: the original's bootstrap failed (ORIGINAL=$ORIGINAL):" >&2; tail -5 "$OUT/original-bootstrap.out" >&2; return 1; }
    echo "bench/run: the original LoopX, $PEER_RUNS runs of should-run and todo add…" >&2
    for name in orig-should-run orig-todo-add; do : > "$OUT/$name.times"; done
    for r in $(seq 1 "$PEER_RUNS"); do
      for name in orig-should-run orig-todo-add; do
        case $name in
          orig-should-run) cmd=(quota should-run --goal-id bench-goal-0) ;;
          orig-todo-add) cmd=(todo add --goal-id bench-goal-0 --role agent --text "bench task $r") ;;
        esac
        local s e
        s=$(date +%s%N)
        (cd "$OP" && "${ORIG_PY[@]}" "${cmd[@]}" > "$OUT/$name.out" 2>&1) || { echo "bench/run: the original's ${cmd[*]} failed" >&2; tail -5 "$OUT/$name.out" >&2; return 1; }
        e=$(date +%s%N)
        echo $(( (e - s) / 1000000 )) >> "$OUT/$name.times"
      done
    done
    for name in orig-should-run orig-todo-add; do
      put "$name.p50" "$(sort -n "$OUT/$name.times" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}')"
      put "$name.n" "$(wc -l < "$OUT/$name.times")"
    done
  fi

  # 5. writers at once: half through the answerer, half in JVMs of their own
  local WR=${WRITERS:-4} WN=${WRITES:-25} i j pids=()
  echo "bench/run: $WR writers x $WN todo add at once (half through the answerer, half JVMs)…" >&2
  local BEFORE
  BEFORE=$("$LOOPX" --runtime-root "$R" todo list --goal-id bench-goal-0 | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
  for i in $(seq 1 "$WR"); do
    (
      if [ $((i % 2)) = 0 ]; then unset LOOPX_ANSWERER; fi
      for j in $(seq 1 "$WN"); do
        "$LOOPX" --runtime-root "$R" todo add --goal-id bench-goal-0 --role agent --text "writer $i write $j" > /dev/null 2>&1 \
          && echo ok >> "$OUT/writer-$i.acks" || echo "fail" >> "$OUT/writer-$i.acks"
      done
    ) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  local ACKED LISTED
  ACKED=$(cat "$OUT"/writer-*.acks | grep -c '^ok$' || true)
  LISTED=$("$LOOPX" --runtime-root "$R" todo list --goal-id bench-goal-0 | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
  put writers.acked "$ACKED"
  put writers.attempted "$((WR * WN))"
  put writers.added "$((LISTED - BEFORE))"
  "$LOOPX" --runtime-root "$R" ledger verify > "$OUT/verify.json" && put writers.verify ok || put writers.verify FAILED
  for S in "${SIZE_LIST[@]}"; do
    put "answerer.$S.rss_end_kb" "$(awk '/VmRSS/ {print $2}' "/proc/$(cat "$W/$S/root/answerer/answerer.lock")/status" 2>/dev/null || echo 0)"
  done

  resident_table
  [ "${KEEP:-0}" = 1 ] || rm -rf "$W"
  echo >&2
  cat "$RESULTS"
  echo
  echo "raw results: $OUT"
}

resident_table() {
  local TSV="$OUT/resident.tsv" S r
  get() { awk -F'\t' -v k="$1" '$1 == k {v = $2} END {print v}' "$TSV"; }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "n/a" }'; }
  le() { awk -v v="$1" -v lim="$2" 'BEGIN { print (v != "n/a" && v + 0 <= lim + 0) ? "PASS" : "FAIL" }'; }
  ge() { awk -v v="$1" -v lim="$2" 'BEGIN { print (v != "n/a" && v + 0 >= lim + 0) ? "PASS" : "FAIL" }'; }
  IFS=, read -r -a SIZE_LIST <<< "$SIZES"
  local SMALL=${SIZE_LIST[0]} BIG=${SIZE_LIST[${#SIZE_LIST[@]}-1]}
  local F=$(get floor.p50)
  row() {  # row LABEL LEDGER KEY TARGET-MS [PEER-LABEL PEER-KEY FACTOR]...
    local label=$1 ledger=$2 key=$3 target=$4; shift 4
    local v=$(get "$key.p50") extra="" verdicts=""
    [ -n "$target" ] && verdicts="≤ $target ms: $(le "$v" "$target")"
    while [ $# -ge 3 ]; do
      local pv=$(get "$2.p50") x
      x=$(ratio "$pv" "$v")
      extra="$extra${extra:+, }${x}× faster than $1"
      verdicts="$verdicts${verdicts:+; }≥ $3× $1: $(ge "$x" "$3")"
      shift 3
    done
    echo "| $label | $ledger | $(get "$key.n") | $v | $(get "$key.p90") | $(ratio "$v" "$F")× floor${extra:+; $extra} | $verdicts |"
  }
  {
    echo "| command | ledger | runs | p50 ms | p90 ms | vs | target: result |"
    echo "|---|---:|---:|---:|---:|---|---|"
    echo "| JVM floor: PicocliHello, same flags + own AOT archive | – | $(get floor.n) | $F | $(get floor.p90) | | |"
    for S in "${SIZE_LIST[@]}"; do
      if [ -n "$(get orig-should-run.p50)" ]; then
        row "\`quota should-run\`, resident answerer" "$S" "res-should-run-$S" 30 "Task Master next" tm-next 20 "the original's should-run" orig-should-run 50
      else
        row "\`quota should-run\`, resident answerer" "$S" "res-should-run-$S" 30 "Task Master next" tm-next 20
      fi
      row "\`quota should-run\`, a JVM per call (LOOPX_ANSWERER=off)" "$S" "jvm-should-run-$S" ""
    done
    r=$(ratio "$(get res-should-run-$BIG.p50)" "$(get res-should-run-$SMALL.p50)")
    echo "| resident should-run at $BIG vs $SMALL events | | | $r | | × | ≤ 1.2×: $(le "$r" 1.2) |"
    row "\`status --goal-id\`, resident answerer" "$SMALL(+)" res-status 30
    row "\`status --goal-id\`, a JVM per call" "$SMALL(+)" jvm-status ""
    row "\`todo list\`, resident answerer" "$SMALL(+)" res-todo-list "" "Backlog.md task list" backlog-list 3 "Task Master list" tm-list 20
    row "\`todo list\`, a JVM per call" "$SMALL(+)" jvm-todo-list ""
    if [ -n "$(get orig-todo-add.p50)" ]; then
      row "\`todo add\` (acknowledged, fsynced; $(get todo-add.appended) events appended by both rows), resident answerer" "$SMALL(+)" res-todo-add 50 "Backlog.md task create" backlog-create 3 "Task Master add-task" tm-add 20 "the original's todo add" orig-todo-add 10
    else
      row "\`todo add\` (acknowledged, fsynced; $(get todo-add.appended) events appended by both rows), resident answerer" "$SMALL(+)" res-todo-add 50 "Backlog.md task create" backlog-create 3 "Task Master add-task" tm-add 20
    fi
    row "\`todo add\`, a JVM per call" "$SMALL(+)" jvm-todo-add ""
    echo "| Backlog.md \`task create\` (its compiled binary; a project of ${PEER_TASKS:-50}+ tasks) | – | $(get backlog-create.n) | $(get backlog-create.p50) | $(get backlog-create.p90) | $(ratio "$(get backlog-create.p50)" "$F")× floor | |"
    echo "| Backlog.md \`task list --plain\` | – | $(get backlog-list.n) | $(get backlog-list.p50) | $(get backlog-list.p90) | $(ratio "$(get backlog-list.p50)" "$F")× floor | |"
    for name in orig-should-run orig-todo-add; do
      [ -n "$(get $name.p50)" ] && echo "| the original LoopX (Python 0.5.1) \`${name#orig-}\` (runs in turn, not interleaved) | – | $(get $name.n) | $(get $name.p50) | | $(ratio "$(get $name.p50)" "$F")× floor | |"
    done
    for name in tm-next tm-list tm-add; do
      echo "| Task Master \`${name#tm-}\` (a project of ${PEER_TASKS:-50}+ tasks; runs in turn, not interleaved) | – | $(get $name.n) | $(get $name.p50) | | $(ratio "$(get $name.p50)" "$F")× floor | |"
    done
    local lost=$(( $(get writers.acked) - $(get writers.added) ))
    echo "| writers at once, half through the answerer: acknowledged / attempted / added to the ledger | $SMALL(+) | | $(get writers.acked) / $(get writers.attempted) / $(get writers.added) | | ledger verify $(get writers.verify) | 0 acknowledged lost: $( [ "$lost" = 0 ] && [ "$(get writers.verify)" = ok ] && echo PASS || echo FAIL) |"
    for S in "${SIZE_LIST[@]}"; do
      echo "| answerer RSS at start / at the end | $S | | $(( $(get answerer.$S.rss_start_kb) / 1024 )) / $(( $(get answerer.$S.rss_end_kb) / 1024 )) | | MB | |"
    done
  } > "$OUT/resident.md"
  {
    cat "$OUT/env.md"
    echo "- resident: sizes $SIZES; $RUNS rounds side by side (bench/interleave.py, order rotating, 3 warm-up rounds), loopx through bin/loopx"
    echo
    cat "$OUT/resident.md"
  } > "$RESULTS"
}
