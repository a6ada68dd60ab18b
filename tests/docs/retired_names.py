#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails, naming file and line, where the project's files still use a name the 1.0 API retired.

Each retired name has one successor (docs/architecture.md's vocabulary table lists the names in
use). benchmarks/NOTES.md and benchmarks/results/ are history and keep the names of their time.

  retired_names.py SOURCE_DIR
"""
import pathlib
import re
import subprocess
import sys

# (pattern, what replaced it)
RETIRED = [
    (r"\bmax_kernel_parameters\b", "limits::kernel_parameters"),
    (r"\bmax_parameter_bytes\b", "limits::parameter_bytes"),
    (r"\bmax_shared_memory_bytes\b", "limits::shared_memory_bytes"),
    (r"\bmax_tensor_map_rank\b", "limits::tensor_map_rank"),
    (r"\bmax_tensor_map_box\b", "limits::tensor_map_box"),
    (r"\bgrid_limit\(", "limits::grid(d)"),
    (r"\.launch\.(grid|block|shared)\b", "kernel_entry::geometry"),
    (r"\bregistry_of\(", "accy::join_registries"),
    (r"\bexample_definition\b", "accy::definition_base"),
    (r"\baccy_test::definition\b", "accy::definition_base"),
    (r"\bcuda_module\b", "accy::kernel_declaration::entry"),
    (r"\bcuda/module\.hpp\b", "accy/backend/cuda/artifact.hpp"),
    (r"\brequest\.intermediates\b", "launch_request::scratch"),
    (r"\bformat_text\(", "detail::message"),
    (r"\bseed_(pipeline|host_scan|entr|registry|operands|results|with_msl)", "the scan pipeline's names (tests/support/scan_pipeline.hpp)"),
    (r"\bexecutor", "launch_pipeline, the launch path"),
    (r"\bcuda::device_buffer\b", "accy::device_buffer<T, accy::cuda::backend>"),
]

SKIPPED = ("benchmarks/NOTES.md", "benchmarks/results/", "tests/docs/retired_names.py")
SUFFIXES = {".hpp", ".cpp", ".cu", ".cuh", ".h", ".md", ".py", ".txt", ".cmake", ".sh", ".in", ".json"}


def main(source_dir):
    root = pathlib.Path(source_dir)
    tracked = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    patterns = [(re.compile(pattern), successor) for pattern, successor in RETIRED]
    found = 0
    for name in tracked:
        path = root / name
        if name.startswith(SKIPPED) or not (path.suffix in SUFFIXES or path.name == "CMakeLists.txt") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for pattern, successor in patterns:
                if pattern.search(line):
                    print(f"{name}:{number}: retired '{pattern.pattern}', now {successor}: {line.strip()}")
                    found += 1
    if found:
        print(f"{found} uses of retired names")
        return 1
    print(f"no retired name in {len(tracked)} tracked files ({len(RETIRED)} names checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
