"""Build the Cython extension modules of Mango's engine.

Set MANGO_DEBUG=1 to build with bounds/wraparound checks, no optimisation and C asserts on:
slower, but an out-of-range index raises instead of corrupting memory.
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MANGO_DEBUG", "") not in ("", "0")

MODULES = ["board", "pattern3", "playout", "tree", "search"]
OPENMP = {"search"}     # tree parallelism: cython.parallel over OpenMP

if DEBUG:
    compile_args = ["-O0", "-g"]
    macros = [("MANGO_DEBUG", "1")]
else:
    compile_args = ["-O3"]
    macros = [("NDEBUG", "1")]

extensions = [
    Extension(
        f"engine.{name}",
        [f"engine/{name}.pyx"],
        include_dirs=[numpy.get_include()],
        extra_compile_args=compile_args + (["-fopenmp"] if name in OPENMP else []),
        extra_link_args=["-fopenmp"] if name in OPENMP else [],
        define_macros=macros + [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for name in MODULES
]

setup(
    ext_modules=cythonize(
        extensions,
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
