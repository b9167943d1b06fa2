#!/usr/bin/env python3
"""Fails when a module of a Rust crate of the workspace imports, directly or through others, a module
that imports it: shared types live below the modules that use them.

Each file under a crate's src/ is a module (src/a.rs and src/a/mod.rs are `a`, src/a/b.rs is `a::b`;
lib.rs is the crate's root, and main.rs a crate of its own). A module depends on another when its
code names it (`crate::a::…`, `super::…`), except a module naming its own modules: lib.rs wiring the
crate, or a parent re-exporting a child, is the crate's shape; the child naming its parent back is an
import. Comments, strings and `#[cfg(test)]` modules are not read (a test module may use
what its parent tests). Only Python's standard library: `make lint` runs it on a fresh clone without
installing anything, where cargo-modules would first compile rust-analyzer (minutes on CI).

Usage: module-circles.py [CRATE_DIR ...] (default: every member of the workspace). Exit 1 when a
circle is found, with each circle's modules and the names that tie them.
"""

import re
import sys
import tomllib
from pathlib import Path

WORD = r"[A-Za-z_][A-Za-z0-9_]*"
RAW_STRING = re.compile(r'b?r(#*)"')
CHAR = re.compile(r"'(\\.[^']*|[^\\'])'")


def strip_code(text: str) -> str:
    """The text without comments, string and char literals (each replaced by a space)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) and (m := RAW_STRING.match(text, i)):
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            i = n if j < 0 else j + len(end)
            out.append(" ")
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append(" ")
        elif c == "'" and (m := CHAR.match(text, i)):
            i = m.end()
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_modules(code: str) -> str:
    """The code without `#[cfg(test)] mod name { … }` blocks."""
    while m := re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+" + WORD + r"\s*\{", code):
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
        code = code[: m.start()] + code[i:]
    return code


def expand_use_tree(tree: str) -> list[str]:
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"] (aliases and globs dropped)."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [re.sub(r"(?<=\w)as" + WORD + "$", "", tree).rstrip(":*")]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rindex("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [path for p in parts if p for path in expand_use_tree(prefix + p)]


class Crate:
    def __init__(self, src: Path, root_file: str):
        self.src = src
        self.files: dict[tuple[str, ...], Path] = {}
        root = src / root_file
        self.files[()] = root
        for f in sorted(src.rglob("*.rs")):
            if f.parent == src and f.name in ("lib.rs", "main.rs"):
                continue
            rel = f.relative_to(src).with_suffix("").parts
            if rel[0] == "bin":
                continue
            if rel[-1] == "mod":
                rel = rel[:-1]
            self.files[tuple(rel)] = f
        self.reachable: set[tuple[str, ...]] = set()
        self.code: dict[tuple[str, ...], str] = {}
        self._declared((), root)

    def _declared(self, module: tuple[str, ...], file: Path) -> None:
        """Keeps only the modules the root reaches through `mod` declarations."""
        self.reachable.add(module)
        code = self.code[module] = drop_test_modules(strip_code(file.read_text()))
        for name in re.findall(r"(?:^|[;}\s])mod\s+(" + WORD + r")\s*;", code):
            child = module + (name,)
            if child in self.files and child not in self.reachable:
                self._declared(child, self.files[child])

    def resolve(self, path: list[str]) -> tuple[str, ...]:
        """The longest module prefix of `path` (crate-relative)."""
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in self.reachable:
                return tuple(path[:k])
        return ()

    def edges(self) -> dict[tuple[str, ...], dict[tuple[str, ...], set[str]]]:
        graph: dict[tuple[str, ...], dict[tuple[str, ...], set[str]]] = {m: {} for m in self.reachable}
        for module in self.reachable:
            code = self.code[module]
            children = {m[-1] for m in self.reachable if len(m) == len(module) + 1 and m[: len(module)] == module}
            paths: list[list[str]] = []
            for tree in re.findall(r"\buse\s+([^;]+);", code):
                paths += [p.split("::") for p in expand_use_tree(tree)]
            for m in re.finditer(r"(?<![:\w])((?:" + WORD + r"::)+" + WORD + ")", code):
                paths.append(m.group(1).split("::"))
            for path in paths:
                head, rest = path[0], path[1:]
                if head == "crate":
                    target = rest
                elif head in ("super", "self"):
                    base = list(module)
                    while path and path[0] in ("super", "self"):
                        if path[0] == "super":
                            base = base[:-1]
                        path = path[1:]
                    target = base + path
                elif head in children:
                    target = list(module) + path
                else:
                    continue
                to = self.resolve(target)
                # A module naming itself or one of its own modules (lib.rs wiring the crate, a
                # parent re-exporting a child) is its shape: only the way back up is an import.
                if to[: len(module)] == module:
                    continue
                name = target[len(to)] if len(target) > len(to) else "*"
                graph[module].setdefault(to, set()).add(name)
        return graph


def circles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def members(workspace: Path) -> list[Path]:
    manifest = tomllib.loads((workspace / "Cargo.toml").read_text())
    return [workspace / m for m in manifest["workspace"]["members"]]


def main(argv: list[str]) -> int:
    workspace = Path(__file__).resolve().parents[2]
    dirs = [Path(a) for a in argv] or members(workspace)
    found = 0
    for d in dirs:
        for root_file in ("lib.rs", "main.rs"):
            if not (d / "src" / root_file).exists():
                continue
            crate = Crate(d / "src", root_file)
            graph = crate.edges()
            for circle in circles(graph):
                found += 1
                name = lambda m: "::".join(("crate",) + m)
                print(f"{d.relative_to(workspace) if d.is_relative_to(workspace) else d}/src/{root_file}: module circle {' ⇄ '.join(map(name, circle))}")
                for a in circle:
                    for b, names in sorted(graph[a].items()):
                        if b in circle:
                            print(f"  {name(a)} -> {name(b)}: {', '.join(sorted(names))}")
    if found:
        print(f"{found} module circle(s): move what both sides use below them (CONVENTIONS.md, Habits)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
