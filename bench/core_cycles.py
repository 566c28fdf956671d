"""Import cycles in the core, counted three ways.

    .venv/bin/python bench/core_cycles.py [--verbose]

Prints the two-way imports between the core's sub-packages (``staff`` imports ``payments`` and
``payments`` imports ``staff``), the same between every top-level part (sub-packages and shared
modules such as ``unit_of_work``), and the import cycles between modules (groups that import
each other). With ``--verbose``, the imports behind each pair. Reads the source with grimp (which
import-linter ships), so nothing is imported. Target: 0 pairs of sub-packages, 0 module cycles.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import grimp

ROOT = "agency_core"


def members(graph: grimp.ImportGraph, part: str) -> set[str]:
    return {part} | graph.find_descendants(part) if graph.find_children(part) else {part}


def imports_between(graph: grimp.ImportGraph, a: str, b: str) -> list[tuple[str, str]]:
    inside = members(graph, b)
    return sorted((m, i) for m in members(graph, a) for i in graph.find_modules_directly_imported_by(m) if i in inside)


def two_way(graph: grimp.ImportGraph, parts: list[str]) -> list[tuple[str, str]]:
    return [
        (a, b)
        for a, b in itertools.combinations(parts, 2)
        if imports_between(graph, a, b) and imports_between(graph, b, a)
    ]


def module_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others."""
    groups: set[frozenset[str]] = set()
    for module in graph.modules:
        around = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if around:
            groups.add(frozenset(around | {module}))
    return sorted(sorted(group) for group in groups)


def report(graph: grimp.ImportGraph, title: str, pairs: list[tuple[str, str]], verbose: bool) -> None:
    print(f"{title}: {len(pairs)}")
    for a, b in pairs:
        print(f"  {a.removeprefix(ROOT + '.')} <-> {b.removeprefix(ROOT + '.')}")
        if verbose:
            for importer, imported in imports_between(graph, a, b) + imports_between(graph, b, a):
                print(f"      {importer} -> {imported}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="list the imports behind each pair")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    graph = grimp.build_graph(ROOT, cache_dir=None)
    parts = sorted(graph.find_children(ROOT))
    packages = [p for p in parts if graph.find_children(p)]
    report(graph, "two-way imports between sub-packages", two_way(graph, packages), args.verbose)
    report(graph, "two-way imports between top-level parts", two_way(graph, parts), args.verbose)
    cycles = module_cycles(graph)
    print(f"import cycles between modules: {len(cycles)}")
    for group in cycles:
        print("  " + ", ".join(m.removeprefix(ROOT + ".") for m in group))


if __name__ == "__main__":
    main()
