#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compiles the C++ code blocks of a Markdown file, for the docs tests.

A block opens with ```cpp, or with ```cpp cuda where it needs the CUDA backend: it includes a CUDA
header or names accy::cuda or a driver type (CUstream, ...). Each block is compiled as namespace-scope
declarations, after a prelude and the earlier blocks of its file it may build on, under #line
directives, so that an error names the Markdown file and its line:
  ```cpp       after prelude.hpp and the earlier ```cpp blocks: compiled on every machine, so it may
               not build on a ```cpp cuda block;
  ```cpp cuda  after prelude_cuda.hpp (prelude.hpp and <accy/backend/cuda.hpp>) and every earlier
               block: compiled where the CUDA toolkit is found, skipped elsewhere.
A block that shows statements puts them in a function (the guide's `run`), one that shows a value
names it (`inline const std::string saxpy_wiring = ...`).

  code_blocks.py list FILE
      prints the kind of each block of FILE, in order, one a line: host or cuda
  code_blocks.py compile FILE N OUT_DIR -- [COMPILER...]
      writes OUT_DIR/<stem>_<N>.cpp, block N of FILE after its prelude and the blocks it builds on,
      and runs COMPILER... on it. A cuda block must name something of CUDA outside its comments
      (else its mark is wrong); without COMPILER (no CUDA toolkit), it exits 77: skipped.
"""
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
PRELUDES = {"host": HERE / "prelude.hpp", "cuda": HERE / "prelude_cuda.hpp"}
SKIPPED = 77  # SKIP_RETURN_CODE of the docs.<file>.<n> tests
# What only the CUDA backend declares: its headers, its namespace, the driver's types (CUstream, CUcontext, ...).
NAMES_CUDA = re.compile(r"<accy/backend/cuda|<cuda|\baccy::cuda::|\bCU[a-z]\w*")


class MarkdownError(Exception):
    pass


def blocks(path):
    """(kind, first line number, text) of each ```cpp block of path."""
    found, current = [], None
    for number, line in enumerate(pathlib.Path(path).read_text().split("\n"), 1):
        if current is None and re.match(r"^```cpp\b", line):
            marks = line[len("```cpp"):].split()
            if marks not in ([], ["cuda"]):
                raise MarkdownError(f"{path}:{number}: ```cpp takes one mark, cuda, not {' '.join(marks)!r}")
            kind, start, current = ("cuda" if marks else "host"), number + 1, []
        elif current is not None and line.startswith("```"):
            found.append((kind, start, "\n".join(current)))
            current = None
        elif current is not None:
            current.append(line)
    return found


def names_cuda(text):
    return NAMES_CUDA.search(re.sub(r"//.*", "", text)) is not None


def main(argv):
    path = pathlib.Path(argv[2]).resolve()
    try:
        found = blocks(path)
    except MarkdownError as error:
        print(error, file=sys.stderr)
        return 1
    if argv[1] == "list":
        print("\n".join(kind for kind, _, _ in found))
        return 0
    n, out_dir, compiler = int(argv[3]), pathlib.Path(argv[4]), argv[argv.index("--") + 1:]
    if not 1 <= n <= len(found):
        print(f"{path} has {len(found)} ```cpp blocks, not {n}", file=sys.stderr)
        return 1
    kind, start, _ = found[n - 1]
    print(f"{path.name} block {n} (line {start}), ```cpp{' cuda' if kind == 'cuda' else ''}", flush=True)
    if kind == "cuda" and not names_cuda(found[n - 1][2]):
        print(f"{path}:{start - 1}: marked ```cpp cuda but names nothing of CUDA outside comments: mark it ```cpp",
              file=sys.stderr)
        return 1
    if not compiler:
        print("not compiled: the CUDA toolkit was not found when the build was configured")
        return SKIPPED
    text = [f'#include "{PRELUDES[kind]}"']
    for block_kind, block_start, block in found[:n]:
        if kind == "cuda" or block_kind == "host":
            text += [f'#line {block_start} "{path}"', block]
    out_dir.mkdir(parents=True, exist_ok=True)
    source = out_dir / f"{path.stem}_{n}.cpp"
    source.write_text("\n".join(text) + "\n")
    print(f"compiling {source}", flush=True)
    return subprocess.call(compiler + [str(source)])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
