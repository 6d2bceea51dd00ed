"""McMahon settings: the layout of ``tournament.settings["mcmahon"]`` and band construction.

The dict is plain JSON. Every key is optional; missing keys take the defaults shown::

    {
      "bar": "5d",                 # rank at and above which players are in the top band
      "above_bar": [17],           # players the TD allows into the top band anyway
      "d": 0.75,                   # band separation parameter D
      "zero": "top",               # "top": top band starts at 0; "bottom": bottom band at 0
      "bottom_offset": 0,          # with zero = "bottom": the bottom band's initial score
      "top_separation_one": false, # force a separation of 1 between the top two bands
      "min_band_size": 1,          # automatic bands: merge smaller rank bands downwards
      "bands": [                   # top band first; "score" is the initial McMahon score
        {"name": "5d+", "players": [1, 2], "separation": null, "score": 0},
        {"name": "4d",  "players": [3, 4], "separation": 1,    "score": -1}
      ],
      "initial_scores": {"12": -3},  # per-player overrides of the band score
      "handicap": "none",          # "full", "minus1", "minus2" or "none" (all even)
      "handicap_basis": "rank",    # stones from the rank difference, or "band": from
                                   # the difference of the initial McMahon scores
      "max_handicap": 9,
      "top_band_even": true,       # games involving a top-band player are even
      "komi_even": 7.5,            # komi of even games (AGA: 7, white wins ties = 7.5)
      "komi_handicap": 0.5,        # komi of handicap games (1 stone = black moves first)
      "handicap_overrides": [{"round": 2, "players": [3, 9], "handicap": 1, "komi": 0.5}],
      "colour_balance": true,      # criterion 4 (colours); false: colours not considered
      "avoid": ["family", "club"], # attributes not to pair alike in the first half,
                                   # most important first
      "avoid_handicap": false,     # also prefer even games in the first half
      "forced_pairs": [{"round": 3, "players": [4, 7]}],
      "forbidden_pairs": [{"players": [1, 2]}, {"round": 2, "players": [5, 6]}],
      "bye_volunteer": 12,         # receives the forced bye whenever one is needed
      "voluntary_byes": {"3": [8, 9]},  # requested byes by round (same as ZERO_POINT byes)
      "seed": 0                    # seed of the tiebreak random draw
    }

``separation`` of a band is its distance to the next higher band (``null`` for the top
band); ``score`` is authoritative for pairing and is recomputed from the separations
whenever the bands are (re)built or edited (:func:`assign_scores`).

Band separation (AGA "Band construction"): ``S = int(D * P / R)`` for a band of ``P``
players in an ``R``-round event, bounded to ``[1, ceil(R / 3)]``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.model import Player, Tournament
from fairpair.systems.mcmahon.ranks import format_rank, parse_rank, strength_of

__all__ = [
    "HANDICAP_MODES",
    "Band",
    "McMahonSettings",
    "assign_scores",
    "band_separation",
    "build_bands",
    "merge_bands",
    "move_player",
    "set_separation",
]

HANDICAP_MODES = ("full", "minus1", "minus2", "none")


def _fraction(value: Any, what: str) -> Fraction:
    """A number of the settings, by the one bounded parser of :mod:`fairpair.limits`
    (``"1e3000000"`` is refused, naming the setting)."""
    return limits.parse_number(value, f"settings.mcmahon.{what}", expected="a number")


def _json_number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True)
class Band:
    """One band: its players (strongest first), separation to the band above, score."""

    name: str
    players: tuple[int, ...]
    separation: int | None = None
    score: Fraction = Fraction(0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": list(self.players),
            "separation": self.separation,
            "score": _json_number(self.score),
        }


@dataclass(frozen=True)
class McMahonSettings:
    """Everything McMahon-specific about a tournament (see the module docstring)."""

    bar: str | None = None
    above_bar: tuple[int, ...] = ()
    d: Fraction = Fraction(3, 4)
    zero: str = "top"
    bottom_offset: Fraction = Fraction(0)
    top_separation_one: bool = False
    min_band_size: int = 1
    bands: tuple[Band, ...] = ()
    initial_scores: Mapping[int, Fraction] = field(default_factory=dict)
    handicap: str = "none"
    handicap_basis: str = "rank"
    max_handicap: int = 9
    top_band_even: bool = True
    komi_even: Fraction = Fraction(15, 2)
    komi_handicap: Fraction = Fraction(1, 2)
    handicap_overrides: tuple[tuple[int, frozenset[int], int, Fraction | None], ...] = ()
    colour_balance: bool = True
    avoid: tuple[str, ...] = ()
    avoid_handicap: bool = False
    forced_pairs: tuple[tuple[int | None, int, int], ...] = ()
    forbidden_pairs: tuple[tuple[int | None, int, int], ...] = ()
    bye_volunteer: int | None = None
    voluntary_byes: Mapping[int, frozenset[int]] = field(default_factory=dict)
    seed: int = 0

    # -- reading and writing -------------------------------------------------------

    @classmethod
    def from_tournament(cls, tournament: Tournament) -> McMahonSettings:
        raw = tournament.settings.get("mcmahon", {})
        if not isinstance(raw, Mapping):
            raise InputError("settings.mcmahon is not an object", expected="a JSON object")
        return cls.from_dict(raw)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> McMahonSettings:
        """Read the settings dict (raises InputError naming the bad or unknown key)."""
        s = cls()
        known = set(s.to_dict())
        unknown = sorted(str(k) for k in raw if k not in known)
        if unknown:
            raise InputError(
                f"unknown mcmahon setting {unknown[0]!r}",
                expected="one of " + ", ".join(sorted(known)),
            )
        zero = str(raw.get("zero", s.zero))
        if zero not in ("top", "bottom"):
            raise InputError(f"mcmahon setting zero: found {zero!r}", expected="top or bottom")
        handicap = str(raw.get("handicap", s.handicap))
        if handicap not in HANDICAP_MODES:
            raise InputError(
                f"mcmahon setting handicap: found {handicap!r}",
                expected="one of " + ", ".join(HANDICAP_MODES),
            )
        basis = str(raw.get("handicap_basis", s.handicap_basis))
        if basis not in ("rank", "band"):
            raise InputError(
                f"mcmahon setting handicap_basis: found {basis!r}", expected="rank or band"
            )
        bar = raw.get("bar")
        if bar is not None:
            try:
                parse_rank(str(bar))
            except ValueError:
                raise InputError(
                    f"mcmahon setting bar: found {bar!r}", expected="a rank like 5d or 2k"
                ) from None
        bands = []
        for index, item in enumerate(raw.get("bands", ())):
            try:
                players = tuple(int(n) for n in item["players"])
                separation = item.get("separation")
                bands.append(
                    Band(
                        name=str(item.get("name", f"band {index + 1}")),
                        players=players,
                        separation=None if separation is None else int(separation),
                        score=_fraction(item.get("score", 0), f"bands[{index}].score"),
                    )
                )
            except (KeyError, TypeError, ValueError):
                raise InputError(
                    f"mcmahon setting bands[{index}]: found {item!r}",
                    expected='{"players": [...], "separation": n, "score": x}',
                ) from None

        def pairs(key: str) -> tuple[tuple[int | None, int, int], ...]:
            out = []
            for item in raw.get(key, ()):
                try:
                    if isinstance(item, Mapping):
                        a, b = (int(n) for n in item["players"])
                        rnd = item.get("round")
                        out.append((None if rnd is None else int(rnd), a, b))
                    else:
                        a, b = (int(n) for n in item)
                        out.append((None, a, b))
                except (KeyError, TypeError, ValueError):
                    raise InputError(
                        f"mcmahon setting {key}: found {item!r}",
                        expected='{"round": r, "players": [a, b]} or [a, b]',
                    ) from None
            return tuple(out)

        overrides = []
        for item in raw.get("handicap_overrides", ()):
            try:
                komi = item.get("komi")
                overrides.append(
                    (
                        int(item["round"]),
                        frozenset(int(n) for n in item["players"]),
                        int(item["handicap"]),
                        None if komi is None else _fraction(komi, "handicap_overrides.komi"),
                    )
                )
            except (KeyError, TypeError, ValueError):
                raise InputError(
                    f"mcmahon setting handicap_overrides: found {item!r}",
                    expected='{"round": r, "players": [a, b], "handicap": n}',
                ) from None
        try:
            voluntary = {
                int(k): frozenset(int(n) for n in v)
                for k, v in raw.get("voluntary_byes", {}).items()
            }
            initial = {
                int(k): _fraction(v, "initial_scores")
                for k, v in raw.get("initial_scores", {}).items()
            }
        except (AttributeError, TypeError, ValueError):
            raise InputError(
                "mcmahon setting voluntary_byes/initial_scores is malformed",
                expected='{"round": [players]} / {"player": score}',
            ) from None
        volunteer = raw.get("bye_volunteer")
        return cls(
            bar=None if bar is None else str(bar),
            above_bar=tuple(int(n) for n in raw.get("above_bar", ())),
            d=_fraction(raw.get("d", "0.75"), "d"),
            zero=zero,
            bottom_offset=_fraction(raw.get("bottom_offset", 0), "bottom_offset"),
            top_separation_one=bool(raw.get("top_separation_one", False)),
            min_band_size=int(raw.get("min_band_size", 1)),
            bands=tuple(bands),
            initial_scores=initial,
            handicap=handicap,
            handicap_basis=basis,
            max_handicap=int(raw.get("max_handicap", 9)),
            top_band_even=bool(raw.get("top_band_even", True)),
            komi_even=_fraction(raw.get("komi_even", "7.5"), "komi_even"),
            komi_handicap=_fraction(raw.get("komi_handicap", "0.5"), "komi_handicap"),
            handicap_overrides=tuple(overrides),
            colour_balance=bool(raw.get("colour_balance", True)),
            avoid=tuple(str(a) for a in raw.get("avoid", ())),
            avoid_handicap=bool(raw.get("avoid_handicap", False)),
            forced_pairs=pairs("forced_pairs"),
            forbidden_pairs=pairs("forbidden_pairs"),
            bye_volunteer=None if volunteer is None else int(volunteer),
            voluntary_byes=voluntary,
            seed=int(raw.get("seed", 0)),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (inverse of :meth:`from_dict`)."""

        def pairs(items: Iterable[tuple[int | None, int, int]]) -> list[dict[str, Any]]:
            return [
                {"players": [a, b]} if r is None else {"round": r, "players": [a, b]}
                for r, a, b in items
            ]

        return {
            "bar": self.bar,
            "above_bar": list(self.above_bar),
            "d": _json_number(self.d),
            "zero": self.zero,
            "bottom_offset": _json_number(self.bottom_offset),
            "top_separation_one": self.top_separation_one,
            "min_band_size": self.min_band_size,
            "bands": [band.to_dict() for band in self.bands],
            "initial_scores": {str(k): _json_number(v) for k, v in self.initial_scores.items()},
            "handicap": self.handicap,
            "handicap_basis": self.handicap_basis,
            "max_handicap": self.max_handicap,
            "top_band_even": self.top_band_even,
            "komi_even": _json_number(self.komi_even),
            "komi_handicap": _json_number(self.komi_handicap),
            "handicap_overrides": [
                {"round": r, "players": sorted(p), "handicap": h}
                | ({} if k is None else {"komi": _json_number(k)})
                for r, p, h, k in self.handicap_overrides
            ],
            "colour_balance": self.colour_balance,
            "avoid": list(self.avoid),
            "avoid_handicap": self.avoid_handicap,
            "forced_pairs": pairs(self.forced_pairs),
            "forbidden_pairs": pairs(self.forbidden_pairs),
            "bye_volunteer": self.bye_volunteer,
            "voluntary_byes": {str(k): sorted(v) for k, v in sorted(self.voluntary_byes.items())},
            "seed": self.seed,
        }

    def apply(self, tournament: Tournament) -> Tournament:
        """``tournament`` with these settings stored under ``settings["mcmahon"]``."""
        settings = dict(tournament.settings)
        settings["mcmahon"] = self.to_dict()
        return tournament.replace(settings=settings)

    def replace(self, **changes: Any) -> McMahonSettings:
        return replace(self, **changes)

    # -- derived values ------------------------------------------------------------

    def band_of(self, player: int) -> int | None:
        """Index of the band holding ``player`` (0 = top band), None if in no band."""
        for index, band in enumerate(self.bands):
            if player in band.players:
                return index
        return None

    def effective_bands(self, tournament: Tournament) -> tuple[Band, ...]:
        """The stored bands, or (if none) bands built automatically with these settings."""
        if self.bands:
            return self.bands
        rounds = tournament.total_rounds or max(len(tournament.rounds), 1)
        return self.automatic_bands(tournament.players, rounds)

    def automatic_bands(self, players: Sequence[Player], rounds: int) -> tuple[Band, ...]:
        """Bands built automatically from ``players`` with these settings (bar, D, ...)."""
        return tuple(
            build_bands(
                players,
                rounds,
                bar=self.bar,
                above_bar=self.above_bar,
                d=self.d,
                zero=self.zero,
                bottom_offset=self.bottom_offset,
                top_separation_one=self.top_separation_one,
                min_band_size=self.min_band_size,
            )
        )

    def initial_scores_for(self, tournament: Tournament) -> dict[int, Fraction]:
        """Initial McMahon score of every player: a per-player override, else the score of
        the player's band (:meth:`effective_bands`).

        A player in no band (a late arrival) joins the highest band whose weakest
        member is not stronger than him (by rank), else the lowest band.
        """
        bands = self.effective_bands(tournament)
        strengths = {p.number: strength_of(p) for p in tournament.players}
        scores: dict[int, Fraction] = {}
        for band in bands:
            for n in band.players:
                scores.setdefault(n, band.score)
        weakest = [
            min((strengths[n].rank for n in band.players if n in strengths), default=None)
            for band in bands
        ]
        for p in tournament.players:
            if p.number in self.initial_scores:
                scores[p.number] = self.initial_scores[p.number]
            elif p.number not in scores:
                rank = strengths[p.number].rank
                chosen = next(
                    (b for b, w in zip(bands, weakest, strict=True) if w is not None and w <= rank),
                    bands[-1] if bands else None,
                )
                scores[p.number] = chosen.score if chosen is not None else Fraction(0)
        return scores

    def voluntary_byes_in(self, round_number: int) -> frozenset[int]:
        return self.voluntary_byes.get(round_number, frozenset())

    def forced_pairs_in(self, round_number: int) -> list[tuple[int, int]]:
        return [(a, b) for r, a, b in self.forced_pairs if r is None or r == round_number]

    def forbidden_pairs_in(self, round_number: int) -> set[frozenset[int]]:
        return {
            frozenset((a, b)) for r, a, b in self.forbidden_pairs if r is None or r == round_number
        }

    def handicap_override(
        self, round_number: int, a: int, b: int
    ) -> tuple[int, Fraction | None] | None:
        key = frozenset((a, b))
        for r, players, stones, komi in self.handicap_overrides:
            if r == round_number and players == key:
                return stones, komi
        return None


# -- band construction (AGA "Band construction", "Assigning initial McMahon scores") ------


def band_separation(size: int, rounds: int, d: Fraction = Fraction(3, 4)) -> int:
    """``S = int(D * P / R)`` bounded to ``[1, ceil(R / 3)]``.

    >>> [band_separation(p, 6) for p in (17, 10, 11, 24)]
    [2, 1, 1, 2]
    """
    if rounds < 1:
        raise ValueError("a tournament has at least one round")
    raw = math.floor(Fraction(d) * size / rounds)
    return max(1, min(raw, math.ceil(rounds / 3)))


def assign_scores(
    bands: Sequence[Band], zero: str = "top", bottom_offset: Fraction = Fraction(0)
) -> tuple[Band, ...]:
    """Initial scores from the separations: top band 0 and decreasing, or bottom band at
    ``bottom_offset`` (0 or slightly higher for late arrivals) and increasing."""
    scores = [Fraction(0)]
    for band in bands[1:]:
        scores.append(scores[-1] - (band.separation if band.separation is not None else 1))
    if zero == "bottom" and bands:
        shift = bottom_offset - scores[-1]
        scores = [s + shift for s in scores]
    return tuple(replace(b, score=s) for b, s in zip(bands, scores, strict=True))


def _band_name(ranks: Sequence[int], top: bool) -> str:
    low, high = min(ranks), max(ranks)
    if top:
        return f"{format_rank(low)}+"
    return format_rank(low) if low == high else f"{format_rank(high)}-{format_rank(low)}"


def build_bands(
    players: Iterable[Player],
    rounds: int,
    *,
    bar: str | None = None,
    above_bar: Iterable[int] = (),
    d: Fraction = Fraction(3, 4),
    zero: str = "top",
    bottom_offset: Fraction = Fraction(0),
    top_separation_one: bool = False,
    min_band_size: int = 1,
) -> tuple[Band, ...]:
    """Automatic bands: the top band is everyone at or above the bar (plus the players
    allowed above it; without a bar, the strongest rank), then one band per rank below;
    bands smaller than ``min_band_size`` are merged into the band below (the last one
    upwards). Separations and initial scores follow the AGA formula."""
    strengths = {p.number: strength_of(p) for p in players}
    order = sorted(strengths, key=lambda n: (-strengths[n].value, n))
    if not order:
        return ()
    bar_index = parse_rank(bar) if bar is not None else strengths[order[0]].rank
    above = set(above_bar)
    top = [n for n in order if strengths[n].rank >= bar_index or n in above]
    rest = [n for n in order if n not in set(top)]
    groups: list[list[int]] = []
    for n in rest:
        if groups and strengths[groups[-1][0]].rank == strengths[n].rank:
            groups[-1].append(n)
        else:
            groups.append([n])
    if min_band_size > 1:
        merged: list[list[int]] = []
        carry: list[int] = []
        for group in groups:
            carry += group
            if len(carry) >= min_band_size:
                merged.append(carry)
                carry = []
        if carry:
            if merged:
                merged[-1] += carry
            else:
                merged.append(carry)
        groups = merged
    bands = []
    if top:
        bands.append(Band(_band_name([strengths[n].rank for n in top], True), tuple(top)))
    for group in groups:
        sep = band_separation(len(group), rounds, d)
        if top_separation_one and len(bands) == 1:
            sep = 1
        name = _band_name([strengths[n].rank for n in group], not bands)
        bands.append(Band(name, tuple(group), None if not bands else sep))
    return assign_scores(bands, zero, bottom_offset)


# -- TD edits --------------------------------------------------------------------------


def merge_bands(bands: Sequence[Band], upper: int, rounds: int, d: Fraction) -> list[Band]:
    """Merge band ``upper`` with the band below it; the merged band's separation is
    recomputed from its new size (the top band keeps no separation)."""
    if not 0 <= upper < len(bands) - 1:
        raise ValueError(f"no band below band {upper + 1}")
    a, b = bands[upper], bands[upper + 1]
    players = a.players + b.players
    sep = None if upper == 0 else band_separation(len(players), rounds, d)
    merged = Band(f"{a.name}/{b.name}", players, sep, a.score)
    return [*bands[:upper], merged, *bands[upper + 2 :]]


def set_separation(bands: Sequence[Band], index: int, separation: int) -> list[Band]:
    """Set band ``index``'s separation to the band above (TD's choice, at least 0)."""
    if not 1 <= index < len(bands):
        raise ValueError(f"band {index + 1} has no band above it")
    if separation < 0:
        raise ValueError("a separation cannot be negative")
    out = list(bands)
    out[index] = replace(out[index], separation=separation)
    return out


def move_player(bands: Sequence[Band], player: int, index: int) -> list[Band]:
    """Move ``player`` to band ``index`` (appended after its players)."""
    if not 0 <= index < len(bands):
        raise ValueError(f"no band {index + 1}")
    out = [replace(b, players=tuple(n for n in b.players if n != player)) for b in bands]
    out[index] = replace(out[index], players=(*out[index].players, player))
    return out
