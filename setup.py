"""Build hook for the compiled matching extension ``fairpair.matching._blossom``.

One extension module over Python's C API (no pybind11: its headers cost some 4-6 s of
compile time per unit), several translation units compiled in parallel (one compiler
per core; ``FAIRPAIR_BUILD_JOBS=N`` sets the number): the generic matcher core and the
module in ``src/fairpair/matching/``, each system's compiled graph beside the system
(``src/fairpair/systems/**/*.cpp``). ``docs/matching.md`` ("Build") lists the units.

``FAIRPAIR_BLOSSOM_DEBUG=1 pip install -e .`` builds it with internal consistency checks
(slower; used by the fuzz tests when hunting bugs).

Before a build, a probe compiles a few lines that include ``Python.h`` with the compiler
setuptools would use: without a working C++ compiler (or without Python's headers) the
install stops with one line saying what to install, instead of a page of build output
(``docs/install.md``).
"""

import glob
import os
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: setup.py commands that compile the extension (PEP 517 runs bdist_wheel or
#: editable_wheel; metadata and sdist commands need no compiler).
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}

#: What to install, per platform, when no C++ compiler works.
HOW_TO_INSTALL = (
    "Debian/Ubuntu: apt install g++ python3-dev; Fedora: dnf install gcc-c++ python3-devel; "
    "macOS: xcode-select --install; Windows: Microsoft C++ Build Tools"
)

PROBE = "#include <Python.h>\n#include <vector>\nint probe() { return std::vector<int>{1}[0]; }\n"


def compiler_problem() -> str | None:
    """Why the C++ compiler setuptools would use cannot build the extension (None: it can).

    Unix-like systems only: on Windows setuptools itself names the missing Microsoft
    C++ Build Tools in one line.
    """
    if os.name == "nt":
        return None
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    command = list(
        getattr(compiler, "compiler_so_cxx", None) or getattr(compiler, "compiler_cxx", None) or []
    )
    if not command:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.cpp")
        with open(source, "w", encoding="utf-8") as out:
            out.write(PROBE)
        include = sysconfig.get_paths()["include"]
        try:
            done = subprocess.run(
                [*command, "-std=c++17", f"-I{include}", "-c", source, "-o", source + ".o"],
                capture_output=True,
                text=True,
                check=False,
            )
        except OSError as exc:
            return f"no C++ compiler ({command[0]}: {exc.strerror or exc})"
    if done.returncode != 0:
        lines = [ln.strip() for ln in (done.stderr + done.stdout).splitlines() if ln.strip()]
        first = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines else "")
        return f"the C++ compiler ({command[0]}) cannot build it: {first[:200]}"
    return None


if BUILD_COMMANDS & set(sys.argv[1:]) and not os.environ.get("FAIRPAIR_SKIP_COMPILER_CHECK"):
    problem = compiler_problem()
    if problem:
        sys.exit(
            f"error: fairpair's compiled matcher needs a C++17 compiler and Python's headers;"
            f" {problem}. Install them ({HOW_TO_INSTALL}) and run the install again."
        )

#: Heaviest units first: the parallel compile hands them out in this order (setuptools
#: itself sorts the sources by name).
UNITS = [
    "src/fairpair/matching/_engine_narrow.cpp",
    "src/fairpair/matching/_engine_implicit.cpp",
    "src/fairpair/systems/mcmahon/_graph.cpp",
    "src/fairpair/matching/_engine_rare.cpp",
    "src/fairpair/systems/_netrunner_graph.cpp",
    "src/fairpair/matching/_engine_wide.cpp",
    "src/fairpair/matching/_blossom.cpp",
]

#: Units compiled at -O1 (GCC and Clang; MSVC: /O2 for all): the 16-limb matchers,
#: for weights wider than any benchmark round's (docs/install.md, "What the build
#: costs"). -O1 costs about a third less compile time than -O2.
RARE_UNITS = {"src/fairpair/matching/_engine_rare.cpp"}
RARE_ARGS = ["-O1"]


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


def compile_args(compiler_type: str) -> list[str]:
    """The flags of every unit for this compiler (C++17, no debug info, -O2)."""
    if compiler_type == "msvc":
        return ["/std:c++17", "/EHsc", "/O2", "/bigobj"]
    args = ["-std=c++17", "-fvisibility=hidden", "-g0", "-O2"]
    if sys.platform == "darwin":
        args += ["-stdlib=libc++"]
    return args + (GCC_MEMORY if is_gcc() and compiler_type == "unix" else [])


def build_jobs() -> int:
    """Compilers run at once: FAIRPAIR_BUILD_JOBS, else one per core."""
    named = os.environ.get("FAIRPAIR_BUILD_JOBS", "").strip()
    if named.isdigit() and int(named) > 0:
        return int(named)
    return os.cpu_count() or 1


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Let `compiler` (a Unix-style distutils compiler) compile its sources `jobs` at a
    time, heaviest first (the units of UNITS before the others), RARE_UNITS with
    RARE_ARGS. MSVC keeps its own `compile` (its `_compile` is the base class's stub)."""
    if compiler.compiler_type == "msvc":
        return
    if not hasattr(compiler, "_compile") or not hasattr(compiler, "_setup_compile"):
        return
    rank = {os.path.normpath(src): q for q, src in enumerate(sources())}
    rare = {os.path.normpath(src) for src in RARE_UNITS}

    def compile_all(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            if obj in build:
                src, ext = build[obj]
                args = list(extra_postargs or [])
                if os.path.normpath(src) in rare:
                    args += RARE_ARGS
                compiler._compile(obj, src, ext, cc_args, args, pp_opts)

        # setuptools sorts the sources by name: start the heaviest units first (UNITS)
        order = sorted(
            objects, key=lambda o: rank.get(os.path.normpath(build.get(o, ("",))[0]), 99)
        )
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            list(pool.map(one, order))
        return list(objects)

    compiler.compile = compile_all


class BuildExt(build_ext):
    """build_ext with the flags of the compiler found and the units compiled in parallel."""

    def build_extensions(self) -> None:
        args = compile_args(self.compiler.compiler_type)
        for ext in self.extensions:
            ext.extra_compile_args = args + list(ext.extra_compile_args or [])
        compile_in_parallel(self.compiler, build_jobs())
        super().build_extensions()


ext_modules = []
if sources():
    ext_modules.append(
        Extension(
            "fairpair.matching._blossom",
            sources(),
            depends=sorted(glob.glob("src/fairpair/**/*.hpp", recursive=True)),
            include_dirs=["src"],
            language="c++",
            define_macros=(
                [("FAIRPAIR_BLOSSOM_DEBUG", "1")]
                if os.environ.get("FAIRPAIR_BLOSSOM_DEBUG")
                else []
            ),
        )
    )

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildExt})
