"""Build hook for the compiled matching extension (see src/fairpair/matching).

``FAIRPAIR_BLOSSOM_DEBUG=1 pip install -e .`` builds it with internal consistency checks
(slower; used by the fuzz tests when hunting bugs).
"""

import glob
import os

from setuptools import setup

ext_modules: list[object] = []
try:
    from pybind11.setup_helpers import Pybind11Extension

    sources = sorted(glob.glob("src/fairpair/matching/*.cpp"))
    if sources:
        ext_modules.append(
            Pybind11Extension(
                "fairpair.matching._blossom",
                sources,
                cxx_std=17,
                extra_compile_args=["-O2"],
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
