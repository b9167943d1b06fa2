#!/usr/bin/env python3
"""The report of `make bench` (deploy/local/bench.sh): reads the raw results of one run and writes
the markdown tables, each figure marked against its target, into docs/BENCHMARKS.md between
the `bench:begin` and `bench:end` markers (the notes around them are kept), and prints them.

  report.py write --results DIR --dist web/dist --media DATA_DIR/media --out docs/BENCHMARKS.md …
  report.py show-load LABEL FILE          one line for the console after a wrk run
  report.py show-lighthouse NAME FILE     one line for the console after a Lighthouse run
  report.py show-data-saver DIR           the "Data saver" section from data-saver.sh's runs alone

Sizes are in KiB and MiB (1,024 bytes, 1,024 KiB), as the photo-size test in catalog-svc counts.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import platform
import re
import statistics
import subprocess
from pathlib import Path

# The targets each figure is marked against.
API_MIN_RATIO = 0.35  # of the nginx-static ceiling, through the gateway
API_MAX_P99_MS = 10.0  # at 64 connections, on the 10k catalog
HOP_MAX_P50_MS = 0.3
SEARCH_MAX_P95_MS = {10_000: 5.0, 100_000: 5.0}  # place filters and distance sort included
PLACES_MAX_P99_MS = 5.0  # the typeahead and the nearest wards
# The judged query set's floors, as catalog-svc/tests/catalog/relevance.rs holds them in make test.
RELEVANCE_MIN = 0.97
IDLE_MAX_MIB = 100.0  # the all-in-one run
CARD_MAX_KIB = 30.0


def _budget(name: str) -> float:
    """A first-load budget in KiB as the web's own check writes it (web/scripts/check-budgets.mjs),
    so that the bench and `make test` hold one figure."""
    script = Path(__file__).resolve().parents[3] / "web" / "scripts" / "check-budgets.mjs"
    found = re.search(rf"const {name} = (\d+) \* KIB;", script.read_text())
    if not found:
        raise SystemExit(f"{script}: no `const {name} = N * KIB;`")
    return float(found.group(1))


FIRST_JS_MAX_KIB = _budget("JS_MAX")
FIRST_TOTAL_MAX_KIB = _budget("TOTAL_MAX")  # before listing photos
PERF_MIN = 95
A11Y_MIN = 100
LCP_MAX_S = 1.8
CLS_MAX = 0.05

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"

ENDPOINTS = [
    ("list", "`GET /api/services?limit=48`"),
    ("category", "`GET /api/services/beauty`"),
    ("detail", "`GET /api/service/{id}` (random ids)"),
    ("search", "`GET /api/services/search?query=…` (29 queries, typos included)"),
    ("availability", "`GET /api/appointments/availability` (random listing, a day of the next 50)"),
    ("book", "`POST /api/appointments` (random listing, date, start; the week's rules and holds)"),
    ("availability-team", "`GET /api/appointments/availability` with members (the demo salon: services, a member or anyone)"),
    ("book-team", "`POST /api/appointments` with members (services, a member or anyone available)"),
]
# The endpoints the API target covers ("list, detail and search"; a category is a list).
TARGETED = {"list", "category", "detail", "search"}
VIA = {"gateway": "gateway", "nginx": "nginx → gateway", "ceiling": "nginx static (ceiling)"}

# The routes Lighthouse opens, and the modules (web/src, as keyed in Vite's manifest) each loads
# first besides index.html's entry: the app (src/boot.ts, the entry, imports it at once and
# index.html preloads it) and the page. The same lists as web/scripts/check-budgets.mjs.
APP = "src/main.tsx"
ROUTES = [
    ("home", "/", [APP, "src/features/home/routes/home.tsx"]),
    ("all-services", "/all-services", [APP, "src/features/listings/routes/all-services.tsx"]),
    # A place's page: any county, sub-county, ward or estate.
    ("place", "/services/location/Kasarani", [APP, "src/features/listings/routes/services-by-location.tsx"]),
    ("service", "/service/{id}", [APP, "src/features/listings/routes/service-detail.tsx"]),
    # The sign-in form, rendered by the server (a visitor of /post-service is sent on to it by the app).
    ("signin", "/signin", [APP, "src/features/auth/routes/sign-in.tsx"]),
    # The provider of the listing above, and a visitor's favourites (none saved: the empty state).
    ("provider", "/provider/{id}", [APP, "src/features/providers/routes/provider.tsx"]),
    ("favourites", "/favourites", [APP, "src/features/favourites/routes/favourites.tsx"]),
]
# The same pages in Kiswahili (by the language's cookie), measured by Lighthouse only: their
# first-load JS is checked per language by web/scripts/check-budgets.mjs.
ROUTES_SW = [
    ("home-sw", "/ (Kiswahili)"),
    ("all-services-sw", "/all-services (Kiswahili)"),
    ("service-sw", "/service/{id} (Kiswahili)"),
]
PAGES = [(name, title) for name, title, _ in ROUTES] + ROUTES_SW


def mark(ok: bool) -> str:
    return "✅" if ok else "❌"


def pct(ratio: float) -> str:
    """A share as a percentage, with a decimal below 10 %."""
    return f"{ratio * 100:.1f} %" if ratio < 0.1 else f"{ratio * 100:.0f} %"


def kib(n: float) -> str:
    return f"{n / 1024:.1f}"


def load_json(path: Path):
    with path.open() as f:
        return json.load(f)


# --- console lines ---------------------------------------------------------------------------------


def show_load(label: str, path: Path) -> None:
    r = load_json(path)
    statuses = " ".join(f"{k}:{v}" for k, v in sorted(r["statuses"].items()))
    print(
        f"  {label:<26} {r['rps']:>9.0f} req/s  p50 {r['p50_ms']:6.2f} ms  p99 {r['p99_ms']:6.2f} ms  "
        f"non-2xx {r['errors']['status']}  {statuses}"
    )


def show_lighthouse(name: str, path: Path) -> None:
    lhr = load_json(path)
    scores = "  ".join(f"{k} {round(v['score'] * 100)}" for k, v in lhr["categories"].items())
    lcp = lhr["audits"]["largest-contentful-paint"]["numericValue"] / 1000
    print(f"  {name:<18} {scores}  LCP {lcp:.2f} s  → {lhr['finalDisplayedUrl']}")


# --- the machine -----------------------------------------------------------------------------------


def git_commit(root: Path) -> str:
    """HEAD's commit, read from .git without running git."""
    git = root / ".git"
    try:
        head = (git / "HEAD").read_text().strip()
        if not head.startswith("ref: "):
            return head
        ref = head[5:]
        if (git / ref).exists():
            return (git / ref).read_text().strip()
        for line in (git / "packed-refs").read_text().splitlines():
            if line.endswith(" " + ref):
                return line.split()[0]
    except OSError:
        pass
    return "unknown"


def version(cmd: list[str]) -> str:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=20, check=False)
    except OSError:
        return "?"
    text = (done.stdout + done.stderr).strip().splitlines()
    return text[0].strip() if text else "?"


def machine(root: Path, results: Path, lighthouse: list[dict]) -> list[str]:
    cpu = "?"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kib = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem_kib = int(line.split()[1])
    os_name = "?"
    for line in Path("/etc/os-release").read_text().splitlines():
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip('"')
    bench_index = [r["environment"]["benchmarkIndex"] for r in lighthouse if "environment" in r]
    start, end = results / "loadavg-start", results / "loadavg-end"
    load = (end.read_text() if end.exists() else Path("/proc/loadavg").read_text()).split()[:3]
    finished = results / "finished-at"
    lh_version = lighthouse[0]["lighthouseVersion"] if lighthouse else "?"
    rows = [
        (
            "Date",
            finished.read_text().strip()
            if finished.exists()
            else datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        ),
        ("Commit", f"`{git_commit(root)}` (plus any uncommitted changes in the work tree)"),
        ("CPU", f"{cpu}, {os.cpu_count()} cores (shared)"),
        ("RAM", f"{mem_kib / 1024 / 1024:.1f} GiB"),
        (
            "Load average (1, 5, 15 min)",
            f"{start.read_text().strip() if start.exists() else '?'} before the run, {' '.join(load)} after it",
        ),
        ("OS, kernel", f"{os_name}, Linux {platform.release()}"),
        (
            "Tools",
            f"{version(['wrk', '--version']).split(' Copyright')[0]}; {version(['nginx', '-v'])}; "
            f"{version(['chromium', '--version'])}; Lighthouse {lh_version}; Node {version(['node', '--version'])}",
        ),
    ]
    if bench_index:
        rows.append(
            (
                "Lighthouse benchmarkIndex",
                f"{statistics.median(bench_index):.0f} (median; a typical desktop scores 1,000–2,000, "
                "Lighthouse's mobile throttling assumes one)",
            )
        )
    out = ["| | |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in rows]
    return out


# --- API -------------------------------------------------------------------------------------------


def api(results: Path, size: int, args) -> tuple[list[str], list[tuple[str, bool, str]]]:
    wrk = results / "wrk"

    def get(via: str, endpoint: str):
        p = wrk / f"{size}-{via}-{endpoint}.json"
        return load_json(p) if p.exists() else None

    targets = []
    out = [
        f"{args.threads} wrk threads, {args.connections} connections, {args.duration} per run, loopback, no "
        "`Accept-Encoding` (nothing compressed on any side). The ceiling is the same nginx, with the same "
        "configuration and headers, serving the very bytes the gateway answered as static files. p50/p99 "
        "as wrk measures them (not corrected for coordinated omission), after a 3 s warm-up of each read "
        "through the gateway: the steady state, with the caches filled (the runs on 100,000 listings, which "
        "do not all fit in the caches, show reads that miss them).",
        "",
        "| Endpoint | Via | req/s | p50 ms | p99 ms | bytes/answer | non-2xx | % of ceiling | p99 ≤ 10 ms | ≥ 35 % |",
        "|---|---|---:|---:|---:|---:|---:|---:|:-:|:-:|",
    ]
    for endpoint, title in ENDPOINTS:
        ceiling = get("ceiling", endpoint)
        for via, via_title in VIA.items():
            r = get(via, endpoint)
            if r is None:
                continue
            ratio = r["rps"] / ceiling["rps"] if ceiling and via != "ceiling" else None
            ratio_text = pct(ratio) if ratio is not None else "–"
            p99_mark = ratio_mark = "–"
            if via == "gateway" and endpoint in ("availability", "availability-team"):
                p99_ok = r["p99_ms"] <= API_MAX_P99_MS
                p99_mark = mark(p99_ok)
                what = "availability with members" if endpoint == "availability-team" else "availability"
                targets.append((f"API {what}: p99 ≤ 10 ms through the gateway ({size:,} listings)", p99_ok, f"{r['p99_ms']:.1f} ms"))
            if via == "gateway" and endpoint in TARGETED:
                p99_ok = r["p99_ms"] <= API_MAX_P99_MS
                ratio_ok = ratio is not None and ratio >= API_MIN_RATIO
                p99_mark, ratio_mark = mark(p99_ok), mark(ratio_ok)
                targets.append((f"API {endpoint}: p99 ≤ 10 ms through the gateway ({size:,} listings)", p99_ok, f"{r['p99_ms']:.1f} ms"))
                targets.append((f"API {endpoint}: ≥ 35 % of the nginx-static ceiling ({size:,} listings)", ratio_ok, ratio_text))
            size_per = r["bytes"] / max(r["requests"], 1)
            out.append(
                f"| {title if via == 'gateway' else ''} | {via_title} | {r['rps']:,.0f} | {r['p50_ms']:.2f} | "
                f"{r['p99_ms']:.2f} | {size_per:,.0f} | {r['errors']['status']:,} | {ratio_text} | {p99_mark} | {ratio_mark} |"
            )
    # The booking status mix.
    out += ["", "`POST /api/appointments`, status mix (201 booked, 409 full, 400 refused by the week's rules, 429 rate-limited):", ""]
    out += ["| Via | requests | statuses |", "|---|---:|---|"]
    for endpoint, who in (("book", ""), ("book-team", ", with members")):
        for via in ("gateway", "nginx"):
            r = get(via, endpoint)
            if r:
                mix = ", ".join(
                    f"{k}: {v:,} ({v / max(r['requests'], 1) * 100:.1f} %)" for k, v in sorted(r["statuses"].items())
                )
                out.append(f"| {VIA[via]}{who} | {r['requests']:,} | {mix} |")
    return out, targets


RENDER_RUNS = [  # (label suffix, what is asked)
    ("page-home", "`/` (cached: the same answers each time)"),
    ("page-all-services", "`/all-services` (cached)"),
    ("page-service", "`/service/{id}`, random ids (uncached: 500 pages kept, 10,000 listings)"),
    ("page-index", "`/index.html`, the file (the ceiling: nginx alone, no renderer)"),
]


def rendering(results: Path, size: int) -> list[str]:
    """The page renderer (web/src/server) under load through nginx: each document is the page rendered
    from the app's components with the gateway's answers."""
    out = [
        "Pages through nginx, which asks the renderer (web/src/server on Node, one process) for each document; "
        "the renderer asks the gateway for the page's answers, then renders it, or serves the page it rendered "
        "from the same answers before. Same wrk settings as the API.",
        "",
        "| Page | req/s | p50 ms | p99 ms | bytes/answer | non-2xx |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for suffix, title in RENDER_RUNS:
        p = results / "wrk" / f"{size}-nginx-{suffix}.json"
        if not p.exists():
            continue
        r = load_json(p)
        size_per = r["bytes"] / max(r["requests"], 1)
        out.append(
            f"| {title} | {r['rps']:,.0f} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {size_per:,.0f} | {r['errors']['status']:,} |"
        )
    tsv = results / "resources.tsv"
    rss = [
        int(value)
        for scope, key, value in (line.split("\t") for line in (tsv.read_text().splitlines() if tsv.exists() else []))
        if scope == f"renderer-{size}" and key == "load_rss_kb"
    ]
    if rss:
        out += ["", f"The renderer's resident memory under this load, at most: {rss[0] / 1024:.0f} MiB."]
    return out


def api_larger(results: Path, size: int, main: int) -> list[str]:
    wrk = results / "wrk"
    out = [
        f"| Endpoint | req/s | p50 ms | p99 ms | non-2xx | vs the same at {main:,} | % of the ceiling (measured at {main:,}) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for endpoint, title in ENDPOINTS:
        p = wrk / f"{size}-gateway-{endpoint}.json"
        if not p.exists():
            continue
        r = load_json(p)
        small = wrk / f"{main}-gateway-{endpoint}.json"
        ceiling = wrk / f"{main}-ceiling-{endpoint}.json"
        vs = pct(r["rps"] / load_json(small)["rps"]) if small.exists() else "–"
        ratio = pct(r["rps"] / load_json(ceiling)["rps"]) if ceiling.exists() else "–"
        out.append(
            f"| {title} | {r['rps']:,.0f} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['errors']['status']:,} | {vs} | {ratio} |"
        )
    return out


def hop(results: Path) -> tuple[list[str], list[tuple[str, bool, str]]]:
    out = [
        "| catalog-svc | call | calls | p50 ms | p90 ms | p99 ms | mean ms | p50 ≤ 0.3 ms |",
        "|---|---|---:|---:|---:|---:|---:|:-:|",
    ]
    targets = []
    for name, title in (("all-in-one", "inside the all-in-one process"), ("split", "a process of its own")):
        p = results / f"hop-{name}.jsonl"
        if not p.exists():
            continue
        for line in p.read_text().splitlines():
            r = json.loads(line)
            judged = r["call"] in ("GetListing", "Health/Check")
            ok = r["p50_ms"] <= HOP_MAX_P50_MS
            out.append(
                f"| {title} | `{r['call']}` | {r['calls']:,} | {r['p50_ms']:.3f} | {r['p90_ms']:.3f} | "
                f"{r['p99_ms']:.3f} | {r['mean_ms']:.3f} | {mark(ok) if judged else '–'} |"
            )
            if r["call"] == "GetListing":
                targets.append((f"gRPC hop p50 ≤ 0.3 ms (GetListing, catalog-svc {title})", ok, f"{r['p50_ms']:.3f} ms"))
    return out, targets


def search(results: Path) -> tuple[list[str], list[tuple[str, bool, str]]]:
    """The search bench's tables: searches (its first table), Near me lists, places, relevance."""
    p = results / "search.md"
    lines = p.read_text().splitlines() if p.exists() else []
    targets = []
    tables: dict[str, list[list[str]]] = {}
    name = "searches"
    for line in lines:
        if line.startswith("###"):
            name = line.strip("# ").split(" (")[0]
        elif line.startswith("|") and not line.startswith("|---"):
            tables.setdefault(name, []).append([c.strip() for c in line.strip().strip("|").split("|")])
    worst: dict[int, tuple[float, str]] = {}
    for cells in tables.get("searches", [])[1:]:
        if len(cells) < 5:
            continue
        n, query, p95 = int(cells[0]), cells[1], float(cells[4])
        if query.startswith("**all"):
            limit = SEARCH_MAX_P95_MS.get(n)
            if limit is not None:
                targets.append((f"Search p95 ≤ {limit:g} ms at {n:,} listings (all queries)", p95 <= limit, f"{p95:.2f} ms"))
        elif p95 > worst.get(n, (-1.0, ""))[0]:
            worst[n] = (p95, query)
    for n, (p95, query) in sorted(worst.items()):
        limit = SEARCH_MAX_P95_MS.get(n)
        if limit is not None:
            targets.append((f"Search p95 ≤ {limit:g} ms at {n:,} listings (slowest query, {query})", p95 <= limit, f"{p95:.2f} ms"))
    for cells in tables.get("Near me lists", [])[1:]:
        n, name, p95 = int(cells[0]), cells[1], float(cells[4])
        limit = SEARCH_MAX_P95_MS.get(n)
        if limit is not None and n == 100_000:
            targets.append((f"Near me list p95 ≤ {limit:g} ms at {n:,} listings ({name})", p95 <= limit, f"{p95:.2f} ms"))
    for cells in tables.get("Places", [])[1:]:
        if cells[0] == "**all**":
            p99 = float(cells[3])
            targets.append((f"Places p99 ≤ {PLACES_MAX_P99_MS:g} ms (typeahead and nearest wards)", p99 <= PLACES_MAX_P99_MS, f"{p99:.3f} ms"))
    for cells in tables.get("Relevance", [])[1:]:
        catalogue, p5, ndcg = cells[0], float(cells[2]), float(cells[3])
        targets.append((f"Judged queries on the {catalogue} catalogue: precision@5 and nDCG@10 ≥ {RELEVANCE_MIN:g}",
                        min(p5, ndcg) >= RELEVANCE_MIN, f"{p5:.3f}, {ndcg:.3f}"))
    return lines, targets


# --- pages and bytes -------------------------------------------------------------------------------


def lighthouse_runs(results: Path) -> dict[str, list[dict]]:
    runs: dict[str, list[dict]] = {}
    for name, _ in PAGES:
        runs[name] = [load_json(p) for p in sorted((results / "lighthouse").glob(f"{name}-[0-9]*.json"))]
    return runs


def transfer(lhr: dict) -> dict[str, int]:
    """A run's bytes over the wire by kind (photos: `/media/…`; API: `/api/…`), its photo requests, and
    everything but the photos."""
    kinds = {k: 0 for k, _ in SAVER_KINDS} | {"photos": 0, "photo_requests": 0, "total": 0}
    for item in lhr["audits"]["network-requests"]["details"]["items"]:
        size = int(item.get("transferSize") or 0)
        kinds["total"] += size
        kind = (item.get("resourceType") or "").lower()
        if "/media/" in item["url"]:
            kinds["photos"] += size
            kinds["photo_requests"] += 1
        elif "/api/" in item["url"]:
            kinds["api"] += size
        elif kind in ("document", "script", "stylesheet"):
            kinds[kind] += size
        else:
            kinds["other"] += size
    kinds["total_before_photos"] = kinds["total"] - kinds["photos"]
    return kinds


def pages(runs: dict[str, list[dict]], n_runs: int) -> tuple[list[str], list[tuple[str, bool, str]]]:
    out = [
        f"Lighthouse in its default mobile mode (simulated slow 4G, 4× CPU slowdown), through nginx, median of "
        f"{n_runs} runs per figure. The pages come rendered by the server (web/README.md, \"Server rendering\").",
        "",
        "| Route | final URL | Performance | Accessibility | Best practices | SEO | LCP s | TBT ms | CLS | perf ≥ 95 | a11y 100 | LCP ≤ 1.8 s | CLS ≤ 0.05 |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|:-:|:-:|",
    ]
    targets = []
    for name, title in PAGES:
        rs = runs.get(name) or []
        if not rs:
            continue

        def med(f):
            return statistics.median(f(r) for r in rs)

        score = {k: med(lambda r, k=k: r["categories"][k]["score"] * 100) for k in rs[0]["categories"]}
        lcp = med(lambda r: r["audits"]["largest-contentful-paint"]["numericValue"]) / 1000
        tbt = med(lambda r: r["audits"]["total-blocking-time"]["numericValue"])
        cls = med(lambda r: r["audits"]["cumulative-layout-shift"]["numericValue"])
        final = re.sub(r"^https?://[^/]+", "", rs[0]["finalDisplayedUrl"])
        checks = [
            ("performance ≥ 95", score["performance"] >= PERF_MIN, f"{score['performance']:.0f}"),
            ("accessibility 100", score["accessibility"] >= A11Y_MIN, f"{score['accessibility']:.0f}"),
            ("LCP ≤ 1.8 s", lcp <= LCP_MAX_S, f"{lcp:.2f} s"),
            ("CLS ≤ 0.05", cls <= CLS_MAX, f"{cls:.3f}"),
        ]
        targets += [(f"Lighthouse {what} on {title}", ok, figure) for what, ok, figure in checks]
        out.append(
            f"| {title} | `{final}` | {score['performance']:.0f} | {score['accessibility']:.0f} | "
            f"{score['best-practices']:.0f} | {score['seo']:.0f} | {lcp:.2f} | {tbt:.0f} | {cls:.3f} | "
            + " | ".join(mark(ok) for _, ok, _ in checks)
            + " |"
        )
    out += [
        "",
        "Where the largest contentful paint's time goes (Lighthouse's LCP phases, the run with the median LCP):",
        "",
        "| Route | FCP s | LCP element | TTFB ms | load delay ms | load time ms | render delay ms |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for name, title in PAGES:
        rs = sorted(runs.get(name) or [], key=lambda r: r["audits"]["largest-contentful-paint"]["numericValue"])
        if not rs:
            continue
        r = rs[len(rs) // 2]
        element, phases = "?", {}
        for item in r["audits"].get("largest-contentful-paint-element", {}).get("details", {}).get("items", []):
            for row in item.get("items", []):
                if "node" in row:
                    node = row["node"]
                    element = node.get("snippet") or node.get("nodeLabel") or "?"
                if "phase" in row:
                    phases[row["phase"]] = row["timing"]
        element = re.sub(r"\s+", " ", element)
        src = re.search(r'^<(\w+)[^>]*\ssrc="([^"]+)"', element)
        if src:  # an image: its tag and source say enough
            element = f'<{src.group(1)} src="{src.group(2)}">'

        element = element if len(element) <= 90 else element[:87] + "…"
        fcp = r["audits"]["first-contentful-paint"]["numericValue"] / 1000
        cells = " | ".join(f"{phases[p]:.0f}" if p in phases else "–" for p in ("TTFB", "Load Delay", "Load Time", "Render Delay"))
        out.append(f"| {title} | {fcp:.2f} | `{element}` | {cells} |")
    return out, targets


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def first_load(manifest: dict, modules: list[str]) -> tuple[set[str], set[str]]:
    """The JS and CSS files of index.html's entry plus `modules`, with their static imports."""
    js: set[str] = set()
    css: set[str] = set()
    seen: set[str] = set()

    def visit(key: str) -> None:
        if key in seen:
            return
        if key not in manifest:
            raise SystemExit(f"report: {key} is not in Vite's manifest: update ROUTES in {__file__}")
        seen.add(key)
        chunk = manifest[key]
        if chunk["file"].endswith(".js"):
            js.add(chunk["file"])
        css.update(chunk.get("css", []))
        for imported in chunk.get("imports", []):
            visit(imported)

    for key in ["index.html", *modules]:
        visit(key)
    return js, css


def photo_sizes(media: Path) -> dict[str, dict[str, list[int]]]:
    """Stored sizes of the demo photos and of the real photo's crops, by gen-catalog's photo list."""
    listed = load_json(media.parent / "bench-photos.json")
    sizes: dict[str, dict[str, list[int]]] = {}
    for origin in ("demo", "real"):
        sizes[origin] = {
            size: sorted((media / p[size]).stat().st_size for p in listed[origin] if size in p)
            for size in ("small", "card", "medium", "gallery")
        }
    sizes["source"] = listed.get("real_source", "")  # type: ignore[assignment]
    return sizes


def bytes_section(dist: Path, media: Path, runs: dict[str, list[dict]]) -> tuple[list[str], list[tuple[str, bool, str]]]:
    manifest = load_json(dist / ".vite" / "manifest.json")
    html = gz(dist / "index.html")
    out = [
        "**Build** (web/dist, each file gzip -9 as the web image stores it): the JS and CSS of index.html's entry "
        "(with its modulepreloads) plus the route's chunk and its static imports. **Wire** (Lighthouse's "
        "network records through nginx, gzip level 5 on the fly, median of the runs): what the browser fetched "
        "for the first view; photos (`/media/…`) apart, the API's JSON included.",
        "",
        f"| Route | JS files | JS gzip KiB (build) | CSS gzip KiB (build) | JS KiB (wire) | CSS KiB (wire) | all but photos KiB (wire) | photos KiB (wire) | JS ≤ {FIRST_JS_MAX_KIB:g} KiB | total ≤ {FIRST_TOTAL_MAX_KIB:g} KiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|",
    ]
    targets = []
    for name, title, modules in ROUTES:
        js, css = first_load(manifest, modules)
        js_gz = sum(gz(dist / f) for f in js)
        css_gz = sum(gz(dist / f) for f in css)
        wire = [transfer(r) for r in runs.get(name) or []]

        def med(k):
            return statistics.median(w[k] for w in wire) if wire else float("nan")

        js_ok = js_gz <= FIRST_JS_MAX_KIB * 1024
        total = med("total_before_photos")
        total_ok = total <= FIRST_TOTAL_MAX_KIB * 1024
        targets.append((f"First-load JS ≤ {FIRST_JS_MAX_KIB:g} KiB gzip on {title}", js_ok, f"{kib(js_gz)} KiB"))
        targets.append((f"Total first load ≤ {FIRST_TOTAL_MAX_KIB:g} KiB before photos on {title}", total_ok, f"{kib(total)} KiB"))
        out.append(
            f"| {title} | {len(js)} | {kib(js_gz)} | {kib(css_gz)} | {kib(med('script'))} | {kib(med('stylesheet'))} | "
            f"{kib(total)} | {kib(med('photos'))} | {mark(js_ok)} | {mark(total_ok)} |"
        )
    out.append(f"\nindex.html: {kib(html)} KiB gzip.")

    photos = photo_sizes(media)
    source = Path(str(photos.get("source") or "")).name
    out += [
        "",
        "Photos as stored and served (`/media/…`, WebP, made by catalog-svc's `images::encode` as for a posted "
        f"photo). The demo marketplace's photos are smooth generated gradients; the generated listings show "
        f"crops of a real photograph ({source or 'none given'}, shipped in the `webp` crate), which are the "
        "figures to judge:",
        "",
        "| Photo | count | smallest KiB | median KiB | largest KiB | ≤ 30 KiB |",
        "|---|---:|---:|---:|---:|:-:|",
    ]
    for origin, origin_title in (("real", "real photo crops"), ("demo", "demo gradients")):
        for kind, title in (
            ("small", "data saver (`small`, 320 px)"),
            ("card", "card (`thumbnail`, 480 px)"),
            ("medium", "listing page on phones (`medium`, 720 px)"),
            ("gallery", "gallery (`data`, 1280 px)"),
        ):
            s = photos[origin][kind]
            if not s:
                continue
            ok = s[-1] <= CARD_MAX_KIB * 1024
            judged = kind == "card" and (origin == "real" or not photos["real"]["card"])
            out.append(
                f"| {title}, {origin_title} | {len(s)} | {kib(s[0])} | {kib(statistics.median(s))} | {kib(s[-1])} | "
                + (mark(ok) if judged else "–")
                + " |"
            )
            if judged:
                targets.append((f"A card photo ≤ 30 KiB (largest of the {origin_title})", ok, f"{kib(s[-1])} KiB"))
    return out, targets


# --- the data saver ---------------------------------------------------------------------------------

# The routes data-saver.sh opens with the data saver off and on.
SAVER_ROUTES = [("home", "/"), ("all-services", "/all-services")]
SAVER_KINDS = [("document", "document"), ("script", "JS"), ("stylesheet", "CSS"), ("api", "API"), ("other", "other")]


def data_saver(results: Path) -> tuple[list[str], list[tuple[str, bool, str]]]:
    out = [
        "A first visit with the data saver off and on (`deploy/local/bench/data-saver.sh`: Lighthouse in its "
        "mobile mode as above, the second with `Save-Data: on`, which a browser asking to save data sends; "
        "the visitor's switch in the footer does the same through the `mtaani_data` cookie). Bytes over the "
        "wire until the network was quiet, by kind, median of the runs: with it on, a card shows its photo's "
        "colour until tapped, so no photo is fetched.",
        "",
        "| Route | Data saver | photos fetched | photos KiB | "
        + " | ".join(f"{title} KiB" for _, title in SAVER_KINDS)
        + " | total KiB | a11y | CLS | no photo | a11y 100 | CLS ≤ 0.05 |",
        "|---|---|---:|---:|" + "---:|" * len(SAVER_KINDS) + "---:|---:|---:|:-:|:-:|:-:|",
    ]
    targets: list[tuple[str, bool, str]] = []
    saved = []
    for name, title in SAVER_ROUTES:
        totals = {}
        for state in ("off", "on"):
            files = sorted((results / "lighthouse").glob(f"saver-{state}-{name}-*.json"))
            if not files and state == "off":
                # make bench runs only the "on" state: "off" is the same page its own runs measured.
                files = sorted((results / "lighthouse").glob(f"{name}-[0-9]*.json"))
            rs = [load_json(p) for p in files]
            if not rs:
                continue
            kinds = [transfer(r) for r in rs]

            def med(k, kinds=kinds):
                return statistics.median(x[k] for x in kinds)

            a11y = statistics.median(r["categories"]["accessibility"]["score"] * 100 for r in rs)
            cls = statistics.median(r["audits"]["cumulative-layout-shift"]["numericValue"] for r in rs)
            totals[state] = med("total")
            checks = ["–", "–", "–"]
            if state == "on":
                none, a11y_ok, cls_ok = med("photo_requests") == 0, a11y >= A11Y_MIN, cls <= CLS_MAX
                checks = [mark(none), mark(a11y_ok), mark(cls_ok)]
                targets += [
                    (f"Data saver: no photo fetched on the first load of {title}", none, f"{med('photo_requests'):.0f}"),
                    (f"Lighthouse accessibility 100 on {title} with the data saver", a11y_ok, f"{a11y:.0f}"),
                    (f"Lighthouse CLS ≤ 0.05 on {title} with the data saver", cls_ok, f"{cls:.3f}"),
                ]
            out.append(
                f"| {title} | {state} | {med('photo_requests'):.0f} | {kib(med('photos'))} | "
                + " | ".join(kib(med(k)) for k, _ in SAVER_KINDS)
                + f" | {kib(med('total'))} | {a11y:.0f} | {cls:.3f} | "
                + " | ".join(checks)
                + " |"
            )
        if "off" in totals and "on" in totals and totals["off"]:
            saved.append(
                f"{title} {kib(totals['off'] - totals['on'])} KiB less ({pct(1 - totals['on'] / totals['off'])})"
            )
    if saved:
        out += ["", "With the data saver on, a first visit fetches: " + "; ".join(saved) + "."]
    return out, targets


def show_data_saver(results: Path) -> None:
    lines, targets = data_saver(results)
    print("\n".join(lines))
    for what, ok, figure in targets:
        print(f"  {mark(ok)} {what}: {figure}")


# --- resources -------------------------------------------------------------------------------------


def resources(results: Path, sizes: list[int]) -> tuple[list[str], list[tuple[str, bool, str]]]:
    values: dict[tuple[str, str], int] = {}
    p = results / "resources.tsv"
    for line in p.read_text().splitlines() if p.exists() else []:
        scope, key, value = line.split("\t")
        values[(scope, key)] = int(value)

    def mib(scope: str, key: str) -> str:
        v = values.get((scope, key))
        return f"{v / 1024:.1f}" if v is not None else "–"

    def ms(scope: str) -> str:
        v = values.get((scope, "startup_ms"))
        return f"{v / 1000:.2f} s" if v is not None else "–"

    out = [
        "Resident memory (VmRSS) in MiB: idle a minute after start-up (the separate processes: 5 s), the largest sample (every 0.2 s) during the "
        "API load, and after all load. Start-up: from starting the process(es) to `/api/health` answering ok.",
        "",
        "| Run | Process | start-up | RSS idle | RSS under load | RSS after load | idle < 100 MiB |",
        "|---|---|---:|---:|---:|---:|:-:|",
    ]
    targets = []
    for n in sizes:
        scope = f"aio-{n}"
        idle = values.get((scope, "idle_rss_kb"))
        ok = idle is not None and idle / 1024 < IDLE_MAX_MIB
        if idle is not None:
            targets.append((f"The all-in-one run idles under 100 MiB ({n:,} listings)", ok, f"{idle / 1024:.1f} MiB"))
        out.append(
            f"| all-in-one, {n:,} listings | `mtaani` | {ms(scope)} | {mib(scope, 'idle_rss_kb')} | "
            f"{mib(scope, 'load_rss_kb')} | {mib(scope, 'after_load_rss_kb')} | {mark(ok)} |"
        )
    processes = ["gateway", "accounts-svc", "catalog-svc", "booking-svc", "messaging-svc"]
    if any((f"split-{p}", "idle_rss_kb") in values for p in processes):
        for i, proc in enumerate(processes):
            scope = f"split-{proc}"
            out.append(
                f"| {'separate processes, ' + f'{sizes[0]:,} listings' if i == 0 else ''} | `{proc}` | "
                f"{ms('split') if i == 0 else ''} | {mib(scope, 'idle_rss_kb')} | {mib(scope, 'load_rss_kb')} | – | – |"
            )
        idle_sum = sum(values.get((f"split-{p}", "idle_rss_kb"), 0) for p in processes)
        load_sum = sum(values.get((f"split-{p}", "load_rss_kb"), 0) for p in processes)
        out.append(f"| | all five | | {idle_sum / 1024:.1f} | {load_sum / 1024:.1f} | – | – |")
    mix = results / "wrk" / f"{sizes[0]}-split-mix.json"
    if mix.exists():
        r = load_json(mix)
        out.append(
            f"\nThe separate processes' load: a mix of the four reads at random (list, a category, a listing, a "
            f"search) through their gateway: {r['rps']:,.0f} req/s, p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms, "
            f"{r['errors']['status']} non-2xx."
        )
    return out, targets


# --- the whole report ------------------------------------------------------------------------------


def write(args) -> None:
    results = Path(args.results)
    root = Path(__file__).resolve().parents[3]
    sizes = [int(s) for s in args.sizes.split()]
    main = sizes[0]
    runs = lighthouse_runs(results)
    every_run = [r for rs in runs.values() for r in rs]

    targets: list[tuple[str, bool, str]] = []
    body = ["## Machine", "", *machine(root, results, every_run), ""]

    section, t = api(results, main, args)
    targets += t
    body += [f"## API on {main:,} listings", "", *section, ""]
    for n in sizes[1:]:
        body += [f"## API on {n:,} listings (through the gateway)", "", *api_larger(results, n, main), ""]

    body += [f"## Server rendering on {main:,} listings", "", *rendering(results, main), ""]

    section, t = hop(results)
    targets += t
    body += [
        "## The gRPC hop",
        "",
        "One gateway → catalog-svc call at a time on one channel, made as the gateway makes it (its `Backends` "
        "client, `gateway/examples/grpc-hop.rs`), after warm-up calls. `GetListing` (random ids) is answered "
        "from catalog-svc's cache of listings when the id was read since the last change (up to 5,000 kept), "
        "else from two SQLite reads; `Health/Check` is the same transport with no work behind it. The list "
        "and search calls (a page of 48, the calls behind the API's lists and search) show what each costs "
        "the service alone, without queueing; after the first call of each, catalog-svc answers them from "
        "its cache of pages until the catalog changes.",
        "",
        *section,
        "",
    ]

    section, t = search(results)
    targets += t
    body += [
        "## Search inside catalog-svc",
        "",
        "`cargo bench -p catalog-svc --bench search`: the index alone (no gRPC, no database), 200 runs per query.",
        "",
        *section,
        "",
    ]

    section, t = pages(runs, args.lighthouse_runs)
    targets += t
    body += ["## Pages", "", *section, ""]

    section, t = bytes_section(Path(args.dist), Path(args.media), runs)
    targets += t
    body += ["## Bytes", "", *section, ""]

    section, t = data_saver(results)
    targets += t
    body += ["## Data saver", "", *section, ""]

    section, t = resources(results, sizes)
    targets += t
    body += ["## Memory and start-up", "", *section, ""]

    met = sum(1 for _, ok, _ in targets if ok)
    summary = [
        "## Targets",
        "",
        f"**{met} of {len(targets)} met.**",
        "",
        "| Target | Figure | |",
        "|---|---:|:-:|",
        *[f"| {what} | {figure} | {mark(ok)} |" for what, ok, figure in targets],
        "",
    ]
    generated = "\n".join(
        [
            BEGIN,
            "",
            f"Generated by `make bench` (deploy/local/bench.sh) on {datetime.date.today().isoformat()}; "
            "everything between the markers is rewritten by the next run.",
            "",
            *summary,
            *body,
            END,
        ]
    )

    out = Path(args.out)
    if out.exists() and BEGIN in out.read_text() and END in out.read_text():
        text = out.read_text()
        text = text[: text.index(BEGIN)] + generated + text[text.index(END) + len(END) :]
    else:
        text = "\n".join(
            [
                "# Benchmarks",
                "",
                "How fast Mtaani is on one machine, measured by `make bench` (issue 9). Its tables sit between the "
                "markers below; the notes after them are written by hand after a run.",
                "",
                generated,
                "",
                "## Missed targets: causes and fixes",
                "",
                "(Written after a run.)",
                "",
            ]
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(generated)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("--results", required=True)
    w.add_argument("--dist", required=True)
    w.add_argument("--media", required=True)
    w.add_argument("--sizes", default="10000 100000")
    w.add_argument("--duration", default="10s")
    w.add_argument("--connections", default="64")
    w.add_argument("--threads", default="2")
    w.add_argument("--lighthouse-runs", type=int, default=3)
    w.add_argument("--out", required=True)
    for name in ("show-load", "show-lighthouse"):
        s = sub.add_parser(name)
        s.add_argument("label")
        s.add_argument("file")
    sub.add_parser("show-data-saver").add_argument("results")
    args = parser.parse_args()
    if args.command == "write":
        write(args)
    elif args.command == "show-load":
        show_load(args.label, Path(args.file))
    elif args.command == "show-data-saver":
        show_data_saver(Path(args.results))
    else:
        show_lighthouse(args.label, Path(args.file))


if __name__ == "__main__":
    main()
