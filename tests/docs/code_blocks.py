#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compiles the ```cpp code blocks of a Markdown file, for the docs tests.

  code_blocks.py count FILE                          prints how many ```cpp blocks FILE has
  code_blocks.py compile FILE N OUT_DIR -- COMPILER...
      writes OUT_DIR/<stem>_<N>.cpp: prelude.hpp, then blocks 1 to N of FILE in order (each under
      #line directives, so that errors name FILE and its line), and runs COMPILER... on it.
"""
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def blocks(path):
    """(first line number, text) of each ```cpp block."""
    found, current, start = [], None, 0
    for number, line in enumerate(pathlib.Path(path).read_text().split("\n"), 1):
        if current is None and re.match(r"^```cpp\s*$", line):
            current, start = [], number + 1
        elif current is not None and line.startswith("```"):
            found.append((start, "\n".join(current)))
            current = None
        elif current is not None:
            current.append(line)
    return found


def main(argv):
    if argv[1] == "count":
        print(len(blocks(argv[2])))
        return 0
    path, n, out_dir = pathlib.Path(argv[2]).resolve(), int(argv[3]), pathlib.Path(argv[4])
    compiler = argv[argv.index("--") + 1:]
    found = blocks(path)
    if not 1 <= n <= len(found):
        print(f"{path} has {len(found)} ```cpp blocks, not {n}", file=sys.stderr)
        return 1
    text = [f'#include "{HERE / "prelude.hpp"}"']
    for start, block in found[:n]:
        text.append(f'#line {start} "{path}"')
        text.append(block)
    out_dir.mkdir(parents=True, exist_ok=True)
    source = out_dir / f"{path.stem}_{n}.cpp"
    source.write_text("\n".join(text) + "\n")
    print(f"compiling {path.name} block {n} (line {found[n - 1][0]}) as {source}", flush=True)
    return subprocess.call(compiler + [str(source)])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
