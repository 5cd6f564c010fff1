#!/usr/bin/env python3
"""Cold-start timings measured side by side: every round runs every command once.

usage: interleave.py --runs N --warmup W --json OUT.json NAME=CMD [NAME=CMD ...]
       (a CMD may end in ' ;; PREPARE': PREPARE runs, untimed, before every run of CMD)

hyperfine runs all N runs of one command before the next one, so on a machine whose load comes
and goes (these are shared 2-core VMs) a command and the floor it is compared with can see
different conditions; here each round runs every command once, the order rotating by one each
round, so a burst of load hits all of them alike. No shell: CMD is split like a shell would
split it (shlex) and started directly, so `dir/*` class-path wildcards reach java unexpanded,
as with `hyperfine -N`. Leading NAME=value words of a CMD set those environment variables for it
alone (NAME= with no value removes one), as a shell would. Prints `NAME.p50`, `NAME.p90`, `NAME.n` (milliseconds) as TSV lines.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100.0
    f = int(k)
    c = min(f + 1, len(values) - 1)
    return values[f] + (values[c] - values[f]) * (k - f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--json", required=True)
    parser.add_argument("commands", nargs="+")
    args = parser.parse_args()
    commands = []
    for spec in args.commands:
        name, _, rest = spec.partition("=")
        cmd, _, prepare = rest.partition(" ;; ")
        words = shlex.split(cmd)
        env = dict(os.environ)
        while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
            key, _, value = words.pop(0).partition("=")
            if value:
                env[key] = value
            else:
                env.pop(key, None)
        commands.append((name, (words, env), shlex.split(prepare) if prepare else None))
    times = {name: [] for name, _, _ in commands}
    for round_no in range(args.warmup + args.runs):
        shift = round_no % len(commands)
        for name, cmd, prepare in commands[shift:] + commands[:shift]:
            if prepare:
                subprocess.run(prepare, check=True, stdout=subprocess.DEVNULL)
            t0 = time.perf_counter()
            done = subprocess.run(cmd[0], env=cmd[1], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = (time.perf_counter() - t0) * 1000
            if done.returncode not in (0, 1):
                sys.stderr.write(f"interleave: {name} exited {done.returncode}: {done.stderr.decode(errors='replace')}\n")
                sys.exit(1)
            if round_no >= args.warmup:
                times[name].append(elapsed)
    with open(args.json, "w") as out:
        json.dump({"runs": args.runs, "warmup": args.warmup, "times_ms": times}, out)
    for name, _, _ in commands:
        t = times[name]
        print(f"{name}.p50\t{percentile(t, 50):.1f}\n{name}.p90\t{percentile(t, 90):.1f}\n{name}.n\t{len(t)}")


if __name__ == "__main__":
    main()
