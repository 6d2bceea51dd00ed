"""Build hook for the compiled matching extension (see src/fairpair/matching)."""

from setuptools import setup

ext_modules: list[object] = []
try:
    from pybind11.setup_helpers import Pybind11Extension

    import glob

    sources = sorted(glob.glob("src/fairpair/matching/*.cpp"))
    if sources:
        ext_modules.append(
            Pybind11Extension(
                "fairpair.matching._blossom",
                sources,
                cxx_std=17,
                extra_compile_args=["-O2"],
            )
        )
except ImportError:  # pragma: no cover - pybind11 is a build requirement
    pass

setup(ext_modules=ext_modules)
