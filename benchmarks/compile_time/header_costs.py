#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The compile time of each public header of accy on its own: a TU that includes only that header,
against an empty TU, with `COMPILER -std=c++20 -O2 -c`, REPS times each, the headers interleaved
within each repetition; the median counts. Also the standard headers each one brings in (from the
compiler's -H listing: libstdc++'s headers such as <array>, not its bits/). Writes a Google-Benchmark-like JSON file (--out, by default under
benchmarks/results/) and prints a Markdown table, slowest first, for docs/performance.md.

  header_costs.py --compiler g++ [--compiler clang++] [--reps 5] [--machine NAME]
"""
import argparse, json, os, pathlib, platform, re, statistics, subprocess, sys, tempfile, time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def include_flags(header):
    """The include directories a header needs beyond accy's: the CUDA toolkit's, Boost's (on the system path)."""
    flags = ["-I", str(ROOT / "include")]
    if header.startswith("accy/backend/cuda") or header == "accy/backend/cuda.hpp":
        flags += ["-I", os.environ.get("CUDA_INCLUDE", "/usr/local/cuda/include")]
    return flags


def compile_once(compiler, header, source, listing=False):
    """Seconds to compile `source`, and with `listing` the standard headers the compiler opened for it."""
    command = [compiler, "-std=c++20", "-O2", *include_flags(header), "-c", source, "-o", os.devnull]
    if listing:
        command.insert(1, "-H")
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"header_costs: {compiler} failed on {header or 'the empty TU'}:\n{result.stderr[-2000:]}")
    # The public standard headers: libstdc++'s files directly under c++/<version>/ (array, string, ...).
    opened = set(re.findall(r"^\.+ \S*/c\+\+/\d+/([a-z_]+)$", result.stderr, re.M)) if listing else set()
    return seconds, opened


def public_headers():
    headers = sorted(p.relative_to(ROOT / "include").as_posix() for p in (ROOT / "include" / "accy").rglob("*.hpp"))
    return [h for h in headers if "/detail/" not in h]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compiler", action="append", required=True)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--machine", default=platform.node())
    parser.add_argument("--out")
    args = parser.parse_args()
    headers = public_headers()
    commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    results, table = [], {}
    with tempfile.TemporaryDirectory() as work:
        sources = {"": os.path.join(work, "empty.cpp")}
        pathlib.Path(sources[""]).write_text("// empty\n")
        for header in headers:
            sources[header] = os.path.join(work, re.sub(r"[^A-Za-z0-9]", "_", header) + ".cpp")
            pathlib.Path(sources[header]).write_text(f"#include <{header}>\n")
        for compiler in args.compiler:
            version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
            times = {header: [] for header in sources}
            for _ in range(args.reps):
                for header, source in sources.items():
                    times[header].append(compile_once(compiler, header, source)[0])
            empty = statistics.median(times[""])
            for header in headers:
                median = statistics.median(times[header])
                standard = compile_once(compiler, header, sources[header], listing=True)[1]
                table.setdefault(header, {})[compiler] = (median - empty, len(standard))
                results.append({"name": f"{os.path.basename(compiler)}/{header}", "real_time": median * 1e3,
                                "own_ms": (median - empty) * 1e3, "empty_tu_ms": empty * 1e3,
                                "standard_headers": len(standard), "time_unit": "ms", "compiler": version})
    context = {"machine": args.machine, "commit": commit, "flags": "-std=c++20 -O2 -c",
               "reps": args.reps, "statistic": "median; own_ms is the header's TU minus an empty TU"}
    out = args.out or str(ROOT / "benchmarks" / "results" /
                          f"compile_time_headers_{re.sub(r'[^A-Za-z0-9]+', '_', args.machine)}_{commit}.json")
    with open(out, "w") as file:
        json.dump({"context": context, "benchmarks": results}, file, indent=2)
    compilers = [os.path.basename(c) for c in args.compiler]
    print("| header | " + " | ".join(f"{c}: ms over an empty TU (standard headers)" for c in compilers) + " |")
    print("| --- | " + " | ".join("---:" for _ in compilers) + " |")
    slowest_first = sorted(table, key=lambda h: -table[h][args.compiler[0]][0])
    for header in slowest_first:
        cells = [f"{table[header][c][0] * 1e3:.0f} ({table[header][c][1]})" for c in args.compiler]
        print(f"| `{header}` | " + " | ".join(cells) + " |")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
