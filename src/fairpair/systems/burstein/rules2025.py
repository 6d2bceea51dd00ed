"""The FIDE Burstein system, edition effective from 1 July 2025 (FIDE Handbook
C.04.4.2, approved by the Council on 13 April 2024): the rules that differ from the
earlier text, one function per article.

Article numbers are those of the later text's structure (1 definitions, 2 pairing
criteria [C1]-[C8], 3 pairing process, 4 order of pairings, 5 colour allocation);
see ``docs/burstein.md`` ("Edition 2025") for where the text was read and for every
reading made here. In short:

* :func:`seeding_rounds` - 1.6: the first rounds are paired by the Dutch system;
* :func:`opposition_index` - 1.7 / 1.8: Buchholz, then Sonneborn-Berger, then the
  pairing number, on current scores (an unplayed round of the player counts his own
  score, 1.7.2);
* :func:`pab_assignee` - 3.1: the pairing-allocated bye;
* :func:`pair_brackets` - 2 and 3.2 with the order of Article 4: each bracket (its
  residents and incoming floaters) gets the most pairs [C5], the lowest outgoing
  floaters [C6], the best next bracket [C7], the most colour preferences [C8], and
  among those the first pairing in BSN order (BSN 1 against the lowest player it
  can meet);
* :func:`colours_2025` - 5.2.1-5.2.5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.errors import InputError, NoPairingError
from fairpair.matching import Matcher
from fairpair.model import ByeKind, Colour, PlayerState, Tournament
from fairpair.systems.burstein.engine import (
    WHY_LIMIT,
    BracketRecord,
    FloatWhy,
    RoundResult,
    _solve_without,
)
from fairpair.systems.dutch.colours import ColourDecision, decide_colours
from fairpair.systems.dutch.players import PlayerFacts

__all__ = [
    "Ranking",
    "colours_2025",
    "opposition_index",
    "pab_assignee",
    "pair_brackets",
    "seeding_rounds",
]

_ZERO = Fraction(0)


def seeding_rounds(tournament: Tournament) -> int:
    """1.6.2: the number of seeding rounds, half the rounds of the event (rounded
    down) but at most 4. The event's number of rounds (XXR / 142) is required.

    >>> seeding_rounds(Tournament(total_rounds=9)), seeding_rounds(Tournament(total_rounds=5))
    (4, 2)
    """
    if tournament.total_rounds is None:
        raise InputError(
            "the 2025 Burstein edition needs the number of rounds of the event "
            "(its seeding rounds are half of them, at most 4)",
            expected="an XXR or 142 record",
            field="rounds",
        )
    return min(tournament.total_rounds // 2, 4)


@dataclass(frozen=True)
class Ranking:
    """What Article 1.8 reads of a player: Buchholz, Sonneborn-Berger (1.7.1) and
    the pairing number (0-based effective pairing number, 1.8.2)."""

    number: int
    buchholz: Fraction
    sonneborn_berger: Fraction
    rank: int

    def key(self) -> tuple[Fraction, Fraction, int]:
        """Sort key, best first: the higher Buchholz, the higher Sonneborn-Berger,
        then the smaller pairing number."""
        return (-self.buchholz, -self.sonneborn_berger, self.rank)


def _zero_point(record_bye: ByeKind | None) -> bool:
    return record_bye in (ByeKind.ZERO_POINT, ByeKind.ABSENT)


def _score_for_opponents(tournament: Tournament, state: PlayerState, played: int) -> Fraction:
    """1.7.2: a player's current score as his opponents' Buchholz and
    Sonneborn-Berger read it: his points, except that a series of zero-point byes
    (or absences) that runs up to the current round counts as draws."""
    records = state.records[:played]
    total = sum((r.points for r in records), _ZERO)
    draw = tournament.points.white_draw
    for record in reversed(records):
        if record.opponent is None and _zero_point(record.bye):
            total += draw - record.points
        else:
            break
    return total


def opposition_index(
    tournament: Tournament, round_number: int, ranks: Mapping[int, int]
) -> dict[int, Ranking]:
    """1.7.1 and 1.8: Buchholz (sum of the current scores of the opponents met) and
    Sonneborn-Berger (sum of those scores times the points scored against each) of
    the players in ``ranks`` (pairing number -> effective pairing number). A round the
    player did not play over the board counts his own current score (1.7.2, the
    tie-break regulations' reading of an unplayed round)."""
    played = round_number - 1
    state = tournament.state(after_round=played)
    cache: dict[int, Fraction] = {}

    def score_of(number: int) -> Fraction:
        if number not in cache:
            cache[number] = _score_for_opponents(tournament, state[number], played)
        return cache[number]

    result: dict[int, Ranking] = {}
    for number, rank in ranks.items():
        records = state[number].records[:played]
        own = sum((r.points for r in records), _ZERO)
        buchholz = sonneborn = _ZERO
        for record in records:
            if record.played and record.opponent is not None:
                value = score_of(record.opponent)
            else:
                value = own
            buchholz += value
            sonneborn += value * record.points
        result[number] = Ranking(number, buchholz, sonneborn, rank)
    return result


def _compatible(a: PlayerFacts, b: PlayerFacts, forbidden: frozenset[frozenset[int]]) -> bool:
    """[C1] no rematch (and no forbidden pair), [C3] no two players with the same
    absolute colour preference."""
    if b.number in a.played_opponents or frozenset((a.number, b.number)) in forbidden:
        return False
    pa, pb = a.preference, b.preference
    return not (pa.absolute and pb.absolute and pa.colour is pb.colour)


def _perfect(players: Sequence[PlayerFacts], forbidden: frozenset[frozenset[int]]) -> bool:
    """Can ``players`` all be paired under [C1] and [C3]?"""
    if len(players) % 2:
        return False
    matcher = Matcher(len(players))
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            if _compatible(a, players[j], forbidden):
                matcher.set_weight(i, j, 1)
    return all(m >= 0 for m in matcher.solve())


def pab_assignee(
    facts: Mapping[int, PlayerFacts],
    ranking: Mapping[int, Ranking],
    forbidden: frozenset[frozenset[int]],
) -> int:
    """3.1: the pairing-allocated bye goes to the player who may receive it ([C2],
    3.1.1), lets all the others be paired ([C4], 3.1.2), has the lowest score
    (3.1.3), has played the most games (3.1.4) and is the lowest in the ranking of
    1.8 (3.1.5)."""
    candidates = sorted(
        (f for f in facts.values() if f.pab_eligible),
        key=lambda f: (f.score, -len(f.history), _lowest_first(ranking[f.number])),
    )
    for candidate in candidates:
        rest = [f for f in facts.values() if f.number != candidate.number]
        if _perfect(rest, forbidden):
            return candidate.number
    raise NoPairingError(
        "no pairing: no player may receive the pairing-allocated bye and leave the others "
        "pairable (C.04.4.2 3.1)"
    )


def _lowest_first(r: Ranking) -> tuple[Fraction, Fraction, int]:
    """A sort key that puts the lowest ranked player (1.8) first."""
    return (r.buchholz, r.sonneborn_berger, -r.rank)


def pair_brackets(
    facts: Mapping[int, PlayerFacts],
    ranking: Mapping[int, Ranking],
    forbidden: frozenset[frozenset[int]],
    bye: int | None,
    why: dict[int, FloatWhy] | None = None,
) -> RoundResult:
    """Articles 2, 3.2 and 4: the brackets top-down, each paired by the criteria in
    priority order, then the first pairing in BSN order. ``why`` (only for
    ``--explain``): filled per player who moves down with the best pairing in which he
    stays in his bracket and the first criterion on which it is worse (:class:`FloatWhy`).

    One maximum-weight matching of all the players still unpaired keeps [C4] (every
    remaining player can be paired) in every bracket; the criteria of the bracket
    being paired are weights in lexicographic order, and Article 4 is applied by
    fixing BSN 1's opponent (the lowest it can have), then BSN 2's, and so on.
    """
    players = sorted(
        (f for n, f in facts.items() if n != bye),
        key=lambda f: (-f.score, ranking[f.number].key()),
    )
    n = len(players)
    scores = sorted({f.score for f in players}, reverse=True)
    compatible = [
        [j != i and _compatible(players[i], players[j], forbidden) for j in range(n)]
        for i in range(n)
    ]
    matcher = Matcher(n)
    # n bits leave room for any sum of lower-priority units
    bits = max(n, 1).bit_length() + 1
    base_unit = 1 << (bits * (4 + 2 * len(scores)) + 2)
    for i in range(n):
        for j in range(i + 1, n):
            if compatible[i][j]:
                matcher.set_weight(i, j, base_unit)
    if n and any(m < 0 for m in matcher.solve()):
        raise NoPairingError(
            "no pairing satisfies the absolute criteria (no rematch, no forbidden pair, "
            "no two players with the same absolute colour preference)"
        )
    fixed: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    records: list[BracketRecord] = []
    floaters: list[int] = []
    level = 0
    while level < len(scores):
        residents = [i for i, f in enumerate(players) if f.score == scores[level]]
        bracket = sorted(floaters + residents, key=lambda i: ranking[players[i].number].key())
        following = (
            [i for i, f in enumerate(players) if f.score == scores[level + 1]]
            if level + 1 < len(scores)
            else []
        )
        record = BracketRecord(
            [players[i].number for i in bracket],
            [players[i].number for i in floaters],
            scores[level],
            False,
        )
        floaters = _pair_bracket(
            matcher, players, compatible, fixed, bracket, following, bits, base_unit, record, why
        )
        pairs += record.pairs
        if floaters:
            record.downfloater = players[floaters[0]].number
        records.append(record)
        level += 1
    if floaters:  # pragma: no cover - [C4] leaves nobody over in the last bracket
        raise NoPairingError(f"player {players[floaters[0]].number} cannot be paired")
    return RoundResult(pairs, bye, records)


def _pair_bracket(
    matcher: Matcher,
    players: Sequence[PlayerFacts],
    compatible: Sequence[Sequence[bool]],
    fixed: dict[int, int],
    bracket: Sequence[int],
    following: Sequence[int],
    bits: int,
    base_unit: int,
    record: BracketRecord,
    why: dict[int, FloatWhy] | None = None,
) -> list[int]:
    """Pair one bracket (vertices in BSN order), record its pairs, return its
    outgoing floaters (in BSN order); ``why``: see :func:`pair_brackets`."""
    members = set(bracket)
    nxt = set(following)
    bracket_scores = sorted({players[i].score for i in bracket})
    next_scores = sorted({players[i].score for i in set(bracket) | nxt})
    unit = 1 << bits
    # weights from the lowest priority up: Article 4 order (< unit), [C8], [C7] (scores,
    # pairs), [C6], [C5]
    c8 = unit
    c7_scores = c8 << bits
    c7_pairs = c7_scores << (bits * len(next_scores))
    c6 = c7_pairs << bits
    c5 = c6 << (bits * len(bracket_scores))
    assert c5 << bits <= base_unit

    def score_weight(i: int, ladder: Sequence[Fraction], bottom: int) -> int:
        return bottom << (bits * ladder.index(players[i].score))

    def weight(i: int, j: int) -> int | None:
        if not compatible[i][j]:
            return None
        w = base_unit
        if i in members and j in members:
            w += c5 + score_weight(i, bracket_scores, c6) + score_weight(j, bracket_scores, c6)
            pi, pj = players[i].preference.colour, players[j].preference.colour
            if pi is None or pj is None or pi is not pj:
                w += c8
        elif (i in nxt or i in members) and (j in nxt or j in members):
            # a pair of the following bracket: an outgoing floater of this one (or a
            # resident of the next) against a resident of the next
            w += c7_pairs
            w += score_weight(i, next_scores, c7_scores) + score_weight(j, next_scores, c7_scores)
        return w

    near = members | nxt
    free = [i for i in range(len(players)) if i not in fixed]
    edges: list[tuple[int, int, int | None]] = []
    for i in sorted(near - fixed.keys()):
        row = compatible[i]
        for j in free:
            if j != i and row[j] and (j not in near or i < j):
                edges.append((i, j, weight(i, j)))
    matcher.set_weights(edges)
    # Article 4: BSN 1 meets the lowest player it can, then BSN 2, ...
    floaters: list[int] = []
    for position, v in enumerate(bracket):
        if v in fixed:
            continue
        candidates = [u for u in bracket[position + 1 :] if u not in fixed and compatible[v][u]]
        for priority, u in enumerate(candidates, start=1):
            w = weight(v, u)
            assert w is not None
            matcher.set_weight(v, u, w + priority)
        mate = matcher.solve()
        u = mate[v]
        for other in candidates:
            matcher.set_weight(v, other, weight(v, other))
        if u in members:
            fixed[v], fixed[u] = u, v
            record.pairs.append((players[v].number, players[u].number))
            # the pair is final: its only edge is the one between them
            only: list[int | None] = [None] * len(players)
            only[u] = 1
            matcher.set_vertex_weights(v, only)
            only[u], only[v] = None, 1
            matcher.set_vertex_weights(u, only)
        else:
            if why is not None:
                levels = [c8, c7_scores, c7_pairs, c6, c5, base_unit]
                why[players[v].number] = _float_why(
                    matcher, players, fixed, members, v, weight, levels
                )
            floaters.append(v)
            matcher.set_weights([(v, x, None) for x in members if x != v])
    return floaters


#: The criteria the weights of :func:`_pair_bracket` pack, lowest first (the units),
#: and whether the packed digit is a number of games.
_FLOAT_CRITERIA = (
    ("C8", "games in which both players can get the colour they are due", True),
    ("C7", "the scores of the players paired in the next group", False),
    ("C7", "games paired in the next group", True),
    ("C6", "the scores of the players moving down (as low as possible)", False),
    ("C5", "games paired inside the group", True),
    ("C4", "games of the round", True),
)


def _float_why(
    matcher: Matcher,
    players: Sequence[PlayerFacts],
    fixed: Mapping[int, int],
    members: set[int],
    v: int,
    weight: Callable[[int, int], int | None],
    levels: Sequence[int],
) -> FloatWhy:
    """Solve the bracket again with ``v`` kept in it (his edges to the players outside
    removed, from scratch), compare with the engine's solution criterion by criterion
    (the packed weight's digits)."""
    if matcher.n > WHY_LIMIT:
        return FloatWhy(None, (), None, None, computed=False)
    chosen = list(matcher.solve())
    outside = [x for x in range(len(players)) if x not in members]
    alt = _solve_without(matcher, v, outside)
    if alt[v] not in members:
        return FloatWhy(None, (), None, None)

    def total(mate: Sequence[int]) -> int:
        # every pair, those fixed before too (the same in both: the counts are whole)
        return sum(weight(a, b) or 0 for a, b in enumerate(mate) if b > a)

    def digit(value: int, k: int) -> int:
        upper = value if k + 1 == len(levels) else value % levels[k + 1]
        return upper // levels[k]

    def left(mate: Sequence[int]) -> tuple[int, ...]:
        return tuple(
            players[x].number
            for x in sorted(members)
            if x not in fixed and x != v and mate[x] not in members
        )

    pairs = tuple(
        (players[a].number, players[b].number)
        for a, b in enumerate(alt)
        if b > a and a in members and b in members
    )
    mine, theirs = total(chosen), total(alt)
    for k in reversed(range(len(levels))):
        a, b = digit(mine, k), digit(theirs, k)
        if a != b:
            name, words, count = _FLOAT_CRITERIA[k]
            if count:
                return FloatWhy(left(alt), pairs, name, words, a, b)
            return FloatWhy(left(alt), pairs, name, words)
    return FloatWhy(left(alt), pairs, None, None)


def colours_2025(
    a: PlayerFacts, b: PlayerFacts, ranking: Mapping[int, Ranking], initial: Colour
) -> tuple[int, int, ColourDecision]:
    """5.2: ``(white, black, decision)`` for the pair ``a``-``b``.

    5.2.1 when neither has played a game, the player higher in the ranking of 1.8
    (Index, then pairing number; 1.7 names 5.2.1 among the articles that read it, and
    the note to 1.8 says scores are not used) gets the initial colour if his pairing
    number is odd; 5.2.2-5.2.4 (both preferences, the stronger one, alternate from
    the last round the colours differed) as C.04.3 E.1-E.3; 5.2.5 the preference of
    the player higher in the ranking of 1.8.
    """
    if not a.history and not b.history:
        higher, lower = sorted((a, b), key=lambda f: ranking[f.number].key())
        colour = initial if higher.rank % 2 == 0 else initial.opposite
        decision = ColourDecision(1, "number", higher.number, lower.number)
        if colour is Colour.WHITE:
            return higher.number, lower.number, decision
        return lower.number, higher.number, decision
    white, black, decision = decide_colours(a, b, initial)
    if decision.step <= 3:
        return white, black, ColourDecision(decision.step + 1, *_rest(decision))
    first, second = sorted((a, b), key=lambda f: ranking[f.number].key())
    decision = ColourDecision(5, "index", first.number, second.number)
    if first.preference.colour is Colour.WHITE:
        return first.number, second.number, decision
    return second.number, first.number, decision


def _rest(decision: ColourDecision) -> tuple[str, int, int]:
    return decision.reason, decision.player, decision.other
