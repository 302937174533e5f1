"""The house's layering, read from the sources' imports (static, so it holds for imports inside
functions too): engine/ is the bottom and knows nothing above it; gtp/ speaks GTP for the engine and
knows nothing of the laboratory or the command line; the laboratory drives engines as a controller
would; the command line sits on top. Also the house's size rule: no class over 300 lines."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    "engine": {"engine"},
    "patterns": {"engine", "patterns"},
    "gtp": {"engine", "gtp"},
    "lab": {"engine", "gtp", "lab"},
    "cli": {"engine", "gtp", "lab", "patterns", "cli"},
}
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd")
PACKAGES = sorted(ALLOWED)
MOST_CLASS_LINES = 300


def mango_imports(path: Path) -> set[str]:
    """The mango packages a source file names in its imports (cimports of .pyx/.pxd read as text)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return {line.split("mango.", 1)[1].split(".", 1)[0].split()[0]
                for line in text.splitlines()
                if line.lstrip().startswith(("from mango.", "cimport mango.", "import mango."))}
    found = set()
    for node in ast.walk(ast.parse(text)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0
                 else [])
        found |= {name.split(".")[1] for name in names if name.startswith("mango.") and "." in name}
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_package_imports_only_the_layers_below_it(package):
    wrong = {}
    for path in sorted((ROOT / package).rglob("*")):
        if path.suffix in SOURCE_SUFFIXES:
            above = mango_imports(path) - ALLOWED[package]
            if above:
                wrong[str(path.relative_to(ROOT))] = sorted(above)
    assert not wrong, f"{package}/ imports from layers it must not know: {wrong}"


def test_the_check_sees_a_forbidden_import(tmp_path):
    source = tmp_path / "bad.py"
    source.write_text("def f():\n    from mango.lab.sprt import Tally\n    import mango.gtp.protocol\n")
    assert mango_imports(source) == {"lab", "gtp"}


def class_lengths(path: Path) -> dict[str, int]:
    """Each top-level class's lines, from its `class` line to its body's last line (read as
    text, so Cython's `cdef class` counts: a class ends where a line starts at column 0)."""
    lengths, name, start, last = {}, None, 0, 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line and not line[0].isspace() and not line.startswith("#"):
            if name:
                lengths[name] = last - start + 1
                name = None
            if line.startswith(("class ", "cdef class ")):
                name, start = line.split("class ", 1)[1].split("(")[0].split(":")[0], number
        if line.strip() and not line.lstrip().startswith("#"):
            last = number
    if name:
        lengths[name] = last - start + 1
    return lengths


def test_no_class_is_over_300_lines():
    long = {f"{path.relative_to(ROOT)}:{name}": lines
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*"))
            if path.suffix in (".py", ".pyx")
            for name, lines in class_lengths(path).items() if lines > MOST_CLASS_LINES}
    assert not long, f"classes over {MOST_CLASS_LINES} lines (split them): {long}"


def test_the_size_check_counts_a_cython_class_to_its_last_line(tmp_path):
    source = tmp_path / "big.pyx"
    body = "".join(f"    cdef int f{i}(self):\n        return {i}\n\n" for i in range(3))
    source.write_text(f"cdef class Big:\n{body}# a comment at column 0\n\nX = 1\n\nclass Small:\n    pass\n")
    assert class_lengths(source) == {"Big": 9, "Small": 2}
