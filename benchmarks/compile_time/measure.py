#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compile time of translation units that define and launch an N-stage pipeline with accy (on the
recording backend), against a TU that includes only <array> <cstdint> <span> <stdexcept> <string>
<tuple> <vector>.

Each TU is generated, then compiled with `COMPILER -std=c++20 -O2 -c` REPS times, every TU once per
repetition (interleaved); the median CPU time (user and system) and the median peak memory (resident
set) count. Besides the default mode it times <accy/accy.hpp> alone, the 3-stage TU with
ACCY_SEPARATE_COMPILATION (the opt-in mode), the one TU that then holds the run-time code, and a
10-stage pipeline over a registry of --registry entries (4000 by default) against the same pipeline
over 10. Writes a Google-Benchmark-like JSON file (--out, by default under benchmarks/results/) and
prints a table, then as its last line `header_ratio=<accy.hpp alone / std-headers time>
ratio3=<3-stage time / std-headers time> ratio3_once=<the same in the opt-in mode>
runtime_code_ratio=<the run-time code's TU / std-headers> per_stage_ms=<least-squares slope over
the stages given> registry_time_ratio=<10 stages over --registry entries / over 10, in time>
registry_memory_ratio=<the same, in peak memory>`.
--entries pads every registry with unrelated entries up to that many, to time the lookups.
--emit FILE writes the TU of the one stage count given and exits (the scale tests compile it).
"""
import argparse, json, os, platform, re, statistics, subprocess, sys, tempfile, time

STD_TU = """// The standard headers accy's runtime uses, and nothing else.
#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>
"""

ACCY_TU = """// {n}-stage pipeline of one kernel chained through intermediates, launched once with accy.
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>
#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>

namespace {{
// step(float* out, const float* in, std::uint32_t n), one block per 256 elements.
constexpr accy::parameter_list step_parameters{{accy::parameter::buffer("out", accy::access::write, accy::dtype::f32),
                                               accy::parameter::buffer("in", accy::access::read, accy::dtype::f32),
                                               accy::parameter::scalar("n", accy::dtype::u32)}};
constexpr accy::launch_geometry tiles{{{{accy::grid_dim::ceil_div(2, 256), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}}, {{256, 1, 1}}}};
#define ENTRY(target) accy::kernel_entry{{target, 1, accy::format::cuda_ptx, "step", step_parameters, accy::payload::from_text("// PTX"), tiles}}
constexpr auto kernels = accy::make_registry({entries});
struct definition {{
    static constexpr std::string_view target = "chain";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<accy::dtype::f32, n>>;
    using results = accy::results<accy::shape<accy::dtype::f32, n>>;
    using intermediates = accy::intermediates<{scratch}>;
    using stages = accy::stages<{stages}>;
}};
using chain = accy::pipeline<definition>;
}}

void run_chain(accy::testing::recording_backend& device, accy::buffer in, accy::buffer out, std::uint32_t n) {{
    accy::launch_pipeline<chain>(device, accy::formats::cuda_ptx, std::array{{in}}, std::array{{out}},
                                 std::tuple<std::uint32_t>{{n}});
}}
"""


HEADER_TU = """// accy's header alone, nothing defined or launched.
#include <accy/accy.hpp>
"""

RUNTIME_TU = """// The one TU of a program built with ACCY_SEPARATE_COMPILATION that holds accy's run-time code.
#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>
#include <accy/separate_compilation.hpp>
"""


def accy_tu(n, entries):
    names = [f'"step{i}"' for i in range(n)] + [f'"unused{i}"' for i in range(max(0, entries - n))]
    scratch = ", ".join("accy::shape<accy::dtype::f32, n>" for _ in range(n - 1))
    refs = ["accy::operand<0>"] + [f"accy::intermediate<{i}>" for i in range(n - 1)] + ["accy::result<0>"]
    stages = ", ".join(f'accy::stage<"step{i}", 1, {refs[i + 1]}, {refs[i]}, n>' for i in range(n))
    return ACCY_TU.format(n=n, entries=", ".join(f"ENTRY({name})" for name in names), scratch=scratch,
                          stages=stages)


def compile_costs(compiler, flags, sources, reps):
    """The median CPU time (user and system) and peak resident memory (bytes) of the compiler's process
    compiling each (source, extra flags), the sources interleaved in every repetition: CPU time, not wall
    time, so that other work on the machine does not count."""
    times = [[] for _ in sources]
    memory = [[] for _ in sources]
    for _ in range(reps):
        for k, (source, extra) in enumerate(sources):
            with tempfile.TemporaryFile() as errors:
                process = subprocess.Popen([compiler, *flags, *extra, "-c", source, "-o", os.devnull],
                                           stdout=subprocess.DEVNULL, stderr=errors)
                _, status, usage = os.wait4(process.pid, 0)
                process.returncode = os.waitstatus_to_exitcode(status)
                if process.returncode != 0:
                    errors.seek(0)
                    sys.exit(f"{compiler} failed on {source}:\n{errors.read().decode()[-4000:]}")
            times[k].append(usage.ru_utime + usage.ru_stime)
            memory[k].append(usage.ru_maxrss * 1024)  # kilobytes on Linux
    return [statistics.median(t) for t in times], [statistics.median(m) for m in memory]


def slope(points):
    """The least-squares slope of (x, y) points."""
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / sum((x - mean_x) ** 2 for x, _ in points)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compiler", default=os.environ.get("CXX", "g++"))
    parser.add_argument("--include", default=os.path.join(os.path.dirname(__file__), "..", "..", "include"),
                        help="accy's include directory")
    parser.add_argument("--boost-include", default="/usr/include")
    parser.add_argument("--stages", default="3,10,30,100,300", help="comma-separated stage counts; 3 is added")
    parser.add_argument("--entries", type=int, default=0, help="pad each registry to this many entries")
    parser.add_argument("--registry", type=int, default=4000,
                        help="the registry size of the registry-scale pair (a 10-stage pipeline over it and over 10)")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--machine", default=platform.node())
    parser.add_argument("--commit", help="the commit whose headers --include holds (default: git describe of --include, "
                                         "which names the enclosing repository's commit for a tree extracted inside it)")
    parser.add_argument("--out", help="the JSON file (default benchmarks/results/compile_time_<machine>_<compiler>.json)")
    parser.add_argument("--emit", help="write the TU of --stages (one count) to this file, and compile nothing")
    args = parser.parse_args()
    if args.emit:
        with open(args.emit, "w") as file:
            file.write(accy_tu(int(args.stages), args.entries))
        return 0
    stage_counts = sorted({3, *(int(n) for n in args.stages.split(","))})
    flags = ["-std=c++20", "-O2", f"-I{args.include}", f"-I{args.boost_include}"]
    version = subprocess.run([args.compiler, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    separate = ["-DACCY_SEPARATE_COMPILATION"]
    padded = lambda n: max(n, args.entries)  # the registry size of an n-stage TU
    units = [("std_headers", STD_TU, 0, 0, []),
             ("accy_header", HEADER_TU, 0, 0, []),
             *((f"accy_{n}_stages", accy_tu(n, args.entries), n, padded(n), []) for n in stage_counts),
             ("accy_3_stages_once", accy_tu(3, args.entries), 3, padded(3), separate),
             ("runtime_code", RUNTIME_TU, 0, 0, separate),
             ("accy_10_stages_10_entries", accy_tu(10, 10), 10, 10, []),
             (f"accy_10_stages_{args.registry}_entries", accy_tu(10, args.registry), 10, args.registry, [])]
    with tempfile.TemporaryDirectory() as folder:
        sources = []
        for name, text, _, _, extra in units:
            sources.append((os.path.join(folder, f"{name}.cpp"), extra))
            with open(sources[-1][0], "w") as file:
                file.write(text)
        medians, peaks = compile_costs(args.compiler, flags, sources, args.reps)
    results = []
    seconds = {}
    peak_bytes = {}
    for (name, _, stages, entries, extra), median, peak in zip(units, medians, peaks):
        seconds[name] = median
        peak_bytes[name] = peak
        results.append({"name": f"compile_time/{name}", "stages": stages, "entries": entries,
                        "flags": " ".join(extra), "real_time": median, "time_unit": "s", "peak_memory_bytes": peak,
                        "repetitions": args.reps, "aggregate_name": "median"})
        print(f"{name:>28}: {median:6.2f} s {peak / 2**20:7.1f} MiB", flush=True)
    baseline = seconds["std_headers"]
    times = {n: seconds[f"accy_{n}_stages"] for n in stage_counts}
    ratio3 = times[3] / baseline
    ratio3_once = seconds["accy_3_stages_once"] / baseline
    runtime_ratio = seconds["runtime_code"] / baseline
    header_ratio = seconds["accy_header"] / baseline
    per_stage_ms = slope(list(times.items())) * 1e3 if len(times) > 1 else float("nan")
    large = f"accy_10_stages_{args.registry}_entries"
    registry_time_ratio = seconds[large] / seconds["accy_10_stages_10_entries"]
    registry_memory_ratio = peak_bytes[large] / peak_bytes["accy_10_stages_10_entries"]
    commit = args.commit or subprocess.run(["git", "-C", args.include, "describe", "--always", "--dirty"],
                                           capture_output=True, text=True).stdout.strip() or "unknown"
    context = {"machine": args.machine, "compiler": version, "flags": " ".join(flags[:2]), "commit": commit,
               "entries": args.entries, "date": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "header_ratio": header_ratio, "ratio3": ratio3, "ratio3_once": ratio3_once, "runtime_code_ratio": runtime_ratio,
               "per_stage_ms": per_stage_ms, "registry_entries": args.registry,
               "registry_time_ratio": registry_time_ratio, "registry_memory_ratio": registry_memory_ratio}
    out = args.out or os.path.join(os.path.dirname(__file__), "..", "results",
                                   f"compile_time_{re.sub(r'[^A-Za-z0-9]+', '_', args.machine)}_"
                                   f"{os.path.basename(args.compiler)}.json")
    with open(out, "w") as file:
        json.dump({"context": context, "benchmarks": results}, file, indent=2)
    print(f"header_ratio={header_ratio:.2f} ratio3={ratio3:.2f} ratio3_once={ratio3_once:.2f} runtime_code_ratio={runtime_ratio:.2f} "
          f"per_stage_ms={per_stage_ms:.1f} registry_time_ratio={registry_time_ratio:.2f} "
          f"registry_memory_ratio={registry_memory_ratio:.2f}")


if __name__ == "__main__":
    sys.exit(main())
