"""McMahon scores and the AGA tiebreaks (AGA "Game Results", "Final Standings--Tiebreaks").

Scores: a win (also by forfeit) +1, jigo +0.5 each, loss and double forfeit 0, forced
bye +1, voluntary bye 0 (the tournament's point system, AGA values by default), added
to the initial McMahon score.

Tiebreaks, in order: SOMS (sum of opponents' McMahon scores), SODOMS (sum of defeated
opponents' McMahon scores; a jigo counts half), face-to-face, random draw.

* A forced bye (``PAIRING_ALLOCATED`` or a full-point bye) is a win against a phantom
  who started with the player's initial score and won half the rounds:
  ``initial + rounds / 2`` (rounds = the rounds counted, i.e. ``after_round``); it
  counts in SOMS and SODOMS.
* A voluntary bye (any other bye, an absence, a round without entry) and a double
  forfeit of the player himself are a loss against that phantom: SOMS only.
* An opponent's voluntary byes and double forfeits credit 0.5 each to his score as
  counted in SOMS and SODOMS (the "effective" score; never in his own placing).
* Face-to-face: among players still tied after SOMS and SODOMS, the points each scored
  in games against the others of the tie.
* Random draw: a permutation of the field drawn from ``settings["mcmahon"]["seed"]``
  (or the system's ``seed`` option), reproducible.
"""

from __future__ import annotations

import math
import operator
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import ByeKind, Colour, Game, ResultCode, Round, Tournament
from fairpair.systems.mcmahon.bands import McMahonSettings

__all__ = [
    "FaceToFace",
    "McMahonScore",
    "RandomDraw",
    "Sodoms",
    "Soms",
    "criteria",
    "mcmahon_scores",
    "standings",
]

HALF = Fraction(1, 2)

_WHITE = operator.attrgetter("white")
_BLACK = operator.attrgetter("black")
_WHITE_RESULT = operator.attrgetter("white_result")
_BLACK_RESULT = operator.attrgetter("black_result")


def mcmahon_scores(tournament: Tournament, after_round: int) -> dict[int, Fraction]:
    """McMahon score of every player after ``after_round`` rounds."""
    initial = McMahonSettings.from_tournament(tournament).initial_scores_for(tournament)
    scores = tournament.scores(after_round)
    return {n: initial.get(n, Fraction(0)) + score for n, score in scores.items()}


def _forced(kind: ByeKind) -> bool:
    """A forced bye: a win against the phantom."""
    return kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT)


class _FirstGames(dict[int, dict[int, Game]]):
    """Round number -> player -> his first game of that round (``Round.game_of``),
    made on first use."""

    def __init__(self, tournament: Tournament) -> None:
        super().__init__()
        self.tournament = tournament

    def __missing__(self, number: int) -> dict[int, Game]:
        found: dict[int, Game] = {}
        for game in self.tournament.round(number).games:
            found.setdefault(game.white, game)
            found.setdefault(game.black, game)
        self[number] = found
        return found

    def double_forfeit(self, number: int, player: int) -> bool:
        """Did ``player``, with a forfeit loss in round ``number``, lose a double
        forfeit? (His first game of the round has a forfeit loss on the other side.)"""
        game = self[number].get(player)
        return game is not None and game.result_of(game.opponent(player)) is ResultCode.FORFEIT_LOSS


def _game_sides(
    rounds: Sequence[Round],
) -> Iterator[tuple[Round, int, int, ResultCode | None, Colour | None]]:
    """Every game of ``rounds`` from each side: (round, player, opponent, his result,
    his colour), as :meth:`Tournament.state` makes its records of games."""
    for rnd in rounds:
        for game in rnd.games:
            coloured = game.coloured
            yield rnd, game.white, game.black, game.white_result, Colour.WHITE if coloured else None
            yield rnd, game.black, game.white, game.black_result, Colour.BLACK if coloured else None


@dataclass(frozen=True)
class _Sums:
    soms: dict[int, Fraction]
    sodoms: dict[int, Fraction]


def _sums(tournament: Tournament, after_round: int) -> _Sums:
    """SOMS and SODOMS of every player, from the rounds (what the records of
    :meth:`Tournament.state` say, without making them: a large tournament has one per
    player and round), the opponents' effective scores summed in whole units."""
    cache: dict[tuple[str, int], _Sums] = tournament.__dict__.setdefault("_mcmahon_sums", {})
    key = ("sums", after_round)
    if key in cache:
        return cache[key]
    initial = McMahonSettings.from_tournament(tournament).initial_scores_for(tournament)
    scores = mcmahon_scores(tournament, after_round)
    rounds = tournament.rounds[:after_round]
    first_games = _FirstGames(tournament)
    # per player: rounds against the phantom (voluntary byes, absences, rounds without
    # entry, double forfeits: SOMS; forced byes: SOMS and SODOMS), and the missed ones
    # (all but the forced byes) that credit 0.5 to his score as an opponent
    missed = dict.fromkeys(scores, 0)
    phantom_so = dict.fromkeys(scores, 0)
    phantom_sod = dict.fromkeys(scores, 0)
    entered: Counter[int] = Counter()  # rounds with a game or a bye
    doubles: set[tuple[int, int]] = set()  # (round number, player) of double forfeits
    forfeit = ResultCode.FORFEIT_LOSS
    for rnd in rounds:
        games = rnd.games
        seen = set(map(_WHITE, games))
        seen.update(map(_BLACK, games))
        if forfeit in map(_WHITE_RESULT, games) or forfeit in map(_BLACK_RESULT, games):
            for game in games:
                for me, code in ((game.white, game.white_result), (game.black, game.black_result)):
                    if (
                        me in missed
                        and code is forfeit
                        and first_games.double_forfeit(rnd.number, me)
                    ):
                        doubles.add((rnd.number, me))
                        missed[me] += 1
                        phantom_so[me] += 1
        for player, kind in rnd.byes.items():
            if player not in missed or player in seen:
                continue
            seen.add(player)
            phantom_so[player] += 1
            if _forced(kind):
                phantom_sod[player] += 1
            else:
                missed[player] += 1
        entered.update(seen)
    for player in missed:  # rounds without entry: voluntary
        missed[player] += len(rounds) - entered[player]
        phantom_so[player] += len(rounds) - entered[player]
    effective = {n: scores[n] + HALF * missed[n] for n in scores}
    unit = math.lcm(1, *(value.denominator for value in effective.values()))
    units = {n: value.numerator * (unit // value.denominator) for n, value in effective.items()}
    so = dict.fromkeys(scores, 0)
    sod = dict.fromkeys(scores, 0)  # in half units: a win counts twice, a jigo once
    defeated: dict[ResultCode | None, int] = {None: 0}  # pending: not in SODOMS
    for code in ResultCode:
        defeated[code] = 2 if code.outcome > 0 else 1 if code.outcome == 0 else 0
    for rnd in rounds:
        number = rnd.number
        for game in rnd.games:
            for me, opponent, code in (
                (game.white, game.black, game.white_result),
                (game.black, game.white, game.black_result),
            ):
                if me not in so or (code is forfeit and (number, me) in doubles):
                    continue
                opp = units.get(opponent, 0)
                so[me] += opp
                sod[me] += defeated[code] * opp
    soms: dict[int, Fraction] = {}
    sodoms: dict[int, Fraction] = {}
    for n in scores:
        phantom = initial.get(n, Fraction(0)) + Fraction(after_round, 2)
        soms[n] = phantom_so[n] * phantom + Fraction(so[n], unit)
        sodoms[n] = phantom_sod[n] * phantom + Fraction(sod[n], 2 * unit)
    result = _Sums(soms, sodoms)
    cache[key] = result
    return result


@dataclass(frozen=True)
class McMahonScore:
    code: str = "MMS"
    name: str = "McMahon score"
    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return mcmahon_scores(tournament, after_round)


@dataclass(frozen=True)
class Soms:
    code: str = "SOMS"
    name: str = "Sum of opponents' McMahon scores"
    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return _sums(tournament, after_round).soms


@dataclass(frozen=True)
class Sodoms:
    code: str = "SODOMS"
    name: str = "Sum of defeated opponents' McMahon scores"
    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return _sums(tournament, after_round).sodoms


@dataclass(frozen=True)
class FaceToFace:
    code: str = "FTF"
    name: str = "Face-to-face result"
    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        """Face-to-face points within the groups tied on MMS, SOMS and SODOMS."""
        scores = mcmahon_scores(tournament, after_round)
        sums = _sums(tournament, after_round)
        ties: dict[tuple[Fraction, Fraction, Fraction], list[int]] = {}
        for n in scores:
            ties.setdefault((scores[n], sums.soms[n], sums.sodoms[n]), []).append(n)
        return self.group_values(tournament, after_round, list(ties.values()))

    def group_values(
        self, tournament: Tournament, after_round: int, groups: Sequence[Sequence[int]]
    ) -> Mapping[int, Fraction]:
        """Points each player scored against the others of his tie group."""
        group_of = {n: frozenset(group) for group in groups for n in group}
        out = {p.number: Fraction(0) for p in tournament.players}
        tied = {n: group for n, group in group_of.items() if len(group) > 1 and n in out}
        if not tied:
            return out
        points = tournament.points
        for rnd in tournament.rounds[:after_round]:
            games = rnd.games
            as_white = dict(zip(map(_WHITE, games), games, strict=True))
            as_black = dict(zip(map(_BLACK, games), games, strict=True))
            if len(as_white) == len(games) == len(as_black) and as_white.keys().isdisjoint(
                as_black
            ):  # a game per player at most: look up the tied players' games only
                sides = []
                for me in tied:
                    game = as_white.get(me)
                    if game is not None:
                        colour = Colour.WHITE if game.coloured else None
                        sides.append((me, game.black, game.white_result, colour))
                        continue
                    game = as_black.get(me)
                    if game is not None:
                        colour = Colour.BLACK if game.coloured else None
                        sides.append((me, game.white, game.black_result, colour))
            else:
                sides = [side[1:] for side in _game_sides([rnd])]
            for me, opponent, code, colour in sides:
                group = tied.get(me)
                if group is not None and opponent in group and code is not None:
                    out[me] += points.game_points(code, colour)
        return out


@dataclass(frozen=True)
class RandomDraw:
    seed: int = 0
    code: str = "RND"
    name: str = "Random draw"
    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        numbers = sorted(p.number for p in tournament.players)
        order = list(numbers)
        random.Random(self.seed).shuffle(order)
        return {n: Fraction(len(order) - i) for i, n in enumerate(order)}


def criteria(
    tournament: Tournament, seed: int | None = None
) -> list[McMahonScore | Soms | Sodoms | FaceToFace | RandomDraw]:
    """The AGA ranking criteria; the draw's seed comes from the settings unless given."""
    if seed is None:
        seed = McMahonSettings.from_tournament(tournament).seed
    return [McMahonScore(), Soms(), Sodoms(), FaceToFace(), RandomDraw(seed=seed)]


def standings(
    tournament: Tournament, after_round: int | None = None, seed: int | None = None
) -> list[tuple[int, int, tuple[Fraction, ...]]]:
    """``(place, player, values)`` best first; the random draw makes places unique."""
    if after_round is None:
        after_round = tournament.rounds_played
    crits = criteria(tournament, seed)
    values = [c.values(tournament, after_round) for c in crits]
    numbers = [p.number for p in tournament.players]
    keyed = {n: tuple(v.get(n, Fraction(0)) for v in values) for n in numbers}
    # best first: each value as a whole multiple of its criterion's common denominator,
    # negated (the order of the values; comparing Fractions would take a second)
    units = []
    for index in range(len(values)):
        column = [keyed[n][index] for n in numbers]
        unit = math.lcm(1, *(value.denominator for value in column))
        units.append([-(value.numerator * (unit // value.denominator)) for value in column])
    sort_keys = dict(zip(numbers, zip(*units, strict=True), strict=True)) if units else {}
    ordered = sorted(numbers, key=lambda n: sort_keys.get(n, ()))
    return [(i + 1, n, keyed[n]) for i, n in enumerate(ordered)]
