# Sourced by bench/run --writers (issue 24, concurrency): W writer loops (default 8) of N CLI writes
# each (default 50), all on one runtime root at once — every write a real `loopx todo add` process,
# as agents write. Counts refusals (lock_acquire_timeout must be 0), the wall time of each write and
# the time it waited for the writer lock (LOOPX_TIMING=1: the CLI prints `loopx: timing: …` on
# stderr), then checks the ledger. Expects ROOT, OUT, DIST; writes rows to $OUT/writers.tsv and the
# table to $OUT/results.md.
writers_bench() {
  export LOOPX_ANSWERER=off   # every write a JVM of its own, as before (bench/run --resident mixes in the answerer)
  local LOOPX="$DIST/bin/loopx" W="$OUT/work" WRITERS=${WRITERS:-8} WRITES=${WRITES:-50}
  mkdir -p "$W/p"
  "$LOOPX" connect --project "$W/p" --goal-id bench >/dev/null
  local R="$W/p/.loopx"
  # one warm call so the first writes do not pay the store's creation
  "$LOOPX" --runtime-root "$R" status >/dev/null
  echo "bench/run: writers: $WRITERS writers x $WRITES CLI writes (todo add) on one runtime root, at once…" >&2
  local pids=() i start
  start=$(date +%s%N)
  for i in $(seq 1 "$WRITERS"); do
    (
      for j in $(seq 1 "$WRITES"); do
        t0=$(date +%s%N)
        LOOPX_TIMING=1 "$LOOPX" --runtime-root "$R" --format json todo add --goal-id bench --role agent \
          --text "writer $i write $j" > "$OUT/w-$i-$j.out" 2> "$OUT/w-$i-$j.err" && code=0 || code=$?
        t1=$(date +%s%N)
        printf '%s\t%s\t%s\t%s\n' "$i" "$j" "$code" "$(( (t1 - t0) / 1000000 ))" >> "$OUT/writer-$i.tsv"
      done
    ) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  local wall=$(( ($(date +%s%N) - start) / 1000000 ))
  "$LOOPX" --runtime-root "$R" --format json ledger verify > "$OUT/verify.json" || true
  python3 - "$OUT" "$WRITERS" "$WRITES" "$wall" <<'PY' | tee -a "$OUT/results.md"
import glob, json, os, re, sys
out, writers, writes, wall = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rows = []
for f in sorted(glob.glob(f"{out}/writer-*.tsv")):
    for line in open(f):
        i, j, code, ms = line.split("\t")
        err = open(f"{out}/w-{i}-{j}.err").read()
        m = re.search(r"lock_wait_ms=(\d+)", err)
        doc = {}
        try:
            doc = json.load(open(f"{out}/w-{i}-{j}.out"))
        except Exception:
            pass
        rows.append((int(code), int(ms), int(m.group(1)) if m else None, doc.get("error_code")))
def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else 0
ok = [r for r in rows if r[0] == 0]
refused = [r for r in rows if r[0] != 0]
codes = {}
for r in refused:
    codes[r[3] or f"exit {r[0]}"] = codes.get(r[3] or f"exit {r[0]}", 0) + 1
waits = [r[2] for r in rows if r[2] is not None]
verify = json.load(open(f"{out}/verify.json"))
checked = verify.get("events_checked", verify.get("checked_events", "?"))
target = "PASS" if not refused and len(rows) == writers * writes and verify.get("ok") else "FAIL"
print(f"\n## {writers} concurrent writers x {writes} CLI writes (todo add), one runtime root\n")
print("| writes | ok | refused | write p50 (ms) | write p99 (ms) | write max (ms) | lock wait p50 (ms) | lock wait p99 (ms) | lock wait max (ms) | wall (s) | ledger verify | 0 refusals |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
print(f"| {len(rows)} | {len(ok)} | {len(refused)}{' ' + str(codes) if codes else ''} | {pct([r[1] for r in rows], 50)} | "
      f"{pct([r[1] for r in rows], 99)} | {max((r[1] for r in rows), default=0)} | {pct(waits, 50)} | {pct(waits, 99)} | "
      f"{max(waits, default=0)} | {wall / 1000:.1f} | {'ok' if verify.get('ok') else 'FAILED'} ({checked} events) | {target} |")
sys.exit(0 if target == "PASS" else 1)
PY
}
