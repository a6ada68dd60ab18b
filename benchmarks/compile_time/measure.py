#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compile time of a translation unit that defines and launches an N-stage pipeline with accy,
against one that makes the same launches by hand with the CUDA driver API (N = 3, 8, 16).

Each TU is generated, then compiled with `CXX -std=c++20 -O2 -c` REPEAT times; the median wall
time is reported. Writes a Google-Benchmark-like JSON file (--out) and prints a table.
"""
import argparse, json, os, platform, statistics, subprocess, sys, tempfile, time

ACCY_TU = """// {n}-stage pipeline of one kernel chained through intermediates, launched with accy.
#include <accy/runtime/launch.hpp>
#include <accy/backend/cuda/backend.hpp>
#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>

namespace {{
constexpr char ptx[] = "// PTX";
// step(float* out, const float* in, std::uint32_t n), one block per 256 elements.
constexpr accy::parameter_list step_parameters{{accy::parameter::buffer("out", accy::access::write, accy::dtype::f32),
                                               accy::parameter::buffer("in", accy::access::read, accy::dtype::f32),
                                               accy::parameter::scalar("n", accy::dtype::u32)}};
constexpr accy::launch_geometry tiles{{{{accy::grid_dim::ceil_div(2, 256), accy::grid_dim::fixed(1), accy::grid_dim::fixed(1)}}, {{256, 1, 1}}}};
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

void run_chain(accy::cuda::backend& device, accy::buffer in, accy::buffer out, std::uint32_t n) {{
    static const auto pool = accy::load_artifacts<chain>(device, accy::formats::cuda_ptx);
    const std::tuple<std::uint32_t> scalars{{n}};
    static const auto scratch = accy::allocate_intermediates<chain>(device, scalars);
    accy::launch_pipeline<chain>(device, accy::formats::cuda_ptx, std::array{{in}}, std::array{{out}}, scalars,
                                 accy::use_pool(pool), accy::use_intermediates(scratch));
}}
"""

HAND_TU = """// The same {n} launches by hand with the CUDA driver API.
#include <cuda.h>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {{
void check(CUresult result, const char* call) {{
    if (result != CUDA_SUCCESS) {{
        const char* text = nullptr;
        cuGetErrorString(result, &text);
        std::fprintf(stderr, "%s: %s\\n", call, text ? text : "?");
        std::abort();
    }}
}}
constexpr char ptx[] = "// PTX";
}}

void run_chain(CUdeviceptr in, CUdeviceptr out, std::uint32_t n) {{
    static CUmodule module = nullptr;
    static std::array<CUfunction, {n}> functions{{}};
    static std::array<CUdeviceptr, {k}> scratch{{}};
    if (module == nullptr) {{
        check(cuModuleLoadData(&module, ptx), "cuModuleLoadData");
        for (auto& function : functions) check(cuModuleGetFunction(&function, module, "step"), "cuModuleGetFunction");
        for (auto& buffer : scratch) check(cuMemAlloc(&buffer, std::size_t{{n}} * 4), "cuMemAlloc");
    }}
    const unsigned grid = (n + 255) / 256;
{launches}
}}
"""


def accy_tu(n):
    entries = ", ".join(
        f'accy::kernel_entry{{"step{i}", 1, accy::format::cuda_ptx, "step", step_parameters, accy::payload::from_text(ptx), tiles}}'
        for i in range(n))
    scratch = ", ".join("accy::shape<accy::dtype::f32, n>" for _ in range(n - 1))
    refs = ["accy::operand<0>"] + [f"accy::intermediate<{i}>" for i in range(n - 1)] + ["accy::result<0>"]
    stages = ", ".join(
        f'accy::stage<"step{i}", 1, {refs[i + 1]}, {refs[i]}, n>'
        for i in range(n))
    return ACCY_TU.format(n=n, entries=entries, scratch=scratch, stages=stages)


def hand_tu(n):
    names = ["in"] + [f"scratch[{i}]" for i in range(n - 1)] + ["out"]
    lines = []
    for i in range(n):
        lines.append(f"    {{ CUdeviceptr w = {names[i + 1]}, r = {names[i]}; void* args[] = {{&w, &r, &n}};\n"
                     f"      check(cuLaunchKernel(functions[{i}], grid, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr), \"cuLaunchKernel\"); }}")
    return HAND_TU.format(n=n, k=n - 1, launches="\n".join(lines))


def compile_seconds(cxx, flags, source, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([cxx, *flags, "-c", source, "-o", os.devnull], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    parser.add_argument("--include", required=True, help="accy's include directory")
    parser.add_argument("--cuda-include", default="/usr/local/cuda/include")
    parser.add_argument("--boost-include", default="/usr/include")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--machine", default=platform.node())
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    flags = ["-std=c++20", "-O2", f"-I{args.include}", f"-I{args.boost_include}", f"-I{args.cuda_include}"]
    version = subprocess.run([args.cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for n in (3, 8, 16):
            row = {}
            for kind, text in (("accy", accy_tu(n)), ("driver_api_by_hand", hand_tu(n))):
                source = os.path.join(folder, f"{kind}_{n}.cpp")
                with open(source, "w") as file:
                    file.write(text)
                row[kind] = compile_seconds(args.cxx, flags, source, args.repeat)
                results.append({"name": f"compile_time/{kind}/{n}_stages", "stages": n, "real_time": row[kind],
                                "time_unit": "s", "repetitions": args.repeat, "aggregate_name": "median"})
            print(f"{n:2d} stages: accy {row['accy']:.2f} s, by hand {row['driver_api_by_hand']:.2f} s, "
                  f"ratio {row['accy'] / row['driver_api_by_hand']:.2f}")
    context = {"machine": args.machine, "compiler": version, "flags": " ".join(flags[:2]),
               "date": time.strftime("%Y-%m-%dT%H:%M:%S")}
    with open(args.out, "w") as file:
        json.dump({"context": context, "benchmarks": results}, file, indent=2)


if __name__ == "__main__":
    sys.exit(main())
