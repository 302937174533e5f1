"""Build the Cython extension modules of Mango's engine.

The folders engine/, gtp/ and patterns/ install as mango.engine, mango.gtp and mango.patterns
(pyproject.toml's package-dir). Cython finds a cimported module's .pxd by its dotted name, so the
build shows it the same namespace: build/cython/mango/engine is a link to engine/.

Set MANGO_DEBUG=1 to build with bounds/wraparound checks, no optimisation and C asserts on:
slower, but an out-of-range index raises instead of corrupting memory.
"""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
DEBUG = os.environ.get("MANGO_DEBUG", "") not in ("", "0")

MODULES = ["board", "pattern3", "tactic", "playout", "feature", "tree", "search", "nogo",
           "probe"]     # probe: the tests' hooks into the search, imported by nothing else
OPENMP = {"search"}     # tree parallelism: cython.parallel over OpenMP


def namespace_view() -> str:
    """build/cython/mango/engine -> engine/, with the package markers Cython looks for."""
    root = os.path.join(HERE, "build", "cython")
    package = os.path.join(root, "mango")
    os.makedirs(package, exist_ok=True)
    open(os.path.join(package, "__init__.py"), "a").close()
    link = os.path.join(package, "engine")
    if not os.path.islink(link):
        os.symlink(os.path.join(HERE, "engine"), link)
    return root


if DEBUG:
    compile_args = ["-O0", "-g"]
    macros = [("MANGO_DEBUG", "1")]
else:
    compile_args = ["-O3"]
    macros = [("NDEBUG", "1")]

extensions = [
    Extension(
        f"mango.engine.{name}",
        [f"engine/{name}.pyx"],
        extra_compile_args=compile_args + (["-fopenmp"] if name in OPENMP else []),
        extra_link_args=["-fopenmp"] if name in OPENMP else [],
        define_macros=macros,
    )
    for name in MODULES
] + [
    # The MM learner's inner loops (patterns/bradley_terry.py): offline, but over 10^8 candidates.
    Extension("mango.patterns.mm", ["patterns/mm.pyx"], extra_compile_args=compile_args,
              define_macros=macros),
]

setup(
    ext_modules=cythonize(
        extensions,
        include_path=[namespace_view()],
        compiler_directives={
            "language_level": 3,
            "boundscheck": DEBUG,
            "wraparound": DEBUG,
            "cdivision": not DEBUG,
            "initializedcheck": DEBUG,
            "embedsignature": True,
        },
    ),
)
