"""TCEC Swiss: the deterministic Swiss system of the Top Chess Engine Championship.

This module follows the rule text (*TCEC Swiss Tournament System*) step by step:

* Seeding: :func:`random_seeding` and :func:`group_seeding`. Seeds are the pairing
  numbers of the tournament file.
* STEP 1 :func:`pairing_order` - score (descending), then seed (ascending).
* STEP 2 :func:`choose_bye` - most byes first, then pairing order; the bottom player
  gets the bye, scored as a win (``PointSystem.pairing_allocated_bye``).
* STEP 3 :func:`may_be_paired` (not met in the encounter history, and
  ``|WGD(p1) + WGD(p2)| <= 2``) and :class:`EncounterHistory` - while no viable
  pairing exists, the earliest round is removed from the history, permanently.
* STEP 4 :func:`pair_in_order` - each first-of-pair, in pairing order, takes the
  highest-ranked player it may be paired with such that the rest of the round can
  still be paired.
* STEP 5 :func:`single_round_colours` (greater white-game difference gets black, then
  higher score gets black, then the 2112 pattern) and :func:`double_round_colours`.
* Playing order: :func:`playing_order` - the worst pair (by its first-of-pair) first.
* Final ranking: :meth:`TcecSystem.ranking_criteria` - score, fewer byes, then the
  configured tiebreaks of :mod:`fairpair.tiebreaks` (default: ``BPG``, games with
  black, then ``SB``, Sonneborn-Berger).

File representation. A single-round tournament stores TCEC round ``k`` in TRF round
column ``k``. A double-round tournament (``Tournament.double_rounds``, ``XXT double``)
stores TCEC round ``k`` in columns ``2k-1`` (game 1) and ``2k`` (game 2, colours
reversed); a bye is two pairing-allocated bye entries.

Decisions where the text is silent (documented so an arbiter can rely on them):

* White-game difference (WGD) counts every game with known colours in the file,
  forfeits and games still without a result included: the rule balances the colours
  the pairing *assigned*, and only that keeps the text's invariants (``|WGD| <= 2``,
  parity) true. Games with an unknown colour (TRF ``-``) do not count.
* The encounter history holds every pair the pairing put together (forfeits too).
* "Received BYEs" counts the TCEC rounds in which a player got the pairing-allocated
  bye (``U``); other unplayed entries (``H``, ``F``, ``Z``, absences) are not byes of
  this system. Players with a pre-set absence in the round are not paired.
* When replaying the removals of earlier rounds, the players of an earlier round are
  the ones who have a game in it in the file.
* Round 1 is always seed 2 - seed 1, ...: the file's initial colour (``XXC``) is not
  used, the text fixes the colours.
* Forbidden pairs of the file (``XXP``/``260``), if any, are treated as met forever
  (an extension; see :class:`EncounterHistory`).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from fairpair.errors import InputError, NoPairingError
from fairpair.matching.cardinality import CardinalityMatcher
from fairpair.model import Board, ByeKind, Pairing, Tournament
from fairpair.naming import round_name
from fairpair.systems.base import compare_pairings
from fairpair.systems.descriptor import Option, SystemDescriptor
from fairpair.tiebreaks import POINTS, Tiebreak, parse_tiebreaks

__all__ = [
    "DEFAULT_TIEBREAKS",
    "DESCRIPTOR",
    "ByesReceived",
    "EncounterHistory",
    "TcecSystem",
    "choose_bye",
    "colour_rule",
    "double_round_colours",
    "group_labels",
    "group_seeding",
    "group_sizes",
    "has_viable_pairing",
    "may_be_paired",
    "pair_in_order",
    "pairing_obstacle",
    "pairing_order",
    "playing_order",
    "random_seeding",
    "recommended_groups",
    "single_round_colours",
    "white_game_differences",
]

T = TypeVar("T")

Pair = frozenset[int]


# --------------------------------------------------------------------------------------
# Seeding
# --------------------------------------------------------------------------------------


def random_seeding(players: Sequence[T], seed: int) -> list[T]:
    """Random seeding: the players in a random order fixed by ``seed``.

    >>> random_seeding(["a", "b", "c"], seed=1) == random_seeding(["a", "b", "c"], seed=1)
    True
    """
    order = list(players)
    random.Random(seed).shuffle(order)
    return order


def group_sizes(players: int, groups: int) -> list[int]:
    """Group seeding: the sizes of groups A, B, ... (the spec's script: each group takes
    ``ceil(remaining players / remaining groups)``, so the stronger groups take the
    extra players).

    >>> group_sizes(11, 4)
    [3, 3, 3, 2]
    """
    _validate_groups(players, groups)
    sizes = []
    remaining = players
    for left in range(groups, 0, -1):
        size = -(-remaining // left)  # ceil
        sizes.append(size)
        remaining -= size
    return sizes


def group_seeding(players_by_strength: Sequence[T], groups: int) -> list[T]:
    """Group seeding: players (strongest first) are cut into ``groups`` groups A, B, ...
    and seeded A1, B1, C1, ..., A2, B2, ... (always the strongest unseeded player of
    the group).

    >>> group_seeding(list(range(1, 12)), 4)
    [1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9]
    """
    members = _cut_into_groups(players_by_strength, groups)
    order: list[T] = []
    for rank in range(len(members[0])):
        order.extend(group[rank] for group in members if rank < len(group))
    return order


def group_labels(players: int, groups: int) -> list[str]:
    """The group label of every seed, in seed order (``A1``, ``B1``, ...).

    >>> group_labels(5, 2)
    ['A1', 'B1', 'A2', 'B2', 'A3']
    """
    sizes = group_sizes(players, groups)
    labels = [
        [f"{_group_letter(g)}{rank + 1}" for rank in range(size)] for g, size in enumerate(sizes)
    ]
    return [label for rank in range(sizes[0]) for label in _column(labels, rank)]


def recommended_groups(players: int) -> int:
    """The spec's recommendation: ``round_to_even(players / 7)``, at least 2.

    >>> recommended_groups(40), recommended_groups(50), recommended_groups(10)
    (6, 8, 2)
    """
    nearest_even = 2 * int(Fraction(players, 14) + Fraction(1, 2))
    return max(2, min(nearest_even, players - players % 2))


def _column(labels: list[list[str]], rank: int) -> list[str]:
    return [group[rank] for group in labels if rank < len(group)]


def _group_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _cut_into_groups(players: Sequence[T], groups: int) -> list[list[T]]:
    sizes = group_sizes(len(players), groups)
    result: list[list[T]] = []
    start = 0
    for size in sizes:
        result.append(list(players[start : start + size]))
        start += size
    return result


def _validate_groups(players: int, groups: int) -> None:
    if groups < 2 or groups % 2 or groups > players:
        raise InputError(
            f"cannot seed {players} players in {groups} groups",
            expected=f"an even number of groups between 2 and {players}",
        )


# --------------------------------------------------------------------------------------
# STEP 1-2: pairing order and bye
# --------------------------------------------------------------------------------------


def pairing_order(players: Iterable[int], scores: Mapping[int, Fraction]) -> list[int]:
    """STEP 1: score (descending), then seed = pairing number (ascending).

    >>> pairing_order([1, 2, 3], {1: Fraction(0), 2: Fraction(1), 3: Fraction(1)})
    [2, 3, 1]
    """
    return sorted(players, key=lambda n: (-scores[n], n))


def choose_bye(order: Sequence[int], byes_received: Mapping[int, int]) -> int:
    """STEP 2: order by received byes (descending), then pairing order; the bottom
    player gets the bye - the lowest player in the pairing order among those with the
    fewest byes.

    >>> choose_bye([1, 2, 3], {1: 0, 2: 0, 3: 1})
    2
    """
    position = {n: i for i, n in enumerate(order)}
    ranked = sorted(order, key=lambda n: (-byes_received.get(n, 0), position[n]))
    return ranked[-1]


# --------------------------------------------------------------------------------------
# STEP 3: pairing conditions, viability, encounter history
# --------------------------------------------------------------------------------------


def white_game_differences(tournament: Tournament, before_column: int) -> dict[int, int]:
    """WGD(p) = games with white - games with black, over TRF columns before
    ``before_column`` (all games with known colours; see the module notes)."""
    wgd = {p.number: 0 for p in tournament.players}
    for rnd in tournament.rounds[: max(0, before_column - 1)]:
        for game in rnd.games:
            if not game.coloured:
                continue
            if game.white in wgd:
                wgd[game.white] += 1
            if game.black in wgd:
                wgd[game.black] -= 1
    return wgd


def may_be_paired(p1: int, p2: int, met: Container[Pair], wgd: Mapping[int, int]) -> bool:
    """STEP 3: the pairing condition - not met in the encounter history, and colour
    balance: a player with WGD +2 meets one with at most 0, a player with -2 one with
    at least 0 (together: ``|WGD(p1) + WGD(p2)| <= 2``).

    >>> may_be_paired(1, 2, set(), {1: 2, 2: 0}), may_be_paired(1, 2, set(), {1: 2, 2: 1})
    (True, False)
    """
    return pairing_obstacle(p1, p2, met, wgd) is None


def pairing_obstacle(p1: int, p2: int, met: Container[Pair], wgd: Mapping[int, int]) -> str | None:
    """STEP 3, why ``p1`` and ``p2`` may not be paired: ``"met"`` (in the encounter
    history, or a forbidden pair), ``"colour"`` (the colour balance), or None: they
    may be.

    >>> pairing_obstacle(1, 2, {frozenset((1, 2))}, {1: 0, 2: 0})
    'met'
    """
    if frozenset((p1, p2)) in met:
        return "met"
    if abs(wgd[p1] + wgd[p2]) > 2:
        return "colour"
    return None


@dataclass
class EncounterHistory:
    """The encounter history: the pairs of every TCEC round since the earliest round
    not yet removed. Removals (STEP 3) are permanent.

    ``forbidden`` holds the file's forbidden pairs (XXP / 260), an extension outside
    the rule text: they count as met and are never removed. Files without forbidden
    pairs are paired exactly by the text.
    """

    #: (TCEC round number, its pairs), earliest first.
    rounds: list[tuple[int, frozenset[Pair]]] = field(default_factory=list)
    #: TCEC rounds removed so far, in removal order.
    removed: list[int] = field(default_factory=list)
    forbidden: frozenset[Pair] = frozenset()

    def met(self) -> set[Pair]:
        """All pairs in the history (and the forbidden pairs)."""
        return {pair for _, pairs in self.rounds for pair in pairs} | self.forbidden

    def add(self, tcec_round: int, pairs: Iterable[Pair]) -> None:
        """STEP 4, end: the pairs of the round enter the history."""
        self.rounds.append((tcec_round, frozenset(pairs)))

    def remove_earliest(self) -> int:
        """STEP 3: remove the earliest round (returns its number)."""
        number, _ = self.rounds.pop(0)
        self.removed.append(number)
        return number

    def remove_until_viable(self, players: Sequence[int], wgd: Mapping[int, int]) -> list[int]:
        """STEP 3: remove the earliest rounds until ``players`` can all be paired.

        Returns the rounds removed now. Raises :class:`NoPairingError` if even an empty
        history leaves no viable pairing (only the colour rule can cause that).
        """
        removed_now: list[int] = []
        while not has_viable_pairing(players, self._condition(wgd)):
            if not self.rounds:
                extra = " and the forbidden pairs" if self.forbidden else ""
                raise NoPairingError(
                    f"no viable TCEC pairing: the colour-balance rule{extra} leave no "
                    f"complete pairing of players {sorted(players)}"
                )
            removed_now.append(self.remove_earliest())
        return removed_now

    def _condition(self, wgd: Mapping[int, int]) -> Callable[[int, int], bool]:
        met = self.met()
        return lambda p1, p2: may_be_paired(p1, p2, met, wgd)


def _allowed_pairs_graph(
    players: Sequence[int], allowed: Callable[[int, int], bool]
) -> CardinalityMatcher:
    """The graph of allowed pairs; vertex i is ``players[i]``, neighbours in that order."""
    n = len(players)
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if allowed(players[i], players[j]):
                adjacency[i].append(j)
                adjacency[j].append(i)
    return CardinalityMatcher(adjacency)


def has_viable_pairing(players: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    """STEP 3: can every player be paired (a perfect matching of the allowed pairs)?"""
    return _allowed_pairs_graph(players, allowed).is_perfect()


# --------------------------------------------------------------------------------------
# STEP 4: pairing
# --------------------------------------------------------------------------------------


def pair_in_order(
    order: Sequence[int], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """STEP 4: repeatedly take the first unpaired player (first-of-pair) and pair it
    with the highest-ranked unpaired player allowed by STEP 3 such that the rest can
    still be paired. Returns (first-of-pair, second-of-pair) in pairing order.

    >>> pair_in_order([1, 2, 3, 4], lambda a, b: {a, b} != {1, 2})
    [(1, 3), (2, 4)]
    """
    matcher = _allowed_pairs_graph(order, allowed)
    if not matcher.is_perfect():
        raise NoPairingError(f"no viable TCEC pairing of players {sorted(order)}")
    pairs: list[tuple[int, int]] = []
    for first_index in range(len(order)):
        if not matcher.alive[first_index]:
            continue
        second = next(
            (c for c in matcher.neighbours(first_index) if matcher.try_remove((first_index, c))),
            None,
        )
        # The current perfect matching always offers one candidate that works.
        assert second is not None
        pairs.append((order[first_index], order[second]))
    return pairs


# --------------------------------------------------------------------------------------
# STEP 5: colours, and the playing order
# --------------------------------------------------------------------------------------


def single_round_colours(
    first: int,
    second: int,
    wgd: Mapping[int, int],
    scores: Mapping[int, Fraction],
    tcec_round: int,
) -> Board:
    """STEP 5, single rounds: greater white-game difference gets black; if equal, the
    higher score gets black; if equal too, the 2112 pattern: the first-of-pair has
    white in rounds 2, 3, 6, 7, 10, 11, ..., the second-of-pair in 1, 4, 5, 8, 9, ...

    >>> single_round_colours(1, 2, {1: 0, 2: 0}, {1: Fraction(0), 2: Fraction(0)}, 1)
    Board(white=2, black=1)
    """
    rule = colour_rule(first, second, wgd, scores)
    if rule == "wgd":
        black = first if wgd[first] > wgd[second] else second
    elif rule == "score":
        black = first if scores[first] > scores[second] else second
    else:
        black = second if tcec_round % 4 in (2, 3) else first
    white = second if black == first else first
    return Board(white=white, black=black)


def colour_rule(
    first: int, second: int, wgd: Mapping[int, int], scores: Mapping[int, Fraction]
) -> str:
    """Which rule of STEP 5 (single rounds) decides the colours of ``first`` and
    ``second``: ``"wgd"`` (the white-game differences differ), ``"score"`` (then the
    scores) or ``"pattern"`` (the 2112 pattern).

    >>> even = {1: Fraction(1), 2: Fraction(1)}
    >>> colour_rule(1, 2, {1: 1, 2: 0}, even), colour_rule(1, 2, {1: 0, 2: 0}, even)
    ('wgd', 'pattern')
    """
    if wgd[first] != wgd[second]:
        return "wgd"
    if scores[first] != scores[second]:
        return "score"
    return "pattern"


def double_round_colours(first: int, second: int) -> Board:
    """STEP 5, double rounds: the first-of-pair has black in the first encounter (and
    white in the second, which :meth:`Tournament.with_pairing` writes reversed)."""
    return Board(white=second, black=first)


def playing_order(boards_in_pairing_order: Sequence[Board]) -> list[Board]:
    """Playing order: pairs by the pairing order of their first-of-pair, descending
    (the worst pair plays first). A double round plays this schedule twice."""
    return list(reversed(boards_in_pairing_order))


# --------------------------------------------------------------------------------------
# Final ranking criteria
# --------------------------------------------------------------------------------------


class ByesReceived:
    """Number of received byes (ascending: fewer is better). A double-round bye counts
    once (one TCEC round)."""

    code: str = "BYE"
    name: str = "Byes received"
    descending: bool = False

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        byes = _byes_received(tournament, after_round + 1)
        return {p.number: Fraction(byes[p.number]) for p in tournament.players}


#: The tiebreaks after score and byes unless configured (``tiebreaks="..."``, codes of
#: :mod:`fairpair.tiebreaks`): games with black, then Sonneborn-Berger.
DEFAULT_TIEBREAKS = "BPG,SB"


# --------------------------------------------------------------------------------------
# The system
# --------------------------------------------------------------------------------------


class TcecSystem:
    """The TCEC Swiss system (see the module docstring)."""

    name = "tcec"

    def __init__(self, *, tiebreaks: str | None = None, explain: bool = False) -> None:
        # The system is deterministic: a seed given to the registry is not passed on.
        self.tiebreaks: list[Tiebreak] = parse_tiebreaks(tiebreaks or DEFAULT_TIEBREAKS)
        self.explain = bool(explain)

    # -- pairing ------------------------------------------------------------------------

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        """Pair the TCEC round starting at TRF column ``round_number`` (default: the
        next unpaired column)."""
        column = tournament.next_round() if round_number is None else round_number
        tcec_round = _tcec_round_of(tournament, column)
        history = _replay_history(tournament, tcec_round)
        state = tournament.state(after_round=column - 1)
        scores = {n: s.score for n, s in state.items()}
        present = _present(tournament, column)

        order = pairing_order(present, scores)  # STEP 1
        full_order = list(order)
        bye = None
        if len(order) % 2:  # STEP 2
            bye = choose_bye(order, _byes_received(tournament, column))
            order.remove(bye)

        wgd = white_game_differences(tournament, column)
        history_before = [n for n, _ in history.rounds]
        removed_now = history.remove_until_viable(order, wgd)  # STEP 3
        met = history.met()

        pairs = pair_in_order(order, lambda a, b: may_be_paired(a, b, met, wgd))  # STEP 4
        if tournament.double_rounds:  # STEP 5
            boards = [double_round_colours(f, s) for f, s in pairs]
        else:
            boards = [single_round_colours(f, s, wgd, scores, tcec_round) for f, s in pairs]
        info: dict[str, Any] = {
            "tcec_round": tcec_round,
            "pairing_order": full_order,
            "history_rounds": [n for n in history_before if n not in removed_now],
            "removed_rounds": removed_now,
        }
        pairing = Pairing(
            round=column,
            boards=tuple(playing_order(boards)),
            bye=bye,
            double=tournament.double_rounds,
            info=info,
        )
        if self.explain:
            info["explanation"] = _explanation_data(
                tournament, pairing, info, pairs, history, wgd, scores
            )
        return pairing

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Problems with the stored round ``round_number`` (a TRF column): its pairs,
        colours and bye against the engine's. In a double-round tournament
        ``round_number`` is the first column of a TCEC round: it is compared with the
        engine and the next column with it (colours reversed, same bye); given the
        second column, only that comparison is made."""
        label = _round_label(tournament, round_number)
        if round_number < 1 or not tournament.round(round_number).paired:
            return [f"{label}: not paired in the file"]
        if tournament.double_rounds and round_number % 2 == 0:
            return _check_second_game(tournament, round_number, label)
        try:
            expected = self.pair(tournament, round_number)
        except NoPairingError as exc:
            return [f"{label}: the engine finds no pairing ({exc})"]
        problems = compare_pairings(expected, tournament.pairing_of(round_number), label)
        if tournament.double_rounds:
            second = round_number + 1
            second_label = _round_label(tournament, second)
            if not tournament.round(second).paired:
                problems.append(f"{second_label}: not paired in the file")
            else:
                problems += _check_second_game(tournament, second, second_label)
        return problems

    # -- final ranking ------------------------------------------------------------------

    def ranking_criteria(self, tournament: Tournament) -> list[Tiebreak]:
        """Final ranking: score (desc), received byes (asc), then the tiebreaks."""
        return [POINTS, ByesReceived(), *self.tiebreaks]

    def final_ranking(
        self, tournament: Tournament, after_round: int | None = None
    ) -> list[tuple[int, tuple[Fraction, ...]]]:
        """Players in final-ranking order with their criterion values; players equal
        on every criterion stay in pairing-number order."""
        after = len(tournament.rounds) if after_round is None else after_round
        criteria = self.ranking_criteria(tournament)
        columns = [c.values(tournament, after) for c in criteria]
        rows = [(p.number, tuple(col[p.number] for col in columns)) for p in tournament.players]

        def key(row: tuple[int, tuple[Fraction, ...]]) -> tuple[Fraction | int, ...]:
            signed = [
                -v if getattr(c, "descending", True) else v
                for c, v in zip(criteria, row[1], strict=True)
            ]
            return (*signed, row[0])

        return sorted(rows, key=key)


# --------------------------------------------------------------------------------------
# Helpers: rounds of the file, byes, history replay
# --------------------------------------------------------------------------------------


def _tcec_round_of(tournament: Tournament, column: int) -> int:
    if column < 1:
        raise InputError(
            f"round {column} cannot be paired", expected="a round number >= 1", field="round"
        )
    if tournament.double_rounds:
        if column % 2 == 0:
            raise InputError(
                f"round {column} is the second game of a double round",
                expected="the first column of a TCEC round (1, 3, 5, ...)",
            )
        return (column + 1) // 2
    return column


def _first_column(tournament: Tournament, tcec_round: int) -> int:
    return 2 * tcec_round - 1 if tournament.double_rounds else tcec_round


def _columns(tournament: Tournament, tcec_round: int) -> list[int]:
    first = _first_column(tournament, tcec_round)
    return [first, first + 1] if tournament.double_rounds else [first]


def _round_label(tournament: Tournament, column: int) -> str:
    return round_name(tournament, column)


def _present(tournament: Tournament, column: int) -> list[int]:
    """Players to pair: registered and without a pre-set absence (in both columns of a
    double round)."""
    present = set(tournament.present_players(column))
    if tournament.double_rounds:
        present &= set(tournament.present_players(column + 1))
    return sorted(present)


def _byes_received(tournament: Tournament, before_column: int) -> dict[int, int]:
    """Received byes: TCEC rounds (starting before ``before_column``) with a
    pairing-allocated bye."""
    counts = {p.number: 0 for p in tournament.players}
    step = 2 if tournament.double_rounds else 1
    for first in range(1, before_column, step):
        got: set[int] = set()
        for column in range(first, min(first + step, len(tournament.rounds) + 1)):
            got |= {
                n
                for n, kind in tournament.round(column).byes.items()
                if kind is ByeKind.PAIRING_ALLOCATED
            }
        for n in got:
            if n in counts:
                counts[n] += 1
    return counts


def _round_pairs(tournament: Tournament, tcec_round: int) -> frozenset[Pair]:
    pairs: set[Pair] = set()
    for column in _columns(tournament, tcec_round):
        pairs |= {frozenset(g.players) for g in tournament.round(column).games}
    return frozenset(pairs)


def _replay_history(tournament: Tournament, tcec_round: int) -> EncounterHistory:
    """The encounter history at the start of ``tcec_round``: the stored pairs of the
    earlier rounds, with the removals each of them made (STEP 3) replayed.

    A stored round whose pairs are all allowed by the history proves by itself that a
    viable pairing existed (so nothing was removed); only otherwise is the matching
    test run. That keeps checking a long event linear in its length.
    """
    history = EncounterHistory(forbidden=tournament.forbidden_pairs)
    wgd: Counter[int] = Counter()  # WGD before the round; every player starts at 0
    for earlier in range(1, tcec_round):
        pairs = _round_pairs(tournament, earlier)
        if pairs:
            met = history.met()
            if not all(may_be_paired(*_two(pair), met, wgd) for pair in pairs):
                players = sorted({n for pair in pairs for n in pair})
                # If the file paired a round the colour rule forbids, all is removed.
                with contextlib.suppress(NoPairingError):
                    history.remove_until_viable(players, wgd)
            history.add(earlier, pairs)
        for column in _columns(tournament, earlier):
            for game in tournament.round(column).games:
                if game.coloured:
                    wgd[game.white] += 1
                    wgd[game.black] -= 1
    return history


def _two(pair: Pair) -> tuple[int, int]:
    first, second = sorted(pair)
    return first, second


def _explanation_data(
    tournament: Tournament,
    pairing: Pairing,
    info: Mapping[str, Any],
    pairs: Sequence[tuple[int, int]],
    history: EncounterHistory,
    wgd: Mapping[int, int],
    scores: Mapping[int, Fraction],
) -> dict[str, Any]:
    """The round as structured data for :mod:`fairpair.explain`: the pairing order,
    the bye, the encounter history, and per pair the players passed over and why, and
    the colour rule (STEPs 1-5)."""
    from fairpair.explain import Explainer

    column, bye, tcec_round = pairing.round, pairing.bye, info["tcec_round"]
    ex = Explainer(tournament, column, "tcec", f"TCEC Swiss, TCEC round {tcec_round}")
    ex.note("tcec_method", "TCEC steps 1-4")
    ex.detail(
        tcec_round=tcec_round,
        column=column,
        pairing_order=list(info["pairing_order"]),
        history_rounds=list(info["history_rounds"]),
        removed_rounds=list(info["removed_rounds"]),
        double=tournament.double_rounds,
    )
    for number in info["pairing_order"]:
        ex.player_detail(number, wgd=wgd[number])
    ex.note("tcec_order", "TCEC step 1", players=list(info["pairing_order"]))
    kept, removed = info["history_rounds"], info["removed_rounds"]
    if kept:
        ex.note("tcec_history", "TCEC step 3", first=kept[0], last=kept[-1])
    else:
        ex.note("tcec_history_empty", "TCEC step 3")
    if removed:
        ex.note("tcec_history_removed", "TCEC step 3", rounds=", ".join(str(r) for r in removed))
    if bye is not None:
        count = _byes_received(tournament, column)[bye]
        ex.player_detail(bye, earlier_byes=count)
        ex.because(bye, "bye_fewest_byes", "TCEC step 2", player=bye, count=count)
        # "Why me": the player who would get the bye without him, and what decided.
        received = _byes_received(tournament, column)
        full = list(info["pairing_order"])
        rest = [n for n in full if n != bye]
        if rest:
            other = choose_bye(rest, received)
            more = received.get(other, 0) > count
            ex.player_detail(
                bye,
                why={
                    "decision": "bye",
                    "computed": True,
                    "alternative": {"bye": other},
                    "criterion": "fewest byes" if more else "pairing order",
                    "rule": "TCEC step 2",
                    "chosen": count if more else full.index(bye) + 1,
                    "alternative_value": received.get(other, 0) if more else full.index(other) + 1,
                },
            )
            if more:
                ex.because(
                    bye,
                    "why_tcec_bye_byes",
                    "TCEC step 2",
                    players=[other],
                    count=count,
                    other_count=received.get(other, 0),
                )
            else:
                ex.because(
                    bye,
                    "why_tcec_bye_order",
                    "TCEC step 2",
                    players=[other],
                    place=full.index(bye) + 1,
                    other_place=full.index(other) + 1,
                )
    met_in: dict[Pair, int] = {}
    for number, round_pairs in history.rounds:
        for pair in round_pairs:
            met_in[pair] = number
    met = history.met()
    order = [n for n in info["pairing_order"] if n != bye]
    board_of = {frozenset((b.white, b.black)): b for b in pairing.boards}
    paired: set[int] = set()
    for first, second in pairs:
        board = board_of[frozenset((first, second))]
        paired.add(first)
        for candidate in order[order.index(first) + 1 : order.index(second)]:
            if candidate in paired:
                continue
            pair = frozenset((first, candidate))
            obstacle = pairing_obstacle(first, candidate, met, wgd)
            if obstacle == "met" and pair in met_in and pair not in tournament.forbidden_pairs:
                ex.because(
                    first, "tcec_skip_met", "TCEC step 3", other=candidate, round=met_in[pair]
                )
            elif obstacle == "met":
                ex.because(first, "tcec_skip_forbidden", "TCEC step 3", other=candidate)
            elif obstacle == "colour":
                ex.because(first, "tcec_skip_colour", "TCEC step 3", other=candidate)
            else:
                ex.because(first, "tcec_skip_rest", "TCEC step 4", other=candidate)
        paired.add(second)
        ex.because(first, "tcec_next", "TCEC step 4", opponent=second)
        rule = colour_rule(first, second, wgd, scores)
        if tournament.double_rounds:
            ex.board_note(
                board.white, board.black, "colour_tcec_double", "TCEC step 5", player=first
            )
        elif rule == "wgd":
            ex.board_note(
                board.white,
                board.black,
                "colour_tcec_wgd",
                "TCEC step 5",
                player=board.black,
                wgd=f"{wgd[board.black]:+d}",
                other_wgd=f"{wgd[board.white]:+d}",
            )
        elif rule == "score":
            ex.board_note(
                board.white, board.black, "colour_tcec_score", "TCEC step 5", player=board.black
            )
        else:
            ex.board_note(
                board.white,
                board.black,
                "colour_tcec_pattern",
                "TCEC step 5",
                player=board.white,
            )
    return ex.finish(pairing)


def _check_second_game(tournament: Tournament, column: int, label: str) -> list[str]:
    first = tournament.pairing_of(column - 1)
    mirrored = Pairing(
        round=column,
        boards=tuple(Board(b.black, b.white) for b in first.boards),
        bye=first.bye,
    )
    problems = compare_pairings(mirrored, tournament.pairing_of(column), label)
    return [p + " (the second game reverses the first)" for p in problems]


#: What the workflow and the interfaces know of TCEC Swiss.
DESCRIPTOR = SystemDescriptor(
    name="tcec",
    summary="TCEC Swiss (computer chess)",
    engine="fairpair.systems.tcec:TcecSystem",
    options=(
        Option(
            "tiebreaks",
            "text",
            "standings tiebreaks after points and byes",
            default=DEFAULT_TIEBREAKS,
            check=parse_tiebreaks,
            expects="tiebreak codes separated by commas, e.g. BPG,SB",
        ),
    ),
    initial_order="groups",
    double_rounds=True,
    own_ranking=True,
)
