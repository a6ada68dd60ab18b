#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lists accy's public names, or checks that docs/reference.md lists each of them.

A public name is one declared at namespace scope in a header under include/accy/, in a namespace
whose path has no `detail`: a class, struct, union, enum, alias, concept, variable or function (each
overload set once), and a macro ACCY_* that is not an include guard and that its header does not
#undef. Names declared only inside a class are the class's members and are not listed separately,
nor are their definitions outside it (`error::in_context`).

  public_names.py INCLUDE_DIR                      prints `qualified::name header` per line
  public_names.py INCLUDE_DIR --check REFERENCE    fails, naming them, if REFERENCE lacks any name
                                                   (written as `qualified::name` in backticks), has
                                                   a row for a name that is not public, or gives
                                                   another count in "N public names"
"""
import pathlib
import re
import sys

KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "alignof", "decltype", "static_assert",
            "requires", "noexcept", "operator", "template", "typename", "const", "constexpr", "consteval",
            "inline", "static", "explicit", "friend", "auto", "void", "struct", "class", "enum", "using",
            "namespace", "concept", "union", "extern", "throw", "new", "delete", "default", "public",
            "private", "protected", "virtual", "override", "final", "true", "false", "nullptr"}


def strip(text):
    """Removes comments, string and character literals, keeping line structure."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append("\n" * text.count("\n", i, j))
            i = n if j < 0 else j + 2
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            # raw strings are rare in these headers; treat R"( ... )" plainly
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def statements(text):
    """Yields (namespace path, statement head) for each statement or block head at namespace scope."""
    stack = []  # one entry per open brace: a namespace path, or None for any other block
    head = []
    parentheses = 0  # open in the head: a brace inside them is a braced list, not a block
    for line in text.split("\n"):
        if line.lstrip().startswith("#"):
            continue
        for c in line + "\n":
            in_namespace = all(entry is not None for entry in stack)
            if in_namespace and c in "()":
                parentheses += 1 if c == "(" else -1
            if in_namespace and parentheses > 0:
                head.append(c)
            elif c == "{":
                h = " ".join("".join(head).split())
                m = re.match(r"^(?:inline\s+)?namespace\s+([\w:]*)\s*$", h)
                if in_namespace:
                    if m:
                        parent = stack[-1] if stack else ""
                        stack.append((parent + "::" + m.group(1)).strip(":") if m.group(1) else parent)
                        head = []
                        continue
                    yield (stack[-1] if stack else ""), h
                stack.append(None)
                head = []
            elif c == "}":
                if stack:
                    stack.pop()
                head = []
            elif c == ";":
                if in_namespace:
                    yield (stack[-1] if stack else ""), " ".join("".join(head).split())
                head = []
            elif in_namespace:
                head.append(c)


def names_in(head):
    """The names a namespace-scope statement head declares."""
    h = head
    while h.startswith("template"):
        depth, k = 0, 0
        for k, ch in enumerate(h):
            if ch == "<":
                depth += 1
            elif ch == ">":
                depth -= 1
                if depth == 0:
                    break
        h = h[k + 1:].strip()
    h = re.sub(r"\[\[.*?\]\]\s*", "", h)
    if not h or h.startswith(("static_assert", "extern template", "friend", "namespace ")):
        m = re.match(r"namespace\s+(\w+)\s*=", h)
        return [m.group(1)] if m else []
    m = re.match(r"^(?:struct|class|union|enum\s+class|enum\s+struct|enum)\s+(?:\[\[.*?\]\]\s*)?(\w+)", h)
    if m:
        return [m.group(1)]
    m = re.match(r"^using\s+(\w+)\s*=", h)
    if m:
        return [m.group(1)]
    if h.startswith("using"):
        return []  # using-declarations and directives
    m = re.match(r"^concept\s+(\w+)", h)
    if m:
        return [m.group(1)]
    if "operator" in h:
        return []
    # a function: the name before the first parenthesis that is not in a template argument list
    depth = 0
    for k, ch in enumerate(h):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif ch in "(=[{" and depth == 0:
            m = re.search(r"(::\s*~?\s*)?(\w+)\s*$", h[:k])
            if m and not m.group(1) and m.group(2) not in KEYWORDS and not m.group(2).isdigit():
                return [m.group(2)]
            return []  # also a member defined outside its class: `error::in_context(`, `lock::~lock(`
    m = re.search(r"(\w+)\s*$", h)  # a variable declared without an initializer
    if m and m.group(1) not in KEYWORDS and " " in h:
        return [m.group(1)]
    return []


def public_names(include_dir):
    include_dir = pathlib.Path(include_dir)
    found = {}
    for header in sorted(include_dir.rglob("*.hpp")):
        relative = header.relative_to(include_dir).as_posix()
        raw = header.read_text()
        undefined = set(re.findall(r"^\s*#\s*undef\s+(ACCY_\w+)", raw, re.M))
        for macro in re.findall(r"^\s*#\s*define\s+(ACCY_\w+)", raw, re.M):
            if not macro.endswith(("_HPP", "_H")) and macro not in undefined:
                found.setdefault(macro, relative)
        for namespace, head in statements(strip(raw)):
            if "detail" in namespace.split("::") or not namespace.startswith("accy"):
                continue
            for name in names_in(head):
                if not name.startswith("_") and not name.isupper():
                    found.setdefault(namespace + "::" + name, relative)
    return found


def main(argv):
    names = public_names(argv[1])
    if len(argv) == 4 and argv[2] == "--check":
        reference = pathlib.Path(argv[3]).read_text()
        missing = [(name, header) for name, header in sorted(names.items())
                   if not re.search("`" + re.escape(name) + r"(?![\w:])", reference)]
        for name, header in missing:
            print(f"{argv[3]}: no entry for `{name}` ({header})", file=sys.stderr)
        rows = re.findall(r"^\| `((?:accy::|ACCY_)[\w:]+)` \| `accy/", reference, re.M)
        stale = [name for name in rows if name not in names]
        for name in stale:
            print(f"{argv[3]}: a row for `{name}`, which no header declares publicly", file=sys.stderr)
        stated = re.search(r"(\d+) public names", reference)
        miscounted = not stated or int(stated.group(1)) != len(names)
        if miscounted:
            print(f"{argv[3]}: says {stated.group(1) if stated else 'no'} \"N public names\"; the headers declare {len(names)}",
                  file=sys.stderr)
        print(f"{len(names) - len(missing)} of {len(names)} public names documented, {len(stale)} stale rows")
        return 1 if missing or stale or miscounted else 0
    for name, header in sorted(names.items(), key=lambda item: (item[1], item[0])):
        print(name, header)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
