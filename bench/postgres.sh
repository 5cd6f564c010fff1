# Sourced by bench/run --postgres (issue 22, ADR 0006, ADR 0009): should-run (head from the runtime
# root's head holder, and with LOOPX_LEDGER_HOLDER=off its own login) and `todo add` on a PostgreSQL
# ledger on localhost vs the embedded Chronicle journal, cold starts side by side
# (bench/interleave.py), then 8 concurrent writer processes over two runtime roots on one
# PostgreSQL ledger vs 8 on one Chronicle root: appends/s and write latency (p50, p99).
# Expects ROOT, OUT, DIST, RUNS; starts its own PostgreSQL server (as nobody when root) and
# stops it on exit. The password exists only in this shell's environment.
pg_bench() {
  local PGBIN=${LOOPX_PG_BIN:-/usr/lib/postgresql/15/bin}
  [ -x "$PGBIN/postgres" ] || { echo "bench/run: no PostgreSQL binaries in $PGBIN (apt-get install postgresql-15)" >&2; exit 3; }
  local PGHOME RUNAS=() PW PORT PGPID LOOPX="$DIST/bin/loopx" W="$OUT/work"
  PGHOME=$(mktemp -d /tmp/loopx-bench-pg.XXXXXX)
  PW="bench-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
  printf '%s\n' "$PW" > "$PGHOME/pw"
  if [ "$(id -u)" = 0 ]; then
    chown -R nobody:nogroup "$PGHOME"; chmod 700 "$PGHOME"
    RUNAS=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  fi
  (cd "$PGHOME" && "${RUNAS[@]}" "$PGBIN/initdb" -D "$PGHOME/data" -U loopx --pwfile="$PGHOME/pw" \
      --auth=scram-sha-256 -E UTF8 --locale=C --no-instructions > "$PGHOME/initdb.log" 2>&1) \
    || { cat "$PGHOME/initdb.log" >&2; exit 3; }
  rm -f "$PGHOME/pw"
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  (cd "$PGHOME" && exec "${RUNAS[@]}" "$PGBIN/postgres" -D "$PGHOME/data" -p "$PORT" -c listen_addresses=127.0.0.1 \
      -c "unix_socket_directories=$PGHOME" > "$PGHOME/server.log" 2>&1) &
  PGPID=$!
  trap "kill -INT $PGPID 2>/dev/null; wait $PGPID 2>/dev/null; rm -rf '$PGHOME'" EXIT
  for _ in $(seq 1 600); do grep -q 'ready to accept connections' "$PGHOME/server.log" 2>/dev/null && break; sleep 0.1; done
  export PGUSER=loopx PGPASSWORD="$PW"
  "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" loopx
  local URL="postgresql://127.0.0.1:$PORT/loopx?ledger=bench" URL2="postgresql://127.0.0.1:$PORT/loopx?ledger=bench-writers"
  mkdir -p "$W/chron" "$W/pg" "$W/cw" "$W/pw-a" "$W/pw-b"
  "$LOOPX" connect --project "$W/chron" --goal-id bench-goal-0 >/dev/null
  "$LOOPX" connect --project "$W/pg" --goal-id bench-goal-0 --ledger "$URL" >/dev/null
  for i in $(seq 1 20); do
    "$LOOPX" --runtime-root "$W/chron/.loopx" todo add --goal-id bench-goal-0 --role agent --text "seed $i" >/dev/null
    "$LOOPX" --runtime-root "$W/pg/.loopx" todo add --goal-id bench-goal-0 --role agent --text "seed $i" >/dev/null
  done
  local TC="$OUT/todo-c.txt" TP="$OUT/todo-p.txt"
  echo first-c > "$TC"; echo first-p > "$TP"
  local SR="quota should-run --goal-id bench-goal-0 --runtime-profile generic_cli"
  local TSV="$OUT/postgres.tsv"
  # The first heartbeat read starts the runtime root's head holder (ADR 0009); wait until it listens.
  "$LOOPX" --runtime-root "$W/pg/.loopx" $SR >/dev/null
  for _ in $(seq 1 100); do ls "$W"/pg/.loopx/holder/*.sock >/dev/null 2>&1 && break; sleep 0.1; done
  echo "bench/run: postgres: cold starts side by side, 3 warm-up + $RUNS rounds…" >&2
  python3 "$ROOT/bench/interleave.py" --runs "$RUNS" --warmup 3 --json "$OUT/postgres-interleaved.json" \
    "should-run-chronicle=$LOOPX --runtime-root $W/chron/.loopx $SR" \
    "should-run-postgres=$LOOPX --runtime-root $W/pg/.loopx $SR" \
    "should-run-postgres-own=env LOOPX_LEDGER_HOLDER=off $LOOPX --runtime-root $W/pg/.loopx $SR" \
    "todo-add-chronicle=$LOOPX --runtime-root $W/chron/.loopx todo add --goal-id bench-goal-0 --role agent --text-file $TC ;; /bin/sh -c 'echo c-\$(date +%s%N) > $TC'" \
    "todo-add-postgres=$LOOPX --runtime-root $W/pg/.loopx todo add --goal-id bench-goal-0 --role agent --text-file $TP ;; /bin/sh -c 'echo p-\$(date +%s%N) > $TP'" \
    > "$TSV" || { echo "bench/run: the cold-start rounds failed" >&2; exit 1; }

  # 8 writers: one Chronicle root vs two runtime roots on one PostgreSQL ledger.
  local COUNT=${PG_WRITES:-100}
  "$LOOPX" connect --project "$W/cw" --goal-id bench-goal-0 >/dev/null
  "$LOOPX" connect --project "$W/pw-a" --goal-id bench-goal-0 --ledger "$URL2" >/dev/null
  "$LOOPX" connect --project "$W/pw-b" --goal-id bench-goal-0 --ledger "$URL2" >/dev/null
  writers() {   # label, roots...: 8 writers round-robin over the roots; prints appends/s p50 p99 max (worst writer)
    local label=$1; shift; local roots=("$@") pids=() i
    for i in $(seq 1 8); do
      "$LOOPX" --runtime-root "${roots[$(( i % ${#roots[@]} ))]}" --format json debug append-load \
        --goal-id bench-goal-0 --count "$COUNT" --writer "$i" > "$OUT/writer-$label-$i.json" 2>/dev/null &
      pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || true; done
    python3 - "$OUT" "$label" <<'PY'
import glob, json, sys
docs = [json.load(open(f)) for f in sorted(glob.glob(f"{sys.argv[1]}/writer-{sys.argv[2]}-*.json"))]
ok = [d for d in docs if d.get("ok")]
total = sum(d["appended"] for d in ok)
span = max((d["elapsed_ms"] for d in ok), default=0)
rate = total / (span / 1000) if span else 0
p50 = sorted(d["p50_write_us"] for d in ok)[len(ok) // 2] / 1000 if ok else 0
p99 = max((d["p99_write_us"] for d in ok), default=0) / 1000
mx = max((d["max_write_ms"] for d in ok), default=0)
print(f"{sys.argv[2]}.writers_ok\t{len(ok)}\n{sys.argv[2]}.appends\t{total}\n{sys.argv[2]}.rate\t{rate:.0f}\n"
      f"{sys.argv[2]}.p50\t{p50:.1f}\n{sys.argv[2]}.p99\t{p99:.1f}\n{sys.argv[2]}.max\t{mx}")
PY
  }
  echo "bench/run: postgres: 8 writers x $COUNT appends, Chronicle (one root) then PostgreSQL (two roots)…" >&2
  writers chronicle "$W/cw/.loopx" >> "$TSV"
  writers postgres "$W/pw-a/.loopx" "$W/pw-b/.loopx" >> "$TSV"
  "$LOOPX" --runtime-root "$W/pw-a/.loopx" ledger verify >/dev/null || { echo "bench/run: ledger verify failed after the writers" >&2; exit 1; }

  get() { awk -F'\t' -v k="$1" '$1 == k {v = $2} END {print v}' "$TSV"; }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
  verdict() { awk -v v="$1" -v lim="$2" 'BEGIN { print (v != "n/a" && v + 0 <= lim + 0) ? "PASS" : "FAIL" }'; }
  local rs rt
  rs=$(ratio "$(get should-run-postgres.p50)" "$(get should-run-chronicle.p50)")
  local ro
  ro=$(ratio "$(get should-run-postgres-own.p50)" "$(get should-run-chronicle.p50)")
  rt=$(ratio "$(get todo-add-postgres.p50)" "$(get todo-add-chronicle.p50)")
  {
    cat "$OUT/env.md"
    echo "- postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1 (fresh initdb, SCRAM login, synchronous_commit on, fsync on); $RUNS cold-start rounds side by side; writers: 8 x $COUNT appends"
    echo
    echo "| measurement | runs | Chronicle p50 | PostgreSQL p50 | Chronicle p90 | PostgreSQL p90 | ratio (PG / Chronicle) | target | result |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|---|"
    echo "| \`quota should-run\` cold start, head from the head holder (ms) | $(get should-run-postgres.n) | $(get should-run-chronicle.p50) | $(get should-run-postgres.p50) | $(get should-run-chronicle.p90) | $(get should-run-postgres.p90) | $rs | ≤ 1.3× | $(verdict "$rs" 1.3) |"
    echo "| \`quota should-run\` cold start, own login (LOOPX_LEDGER_HOLDER=off; env adds one exec) (ms) | $(get should-run-postgres-own.n) | $(get should-run-chronicle.p50) | $(get should-run-postgres-own.p50) | $(get should-run-chronicle.p90) | $(get should-run-postgres-own.p90) | $ro | (for comparison) | |"
    echo "| \`todo add\` cold start, one real append (ms) | $(get todo-add-postgres.n) | $(get todo-add-chronicle.p50) | $(get todo-add-postgres.p50) | $(get todo-add-chronicle.p90) | $(get todo-add-postgres.p90) | $rt | ≤ 1.5× | $(verdict "$rt" 1.5) |"
    echo
    echo "| 8 concurrent writer processes | writers ok | appends | appends/s | p50 write (ms) | p99 write, worst writer (ms) | max write (ms) |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for l in chronicle postgres; do
      local what="one Chronicle root"; [ "$l" = postgres ] && what="two roots, one PostgreSQL ledger"
      echo "| $what | $(get $l.writers_ok) | $(get $l.appends) | $(get $l.rate) | $(get $l.p50) | $(get $l.p99) | $(get $l.max) |"
    done
  } > "$OUT/results.md"
  rm -rf "$W"
  cat "$OUT/results.md"
  echo
  echo "raw results: $OUT"
}
