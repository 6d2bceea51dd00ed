"""Random tournament generator: every round paired by the engine, results drawn at random.

A random tournament generator in the sense of the FIDE endorsement rules (C.04.A):
given a system, a field size, a round count and a seed it produces a complete
tournament whose every round was paired by fairpair itself. The same arguments
always give the same tournament.

>>> from fairpair.workflow.generator import GeneratorConfig, generate
>>> t = generate("score-order", GeneratorConfig(players=6, rounds=3, seed=1))
>>> len(t.players), t.rounds_played
(6, 3)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fairpair.errors import InputError, NoPairingError
from fairpair.model import (
    ByeKind,
    Game,
    Player,
    ResultCode,
    Round,
    Tournament,
)
from fairpair.systems import SystemDescriptor, descriptor_of, get_system

__all__ = ["GeneratorConfig", "generate", "play_round"]


@dataclass(frozen=True)
class GeneratorConfig:
    """Parameters of a random tournament. Rates are probabilities in [0, 1]."""

    players: int
    rounds: int
    seed: int = 0
    #: Probability that a played game is drawn.
    draw_rate: float = 0.3
    #: Probability that a game is forfeited (one side, chosen at random, does not show).
    forfeit_rate: float = 0.0
    #: Probability that a player requests a half-point bye for a round.
    bye_rate: float = 0.0
    #: Probability that a player is absent (zero-point bye) for a round.
    absence_rate: float = 0.0
    #: Double rounds: every pair plays twice per round, colours reversed.
    double: bool = False
    #: Initial order: "rating" (pairing numbers by rating), "random", or "group:G"
    #: (TCEC group seeding with G groups).
    seeding: str = "rating"
    rating_low: int = 1400
    rating_high: int = 2700
    name: str = "Random tournament"
    system_options: Mapping[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        if self.players < 2:
            raise InputError(
                f"{self.players} players", expected="at least 2 players", field="players"
            )
        if self.rounds < 1:
            raise InputError(f"{self.rounds} rounds", expected="at least 1 round", field="rounds")
        for name, rate in (
            ("draw_rate", self.draw_rate),
            ("forfeit_rate", self.forfeit_rate),
            ("bye_rate", self.bye_rate),
            ("absence_rate", self.absence_rate),
        ):
            if not 0.0 <= rate <= 1.0:
                raise InputError(
                    f"{name.replace('_', ' ')} {rate}",
                    expected="a probability between 0 and 1",
                    field=name,
                )
        if self.rating_low > self.rating_high:
            raise InputError(
                "rating range is empty", expected="rating_low <= rating_high", field="rating_low"
            )


def _seeded_players(config: GeneratorConfig, rng: random.Random) -> tuple[Player, ...]:
    """Players with random ratings, numbered according to ``config.seeding``."""
    ratings = sorted(
        (rng.randint(config.rating_low, config.rating_high) for _ in range(config.players)),
        reverse=True,
    )
    by_strength = list(range(config.players))  # index into ratings, strongest first
    seeding = config.seeding
    if seeding == "rating":
        order = by_strength
    elif seeding == "random":
        order = by_strength[:]
        rng.shuffle(order)
    elif seeding.startswith("group:"):
        try:
            groups = int(seeding.partition(":")[2])
        except ValueError:
            raise InputError(
                f"seeding {seeding!r}",
                expected="random, rating or group:G with G an integer",
                field="seeding",
            ) from None
        tcec = importlib.import_module("fairpair.systems.tcec")
        order = list(tcec.group_seeding(by_strength, groups))
    else:
        raise InputError(
            f"seeding {seeding!r}", expected="random, rating or group:G", field="seeding"
        )
    width = max(4, len(str(config.players)))
    return tuple(
        Player(
            number=seed + 1,
            name=f"Player {idx + 1:0{width}d}",
            rating=ratings[idx],
        )
        for seed, idx in enumerate(order)
    )


def _type_record(descriptor: SystemDescriptor) -> tuple[tuple[str, str], ...]:
    """TRF-2026 record 192 for a system that pairs by one named edition (so that
    ``--dutch FILE -c`` checks by the same rules); a system that follows the file
    (``dutch``: none means 2017) keeps none."""
    if descriptor.type_record is None or len(descriptor.editions) != 1:
        return ()
    kind = descriptor.type_record(None)
    return (("192", kind),) if kind else ()


def _game_result(
    rng: random.Random, white: Player, black: Player, config: GeneratorConfig
) -> tuple[ResultCode, ResultCode]:
    """A random result: forfeit, draw, or a win drawn from the Elo expectation."""
    if config.forfeit_rate and rng.random() < config.forfeit_rate:
        if rng.random() < 0.5:
            return ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
        return ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN
    if rng.random() < config.draw_rate:
        return ResultCode.DRAW, ResultCode.DRAW
    expected_white = 1.0 / (1.0 + 10 ** ((black.rating - white.rating) / 400.0))
    if rng.random() < expected_white:
        return ResultCode.WIN, ResultCode.LOSS
    return ResultCode.LOSS, ResultCode.WIN


def play_round(
    tournament: Tournament, round_number: int, rng: random.Random, config: GeneratorConfig
) -> Tournament:
    """Draw random results for every pending game of ``round_number``."""
    rnd = tournament.round(round_number)
    games = []
    for game in rnd.games:
        if not game.has_result:
            codes = _game_result(
                rng, tournament.player(game.white), tournament.player(game.black), config
            )
            game = Game(game.white, game.black, codes[0], codes[1], game.coloured)
        games.append(game)
    return tournament.with_round(Round(round_number, tuple(games), rnd.byes))


def _preset_absences(
    tournament: Tournament, columns: list[int], rng: random.Random, config: GeneratorConfig
) -> Tournament:
    """Randomly pre-set half-point byes and absences for the round about to be paired."""
    if not (config.bye_rate or config.absence_rate):
        return tournament
    byes: dict[int, ByeKind] = {}
    for player in tournament.players:
        draw = rng.random()
        if draw < config.bye_rate:
            byes[player.number] = ByeKind.HALF_POINT
        elif draw < config.bye_rate + config.absence_rate:
            byes[player.number] = ByeKind.ZERO_POINT
    # Never leave fewer than two players to pair.
    if len(tournament.players) - len(byes) < 2:
        byes = {}
    for column in columns:
        tournament = tournament.with_round(Round(column, (), dict(byes)))
    return tournament


def _stored_settings(system_name: str, config: GeneratorConfig) -> dict[str, Any]:
    """The system options the tournament is paired with, as ``fairpair new`` stores
    them (``settings.options``), so that ``check`` and later pairings use the same: the
    options the system declares (its descriptor's own ``options``),
    the seed among them where the system draws lots."""
    declared = {o.name for o in descriptor_of(system_name).options}
    options = {k: v for k, v in config.system_options.items() if k in declared}
    return {"options": options} if options else {}


def generate(
    system_name: str,
    config: GeneratorConfig,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """Generate a whole random tournament paired round by round by ``system_name``.

    Raises :class:`NoPairingError` (with the round named) if the system finds no legal
    pairing for some round, e.g. more rounds than the field allows.
    """
    config.validate()
    rng = random.Random(config.seed)
    descriptor = descriptor_of(system_name)
    system = get_system(system_name, **dict(config.system_options))
    columns_per_round = 2 if config.double else 1
    tournament = Tournament(
        players=_seeded_players(config, rng),
        total_rounds=config.rounds * columns_per_round,
        points=descriptor.points,
        # XXC white1 only where the system reads it (Dutch: colour of the top seed).
        initial_colour=descriptor.initial_colour,
        headers=(("012", config.name), *_type_record(descriptor)),
        system=system_name,
        double_rounds=config.double,
        settings=_stored_settings(system_name, config),
    )
    prepare = getattr(system, "prepare_tournament", None)
    if prepare is not None:
        tournament = prepare(tournament, rng, config.rounds)
    for index in range(config.rounds):
        column = index * columns_per_round + 1
        columns = list(range(column, column + columns_per_round))
        tournament = _preset_absences(tournament, columns, rng, config)
        try:
            pairing = system.pair(tournament, column)
        except NoPairingError as exc:
            raise NoPairingError(f"round {index + 1}: no legal pairing exists ({exc})") from exc
        tournament = tournament.with_pairing(pairing)
        for col in columns:
            tournament = play_round(tournament, col, rng, config)
        if progress is not None:
            progress(index + 1, config.rounds)
    return tournament
