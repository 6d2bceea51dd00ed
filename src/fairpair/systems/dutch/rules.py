"""The two editions of the Dutch rules as data: 2017 (C.04.3 as approved in Baku 2016
with the Goynuk 2017 additions) and 2026 (C.04.3 in force from 1 February 2026).

One engine pairs by both. What differs is written here:

* the **criteria**, an ordered list: each :class:`Criterion` has its number in the rule
  set ("C.6" or "C7"), a short name, and the *fields* it is made of (the edge-weight
  contributions of :mod:`.criteria`). A criterion earlier in the list weighs more: its
  fields are more significant in the matching weight; the fields of one criterion
  weigh in their order (C8: first the pairs of the next bracket, then its
  downfloaters' scores), and fields grouped in a tuple are added up in one place
  (2017 C.4: completion and bye eligibility together). A field the list does not name
  is not computed at all;
* the **definitions** that changed: which unplayed rounds count as a downfloat (2026
  1.4.3-1.4.4), who may not get the pairing-allocated bye (C2), and whether the
  completion criterion applies in every bracket with the lowest possible PAB score
  (2026 C4/C5) or only in the PPB and the collapsed last bracket (2017 A.9, C.4).

>>> RULES_2026.number("colour_preference"), RULES_2017.number("colour_preference")
('C12', 'C.10')
>>> [c.number for c in RULES_2026.criteria][:6]
['C4', 'C5', 'C6', 'C7', 'C8', 'C9']
>>> rules_by_name("2025") is RULES_2026
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fairpair.errors import InputError

__all__ = [
    "RULES",
    "RULES_2017",
    "RULES_2026",
    "Criterion",
    "DutchRules",
    "rules_by_name",
]


@dataclass(frozen=True)
class Criterion:
    """One pairing criterion of a rule set: its number in that rule set, a short
    description and the edge-weight fields (:mod:`.criteria`) that express it, most
    significant first (a tuple of names: fields added up in one place)."""

    number: str
    name: str
    fields: tuple[str | tuple[str, ...], ...]

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(
            name for item in self.fields for name in ((item,) if isinstance(item, str) else item)
        )


@dataclass(frozen=True)
class DutchRules:
    """One edition of the Dutch rules."""

    #: "2017" or "2026".
    edition: str
    #: The system name that pairs by exactly this edition.
    system: str
    #: The criteria that are edge weights, most important first (the absolute criteria
    #: C1-C3 remove edges instead and are not listed).
    criteria: tuple[Criterion, ...] = field(repr=False)
    #: Which rounds without a played game count as a downfloat: "all" (2017 reading,
    #: FIDE Handbook C.04.3 (2017), A.4.b) or "pab-or-points" (2026 1.4.3: the
    #: pairing-allocated bye, at any value, or more points than a loss scored without
    #: playing); "points" is the
    #: reference engine's reading of 2026 (only more points than a loss, so a PAB worth
    #: no more than a loss is no float), kept to show where the two differ.
    unplayed_float: str
    #: Who may no longer receive the PAB: "pab-or-forfeit-win" (2017 C.2) or
    #: "pab-or-win-points" (2026 C2: a PAB of any value, or a round scored without
    #: playing worth at least a win).
    pab_barred: str
    #: "every-bracket" (2026 C4/C5: every bracket keeps the round completable with the
    #: PAB going to the lowest possible score) or "ppb" (2017 A.9: only the PPB and the
    #: collapsed last bracket).
    completion: str
    #: Numbers of the absolute criteria (for messages).
    absolute: tuple[str, str, str]
    #: Field -> priority (0 = most significant), derived from ``criteria``.
    priority: Mapping[str, int] = field(init=False, repr=False, compare=False)
    #: Field -> the criterion it belongs to.
    owner: Mapping[str, Criterion] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        priority: dict[str, int] = {}
        owner: dict[str, Criterion] = {}
        rank = 0
        for criterion in self.criteria:
            for item in criterion.fields:
                for name in (item,) if isinstance(item, str) else item:
                    priority[name] = rank
                    owner[name] = criterion
                rank += 1
        object.__setattr__(self, "priority", priority)
        object.__setattr__(self, "owner", owner)

    def uses(self, field_name: str) -> bool:
        """Is ``field_name`` part of one of the criteria?"""
        return field_name in self.priority

    def criterion(self, field_name: str) -> Criterion:
        """The criterion ``field_name`` belongs to."""
        return self.owner[field_name]

    def number(self, field_name: str) -> str:
        """The number, in this rule set, of the criterion of ``field_name``."""
        return self.criterion(field_name).number

    @property
    def every_bracket_completion(self) -> bool:
        return self.completion == "every-bracket"

    @property
    def description(self) -> str:
        if self.edition == "2017":
            return "FIDE Dutch system, C.04.3 as in force until 31 January 2026 (2017 rules)"
        return "FIDE Dutch system, C.04.3 as in force from 1 February 2026 (2026 rules)"


_COLOURS = (
    ("topscorers or their opponents with a colour difference beyond +-2", "colour_imbalance"),
    ("topscorers or their opponents with the same colour three times in a row", "colour_repeat"),
    ("players who do not get their colour preference", "colour_preference"),
    ("players who do not get their strong colour preference", "colour_strong"),
)

RULES_2017 = DutchRules(
    edition="2017",
    system="dutch-2017",
    criteria=(
        Criterion(
            "C.4",
            "complete the round (PPB and last bracket; C.2 bye eligibility)",
            (("completion", "pab_eligible"),),
        ),
        Criterion("C.5", "maximise the pairs in the bracket", ("pairs",)),
        Criterion("C.6", "minimise the PSD", ("psd",)),
        Criterion("C.7", "pairs and PSD of the following bracket", ("next_pairs", "next_psd")),
        *(Criterion(f"C.{8 + k}", text, (name,)) for k, (text, name) in enumerate(_COLOURS)),
        Criterion("C.12", "repeated downfloats (previous round)", ("down_1",)),
        Criterion("C.13", "repeated upfloats (previous round)", ("up_1",)),
        Criterion("C.14", "repeated downfloats (two rounds before)", ("down_2",)),
        Criterion("C.15", "repeated upfloats (two rounds before)", ("up_2",)),
        Criterion(
            "C.16", "score differences of repeated downfloats (previous round)", ("down_sd_1",)
        ),
        Criterion("C.17", "score differences of repeated upfloats (previous round)", ("up_sd_1",)),
        Criterion(
            "C.18", "score differences of repeated downfloats (two rounds before)", ("down_sd_2",)
        ),
        Criterion(
            "C.19", "score differences of repeated upfloats (two rounds before)", ("up_sd_2",)
        ),
    ),
    unplayed_float="all",
    pab_barred="pab-or-forfeit-win",
    completion="ppb",
    absolute=("C.1", "C.2", "C.3"),
)

RULES_2026 = DutchRules(
    edition="2026",
    system="dutch-2026",
    criteria=(
        Criterion("C4", "complete the round (every bracket)", ("completion",)),
        Criterion("C5", "minimise the score of the PAB assignee", ("pab_eligible",)),
        Criterion("C6", "minimise the downfloaters (maximise the pairs)", ("pairs",)),
        Criterion("C7", "minimise the downfloaters' scores", ("downfloater_scores",)),
        Criterion(
            "C8",
            "the following bracket: its pairs, then its downfloaters' scores",
            ("next_pairs", "next_scores"),
        ),
        Criterion("C9", "minimise the unplayed games of the PAB assignee", ("pab_unplayed",)),
        *(Criterion(f"C{10 + k}", text, (name,)) for k, (text, name) in enumerate(_COLOURS)),
        Criterion(
            "C14", "resident downfloaters with a downfloat in the previous round", ("down_1",)
        ),
        Criterion("C15", "MDP opponents with an upfloat in the previous round", ("up_1",)),
        Criterion("C16", "resident downfloaters with a downfloat two rounds before", ("down_2",)),
        Criterion("C17", "MDP opponents with an upfloat two rounds before", ("up_2",)),
        Criterion(
            "C18",
            "score differences of MDPs with a downfloat in the previous round",
            ("down_score_1",),
        ),
        Criterion(
            "C19",
            "score differences of MDP opponents with an upfloat in the previous round",
            ("up_sd_1",),
        ),
        Criterion(
            "C20", "score differences of MDPs with a downfloat two rounds before", ("down_score_2",)
        ),
        Criterion(
            "C21",
            "score differences of MDP opponents with an upfloat two rounds before",
            ("up_sd_2",),
        ),
    ),
    unplayed_float="pab-or-points",
    pab_barred="pab-or-win-points",
    completion="every-bracket",
    absolute=("C1", "C2", "C3"),
)

#: Edition name -> rule set.
RULES: Mapping[str, DutchRules] = {"2017": RULES_2017, "2026": RULES_2026}

_ALIASES = {"2025": "2026"}


def rules_by_name(name: str | int) -> DutchRules:
    """The rule set of an edition: "2017", "2026" (or "2025", the name of the same
    rules before their start was moved to 2026); also "dutch-2017" / "dutch-2026"."""
    text = str(name).strip().lower().removeprefix("dutch-")
    text = _ALIASES.get(text, text)
    if text not in RULES:
        raise InputError(f"Dutch rules {name!r}", expected="2017 or 2026", field="options.rules")
    return RULES[text]
