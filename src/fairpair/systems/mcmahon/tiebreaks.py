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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import ByeKind, ResultCode, RoundRecord, Tournament
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


def mcmahon_scores(tournament: Tournament, after_round: int) -> dict[int, Fraction]:
    """McMahon score of every player after ``after_round`` rounds."""
    initial = McMahonSettings.from_tournament(tournament).initial_scores_for(tournament)
    state = tournament.state(after_round=after_round)
    return {n: initial.get(n, Fraction(0)) + st.score for n, st in state.items()}


def _forced_bye(rec: RoundRecord) -> bool:
    return rec.bye in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT)


def _missed(tournament: Tournament, after_round: int) -> dict[int, int]:
    """Voluntary byes plus double forfeits of every player (for the 0.5 credit)."""
    state = tournament.state(after_round=after_round)
    out: dict[int, int] = {}
    for n, st in state.items():
        count = 0
        for rec in st.records:
            voluntary = rec.opponent is None and not _forced_bye(rec)
            if voluntary or _is_double_forfeit(tournament, rec, n):
                count += 1
        out[n] = count
    return out


def _is_double_forfeit(tournament: Tournament, rec: RoundRecord, player: int) -> bool:
    if rec.result is not ResultCode.FORFEIT_LOSS or rec.opponent is None:
        return False
    game = tournament.round(rec.round).game_of(player)
    return game is not None and game.result_of(game.opponent(player)) is ResultCode.FORFEIT_LOSS


@dataclass(frozen=True)
class _Sums:
    soms: dict[int, Fraction]
    sodoms: dict[int, Fraction]


def _sums(tournament: Tournament, after_round: int) -> _Sums:
    cache: dict[tuple[str, int], _Sums] = tournament.__dict__.setdefault("_mcmahon_sums", {})
    key = ("sums", after_round)
    if key in cache:
        return cache[key]
    initial = McMahonSettings.from_tournament(tournament).initial_scores_for(tournament)
    scores = mcmahon_scores(tournament, after_round)
    missed = _missed(tournament, after_round)
    effective = {n: scores[n] + HALF * missed[n] for n in scores}
    state = tournament.state(after_round=after_round)
    soms: dict[int, Fraction] = {}
    sodoms: dict[int, Fraction] = {}
    for n, st in state.items():
        phantom = initial.get(n, Fraction(0)) + Fraction(after_round, 2)
        so = Fraction(0)
        sod = Fraction(0)
        for rec in st.records:
            if rec.opponent is None or _is_double_forfeit(tournament, rec, n):
                so += phantom
                if _forced_bye(rec):
                    sod += phantom
                continue
            opp = effective.get(rec.opponent, Fraction(0))
            so += opp
            if rec.result is not None:
                outcome = rec.result.outcome
                if outcome > 0:
                    sod += opp
                elif outcome == 0:
                    sod += HALF * opp
        soms[n] = so
        sodoms[n] = sod
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
        state = tournament.state(after_round=after_round)
        out: dict[int, Fraction] = {}
        for n, st in state.items():
            group = group_of.get(n, frozenset())
            total = Fraction(0)
            if len(group) > 1:
                for rec in st.records:
                    if rec.opponent is not None and rec.opponent in group:
                        total += rec.points
            out[n] = total
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
    ordered = sorted(numbers, key=lambda n: tuple(-x for x in keyed[n]))
    return [(i + 1, n, keyed[n]) for i, n in enumerate(ordered)]
