"""The extension's Python interface over the C API (issue 33: no pybind11): arguments by
position or keyword as ``_blossom.pyi`` names them, the exceptions pybind11 raised
(TypeError for a wrong type or a missing argument, ValueError for a bad value,
OverflowError past the supported bits), subclassable classes, and the portable limb
arithmetic of ``blossom.hpp`` (``FAIRPAIR_PORTABLE_ARITH``, what MSVC builds) against
Python's integers."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

blossom = pytest.importorskip("fairpair.matching._blossom")

ROOT = Path(__file__).resolve().parent.parent


def test_positional_and_keyword_arguments_agree() -> None:
    edges = [(0, 1, 1), (1, 2, 9), (2, 3, 1)]
    by_position = blossom.max_weight_matching(4, edges, True)
    by_keyword = blossom.max_weight_matching(n=4, edges=edges, max_cardinality=True)
    assert by_position == by_keyword == [1, 0, 3, 2]
    assert blossom.max_weight_matching(4, edges) == [-1, 2, 1, -1]
    m = blossom.Matcher(n=3)
    m.set_weight(u=0, v=1, weight=4)
    m.set_weight(1, 2, 9)
    assert m.solve() == [-1, 2, 1] and m.weight(v=2, u=1) == 9 and m.n == 3
    g = blossom.BracketGraph(
        n=4, classes=[0, 0, 1, 1], table=[1, 2, 2, 1], shift=8, tags=[0] * 4, blocked=[]
    )
    assert g.compact and g.has_edge(u=0, v=2) and g.neighbours(0, lo=0, hi=4) == [1, 2, 3]
    assert g.main_weight(0, 2) == 2 and g.solve() == [2, 3, 0, 1]


def test_wrong_arguments_raise_what_pybind11_raised() -> None:
    with pytest.raises(TypeError, match="missing required argument 'edges'"):
        blossom.max_weight_matching(3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'weights'"):
        blossom.max_weight_matching(3, [], weights=1)
    with pytest.raises(TypeError, match="multiple values"):
        blossom.max_weight_matching(3, [], n=3)
    with pytest.raises(TypeError, match="takes at most 3 arguments"):
        blossom.max_weight_matching(3, [], True, 4)
    with pytest.raises(TypeError):
        blossom.Matcher(2.5)
    with pytest.raises(TypeError):
        blossom.BracketGraph(2, [0, 0.5], [1], 4, [0, 0], [])
    with pytest.raises(TypeError):
        blossom.BracketGraph(2, "ab", [1], 4, [0, 0], [])
    with pytest.raises(ValueError, match="out of range"):
        blossom.BracketGraph(2, [0, 0], [1], 4, [0, 0], [(0, 5)])
    with pytest.raises(ValueError, match="self-loop"):
        blossom.Matcher(2).set_weight(1, 1, 3)
    with pytest.raises(OverflowError):
        blossom.max_weight_matching(2, [(0, 1, 1 << 2000)])
    with pytest.raises(OverflowError):
        blossom.BracketGraph(2, [0, 0], [1], 4, [0, 0], [(0, 1 << 40)])


def test_classes_can_be_subclassed_and_freed() -> None:
    class Counting(blossom.Matcher):  # type: ignore[misc]
        def __init__(self, n: int) -> None:
            super().__init__(n)
            self.solves = 0

        def solve(self) -> list[int]:
            self.solves += 1
            return list(super().solve())

    m = Counting(2)
    m.set_weight(0, 1, 1)
    assert m.solve() == [1, 0] and m.solves == 1
    assert type(m).__mro__[1].__module__ == "fairpair.matching._blossom"
    del m  # the C++ object is freed with the Python one (no crash, no leak of the type)
    uninitialised = blossom.Matcher.__new__(blossom.Matcher)
    with pytest.raises(ValueError, match="not initialised"):
        uninitialised.solve()


PROGRAM = r"""
#include <cstdio>
#include "fairpair/matching/blossom.hpp"
using fairpair::Wide;
// Reads lines "a0 a1 a2 b0 b1 b2 t" (hex limbs, low first): prints a+b, a-b (3 limbs),
// a0*t + a1 + a2 as (low, high), and the bit widths of a0 and b0.
int main() {
    unsigned long long x[7];
    while (std::scanf("%llx %llx %llx %llx %llx %llx %llx", &x[0], &x[1], &x[2], &x[3],
                      &x[4], &x[5], &x[6]) == 7) {
        Wide<3> a, b;
        for (int i = 0; i < 3; ++i) a.l[i] = x[i], b.l[i] = x[3 + i];
        const Wide<3> s = a + b, d = a - b;
        uint64_t hi;
        const uint64_t lo = fairpair::mul_add64(x[0], x[6], x[1], x[2], hi);
        std::printf("%llx %llx %llx %llx %llx %llx %llx %llx %d %d\n",
                    (unsigned long long)s.l[0], (unsigned long long)s.l[1],
                    (unsigned long long)s.l[2], (unsigned long long)d.l[0],
                    (unsigned long long)d.l[1], (unsigned long long)d.l[2],
                    (unsigned long long)lo, (unsigned long long)hi,
                    fairpair::bit_width64(x[0]), fairpair::bit_width64(x[3]));
    }
    return 0;
}
"""


def limbs(value: int, count: int) -> list[int]:
    return [(value >> (64 * i)) & ((1 << 64) - 1) for i in range(count)]


@pytest.mark.parametrize("portable", [False, True])
def test_limb_arithmetic_matches_python_ints(tmp_path: Path, portable: bool) -> None:
    """The arithmetic of each build (x86-64 intrinsics or 128-bit integers, and the
    plain 64-bit code MSVC-like targets get) against Python's exact integers."""
    cxx = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    if not cxx:
        pytest.skip("no C++ compiler")
    source = tmp_path / "arith.cpp"
    source.write_text(PROGRAM, encoding="utf-8")
    binary = tmp_path / "arith"
    flags = ["-DFAIRPAIR_PORTABLE_ARITH=1"] if portable else []
    subprocess.run(
        [cxx, "-std=c++17", "-O1", *flags, f"-I{ROOT / 'src'}", str(source), "-o", str(binary)],
        check=True,
        timeout=300,
    )
    rng = random.Random(33)
    edge = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1]
    cases = []
    for _ in range(400):
        a = [rng.choice([*edge, rng.getrandbits(64)]) for _ in range(3)]
        b = [rng.choice([*edge, rng.getrandbits(64)]) for _ in range(3)]
        cases.append((a, b, rng.choice([*edge, rng.getrandbits(64)])))
    text = "".join(" ".join(f"{v:x}" for v in (*a, *b, t)) + "\n" for a, b, t in cases)
    done = subprocess.run(
        [str(binary)], input=text, capture_output=True, text=True, check=True, timeout=60
    )
    mask = (1 << 192) - 1
    for (a, b, t), line in zip(cases, done.stdout.splitlines(), strict=True):
        fields = line.split()
        got = [int(v, 16) for v in fields[:8]] + [int(v) for v in fields[8:]]
        va = sum(x << (64 * i) for i, x in enumerate(a))
        vb = sum(x << (64 * i) for i, x in enumerate(b))
        assert got[0:3] == limbs((va + vb) & mask, 3)
        assert got[3:6] == limbs((va - vb) & mask, 3)
        product = a[0] * t + a[1] + a[2]
        assert got[6:8] == limbs(product, 2)
        assert got[8:10] == [a[0].bit_length(), b[0].bit_length()]
