"""Build hook for the compiled matching extension ``fairpair.matching._blossom``.

One extension module, several translation units compiled in parallel (one compiler per
core; ``FAIRPAIR_BUILD_JOBS=N`` sets the number): the generic matcher core and the
module in ``src/fairpair/matching/``, each system's compiled graph beside the system
(``src/fairpair/systems/**/*.cpp``). ``docs/matching.md`` ("Build") lists the units.

``FAIRPAIR_BLOSSOM_DEBUG=1 pip install -e .`` builds it with internal consistency checks
(slower; used by the fuzz tests when hunting bugs).
"""

import glob
import os
import sys

from setuptools import setup

#: Heaviest units first: the parallel compile hands them out in this order.
UNITS = [
    "src/fairpair/systems/mcmahon/_graph.cpp",
    "src/fairpair/systems/_netrunner_graph.cpp",
    "src/fairpair/matching/_engine_narrow.cpp",
    "src/fairpair/matching/_engine_wide.cpp",
]


#: GCC collects its garbage sooner (default: when the heap grows by 100 % past at least
#: about 1 GB on this machine): the largest unit peaks at about 630 MB instead of 780 MB
#: for some 4 % more CPU. Other compilers: their defaults.
GCC_MEMORY = ["--param", "ggc-min-expand=50", "--param", "ggc-min-heapsize=131072"]


def is_gcc() -> bool:
    named = os.environ.get("CXX", "") + os.environ.get("CC", "")
    return sys.platform.startswith("linux") and "clang" not in named


def sources() -> list[str]:
    found = sorted(
        glob.glob("src/fairpair/matching/*.cpp")
        + glob.glob("src/fairpair/systems/**/*.cpp", recursive=True)
    )
    return [u for u in UNITS if u in found] + [s for s in found if s not in UNITS]


ext_modules: list[object] = []
try:
    from pybind11.setup_helpers import ParallelCompile, Pybind11Extension

    ParallelCompile("FAIRPAIR_BUILD_JOBS", default=0).install()
    if sources():
        ext_modules.append(
            Pybind11Extension(
                "fairpair.matching._blossom",
                sources(),
                depends=sorted(glob.glob("src/fairpair/**/*.hpp", recursive=True)),
                include_dirs=["src"],
                cxx_std=17,
                extra_compile_args=["-O2", *(GCC_MEMORY if is_gcc() else [])],
                define_macros=(
                    [("FAIRPAIR_BLOSSOM_DEBUG", "1")]
                    if os.environ.get("FAIRPAIR_BLOSSOM_DEBUG")
                    else []
                ),
            )
        )
except ImportError:  # pragma: no cover - pybind11 is a build requirement
    pass

setup(ext_modules=ext_modules)
