#!/usr/bin/env python3
"""The production-shape benchmark's runner and report (deploy/local/bench/prod.sh).

  prod_report.py run LABEL --groups FILE --out DIR -- wrk ARGS…
      runs wrk once and writes DIR/LABEL.json: throughput, latency, errors and statuses, and how much
      CPU (in cores) wrk itself and each group of processes used meanwhile (FILE: "name pid" lines;
      a group is the process and its children, as nginx's workers or PostgreSQL's backends)
  prod_report.py write --results DIR --out docs/BENCHMARKS.md
      writes the tables between the `bench-prod:begin` and `bench-prod:end` markers and prints them

Targets: reads at least 35 % of the ceiling with p99 at most 15 ms, bookings p99 at most
50 ms, no errors (connection errors, timeouts or 5xx).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

READ_MIN_RATIO = 0.35
READ_MAX_P99_MS = 15.0
BOOK_MAX_P99_MS = 50.0
BEGIN, END = "<!-- bench-prod:begin -->", "<!-- bench-prod:end -->"
TICKS = os.sysconf("SC_CLK_TCK")
READS = [
    ("list", "`GET /api/services?limit=48`"),
    ("category", "`GET /api/services/beauty`"),
    ("detail", "`GET /api/service/{id}`"),
    ("search", "`GET /api/services/search?query=…`"),
]


def cpu_ticks(pid: int) -> int:
    """utime + stime of one process, in clock ticks (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except OSError:
        return []
    return [int(p) for p in out.split()]


def snapshot(groups: dict[str, int]) -> dict[str, dict[int, int]]:
    return {name: {p: cpu_ticks(p) for p in [pid, *children(pid)]} for name, pid in groups.items()}


def used(before: dict[int, int], after: dict[int, int]) -> int:
    # A process that started meanwhile counts from zero; one that ended is not counted.
    return sum(t - before.get(p, 0) for p, t in after.items() if t)


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def duration_ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not m:
        raise ValueError(text)
    return float(m.group(1)) * UNITS[m.group(2)]


def parse_plain(text: str) -> dict:
    """wrk's own summary (run with --latency)."""
    result: dict = {"errors": {"connect": 0, "read": 0, "write": 0, "timeout": 0}, "non_2xx": 0}
    for pct, key in (("50", "p50_ms"), ("90", "p90_ms"), ("99", "p99_ms")):
        m = re.search(rf"^\s+{pct}%\s+(\S+)", text, re.M)
        if m:
            result[key] = duration_ms(m.group(1))
    m = re.search(r"(\d+) requests in ([\d.]+\w+)", text)
    if m:
        result["requests"] = int(m.group(1))
    m = re.search(r"Requests/sec:\s+([\d.]+)", text)
    if m:
        result["rps"] = float(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if m:
        result["errors"] = dict(zip(("connect", "read", "write", "timeout"), map(int, m.groups())))
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if m:
        result["non_2xx"] = int(m.group(1))
    return result


def run(args: argparse.Namespace) -> None:
    groups = {}
    for line in Path(args.groups).read_text().splitlines():
        if line.strip():
            name, pid = line.split()
            groups[name] = int(pid)
    before = snapshot(groups)
    started = time.monotonic()
    proc = subprocess.Popen(args.wrk, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - started
    after = snapshot(groups)
    out_dir = Path(args.out)
    (out_dir / f"{args.label}.txt").write_text(out)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"prod bench: wrk failed for {args.label}:\n{out}")
    scripted = [line for line in out.splitlines() if line.startswith("BENCH_JSON ")]
    result = json.loads(scripted[0].split(" ", 1)[1]) if scripted else parse_plain(out)
    result["scripted"] = bool(scripted)
    cpu = {name: used(before[name], after[name]) / TICKS / elapsed for name in groups}
    cpu["wrk"] = (usage.ru_utime + usage.ru_stime) / elapsed
    result["cpu_cores"] = {k: round(v, 2) for k, v in cpu.items()}
    (out_dir / f"{args.label}.json").write_text(json.dumps(result))
    show(args.label, result)


def errors_of(r: dict) -> int:
    """Connection errors, timeouts and 5xx answers (a 4xx is an answer: a taken slot, a limit)."""
    e = r.get("errors", {})
    n = sum(e.get(k, 0) for k in ("connect", "read", "write", "timeout"))
    statuses = r.get("statuses") or {}
    if statuses:
        n += sum(v for k, v in statuses.items() if k.startswith("5"))
    else:
        n += r.get("non_2xx", 0)
    return n


def show(label: str, r: dict) -> None:
    cpu = ", ".join(f"{k} {v:.2f}" for k, v in sorted(r["cpu_cores"].items(), key=lambda kv: -kv[1]) if v >= 0.05)
    print(
        f"  {label:32} {r.get('rps', 0):10,.0f} req/s  p50 {r.get('p50_ms', 0):6.2f} ms  "
        f"p99 {r.get('p99_ms', 0):6.2f} ms  errors {errors_of(r)}  cores: {cpu}"
    )


def limiter(r: dict, cores: int) -> str:
    """What held the figure back: the process group using the most CPU, and whether the machine's
    cores were all busy (then the load generator's share is what the measured side did not get)."""
    cpu = r["cpu_cores"]
    total = sum(cpu.values())
    top = max(cpu.items(), key=lambda kv: kv[1])
    saturated = total >= 0.85 * cores
    if not saturated:
        return f"not CPU ({total:.1f} of {cores} cores busy): latency-bound"
    share = cpu.get("wrk", 0) / total if total else 0
    gen = f"wrk took {share:.0%} of the CPU"
    return f"CPU: {top[0]} most ({top[1]:.2f} cores); {gen}"


def load(results: Path, label: str) -> dict | None:
    path = results / f"{label}.json"
    return json.loads(path.read_text()) if path.exists() else None


def mark(ok: bool) -> str:
    return "✅" if ok else "❌"


def write(args: argparse.Namespace) -> None:
    res = Path(args.results)
    cores = int((res / "cores").read_text().strip()) if (res / "cores").exists() else os.cpu_count() or 2
    lines = [BEGIN, ""]
    met = total = 0
    for method, title, ceiling_note in (
        ("plain", "plain wrk (no Lua), one URL per run", "minimal nginx, one worker per core, the same bytes from files"),
        ("scripted", "scripted wrk (Lua: random ids and queries)", "the deploy nginx serving the same bytes as static files"),
    ):
        lines += [
            f"**Reads, {title}.** Ceiling: {ceiling_note}. {args.connections} connections, {args.duration} each.",
            "",
            "| Endpoint | Ceiling req/s | Through nginx: req/s, % of ceiling, p99 | Through the gateway alone | Limited by (nginx run) | Target |",
            "|---|---|---|---|---|---|",
        ]
        for key, name in READS:
            ceiling = load(res, f"{method}-ceiling-{key}")
            nginx = load(res, f"{method}-nginx-{key}")
            gateway = load(res, f"{method}-gateway-{key}")
            if not (ceiling and nginx):
                continue
            ratio = nginx["rps"] / ceiling["rps"] if ceiling["rps"] else 0
            ok = ratio >= READ_MIN_RATIO and nginx["p99_ms"] <= READ_MAX_P99_MS and errors_of(nginx) == 0
            met += ok
            total += 1
            via_gw = "–"
            if gateway:
                via_gw = f"{gateway['rps']:,.0f}, {gateway['rps'] / ceiling['rps']:.0%}, {gateway['p99_ms']:.1f} ms"
            lines.append(
                f"| {name} | {ceiling['rps']:,.0f} | {nginx['rps']:,.0f}, **{ratio:.0%}**, {nginx['p99_ms']:.1f} ms"
                f"{'' if errors_of(nginx) == 0 else f', {errors_of(nginx)} errors'} | {via_gw} | "
                f"{limiter(nginx, cores)} | {mark(ok)} ≥ 35 %, ≤ 15 ms |"
            )
        lines.append("")
    lines += [
        "**The booking dialog's day, and writes, through nginx** (scripted wrk).",
        "",
        "| Call | req/s | p50 | p99 | Answers | Errors | Limited by | Target |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, name, target in (
        ("availability", "`GET /api/appointments/availability` (random listing and day; not cached)", READ_MAX_P99_MS),
        ("book", "`POST /api/appointments` (random listing, bookable day and time)", BOOK_MAX_P99_MS),
        ("availability-team", "`GET /api/appointments/availability` with members (the demo salon's team)", READ_MAX_P99_MS),
        ("book-team", "`POST /api/appointments` with members (services, a member or anyone available)", BOOK_MAX_P99_MS),
        ("register", "`POST /api/register` (a new buyer each, argon2id)", None),
    ):
        r = load(res, f"scripted-nginx-{key}")
        if not r:
            continue
        answers = ", ".join(f"{k}: {v:,}" for k, v in sorted((r.get("statuses") or {}).items()))
        ok = errors_of(r) == 0 and (target is None or r["p99_ms"] <= target)
        if target is not None:
            met += ok
            total += 1
        goal = f"{mark(ok)} p99 ≤ {target:.0f} ms, no errors" if target else f"{mark(ok)} no errors"
        lines.append(
            f"| {name} | {r['rps']:,.0f} | {r['p50_ms']:.1f} ms | {r['p99_ms']:.1f} ms | {answers} | {errors_of(r)} | "
            f"{limiter(r, cores)} | {goal} |"
        )
    lines.append("")
    rss = res / "rss.tsv"
    if rss.exists():
        peak: dict[tuple[str, str], int] = {}
        for line in rss.read_text().splitlines():
            phase, name, kb = line.split("\t")
            key = (name, phase)
            peak[key] = max(peak.get(key, 0), int(kb))
        phases = ["idle", "reads", "bookings", "registrations"]
        names = sorted({n for n, _ in peak})
        lines += [
            "**Resident memory per process** (MiB, the highest sample of each phase).",
            "",
            "| Process | " + " | ".join(phases) + " |",
            "|---|" + "---|" * len(phases),
        ]
        for n in names:
            cells = [f"{peak[(n, p)] / 1024:.1f}" if (n, p) in peak else "–" for p in phases]
            lines.append(f"| {n} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += [f"Targets met: **{met} of {total}**.", "", END]
    section = "\n".join(lines)
    out = Path(args.out)
    text = out.read_text() if out.exists() else ""
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + section + text[text.index(END) + len(END) :]
    else:
        text = text.rstrip() + "\n\n## The production shape (issue 23)\n\n" + section + "\n"
    out.write_text(text)
    print(section)


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("label")
    r.add_argument("--groups", required=True)
    r.add_argument("--out", required=True)
    w = sub.add_parser("write")
    w.add_argument("--results", required=True)
    w.add_argument("--out", required=True)
    w.add_argument("--connections", default="64")
    w.add_argument("--duration", default="10s")
    argv = sys.argv[1:]
    wrk = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    if args.cmd == "run":
        args.wrk = wrk
        run(args)
    else:
        write(args)


if __name__ == "__main__":
    main()
