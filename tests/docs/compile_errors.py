#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks docs/compile_errors.md, the catalogue of accy's compile errors, for the docs tests.

  compile_errors.py ROOT     fails, naming each item, when ROOT/docs/compile_errors.md
    - has no `### <name>` entry for a problem of an ACCY_DIAGNOSTIC(<name>, "text") line of
      include/accy/pipeline/report.hpp;
    - has an entry whose message, the first ``` block or `code span` under its heading, is not the
      text: a problem's entry its ACCY_DIAGNOSTIC text; any other entry, line by line, messages of
      static_asserts in include/accy/ (adjacent string literals joined);
    - does not name a tests/compile_fail/<name>.cpp (controls/ aside), or names one that does not exist.
"""
import pathlib
import re
import sys

LITERAL = r'"(?:[^"\\\n]|\\.)*"'
CODE = re.compile(r"^```[^\n]*\n(.*?)\n```|`([^`\n]+)`", re.S | re.M)


def unquote(literals):
    """The text of adjacent string literals, joined."""
    return "".join(re.sub(r"\\(.)", r"\1", s[1:-1]) for s in re.findall(LITERAL, literals))


def static_assert_messages(include):
    """The message of every static_assert in the headers under `include` that has one."""
    token = re.compile(LITERAL + r"|'(?:[^'\\\n]|\\.)'|//[^\n]*|/\*.*?\*/|static_assert\s*\(|[()]", re.S)
    found = set()
    for header in include.rglob("*.hpp"):
        depth, literals = 0, []
        for match in token.finditer(header.read_text()):
            text = match.group(0)
            if depth == 0:
                depth, literals = (1, []) if text.startswith("static_assert") else (0, literals)
            elif text == "(":
                depth += 1
            elif text == ")":
                depth -= 1
                if depth == 0 and literals:
                    found.add(unquote(" ".join(literals)))
            elif text.startswith('"'):
                literals.append(text)
    return found


def main(argv):
    root = pathlib.Path(argv[1]).resolve()
    report = (root / "include/accy/pipeline/report.hpp").read_text()
    problems = {name: unquote(text)
                for name, text in re.findall(r"^ACCY_DIAGNOSTIC\((\w+),\s*(" + LITERAL + r")\);", report, re.M)}
    messages = static_assert_messages(root / "include/accy")
    catalogue_path = root / "docs/compile_errors.md"
    catalogue = catalogue_path.read_text()
    failures = []
    if not problems:
        failures.append("report.hpp: no ACCY_DIAGNOSTIC(name, \"text\") line found")

    entries = {}
    for section in re.split(r"^### ", catalogue, flags=re.M)[1:]:
        heading, _, body = section.partition("\n")
        entries[heading.strip().strip("`")] = body.split("\n## ")[0]
    for name in problems:
        if name not in entries:
            failures.append(f"problem {name} (report.hpp) has no `### {name}` entry")
    for name, body in entries.items():
        code = CODE.search(body)
        if not code:
            failures.append(f"entry {name}: no message (a ``` block or `code span`) under its heading")
            continue
        text = code.group(1) if code.group(1) is not None else code.group(2)
        if name in problems:
            if text != problems[name]:
                failures.append(f"entry {name}: the message differs from report.hpp's\n"
                                f"    catalogue:  {text}\n    report.hpp: {problems[name]}")
        else:
            for line in text.split("\n"):
                if line not in messages:
                    failures.append(f"entry {name}: no static_assert in include/accy/ has the message\n    {line}")

    tests = sorted(path.name for path in (root / "tests/compile_fail").glob("*.cpp"))
    named = set(re.findall(r"tests/compile_fail/([\w/]+\.cpp)", catalogue))
    failures += [f"tests/compile_fail/{name} is not named in the catalogue" for name in tests if name not in named]
    failures += [f"the catalogue names tests/compile_fail/{name}, which does not exist"
                 for name in sorted(named) if not (root / "tests/compile_fail" / name).is_file()]

    for failure in failures:
        print(f"{catalogue_path}: {failure}", file=sys.stderr)
    if not failures:
        print(f"{catalogue_path}: {len(entries)} entries; all {len(problems)} problems, their messages "
              f"and the {len(tests)} compile-fail tests are in it")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
