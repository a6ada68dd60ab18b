#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Log-log plots of scan and compaction device time and throughput against n, from the Google
Benchmark JSON of accy_bench_scan (benchmarks/cuda/scan.cpp), medians of the repetitions; needs
nothing beyond Python's standard library.

    python3 benchmarks/plot_throughput.py benchmarks/results/scan_h200.json docs/ [--ceiling-gbps X] [--suffix S]

writes into the output folder
    scan_time_S.svg, scan_throughput_S.svg        accy's 3-stage and single-pass scans against CUB
    compact_time_S.svg, compact_throughput_S.svg  accy's compaction against cub::DeviceSelect (if in the file)
each with the bandwidth ceiling as a dashed line: the file's copy/throughput benchmark (a
device-to-device copy in the same run), or, where the file has none, --ceiling-gbps X. S is
--suffix, else what follows the first "_" of the input's name (scan_h200.json: h200), else nothing.
Prints a Markdown table: single-pass / CUB and compaction / cub_select throughput per n, and each
accy implementation's share of the ceiling at its largest n.
"""
import argparse, json, math, os, statistics, sys
from xml.sax.saxutils import escape

UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
SCANS = {"three_stage_scan": ("accy 3-stage scan, f32", "#1f77b4", ""),  # legend, colour, dashes
         "single_pass_scan": ("accy single-pass scan, f32", "#d62728", ""),
         "cub_inclusive_sum": ("cub::DeviceScan::InclusiveSum, f32", "#2ca02c", ""),
         "single_pass_scan_i32": ("accy single-pass scan, i32", "#d62728", "2,3"),
         "cub_inclusive_sum_i32": ("cub::DeviceScan::InclusiveSum, i32", "#2ca02c", "2,3")}
COMPACTIONS = {"compact": ("accy compaction, i32", "#d62728", ""),
               "cub_select": ("cub::DeviceSelect::If, i32", "#2ca02c", "")}
ACCY = ["three_stage_scan", "single_pass_scan", "single_pass_scan_i32", "compact"]


def medians(report):
    """{implementation: {n: (seconds, bytes/s)}} of the throughput benchmarks: the median aggregate,
    or the median of the repetitions where the file has no aggregates."""
    runs = {}
    for run in report["benchmarks"]:
        parts = run["name"].split("/")
        aggregate = run.get("aggregate_name") if run.get("run_type") == "aggregate" else None
        if len(parts) < 3 or parts[1] != "throughput" or aggregate not in (None, "median"):
            continue
        point = (run["real_time"] * UNITS[run.get("time_unit", "ns")], run["bytes_per_second"])
        runs.setdefault(parts[0], {}).setdefault(int(parts[2]), []).append((aggregate == "median", point))
    result = {}
    for name, sizes in runs.items():
        for n, points in sizes.items():
            chosen = [p for median, p in points if median] or [p for _, p in points]
            result.setdefault(name, {})[n] = tuple(statistics.median(column) for column in zip(*chosen))
    return result


def power(n):
    return f"2^{int(math.log2(n))}" if n & (n - 1) == 0 else str(n)


def svg(lines, title, y_label, x_label):
    """lines: [(legend, colour, dashes, [(n, y)])], drawn on log2 x and log10 y axes."""
    width, height, left, right, top, bottom = 960, 460, 70, 290, 50, 50
    xs, ys = [n for *_, ps in lines for n, _ in ps], [y for *_, ps in lines for _, y in ps]
    x0, x1 = math.log2(min(xs)), max(math.log2(max(xs)), math.log2(min(xs)) + 1)
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    y1 += y1 == y0
    to_x = lambda n: left + (math.log2(n) - x0) / (x1 - x0) * (width - left - right)
    to_y = lambda v: height - bottom - (math.log10(v) - y0) / (y1 - y0) * (height - top - bottom)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="14">{escape(title)}</text>']
    every = 2 if x1 - x0 > 12 else 1
    for e in range(math.ceil(x0), math.floor(x1) + 1):
        x = to_x(2 ** e)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" stroke="#e4e4e4"/>')
        if e % every == 0:
            out.append(f'<text x="{x:.1f}" y="{height - bottom + 18}" text-anchor="middle">2<tspan dy="-6" font-size="9">{e}</tspan></text>')
    for decade in range(y0, y1 + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** decade
            if v > 10.0 ** y1 * 1.001:
                break
            y, text = to_y(v), f"{v:,.0f}" if v >= 1 else f"{v:g}"
            style = 'stroke="#bbb"' if m == 1 else 'stroke="#eee"'
            out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" {style}/>')
            font = "" if m == 1 else ' font-size="9" fill="#888"'
            out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end"{font}>{text}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{width - left - right}" height="{height - top - bottom}" fill="none" stroke="#888"/>')
    out.append(f'<text x="{(width - right + left) / 2}" y="{height - 10}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text x="16" y="{height / 2}" transform="rotate(-90 16 {height / 2})" text-anchor="middle">{escape(y_label)}</text>')
    for row, (legend, colour, dashes, points) in enumerate(lines):
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        path = " ".join(f"{to_x(n):.1f},{to_y(v):.1f}" for n, v in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        out += [f'<circle cx="{to_x(n):.1f}" cy="{to_y(v):.1f}" r="2.5" fill="{colour}"/>' for n, v in points if colour != "black"]
        y = top + 10 + 20 * row
        out.append(f'<line x1="{width - right + 15}" y1="{y}" x2="{width - right + 45}" y2="{y}" stroke="{colour}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{width - right + 52}" y="{y + 4}">{escape(legend)}</text>')
    return "\n".join(out + ["</svg>\n"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json")
    parser.add_argument("out_dir")
    parser.add_argument("--ceiling-gbps", type=float, help="the ceiling in GB/s, for a file without a copy benchmark")
    parser.add_argument("--suffix", help="the output names' suffix (default: from the input's name)")
    args = parser.parse_args()
    with open(args.json) as file:
        report = json.load(file)
    data, context = medians(report), report.get("context", {})
    repetitions = max((run.get("repetitions", 1) for run in report["benchmarks"]), default=1)
    where = f"{context.get('gpu', 'GPU')}, medians of {repetitions}" + (f", accy {context['commit']}" if "commit" in context else "")
    suffix = args.suffix if args.suffix is not None else os.path.splitext(os.path.basename(args.json))[0].partition("_")[2]
    copy = data.pop("copy", {})
    if copy:
        ceiling, ceiling_legend = lambda n: copy.get(n, (0, 0))[1] or None, "ceiling: copy of n floats, same run"
    elif args.ceiling_gbps:
        ceiling, ceiling_legend = lambda n: args.ceiling_gbps * 1e9, f"ceiling: {args.ceiling_gbps:g} GB/s, given"
    else:
        ceiling, ceiling_legend = lambda n: None, ""
        print("no copy benchmark in the file and no --ceiling-gbps: no ceiling drawn", file=sys.stderr)
    for kind, styles, what, counted in (("scan", SCANS, "Inclusive scan", "2n × 4 bytes"),
                                        ("compact", COMPACTIONS, "Compaction of i32, x > 0", "(n + kept) × 4 bytes")):
        present = [name for name in styles if name in data]
        if not present:
            continue
        bytes_at = {n: t * b for name in reversed(present) for n, (t, b) in data[name].items()}
        limit = [(n, ceiling(n)) for n in sorted(bytes_at) if ceiling(n)]
        for metric, y_label, value, bound in (
                ("time", "device time (µs)", lambda t, b: t * 1e6, lambda n, c: bytes_at[n] / c * 1e6),
                ("throughput", f"GB/s ({counted} / device time)", lambda t, b: b / 1e9, lambda n, c: c / 1e9)):
            lines = [(*styles[name], [(n, value(*data[name][n])) for n in sorted(data[name])]) for name in present]
            if limit:
                lines.append((ceiling_legend, "black", "6,4", [(n, bound(n, c)) for n, c in limit]))
            title = f"{what}: {'device time' if metric == 'time' else 'throughput'} against n ({where})"
            path = os.path.join(args.out_dir, f"{kind}_{metric}" + (f"_{suffix}" if suffix else "") + ".svg")
            with open(path, "w") as file:
                file.write(svg(lines, title, y_label, "n (elements)"))
            print(f"wrote {path}", file=sys.stderr)

    ratio = lambda a, b, n: f"{data[a][n][1] / data[b][n][1]:.3f}" if n in data.get(a, {}) and n in data.get(b, {}) else "–"
    pairs = [("single_pass_scan", "cub_inclusive_sum"), ("single_pass_scan_i32", "cub_inclusive_sum_i32"), ("compact", "cub_select")]
    print(f"Throughput ratios, {where}:\n\n| n | single-pass / CUB, f32 | single-pass / CUB, i32 | compact / cub_select |\n| ---: | ---: | ---: | ---: |")
    for n in sorted({n for pair in pairs for name in pair for n in data.get(name, {})}):
        print(f"| {power(n)} | " + " | ".join(ratio(a, b, n) for a, b in pairs) + " |")
    print("\n| accy implementation | n | GB/s | ceiling GB/s | % of ceiling |\n| --- | ---: | ---: | ---: | ---: |")
    for name in (name for name in ACCY if name in data):
        n = max(data[name])
        c = ceiling(n) or (ceiling(max(copy)) if copy else None)
        share = f"| {c / 1e9:.0f} | {100 * data[name][n][1] / c:.1f} % |" if c else "| – | – |"
        print(f"| {name} | {power(n)} | {data[name][n][1] / 1e9:.0f} {share}")
    print("\nGB/s count 2n × 4 bytes for a scan (the 3-stage scan moves more) and (n + kept) × 4 for a compaction.")


if __name__ == "__main__":
    main()
