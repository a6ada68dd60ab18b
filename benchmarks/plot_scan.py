#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots scan throughput (GB/s counting n reads and n writes) against n from accy_bench_scan's
JSON output: one line per implementation, medians of the repetitions. Writes an SVG; needs no
package beyond Python's standard library.

    python3 benchmarks/plot_scan.py benchmarks/results/scan_h200.json docs/scan_throughput.svg
"""
import json, math, sys

COLOURS = {"three_stage_scan": "#1f77b4", "single_pass_scan": "#d62728", "cub_inclusive_sum": "#2ca02c"}
LABELS = {"three_stage_scan": "accy, 3-stage scan", "single_pass_scan": "accy, single-pass scan",
          "cub_inclusive_sum": "cub::DeviceScan::InclusiveSum"}


def series(report):
    lines = {}
    for run in report["benchmarks"]:
        name = run["name"]
        if "/throughput/" not in name or run.get("aggregate_name") != "median":
            continue
        implementation, _, size = name.split("/")[:3]
        lines.setdefault(implementation, []).append((int(size), run["bytes_per_second"] / 1e9))
    return {key: sorted(points) for key, points in lines.items()}


def svg(lines, title):
    width, height, left, right, top, bottom = 720, 420, 70, 20, 40, 50
    xs = [n for points in lines.values() for n, _ in points]
    y_max = max(gbps for points in lines.values() for _, gbps in points) * 1.1
    x_lo, x_hi = math.log2(min(xs)), math.log2(max(xs))
    to_x = lambda n: left + (math.log2(n) - x_lo) / (x_hi - x_lo) * (width - left - right)
    to_y = lambda gbps: height - bottom - gbps / y_max * (height - top - bottom)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">{title}</text>']
    for exponent in range(int(x_lo), int(x_hi) + 1, 2):
        x = to_x(2 ** exponent)
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{height - bottom}" stroke="#ddd"/>')
        parts.append(f'<text x="{x}" y="{height - bottom + 16}" text-anchor="middle">2^{exponent}</text>')
    step = 10 ** math.floor(math.log10(y_max / 5))
    step *= 5 if y_max / step > 25 else 2 if y_max / step > 10 else 1
    gbps = 0.0
    while gbps <= y_max:
        y = to_y(gbps)
        parts.append(f'<line x1="{left}" y1="{y}" x2="{width - right}" y2="{y}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{gbps:g}</text>')
        gbps += step
    parts.append(f'<text x="{width / 2}" y="{height - 12}" text-anchor="middle">n (floats)</text>')
    parts.append(f'<text x="16" y="{height / 2}" transform="rotate(-90 16 {height / 2})" text-anchor="middle">GB/s (2n × 4 bytes / device time)</text>')
    for row, (key, points) in enumerate(sorted(lines.items())):
        colour = COLOURS.get(key, "black")
        path = " ".join(f"{to_x(n):.1f},{to_y(v):.1f}" for n, v in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{left + 10}" y="{top + 16 + 16 * row}" fill="{colour}">{LABELS.get(key, key)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as file:
        report = json.load(file)
    gpu = report.get("context", {}).get("gpu", "GPU")
    with open(sys.argv[2], "w") as file:
        file.write(svg(series(report), f"Inclusive scan of floats on {gpu}"))


if __name__ == "__main__":
    main()
