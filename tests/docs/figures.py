#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the measured figures README.md and docs/guide.md quote are those of the committed results they cite.

Each figure below is recomputed from its JSON under benchmarks/results/ (Google Benchmark's output,
medians of repetitions) and formatted as the document writes it; the test fails, naming the figure,
when the document does not contain that text (whitespace and line breaks aside). A new run of a
benchmark changes its file name: update the file here and the figures in the document together.

  figures.py SOURCE_DIR
"""
import json
import pathlib
import re
import sys

LAUNCH = "benchmarks/results/launch_overhead_h200_bf9ddff.json"
SCAN = "benchmarks/results/scan_h200_gpu_check_474d705.json"
LOOP = "benchmarks/results/loop_h100_3859f20.json"


def medians(root, path):
    """The median real time of each benchmark of a results file, by name without the aggregate suffix."""
    data = json.loads((root / path).read_text())
    return {b["name"].removesuffix("_median"): b["real_time"] for b in data["benchmarks"]
            if b.get("aggregate_name") == "median"}


def scan_ratio(scan, n, suffix=""):
    """CUB's time over the single-pass scan's at n elements: the single pass's throughput in CUB's."""
    return (scan[f"cub_inclusive_sum{suffix}/throughput/{n}/manual_time"]
            / scan[f"single_pass_scan{suffix}/throughput/{n}/manual_time"])


def figures(root):
    """(document, text it must contain) for every figure."""
    launch = medians(root, LAUNCH)
    scan = medians(root, SCAN)
    small = [2 ** e for e in range(10, 23)]
    graph_sizes = [1024, 5000, 16384, 131072, 1048576]
    graph_times = [scan[f"single_pass_scan/latency_graph/{n}/real_time"] / 1000 for n in graph_sizes]
    graph_ratios = [scan[f"single_pass_scan/latency_graph/{n}/real_time"] / scan[f"cub_inclusive_sum/latency/{n}/real_time"]
                    for n in graph_sizes]
    small_ratios = [scan_ratio(scan, n) for n in small]
    hot = launch["accy_pool_and_intermediates/host/real_time"] / launch["raw_cu_launch_kernel_ex/host/real_time"]
    replay = launch["accy_graph_replay/latency/real_time"] / launch["raw_cu_launch_kernel_ex/latency/real_time"]
    pdl_replay = launch["accy_graph_replay_pdl/latency/real_time"] / launch["one_empty_kernel/latency/real_time"]
    chain_stage = launch["chain30_graph_pdl/gpu/iterations:200/manual_time"] / 30 / 1000
    loop = medians(root, LOOP)
    while_pass = loop["while_graph/latency/iterations:200/manual_time"] / 100 / 1000
    host_pass = loop["host_loop/latency/iterations:200/manual_time"] / 100 / 1000
    while_gpu = loop["while_graph/gpu/iterations:200/manual_time"] / loop["plain_graph/gpu/iterations:200/manual_time"]
    readme, guide = "README.md", "docs/guide.md"
    return [
        (guide, f"graph replay with PDL plus a stream synchronize takes {pdl_replay:.2f} × one empty kernel plus a "
                f"synchronize, and a 30-stage graph with PDL {chain_stage:.2f} µs of GPU time per stage"),
        (guide, f"a pass takes {while_pass:.2f} µs as a WHILE node and {host_pass:.1f} µs as a host loop "
                f"({while_pass / host_pass:.2f} ×), and {while_gpu:.2f} × the GPU time of the body's three kernels "
                f"replayed as a plain graph"),
        (readme, f"a launch with pool and scratch costs {hot:.2f} × the three raw `cuLaunchKernelEx` calls"),
        (readme, f"graph replay of the three stages plus a synchronize {replay:.2f} × the raw launches plus a synchronize"),
        (readme, f"{scan_ratio(scan, 2 ** 28):.2f} × `cub::DeviceScan::InclusiveSum`'s throughput at 2^28 floats "
                 f"({scan_ratio(scan, 2 ** 28, '_i32'):.2f} × for i32), {scan_ratio(scan, 2 ** 24):.2f} × at 2^24"),
        (readme, f"{min(small_ratios):.2f}–{max(small_ratios):.2f} × from 2^10 to 2^22"),
        (readme, f"takes {min(graph_times):.1f}–{max(graph_times):.1f} µs up to 2^20 elements, "
                 f"{min(graph_ratios):.2f}–{max(graph_ratios):.2f} × CUB's call plus a synchronize"),
    ]


def main():
    root = pathlib.Path(sys.argv[1])
    wrong = []
    texts = {}
    for document, text in figures(root):
        if document not in texts:
            texts[document] = re.sub(r"\s+", " ", (root / document).read_text())
        if text not in texts[document]:
            wrong.append(f"{document}: no '{text}' (the figure as {LAUNCH}, {SCAN} and {LOOP} give it)")
    print("\n".join(wrong) if wrong else f"{len(figures(root))} figures match their results")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
