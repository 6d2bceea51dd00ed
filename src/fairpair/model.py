"""The tournament model: players, rounds, games, results, byes and point systems.

Everything is an immutable value. A :class:`Tournament` is built once (by the TRF or
JSON reader, by the generator, or by hand) and "changed" only by creating a new one
(:meth:`Tournament.with_pairing`, :meth:`Tournament.with_results`).

Derived values (scores, opponents, colour history, floats, byes) are computed in one
place, :meth:`Tournament.state`, and cached per round.

>>> from fairpair.model import Player, Tournament, Game, Round, ResultCode, Colour
>>> t = Tournament(players=(Player(1, "Ann", rating=2100), Player(2, "Bob", rating=2000)))
>>> g = Game(white=1, black=2, white_result=ResultCode.WIN, black_result=ResultCode.LOSS)
>>> t = t.with_round(Round(number=1, games=(g,)))
>>> t.state(after_round=1)[1].score
Fraction(1, 1)
>>> t.state(after_round=1)[2].colour_history
(<Colour.BLACK: 'b'>,)
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

__all__ = [
    "GAME_FLAGS",
    "Board",
    "ByeKind",
    "Colour",
    "Float",
    "Game",
    "Pairing",
    "Player",
    "PlayerState",
    "PointSystem",
    "ResultCode",
    "Round",
    "RoundRecord",
    "Tournament",
    "format_points",
]


class Colour(str, Enum):
    """A colour (chess), stone colour (Go) or side (Netrunner: white = Corp, black = Runner)."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class ResultCode(str, Enum):
    """One player's result in a game, as the TRF result letter."""

    WIN = "1"
    LOSS = "0"
    DRAW = "="
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"

    @property
    def played(self) -> bool:
        """Was the game actually played over the board? (Forfeits were not.)"""
        return self not in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)

    @property
    def outcome(self) -> int:
        """+1 win, 0 draw, -1 loss (forfeits included)."""
        if self in (ResultCode.WIN, ResultCode.FORFEIT_WIN, ResultCode.UNRATED_WIN):
            return 1
        if self in (ResultCode.DRAW, ResultCode.UNRATED_DRAW):
            return 0
        return -1


#: The flags a game may carry (:attr:`Game.flags`): an intentional draw (both players
#: agreed to draw; the codes are a draw) and a 2-for-1 (in a double round, one report
#: giving one player both games; the codes are his two wins).
GAME_FLAGS: tuple[str, ...] = ("intentional_draw", "two_for_one")

#: The results of games played over the board (:attr:`ResultCode.played`).
_PLAYED_CODES: frozenset[ResultCode | None] = frozenset(code for code in ResultCode if code.played)

#: The result codes that are consistent with each other on the two sides of a game.
CONSISTENT_RESULTS: frozenset[tuple[ResultCode, ResultCode]] = frozenset(
    {
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.LOSS, ResultCode.WIN),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
        (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
        (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
        (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
        (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
        (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
    }
)


class ByeKind(str, Enum):
    """A round a player did not play against an opponent (TRF letter as value)."""

    PAIRING_ALLOCATED = "U"  # the pairing-allocated bye (PAB)
    HALF_POINT = "H"  # requested half-point bye
    FULL_POINT = "F"  # full-point bye (e.g. organiser's decision)
    ZERO_POINT = "Z"  # zero-point bye / known absence
    ABSENT = " "  # TRF blank result on a 0000 entry: absent, scored like Z


class Float(str, Enum):
    """Float of a player in one round (C.04.3 A.4)."""

    NONE = ""
    UP = "u"
    DOWN = "d"


def format_points(value: Fraction | int) -> str:
    """Format points the way TRF and standings print them: ``3``, ``2.5``, ``1.25``.

    >>> format_points(Fraction(5, 2)), format_points(Fraction(3)), format_points(Fraction(-1, 2))
    ('2.5', '3', '-0.5')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.6f}".rstrip("0")
    return text


@dataclass(frozen=True)
class PointSystem:
    """Points for every kind of result (XXS / TRF-2026 162 / BBx records).

    Per-colour values exist because some events score wins with black higher
    (``XXS BW=1.5``); Netrunner uses win 3, tie 1, loss 0 and a 3-point bye.
    """

    white_win: Fraction = Fraction(1)
    black_win: Fraction = Fraction(1)
    white_draw: Fraction = Fraction(1, 2)
    black_draw: Fraction = Fraction(1, 2)
    white_loss: Fraction = Fraction(0)
    black_loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pairing_allocated_bye: Fraction = Fraction(1)
    half_point_bye: Fraction = Fraction(1, 2)
    full_point_bye: Fraction = Fraction(1)
    zero_point_bye: Fraction = Fraction(0)

    @classmethod
    def standard(cls) -> PointSystem:
        """1 / 0.5 / 0, the FIDE default."""
        return cls()

    @classmethod
    def uniform(
        cls, win: Fraction | int, draw: Fraction | int, loss: Fraction | int = 0
    ) -> PointSystem:
        """Same values for both colours; byes and forfeits follow win/draw/loss."""
        w, d, lo = Fraction(win), Fraction(draw), Fraction(loss)
        return cls(w, w, d, d, lo, lo, w, lo, w, d, w, lo)

    @property
    def win(self) -> Fraction:
        return max(self.white_win, self.black_win)

    def game_points(self, code: ResultCode, colour: Colour | None) -> Fraction:
        """Points one player gets for one game result."""
        if code is ResultCode.FORFEIT_WIN:
            return self.forfeit_win
        if code is ResultCode.FORFEIT_LOSS:
            return self.forfeit_loss
        black = colour is Colour.BLACK
        outcome = code.outcome
        if outcome > 0:
            return self.black_win if black else self.white_win
        if outcome == 0:
            return self.black_draw if black else self.white_draw
        return self.black_loss if black else self.white_loss

    def bye_points(self, kind: ByeKind) -> Fraction:
        return {
            ByeKind.PAIRING_ALLOCATED: self.pairing_allocated_bye,
            ByeKind.HALF_POINT: self.half_point_bye,
            ByeKind.FULL_POINT: self.full_point_bye,
            ByeKind.ZERO_POINT: self.zero_point_bye,
            ByeKind.ABSENT: self.zero_point_bye,
        }[kind]


@dataclass(frozen=True)
class Player:
    """A registered player. ``number`` is the pairing number (TRF starting rank)."""

    number: int
    name: str = ""
    rating: int = 0
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    club: str = ""
    #: Free attributes (rank "3k", city, family, ...). Values are strings.
    attributes: Mapping[str, str] = field(default_factory=dict)
    #: First round the player does not take part in any more (withdrawal), if any.
    withdrawn_from: int | None = None
    #: First round the player takes part in (late entry), if later than round 1.
    entered_at: int | None = None
    #: Points and rank columns as written in the source file (kept for lossless TRF
    #: output; the model never trusts them, scores are computed from results).
    reported_points: Fraction | None = None
    reported_rank: int | None = None

    def available_in(self, round_number: int) -> bool:
        """Registered for ``round_number`` (neither withdrawn nor not yet entered)."""
        if self.withdrawn_from is not None and round_number >= self.withdrawn_from:
            return False
        return not (self.entered_at is not None and round_number < self.entered_at)


@dataclass(frozen=True)
class Game:
    """Two players in one round. Results are ``None`` while the game is pending.

    ``coloured`` is False when the colours are unknown (a TRF ``-`` colour, typically a
    forfeit); then ``white``/``black`` are just the order the players were listed in.
    (Games made by :func:`_game` have no ``flags`` of their own: they read the class
    default, the empty set.)
    """

    white: int
    black: int
    white_result: ResultCode | None = None
    black_result: ResultCode | None = None
    coloured: bool = True
    #: How the result came about, where the game's community records it (Netrunner:
    #: ``"intentional_draw"``, ``"two_for_one"``, see :data:`GAME_FLAGS`). The points
    #: come from the result codes alone; the flags are kept and exported (NRTM).
    flags: frozenset[str] = frozenset()

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)

    @property
    def has_result(self) -> bool:
        return self.white_result is not None and self.black_result is not None

    @property
    def played(self) -> bool:
        """Played over the board (not a forfeit, not pending)."""
        return (
            self.white_result is not None
            and self.black_result is not None
            and self.white_result.played
            and self.black_result.played
        )

    def opponent(self, player: int) -> int:
        return self.black if player == self.white else self.white

    def colour_of(self, player: int) -> Colour | None:
        if not self.coloured:
            return None
        return Colour.WHITE if player == self.white else Colour.BLACK

    def result_of(self, player: int) -> ResultCode | None:
        return self.white_result if player == self.white else self.black_result


@dataclass(frozen=True)
class Round:
    """One round (one TRF round column): its games and its unplayed entries."""

    number: int
    games: tuple[Game, ...] = ()
    #: Players with no opponent this round, and why (byes, absences).
    byes: Mapping[int, ByeKind] = field(default_factory=dict)

    def game_of(self, player: int) -> Game | None:
        for game in self.games:
            if player in (game.white, game.black):
                return game
        return None

    @property
    def paired(self) -> bool:
        """True once the round has games or a pairing-allocated bye."""
        return bool(self.games) or ByeKind.PAIRING_ALLOCATED in self.byes.values()


@dataclass(frozen=True)
class RoundRecord:
    """What one round was for one player (derived)."""

    round: int
    opponent: int | None = None
    colour: Colour | None = None
    result: ResultCode | None = None
    bye: ByeKind | None = None
    points: Fraction = Fraction(0)
    #: Score of the player and of the opponent before this round (raw points).
    score_before: Fraction = Fraction(0)
    opponent_score_before: Fraction | None = None

    @property
    def played(self) -> bool:
        """A game actually played over the board (counts for colours, C.04.2 D.5)."""
        return self.opponent is not None and self.result in _PLAYED_CODES

    @property
    def floating(self) -> Float:
        """C.04.3 A.4: down if the opponent had less, up if more; an unplayed round
        (bye, forfeit, absence) counts as a downfloat."""
        if not self.played:
            return Float.DOWN
        assert self.opponent_score_before is not None
        if self.opponent_score_before < self.score_before:
            return Float.DOWN
        if self.opponent_score_before > self.score_before:
            return Float.UP
        return Float.NONE


@dataclass(frozen=True)
class PlayerState:
    """Everything derived about one player after some rounds (see Tournament.state)."""

    number: int
    score: Fraction
    records: tuple[RoundRecord, ...]

    @property
    def opponents(self) -> frozenset[int]:
        """Everyone the player was paired against, forfeits included."""
        return frozenset(r.opponent for r in self.records if r.opponent is not None)

    @property
    def played_opponents(self) -> frozenset[int]:
        """Opponents of games actually played (forfeits excluded)."""
        return frozenset(r.opponent for r in self.records if r.played and r.opponent is not None)

    @property
    def colour_history(self) -> tuple[Colour, ...]:
        """Colours of played games only, oldest first (C.04.2 D.5)."""
        return tuple(r.colour for r in self.records if r.played and r.colour is not None)

    @property
    def colour_difference(self) -> int:
        """Whites minus blacks over played games."""
        hist = self.colour_history
        return sum(1 if c is Colour.WHITE else -1 for c in hist)

    @property
    def floats(self) -> tuple[Float, ...]:
        return tuple(r.floating for r in self.records)

    @property
    def byes(self) -> tuple[ByeKind, ...]:
        return tuple(r.bye for r in self.records if r.bye is not None)

    @property
    def pairing_allocated_byes(self) -> int:
        return sum(1 for r in self.records if r.bye is ByeKind.PAIRING_ALLOCATED)

    @property
    def forfeit_wins(self) -> int:
        return sum(1 for r in self.records if r.result is ResultCode.FORFEIT_WIN)

    @property
    def games_played(self) -> int:
        return sum(1 for r in self.records if r.played)


@dataclass(frozen=True)
class Board:
    """One pair of a pairing: ``white`` and ``black`` pairing numbers."""

    white: int
    black: int


@dataclass(frozen=True)
class Pairing:
    """The output of a pairing system for one round.

    ``boards`` are in board order; ``bye`` is the player who gets the pairing-allocated
    bye, if any. ``info`` carries system-specific, JSON-serialisable extras (handicaps,
    explanations). ``double`` marks a double round (two games per pair, the second with
    colours reversed).
    """

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    double: bool = False
    info: Mapping[str, Any] = field(default_factory=dict)

    def engine_lines(self) -> list[str]:
        """The JaVaFo / bbpPairings output format: pair count, then ``white black``."""
        lines = [str(len(self.boards) + (1 if self.bye is not None else 0))]
        lines += [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return lines

    def pairs(self) -> frozenset[tuple[int, int]]:
        """The set of (white, black) pairs, for order-independent comparison."""
        return frozenset((b.white, b.black) for b in self.boards)


@dataclass(frozen=True)
class Tournament:
    """A tournament: players, rounds and settings. Immutable; derived values cached.

    ``rounds`` are TRF round columns (a double round occupies two). ``settings`` holds
    system-specific configuration (JSON-serialisable); ``extra_records`` holds input
    lines fairpair does not interpret, written back unchanged.
    """

    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    total_rounds: int | None = None
    points: PointSystem = field(default_factory=PointSystem)
    #: Colour of the top seed in round 1 (``XXC white1``/``black1``; None = engine default).
    initial_colour: Colour | None = None
    #: Tournament header records (TRF 012 name, 022 city, ...), code -> text, in order.
    headers: tuple[tuple[str, str], ...] = ()
    system: str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: Acceleration: player -> virtual points per round (XXA / TRF-2026 250).
    acceleration: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    #: Forbidden pairs (XXP / TRF-2026 260), each a frozenset of two pairing numbers.
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    #: Double rounds (TCEC double round, Netrunner double-sided): ``XXT double``.
    double_rounds: bool = False
    #: Input lines fairpair does not interpret, kept and written back.
    extra_records: tuple[str, ...] = ()
    #: How the source file was laid out (record order, original spelling of lines,
    #: line endings), so that an unchanged file is written back byte-for-byte. No
    #: meaning for pairing; JSON-serialisable; empty for canonical files. See
    #: ``fairpair.formats.trf`` and docs/trf.md.
    format_hints: Mapping[str, Any] = field(default_factory=dict)

    # -- lookups -----------------------------------------------------------------

    @property
    def player_map(self) -> Mapping[int, Player]:
        cached: dict[int, Player] | None = self.__dict__.get("_player_map")
        if cached is None:
            cached = {p.number: p for p in self.players}
            object.__setattr__(self, "_player_map", cached)
        return cached

    def player(self, number: int) -> Player:
        return self.player_map[number]

    def round(self, number: int) -> Round:
        """Round ``number`` (1-based); an empty Round if it has no entries yet."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        return Round(number=number)

    @property
    def rounds_played(self) -> int:
        """Number of leading rounds that are paired (have games or a PAB)."""
        cached: int | None = self.__dict__.get("_rounds_played")
        if cached is None:
            cached = 0
            for rnd in self.rounds:
                if not rnd.paired:
                    break
                cached += 1
            object.__setattr__(self, "_rounds_played", cached)
        return cached

    def next_round(self) -> int:
        """The round to pair next: the first round without games or pairing-allocated
        bye. Pre-set absences (``0000 - H``/``Z``) may already be in it."""
        return self.rounds_played + 1

    def present_players(self, round_number: int) -> tuple[int, ...]:
        """Pairing numbers of the players to pair in ``round_number``: registered for
        it and without a pre-set unplayed entry (H, Z, F, ...)."""
        rnd = self.round(round_number)
        return tuple(
            p.number
            for p in self.players
            if p.available_in(round_number)
            and (p.number not in rnd.byes or rnd.byes[p.number] is ByeKind.PAIRING_ALLOCATED)
        )

    # -- derived state ------------------------------------------------------------

    def state(self, after_round: int | None = None) -> Mapping[int, PlayerState]:
        """Derived per-player state after ``after_round`` rounds (default: all rounds).

        Computed once per round count and cached. Colour history counts played games
        only; forfeits and byes do not count for colours (C.04.2 D.5).
        """
        if after_round is None:
            after_round = len(self.rounds)
        cache: dict[int, Mapping[int, PlayerState]] = self.__dict__.setdefault("_state", {})
        if after_round not in cache:
            cache[after_round] = self._compute_state(after_round)
        return cache[after_round]

    def scores(self, after_round: int | None = None) -> Mapping[int, Fraction]:
        """Every player's score after ``after_round`` rounds (default: all rounds), by
        pairing number: the scores of :meth:`state`, without the records it makes (a
        large tournament has one per player and round). Cached per round count; do
        not change the mapping returned."""
        if after_round is None:
            after_round = len(self.rounds)
        cache: dict[int, Mapping[int, Fraction]] = self.__dict__.setdefault("_scores", {})
        found = cache.get(after_round)
        if found is None:
            state: Mapping[int, PlayerState] | None = self.__dict__.get("_state", {}).get(
                after_round
            )
            if state is not None:
                found = {number: s.score for number, s in state.items()}
            else:
                found = _scores(self, after_round)
            cache[after_round] = found
        return found

    def _compute_state(self, after_round: int) -> Mapping[int, PlayerState]:
        """Build the state after ``after_round`` rounds, starting from the latest cached
        earlier state (so pairing round after round costs one round each time).

        Scores are summed as whole numbers of the point system's smallest fraction
        (``Fraction`` additions would cost more than everything else together)."""
        cache: dict[int, Mapping[int, PlayerState]] = self.__dict__["_state"]
        base = max((k for k in cache if k < after_round), default=0)
        points = _points_in_units(self.points)
        scale = points.scale
        if base:
            scores = {n: int(st.score * scale) for n, st in cache[base].items()}
            records = {n: list(st.records) for n, st in cache[base].items()}
        else:
            scores = {p.number: 0 for p in self.players}
            records = {p.number: [] for p in self.players}
        for rnd in self.rounds[base:after_round]:
            _advance(rnd, points, scores, records)
        fraction = points.fractions
        return {n: _player_state(n, fraction[scores[n]], tuple(records[n])) for n in records}

    def acceleration_for(self, player: int, round_number: int) -> Fraction:
        """Virtual points of ``player`` in ``round_number`` (0 without acceleration)."""
        values = self.acceleration.get(player, ())
        if 1 <= round_number <= len(values):
            return values[round_number - 1]
        return Fraction(0)

    # -- building new tournaments -------------------------------------------------

    def replace(self, **changes: Any) -> Tournament:
        """A copy with some fields changed (caches are not carried over, but for the
        :meth:`scores` if the players' numbers, the rounds and the point system are
        the same: a workflow command that edits a player or the event saves the
        scores it read)."""
        result = dataclasses.replace(self, **changes)
        scores = self.__dict__.get("_scores")
        if (
            scores
            and result.rounds is self.rounds
            and result.points == self.points
            and (result.players is self.players or _numbers(result) == _numbers(self))
        ):
            result.__dict__["_scores"] = dict(scores)
        return result

    def with_round(self, rnd: Round) -> Tournament:
        """Set round ``rnd.number`` (appending empty rounds in between if needed)."""
        rounds = list(self.rounds)
        while len(rounds) < rnd.number:
            rounds.append(Round(number=len(rounds) + 1))
        rounds[rnd.number - 1] = rnd
        result = self.replace(rounds=tuple(rounds))
        # States after rounds before this one are unchanged: carry them over.
        old: dict[int, Mapping[int, PlayerState]] = self.__dict__.get("_state", {})
        kept = {k: v for k, v in old.items() if k < rnd.number and k <= len(self.rounds)}
        if kept:
            result.__dict__["_state"] = kept
        return result

    def with_pairing(self, pairing: Pairing) -> Tournament:
        """Record a pairing as pending games (and the PAB, with its points, as a bye).

        Pre-set entries of the round (half-point byes, absences) are kept. A double
        pairing fills two consecutive round columns, colours reversed in the second.
        """
        columns = [(pairing.round, False)]
        if pairing.double:
            columns.append((pairing.round + 1, True))
        result = self
        for number, reverse in columns:
            existing = result.round(number)
            byes: dict[int, ByeKind] = {
                k: v for k, v in existing.byes.items() if v is not ByeKind.PAIRING_ALLOCATED
            }
            if pairing.bye is not None:
                byes[pairing.bye] = ByeKind.PAIRING_ALLOCATED
            games = tuple(
                Game(white=b.black, black=b.white)
                if reverse
                else Game(white=b.white, black=b.black)
                for b in pairing.boards
            )
            result = result.with_round(Round(number=number, games=games, byes=byes))
        return result

    def with_results(
        self, round_number: int, results: Mapping[tuple[int, int], tuple[ResultCode, ResultCode]]
    ) -> Tournament:
        """Fill in results of round ``round_number``: (white, black) -> (white code, black code)."""
        rnd = self.round(round_number)
        games = []
        for game in rnd.games:
            codes = results.get((game.white, game.black))
            if codes is not None:
                game = dataclasses.replace(game, white_result=codes[0], black_result=codes[1])
            games.append(game)
        return self.with_round(dataclasses.replace(rnd, games=tuple(games)))

    def pairing_of(self, round_number: int) -> Pairing:
        """The pairing stored in round ``round_number`` (boards in stored order, PAB)."""
        rnd = self.round(round_number)
        bye = next((n for n, k in rnd.byes.items() if k is ByeKind.PAIRING_ALLOCATED), None)
        boards = tuple(Board(g.white, g.black) for g in rnd.games)
        return Pairing(round=round_number, boards=boards, bye=bye, double=self.double_rounds)

    def iter_games(self) -> Iterator[tuple[int, Game]]:
        for rnd in self.rounds:
            for game in rnd.games:
                yield rnd.number, game


# -- computing the state fast ----------------------------------------------------------


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a large tournament is built, read
    or written (for the readers, the writers and the standings).

    A file of 10 MB makes a million small objects (games, round blocks, records); they
    form no reference cycles, so the collector has nothing to find, but it would walk
    all of them again and again while they are made (a fifth of the time of reading
    such a file). Reference counting still frees everything as usual; the collector
    runs again afterwards. If it was already paused (by the caller), it stays paused.
    The pause is process-wide (as the collector is): other threads create objects
    uncollected meanwhile, which only delays collecting their cycles.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


_new = object.__new__


def _player_state(number: int, score: Fraction, records: tuple[RoundRecord, ...]) -> PlayerState:
    """``PlayerState(...)`` without the frozen dataclass's ``__init__``."""
    state: PlayerState = _new(PlayerState)
    fields = state.__dict__
    fields["number"] = number
    fields["score"] = score
    fields["records"] = records
    return state


def _round_record(
    rnd: int,
    opponent: int | None,
    colour: Colour | None,
    result: ResultCode | None,
    bye: ByeKind | None,
    points: Fraction,
    score_before: Fraction,
    opponent_score_before: Fraction | None,
) -> RoundRecord:
    """``RoundRecord(...)`` without the frozen dataclass's ``__init__`` (a quarter of
    its cost; the state of a large tournament has a record per player and round)."""
    record: RoundRecord = _new(RoundRecord)
    fields = record.__dict__  # filled in place: the class's shared key table stays
    fields["round"] = rnd
    fields["opponent"] = opponent
    fields["colour"] = colour
    fields["result"] = result
    fields["bye"] = bye
    fields["points"] = points
    fields["score_before"] = score_before
    fields["opponent_score_before"] = opponent_score_before
    return record


def _game(
    white: int,
    black: int,
    white_result: ResultCode | None,
    black_result: ResultCode | None,
    coloured: bool,
) -> Game:
    """``Game(...)`` without the frozen dataclass's ``__init__`` (for the readers)."""
    game: Game = _new(Game)
    fields = game.__dict__
    fields["white"] = white
    fields["black"] = black
    fields["white_result"] = white_result
    fields["black_result"] = black_result
    fields["coloured"] = coloured
    return game


def _player(
    number: int,
    texts: Mapping[str, str],
    rating: int,
    attributes: Mapping[str, str],
    withdrawn_from: int | None,
    entered_at: int | None,
    reported_points: Fraction | None,
    reported_rank: int | None,
) -> Player:
    """``Player(...)`` without the frozen dataclass's ``__init__`` (for the readers);
    ``texts``: every text field (name, title, sex, federation, fide_id, birth_date,
    club)."""
    player: Player = _new(Player)
    fields = player.__dict__  # in the order of the class's fields
    fields["number"] = number
    fields["name"] = texts["name"]
    fields["rating"] = rating
    for key in _PLAYER_TEXTS:
        fields[key] = texts[key]
    fields["attributes"] = attributes
    fields["withdrawn_from"] = withdrawn_from
    fields["entered_at"] = entered_at
    fields["reported_points"] = reported_points
    fields["reported_rank"] = reported_rank
    return player


_PLAYER_TEXTS = ("title", "sex", "federation", "fide_id", "birth_date", "club")


def _scale(points: PointSystem) -> int:
    """The common denominator of every value of ``points``."""
    return math.lcm(*(getattr(points, f.name).denominator for f in dataclasses.fields(points)))


class _Fractions(dict[int, Fraction]):
    """Units of ``1/scale`` -> the (shared) Fraction: ``fractions[units]``."""

    def __init__(self, scale: int) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, units: int) -> Fraction:
        value = self[units] = Fraction(units, self.scale)
        return value


class _Points:
    """A point system in whole units of ``1/scale``, and those units as Fractions."""

    def __init__(self, points: PointSystem, scale: int) -> None:
        self.scale = scale
        self.game = {
            (code, colour): int(points.game_points(code, colour) * scale)
            for code in ResultCode
            for colour in (Colour.WHITE, Colour.BLACK, None)
        }
        self.bye = {kind: int(points.bye_points(kind) * scale) for kind in ByeKind}
        self.fractions = _Fractions(scale)

    def fraction(self, units: int) -> Fraction:
        return self.fractions[units]


def _numbers(t: Tournament) -> list[int]:
    return [p.number for p in t.players]


def _scores(t: Tournament, after_round: int) -> dict[int, Fraction]:
    """:meth:`Tournament.scores`: the sums :func:`_advance` makes, in whole units of
    the point system's smallest fraction, without the records."""
    points = _points_in_units(t.points)
    # result -> units for white and for black, of coloured and of uncoloured games; a
    # pending game is worth 0
    white: dict[ResultCode | None, int] = {None: 0}
    black: dict[ResultCode | None, int] = {None: 0}
    neither: dict[ResultCode | None, int] = {None: 0}
    for code in ResultCode:
        white[code] = points.game[(code, Colour.WHITE)]
        black[code] = points.game[(code, Colour.BLACK)]
        neither[code] = points.game[(code, None)]
    coloured, uncoloured = (white, black), (neither, neither)
    totals = dict.fromkeys((p.number for p in t.players), 0)
    for rnd in t.rounds[:after_round]:
        seen: set[int] = set()
        note = seen.add if rnd.byes else None  # who played matters only for the byes
        for game in rnd.games:
            first, second = game.white, game.black
            units_white, units_black = coloured if game.coloured else uncoloured
            if first in totals:
                totals[first] += units_white[game.white_result]
            if second in totals:
                totals[second] += units_black[game.black_result]
            if note is not None:
                note(first)
                note(second)
        for number, kind in rnd.byes.items():
            if number in totals and number not in seen:
                totals[number] += points.bye[kind]
    fraction = points.fractions
    return {number: fraction[total] for number, total in totals.items()}


@functools.lru_cache(maxsize=64)
def _points_in_units(points: PointSystem) -> _Points:
    """``_Points(points, _scale(points))``, made once per point system (most events
    share a handful of them; the units and their Fractions never change)."""
    return _Points(points, _scale(points))


def _advance(
    rnd: Round, points: _Points, scores: dict[int, int], records: dict[int, list[RoundRecord]]
) -> None:
    """Add one round to running scores (in units) and per-player records."""
    before = dict(scores)
    fraction = points.fractions
    game_units = points.game
    seen: set[int] = set()
    number = rnd.number
    white_colour, black_colour = Colour.WHITE, Colour.BLACK
    for game in rnd.games:
        # the two sides written out (a loop over them costs a third more)
        white, black = game.white, game.black
        white_before, black_before = before.get(white), before.get(black)
        coloured = game.coloured
        mine = records.get(white)
        if mine is not None:
            seen.add(white)
            code = game.white_result
            colour = white_colour if coloured else None
            units = game_units[(code, colour)] if code is not None else 0
            mine.append(
                _round_record(
                    number,
                    black,
                    colour,
                    code,
                    None,
                    fraction[units],
                    fraction[before[white]],
                    None if black_before is None else fraction[black_before],
                )
            )
            scores[white] += units
        mine = records.get(black)
        if mine is not None:
            seen.add(black)
            code = game.black_result
            colour = black_colour if coloured else None
            units = game_units[(code, colour)] if code is not None else 0
            mine.append(
                _round_record(
                    number,
                    white,
                    colour,
                    code,
                    None,
                    fraction[units],
                    fraction[before[black]],
                    None if white_before is None else fraction[white_before],
                )
            )
            scores[black] += units
    for player, kind in rnd.byes.items():
        if player not in records or player in seen:
            continue
        seen.add(player)
        units = points.bye[kind]
        records[player].append(
            _round_record(
                number, None, None, None, kind, fraction[units], fraction[before[player]], None
            )
        )
        scores[player] += units
    zero = fraction[0]
    for player, mine in records.items():
        if player not in seen:
            # No entry at all: not paired (withdrawn, not yet entered, or blank).
            mine.append(
                _round_record(number, None, None, None, None, zero, fraction[before[player]], None)
            )
