"""The descriptor of AGA Swiss McMahon (Go), ``mcmahon``.

>>> MCMAHON.initial_order, MCMAHON.default_bye_points, MCMAHON.force_pairs
('go', Fraction(0, 1), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fairpair.systems.descriptor import Option, SystemDescriptor

__all__ = ["MCMAHON"]


def _check_settings(t: Any) -> None:
    """``settings["mcmahon"]`` (bands, bar, handicap rules ...) must be readable."""
    from fairpair.systems.mcmahon.bands import McMahonSettings

    if "mcmahon" in t.settings:
        McMahonSettings.from_tournament(t)


def _number(text: str) -> object:
    """A komi or band value: a number such as ``7.5``, ``0.5`` or ``3/4``."""
    from fairpair import limits

    return limits.parse_number(text, "setting", expected="a number such as 7.5 or 3/4")


def _avoid(text: str) -> list[str]:
    """What pairings avoid: a comma-separated list of club, city, state, country, family."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    wrong = [n for n in names if n not in _AVOIDABLE]
    if wrong:
        raise ValueError("a list of " + ", ".join(_AVOIDABLE) + f" (not {wrong[0]})")
    return names


_AVOIDABLE = ("club", "city", "state", "country", "family")

#: Settings that build the bands: changing one rebuilds them (before round 1).
_BAND_SETTINGS = frozenset({"d", "bottom_offset", "top_separation_one", "min_band_size"})


def _apply_settings(t: Any, given: Mapping[str, Any]) -> Any:
    """Store ``given`` (typed by the options below) in ``settings["mcmahon"]``; band
    settings rebuild the automatic bands from the players' ranks (AGA "Band
    construction"), keeping the bar and the zero band."""
    from fairpair.systems.mcmahon.bands import McMahonSettings, build_bands

    current = McMahonSettings.from_tournament(t)
    changes: dict[str, Any] = {}
    for key, value in given.items():
        if key in ("komi_even", "komi_handicap", "d", "bottom_offset"):
            value = _number(str(value))
        elif key == "avoid":
            value = tuple(_avoid(str(value)))
        changes[key] = value
    new = current.replace(**changes)
    if _BAND_SETTINGS & set(changes):
        bands = build_bands(
            t.players,
            (t.total_rounds or 1),
            bar=new.bar,
            above_bar=new.above_bar,
            d=new.d,
            zero=new.zero,
            bottom_offset=new.bottom_offset,
            top_separation_one=new.top_separation_one,
            min_band_size=new.min_band_size,
        )
        new = new.replace(bands=bands)
    return new.apply(t)


MCMAHON = SystemDescriptor(
    name="mcmahon",
    summary="AGA Swiss McMahon (Go)",
    engine="fairpair.systems.mcmahon:McMahonSystem",
    options=(Option("seed", "int", "random seed of the final random-draw tiebreak"),),
    initial_order="go",
    default_bye_points=Fraction(0),
    draw_rate=0.01,
    strength="rank",
    force_pairs=True,
    forbid_per_round=True,
    own_ranking=True,
    check_settings=_check_settings,
    settings=(
        Option(
            "handicap",
            "choice",
            "handicap stones: none (every game even), full (the rank difference), "
            "minus1 / minus2 (one or two stones fewer)",
            default="none",
            choices=("none", "full", "minus1", "minus2"),
        ),
        Option(
            "handicap_basis",
            "choice",
            "what the handicap is counted from: the players' ranks or their McMahon bands",
            default="rank",
            choices=("rank", "band"),
        ),
        Option("max_handicap", "int", "most handicap stones in a game", default=9),
        Option("top_band_even", "bool", "games in the top band are always even", default=True),
        Option(
            "komi_even",
            "text",
            "komi of an even game",
            default="7.5",
            check=_number,
            expects="a number such as 7.5",
        ),
        Option(
            "komi_handicap",
            "text",
            "komi of a handicap game",
            default="0.5",
            check=_number,
            expects="a number such as 0.5",
        ),
        Option("colour_balance", "bool", "balance who takes black in even games", default=True),
        Option(
            "avoid",
            "text",
            "pairings to avoid when possible: a comma-separated list of " + ", ".join(_AVOIDABLE),
            default="",
            check=_avoid,
            expects="a comma-separated list of " + ", ".join(_AVOIDABLE),
        ),
        Option("avoid_handicap", "bool", "also avoid handicap games when possible", default=False),
        Option(
            "d",
            "text",
            "band separation factor D of S = D * P / R",
            default="3/4",
            check=_number,
            expects="a number such as 0.75",
        ),
        Option("min_band_size", "int", "smallest automatic band", default=1),
        Option("top_separation_one", "bool", "the top band's separation is 1", default=False),
        Option(
            "bottom_offset",
            "text",
            "McMahon score offset of the bottom band",
            default="0",
            check=_number,
            expects="a number",
        ),
    ),
    apply_settings=_apply_settings,
)
