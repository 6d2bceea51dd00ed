"""Maximum-weight matching shared by all pairing systems.

Two entry points::

    mate = max_weight_matching(n, edges, max_cardinality=False)   # one-shot

    m = Matcher(n)                     # incremental: re-solves after weight changes
    m.set_weights(edges)
    mate = m.solve()
    m.set_vertex_weights(x, row)       # change every edge of vertex x
    mate = m.solve()                   # re-uses the previous matching and duals

Vertices are ``0..n-1``, weights are Python ints of any size (exact: no rounding, no
overflow).  ``mate[v]`` is the partner of ``v`` or ``-1``.  The compiled backend holds
weights of up to ``MAX_WEIGHT_BITS`` = 1020 bits; ``max_weight_matching`` hands wider
weights to the (much slower) pure-Python backend, ``Matcher`` raises ``OverflowError``.
Neither ever answers wrongly.

Semantics (both backends):

- An edge of weight ``<= 0`` never improves a matching, so without ``max_cardinality``
  it is treated as absent.  With ``max_cardinality=True`` every edge counts (negative
  weights allowed) and the result is a maximum-weight matching among the matchings of
  maximum cardinality.
- If a pair is given twice, the last weight counts.  Self-loops and vertices outside
  ``0..n-1`` raise ``ValueError``.
- Among several optimal matchings the choice is unspecified but deterministic.

The compiled backend (``fairpair.matching._blossom``, C++ over the Python C API) runs Edmonds'
blossom algorithm in its primal-dual form, O(n^3) time over an n x n weight matrix
(``n^2 * 8 * limbs`` bytes; limbs = 1, 2, 3, 4, 6 or 16 64-bit words chosen from the
largest weight).  The pure-Python backend (networkx) is the oracle and the fallback when
the extension is not built; ``FAIRPAIR_MATCHING=python`` forces it.  See
``docs/matching.md``.

>>> max_weight_matching(4, [(0, 1, 6), (1, 2, 10), (2, 3, 6)])
[1, 0, 3, 2]
>>> max_weight_matching(3, [(0, 1, 1), (1, 2, 2)])
[-1, 2, 1]
>>> max_weight_matching(3, [(0, 1, 1), (1, 2, 2)], max_cardinality=True)
[-1, 2, 1]
>>> max_weight_matching(4, [(0, 1, 2), (1, 2, 3), (2, 3, 2)], max_cardinality=True)
[1, 0, 3, 2]
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable, Sequence
from typing import Protocol

from fairpair.matching import _pure

_LOAD_ERROR = ""
try:
    from fairpair.matching import _blossom

    _HAVE_COMPILED = True
except ImportError as exc:  # the extension is built by `pip install`; tested by blocking it
    _HAVE_COMPILED = False
    _LOAD_ERROR = str(exc) or type(exc).__name__

__all__ = ["MAX_WEIGHT_BITS", "Matcher", "backend", "fallback_notice", "max_weight_matching"]

_noticed = False

MAX_WEIGHT_BITS = 1020
"""Largest weight magnitude (in bits) the compiled backend accepts."""


def fallback_notice() -> str:
    """The one-line notice that the compiled matcher could not be loaded ("" when it was).

    Names the commands that get slower and why; the pairings themselves are the same
    (the pure-Python backend is the oracle the compiled one is tested against).
    """
    if _HAVE_COMPILED:
        return ""
    return (
        "fairpair: the compiled matcher (fairpair.matching._blossom) could not be loaded"
        f" ({_LOAD_ERROR}); pairing falls back to pure Python: the same pairings, but"
        " `pair`, `next`, `batch`, `demo`, `mcmahon`, the web app's pairing and the"
        " `--dutch FILE -p` drop-in get much slower on large fields (O(n^3) matching in"
        " Python: minutes from a few hundred players). Reinstall fairpair with a C++"
        " compiler, or from a release wheel (docs/install.md)."
    )


def backend() -> str:
    """``"compiled"`` or ``"python"``: the backend new calls will use.

    The first call in a process without the compiled extension (unless
    ``FAIRPAIR_MATCHING=python`` asked for pure Python) writes :func:`fallback_notice`
    to stderr, once: every pairing asks for the backend before it matches.
    """
    global _noticed
    forced = os.environ.get("FAIRPAIR_MATCHING", "").lower() == "python"
    if not _HAVE_COMPILED:
        if not forced and not _noticed:
            _noticed = True
            print(fallback_notice(), file=sys.stderr)
        return "python"
    return "python" if forced else "compiled"


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Maximum-weight matching of an undirected graph on vertices ``0..n-1``.

    O(n^3) time, O(n^2) memory.  Weights wider than ``MAX_WEIGHT_BITS`` bits (with
    ``max_cardinality``: about ``MAX_WEIGHT_BITS - log2(n)``) and non-int weights (e.g.
    floats) are handed to the pure-Python backend.
    """
    if backend() == "python":
        return _pure.max_weight_matching(n, edges, max_cardinality=max_cardinality)
    edge_list = edges if isinstance(edges, (list, tuple)) else list(edges)
    try:
        result = _blossom.max_weight_matching(n, edge_list, max_cardinality)
    except OverflowError:
        # wider than the compiled integers (or a vertex number beyond C long): exact but slow
        return _pure.max_weight_matching(n, edge_list, max_cardinality=max_cardinality)
    except RuntimeError as exc:  # pragma: no cover - an internal check of the C++ code failed
        warnings.warn(
            f"compiled matching failed ({exc}); using the pure-Python backend",
            RuntimeWarning,
            stacklevel=2,
        )
        return _pure.max_weight_matching(n, edge_list, max_cardinality=max_cardinality)
    except TypeError:
        if all(isinstance(w, int) for _, _, w in edge_list):
            raise
        return _pure.max_weight_matching(n, edge_list, max_cardinality=max_cardinality)
    return result


class _MatcherImpl(Protocol):
    @property
    def n(self) -> int: ...
    @property
    def stats(self) -> list[int] | None: ...
    def resize(self, n: int) -> None: ...
    def set_weight(self, u: int, v: int, weight: int | None) -> None: ...
    def set_weights(self, edges: Sequence[tuple[int, int, int | None]]) -> None: ...
    def set_vertex_weights(self, u: int, weights: Sequence[int | None]) -> None: ...
    def weight(self, u: int, v: int) -> int: ...
    def solve(self) -> list[int]: ...
    def check(self) -> str: ...
    def restart(self) -> None: ...


class Matcher:
    """Incremental maximum-weight matching (no cardinality constraint).

    Holds a weighted graph on ``n`` vertices; :meth:`solve` returns an optimal matching.
    After the first solve the matcher keeps the matching and the dual solution: changing
    weights marks one endpoint of each changed edge (the first argument of
    :meth:`set_weight`, or ``u`` of :meth:`set_vertex_weights`) as dirty, and the next
    :meth:`solve` unmatches the dirty vertices, repairs the duals around them and
    re-augments only from the vertices left unmatched: cost roughly proportional to the
    part of the graph the new augmenting paths explore, instead of a full O(n^3) solve.

    Not thread-safe: use one matcher per thread (the compiled solve releases the GIL).

    A weight ``<= 0`` or ``None`` means "no edge".  Weights may grow past the current
    integer width: the matcher then widens its integers and solves afresh once; a weight
    of more than ``MAX_WEIGHT_BITS`` bits raises ``OverflowError`` (compiled backend).
    """

    def __init__(self, n: int = 0) -> None:
        self._impl: _MatcherImpl
        if backend() == "compiled":
            self._impl = _blossom.Matcher(n)
        else:
            self._impl = _pure.PureMatcher(n)

    @property
    def backend(self) -> str:
        """``"compiled"`` or ``"python"``."""
        return "python" if isinstance(self._impl, _pure.PureMatcher) else "compiled"

    @property
    def n(self) -> int:
        """Number of vertices."""
        return self._impl.n

    @property
    def stats(self) -> tuple[int, int, int] | None:
        """Work of the last solve: (augmentations, dual steps, vertex scans); ``None``
        for the pure-Python backend."""
        st = self._impl.stats
        return None if st is None else (st[0], st[1], st[2])

    def resize(self, n: int) -> None:
        """Change the number of vertices.

        Growing keeps the solution (the new vertices are isolated; give them edges with
        :meth:`set_vertex_weights` and the next solve is a warm restart).  Shrinking drops
        the edges of the removed vertices and the next solve starts afresh; to take a
        vertex out cheaply, remove its edges instead (``set_vertex_weights(x, [None] * n)``).
        """
        self._impl.resize(n)

    def set_weight(self, u: int, v: int, weight: int | None) -> None:
        """Set the weight of edge ``{u, v}`` (``None`` or ``<= 0``: no edge).

        ``u`` is the endpoint marked dirty (unless ``v`` already is).
        """
        self._impl.set_weight(u, v, weight)

    def set_weights(self, edges: Iterable[tuple[int, int, int | None]]) -> None:
        """Set many weights at once (fast path: a list of ``(u, v, w)`` tuples)."""
        self._impl.set_weights(edges if isinstance(edges, (list, tuple)) else list(edges))

    def set_vertex_weights(self, u: int, weights: Sequence[int | None]) -> None:
        """Set every edge of ``u``: ``weights[v]`` for ``v != u`` (``weights[u]`` is ignored)."""
        self._impl.set_vertex_weights(u, weights)

    def weight(self, u: int, v: int) -> int:
        """Current weight of ``{u, v}`` (0: no edge)."""
        return self._impl.weight(u, v)

    def solve(self) -> list[int]:
        """Optimal matching for the current weights: ``mate[v]`` or ``-1``."""
        try:
            return self._impl.solve()
        except RuntimeError as exc:  # pragma: no cover - an internal check failed
            warnings.warn(
                f"incremental matching failed ({exc}); solving afresh",
                RuntimeWarning,
                stacklevel=2,
            )
            self._impl.restart()
            return self._impl.solve()

    def restart(self) -> None:
        """Forget the previous solution: the next :meth:`solve` starts from scratch."""
        self._impl.restart()

    def total_weight(self, mate: Sequence[int]) -> int:
        """Total weight of the matching ``mate`` under the current weights."""
        return sum(self._impl.weight(v, m) for v, m in enumerate(mate) if m > v)

    def check(self) -> str:
        """Verify the optimality certificate of the last solve ("" = proven optimal).

        The compiled backend checks dual feasibility, tight matched edges, full blossoms
        and zero duals on unmatched vertices; O(n^2) - meant for tests.
        """
        return self._impl.check()
