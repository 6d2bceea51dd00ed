"""Installing fairpair (issue 33): the pure-Python fallback when the compiled matcher
cannot be loaded (same pairings, one notice on stderr), the one-line message when no C++
compiler works, and (slow) the sdist and wheel of ``python -m build`` installed into a
fresh virtual environment.

The extension is made unloadable the way a broken install is: ``sys.modules[name] =
None`` makes ``import fairpair.matching._blossom`` raise ImportError in a child process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BLOCK = "import sys; sys.modules['fairpair.matching._blossom'] = None\n"
WHERE = "import fairpair.matching as m; print(m.backend(), m.__file__)"
NOTICE = "fairpair: the compiled matcher (fairpair.matching._blossom) could not be loaded"

#: Every system over a few rounds, each pairing through its compiled path when it can
#: (Dutch bracket graphs, McMahon and Netrunner graphs, the generic matcher).
PAIR_ALL = """
import json
from fairpair.matching import backend
from fairpair.workflow.generator import GeneratorConfig, generate
import sys
out = {}
for system, players in json.loads(sys.argv[1]):
    t = generate(system, GeneratorConfig(players=players, rounds=4, seed=7))
    out[system] = repr(t.rounds)
out["backend"] = backend()
print(json.dumps(out))
"""


#: (system, players) of PAIR_ALL: every system. (McMahon used to differ where its nine
#: tiers tie; its order tie-break makes the optimum unique: tests/test_backend_identity.py.)
SYSTEMS = [
    ("mcmahon", 25),
    ("dutch-2017", 23),
    ("dutch-2026", 30),
    ("burstein", 16),
    ("dutch-legacy", 14),
    ("tcec", 12),
    ("netrunner", 21),
    ("score-order", 11),
]


def child(code: str, *args: str, block: bool, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter on this tree (the extension blocked or not)."""
    full_env = {**os.environ, "PYTHONPATH": str(SRC)}
    full_env.pop("FAIRPAIR_MATCHING", None)
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", (BLOCK if block else "") + code, *args],
        capture_output=True,
        text=True,
        env=full_env,
        check=False,
        timeout=600,
    )


def cli(args: list[str], *, block: bool) -> subprocess.CompletedProcess[str]:
    """The ``fairpair`` console script's entry point with ``args``."""
    code = f"import sys; sys.argv = ['fairpair', *{args!r}]\n"
    code += "from fairpair.cli import main\nmain()\n"
    return child(code, block=block)


def test_every_system_pairs_the_same_without_the_extension() -> None:
    compiled = child(PAIR_ALL, json.dumps(SYSTEMS), block=False)
    assert compiled.returncode == 0, compiled.stderr
    assert NOTICE not in compiled.stderr
    fallback = child(PAIR_ALL, json.dumps(SYSTEMS), block=True)
    assert fallback.returncode == 0, fallback.stderr
    with_ext, without = json.loads(compiled.stdout), json.loads(fallback.stdout)
    assert with_ext.pop("backend") == "compiled"
    assert without.pop("backend") == "python"
    assert without == with_ext
    # once per process, however many pairings, naming the slower commands and why
    assert fallback.stderr.count(NOTICE) == 1
    line = next(ln for ln in fallback.stderr.splitlines() if NOTICE in ln)
    assert "`pair`" in line and "drop-in" in line and "O(n^3) matching in Python" in line
    assert "docs/install.md" in line


def test_asking_for_pure_python_prints_no_notice() -> None:
    forced = child(PAIR_ALL, json.dumps(SYSTEMS[:1]), block=False, FAIRPAIR_MATCHING="python")
    assert forced.returncode == 0, forced.stderr
    assert json.loads(forced.stdout)["backend"] == "python"
    assert NOTICE not in forced.stderr


def test_the_drop_in_keeps_its_stdout_without_the_extension(tmp_path: Path) -> None:
    trf = ROOT / "tests" / "data" / "trf" / "exported.trf"
    compiled = cli(["--dutch", str(trf), "-p"], block=False)
    fallback = cli(["--dutch", str(trf), "-p"], block=True)
    assert compiled.returncode == fallback.returncode == 0, fallback.stderr
    assert fallback.stdout == compiled.stdout and compiled.stdout.strip()
    assert fallback.stderr.count(NOTICE) == 1 and NOTICE not in compiled.stderr


def test_demo_is_the_same_without_the_extension() -> None:
    compiled = cli(["demo"], block=False)
    fallback = cli(["demo"], block=True)
    assert compiled.returncode == fallback.returncode == 0, fallback.stderr
    assert fallback.stdout == compiled.stdout
    assert fallback.stderr.count(NOTICE) == 1


def test_a_missing_compiler_is_one_line_saying_what_to_install(tmp_path: Path) -> None:
    pytest.importorskip("setuptools")  # what setup.py runs under (pip provides it)
    env = {**os.environ, "CC": "no-such-cc", "CXX": "no-such-c++"}
    env.pop("FAIRPAIR_SKIP_COMPILER_CHECK", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "setup.py"), "build_ext", "--build-temp", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: fairpair's compiled matcher needs a C++17 compiler")
    assert "no-such-c++" in lines[0]
    assert "apt install g++" in lines[0] and "xcode-select --install" in lines[0]
    assert not done.stdout.strip()


@pytest.mark.slow
def test_the_wheel_installs_into_a_fresh_venv_and_runs_the_demo(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "Deprecat" not in built.stdout + built.stderr  # no setuptools banners
    (sdist,) = dist.glob("fairpair-*.tar.gz")
    (wheel,) = dist.glob("fairpair-*.whl")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    for unit in ("matching/_blossom.cpp", "matching/blossom.hpp", "mcmahon/_graph.cpp"):
        assert any(n.endswith(unit) for n in names), unit
    with zipfile.ZipFile(wheel) as whl:
        files = whl.namelist()
    assert any(n.startswith("fairpair/matching/_blossom") for n in files)
    assert not any(n.endswith((".cpp", ".hpp")) for n in files)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    # Without PYTHONPATH: with src/ on it, pip would find fairpair "already installed".
    unset = ("PYTHONPATH", "FAIRPAIR_MATCHING")
    clean_env = {k: v for k, v in os.environ.items() if k not in unset}
    pip = subprocess.run(
        [str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)],
        capture_output=True,
        text=True,
        env=clean_env,
        check=False,
        timeout=900,
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    demo = subprocess.run(
        [str(bindir / "fairpair"), "demo"],
        capture_output=True,
        text=True,
        env=clean_env,
        cwd=tmp_path,
        check=False,
        timeout=600,
    )
    assert demo.returncode == 0, demo.stderr
    assert "Jansen, Pieter" in demo.stdout  # the standings of the bundled example
    assert NOTICE not in demo.stderr  # the wheel's extension loads
    where = subprocess.run(
        [str(bindir / "python"), "-c", WHERE],
        capture_output=True,
        text=True,
        env=clean_env,
        cwd=tmp_path,
        check=True,
    )
    backend, path = where.stdout.split()
    assert backend == "compiled" and str(env_dir) in path  # the installed copy, not src/
