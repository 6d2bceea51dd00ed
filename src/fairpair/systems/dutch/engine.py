"""Pairing one round by the Dutch rules: brackets top-down (B), criteria (C), order (D).

Each bracket (its moved-down players, MDPs, followed by its residents) is paired by
a maximum-weight matching over the bracket and the next scoregroup (or, for the PPB,
everybody below it). The weights encode the quality criteria (criteria.py). Among
the equally good pairings, B.8 asks for the first candidate in the generation order
of section D; that order is added as tie-break fields below all criteria:

1. the MDP-pairing first (B.7: the remainder is re-paired before the MDP-pairing is
   altered): pair the MDPs with the smallest BSNs (D.3), each with the first possible
   resident in order (the transpositions of S2 for the MDP-pairing, D.1);
2. then the remainder: the fewest exchanges (D.2.a), the smallest difference of the
   exchanged BSN sums (D.2.b), the highest BSNs moved out of S1 (D.2.c), the lowest
   moved into S1 (D.2.d), and finally the first transposition of S2 (D.1).

After each bracket the round-pairing outlook (A.9) is checked; if the downfloaters
and the players below cannot complete the round, the bracket is the PPB and is
paired again with the completion criterion C.4 over all remaining players, which then
form the collapsed last bracket.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from fairpair.errors import NoPairingError
from fairpair.matching import max_weight_matching
from fairpair.systems.dutch.completion import CompletionChecker
from fairpair.systems.dutch.criteria import (
    ORDER,
    BracketContext,
    Fields,
    compatible,
    edge_fields,
    pack_weights,
)
from fairpair.systems.dutch.players import PlayerFacts

__all__ = ["BracketRecord", "RoundResult", "pair_players"]

Edge = tuple[int, int]
#: A matching solver: (vertex count, weighted edges) -> mate list (-1 = unmatched).
Solver = Callable[[int, list[tuple[int, int, int]]], list[int]]


def default_solver(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """The shared exact maximum-weight matching (arbitrary-size integer weights)."""
    return max_weight_matching(n, edges)


@dataclass
class BracketRecord:
    """What happened in one bracket (for ``--explain``)."""

    score: Fraction
    mdps: list[int]
    residents: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    ppb: bool = False
    collapsed: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "score": str(self.score),
            "mdps": self.mdps,
            "residents": self.residents,
            "pairs": [list(p) for p in self.pairs],
            "downfloaters": self.downfloaters,
            "ppb": self.ppb,
            "collapsed": self.collapsed,
        }


@dataclass
class RoundResult:
    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list[BracketRecord]


def _sort_key(p: PlayerFacts) -> tuple[Fraction, int]:
    """A.2: score descending, then pairing number (effective rank) ascending."""
    return (-p.score, p.rank)


class _Bracket:
    """The matching graph of one bracket: MDPs, residents, then the lower players."""

    def __init__(
        self,
        players: Sequence[PlayerFacts],
        mdps: int,
        residents: int,
        ctx: BracketContext,
        forbidden: frozenset[frozenset[int]],
        solver: Solver,
    ) -> None:
        self.players = list(players)
        self.m = mdps
        self.nb = mdps + residents
        self.ctx = ctx
        self.solver = solver
        self.fields: dict[Edge, Fields] = {}
        n = len(self.players)
        for i in range(min(self.nb, n)):
            for j in range(i + 1, n):
                if compatible(self.players[i], self.players[j], forbidden):
                    self.fields[(i, j)] = edge_fields(
                        ctx, self.players[i], self.players[j], True, j < self.nb
                    )
        # Edges among the lower players count only for C.7 (pairs in the next bracket).
        for i in range(self.nb, n):
            for j in range(i + 1, n):
                if compatible(self.players[i], self.players[j], forbidden):
                    self.fields[(i, j)] = edge_fields(
                        ctx, self.players[i], self.players[j], False, False
                    )

    def solve(self, extra: dict[Edge, Fields], removed: set[int]) -> list[int]:
        """Maximum-weight matching of the graph without ``removed`` vertices."""
        live = [v for v in range(len(self.players)) if v not in removed]
        index = {v: k for k, v in enumerate(live)}
        fields = {e: f for e, f in self.fields.items() if e[0] in index and e[1] in index}
        weights = pack_weights(fields, extra)
        mate_local = self.solver(
            len(live), [(index[u], index[v], w) for (u, v), w in weights.items()]
        )
        mate = [-1] * len(self.players)
        for k, other in enumerate(mate_local):
            if other >= 0:
                mate[live[k]] = live[other]
        return mate

    def pair(self) -> tuple[list[Edge], list[int]]:
        """Pair the bracket: (pairs as vertex indices, downfloaters in order)."""
        m, nb = self.m, self.nb
        removed: set[int] = set()
        # 1. The MDP-pairing (D.3 then D.1 on the residents).
        residents = nb - m
        extra: dict[Edge, Fields] = {}
        if m:
            base = residents + 1
            for i in range(m):
                for j in range(m, nb):
                    if (i, j) in self.fields:
                        extra[(i, j)] = {
                            (ORDER, Fraction(0)): 1 << (m - 1 - i),
                            (ORDER + 1, Fraction(0)): -(j - m) * base ** (m - 1 - i),
                        }
        mate = self.solve(extra, removed)
        pairs: list[Edge] = []
        for i in range(m):
            if m <= mate[i] < nb:
                pairs.append((i, mate[i]))
                removed.update((i, mate[i]))
        # MDPs not paired now are in the Limbo: they float again (B.2 note).
        for i in range(m):
            if i not in removed:
                for j in range(m, nb):
                    self.fields.pop((i, j), None)
        remainder = [j for j in range(m, nb) if j not in removed]
        position = {v: q for q, v in enumerate(remainder)}
        n1 = sum(1 for v in remainder if position.get(mate[v], -1) > position[v])
        # 2. The remainder (homogeneous): exchanges D.2, then transpositions D.1.
        if n1:
            size = len(remainder)
            extra = {}
            for p in remainder:
                qp = position[p]
                in_s1 = qp < n1
                for x in remainder:
                    qx = position[x]
                    if qx <= qp or (p, x) not in self.fields:
                        continue
                    extra[(p, x)] = {
                        (ORDER + 2, Fraction(0)): int(in_s1),  # D.2.a
                        (ORDER + 3, Fraction(0)): -qp,  # D.2.b
                        (ORDER + 4, Fraction(0)): -(1 << qp) if in_s1 else 0,  # D.2.c
                        (ORDER + 5, Fraction(0)): 0 if in_s1 else 1 << (size - 1 - qp),  # D.2.d
                        (ORDER + 6, Fraction(0)): -qx * (size + 1) ** (size - 1 - qp),  # D.1
                    }
            mate = self.solve(extra, removed)
            for p in remainder:
                x = mate[p]
                if position.get(x, -1) > position[p]:
                    pairs.append((p, x))
                    removed.update((p, x))
        downfloaters = [v for v in range(nb) if v not in removed]
        return pairs, downfloaters


def _score_groups(players: Sequence[PlayerFacts]) -> list[list[PlayerFacts]]:
    groups: list[list[PlayerFacts]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def pair_players(
    facts: Sequence[PlayerFacts],
    forbidden: frozenset[frozenset[int]],
    solver: Solver = default_solver,
) -> RoundResult:
    """Pair the players (the pairing of one round, without colours)."""
    players = sorted(facts, key=_sort_key)
    index_of = {p.number: k for k, p in enumerate(players)}
    n = len(players)
    # The completion oracle: players plus a bye vertex when their number is odd.
    adjacency: list[list[int]] = [[] for _ in range(n + (n % 2))]
    for a in range(n):
        for b in range(a + 1, n):
            if compatible(players[a], players[b], forbidden):
                adjacency[a].append(b)
                adjacency[b].append(a)
        if n % 2 and players[a].pab_eligible:
            adjacency[a].append(n)
            adjacency[n].append(a)
    checker = CompletionChecker(adjacency)
    if not checker.is_perfect():
        raise NoPairingError(
            "no pairing satisfies the absolute criteria (C.1-C.3: no rematch, no second "
            "pairing-allocated bye, no meeting of non-topscorers with the same absolute "
            "colour preference)"
        )

    groups = _score_groups(players)
    result_pairs: list[tuple[int, int]] = []
    records: list[BracketRecord] = []
    mdps: list[PlayerFacts] = []
    residents = groups[0] if groups else []
    next_group = 1
    special = next_group >= len(groups)
    ppb = False
    while len(mdps) + len(residents) > 1 or next_group < len(groups):
        if special:
            lower = [p for g in groups[next_group:] for p in g]
            after = len(groups)
        else:
            lower = list(groups[next_group])
            after = next_group + 1
        bracket_players = mdps + residents + lower
        ctx = BracketContext(
            special=special, final=after >= len(groups), min_score=bracket_players[-1].score
        )
        bracket = _Bracket(bracket_players, len(mdps), len(residents), ctx, forbidden, solver)
        pairs, downfloaters = bracket.pair()
        chosen = [(bracket_players[a], bracket_players[b]) for a, b in pairs]
        fixed = [index_of[p.number] for pair in chosen for p in pair]
        if not checker.try_remove(fixed) and not special:
            # A.9: the downfloaters cannot complete the round: this is the PPB.
            special = True
            ppb = True
            continue
        record = BracketRecord(
            score=residents[0].score if residents else mdps[0].score,
            mdps=[p.number for p in mdps],
            residents=[p.number for p in residents],
            pairs=[(a.number, b.number) for a, b in chosen],
            downfloaters=[bracket_players[v].number for v in downfloaters],
            ppb=ppb,
            collapsed=special
            and not ppb
            and after == len(groups)
            and bool(records)
            and records[-1].ppb,
        )
        records.append(record)
        ppb = False
        result_pairs.extend(record.pairs)
        mdps = [bracket_players[v] for v in downfloaters]
        residents = lower
        next_group = after
        special = next_group >= len(groups)
    leftover = [p.number for p in mdps + residents]
    bye = leftover[0] if leftover else None
    return RoundResult(pairs=result_pairs, bye=bye, brackets=records)
