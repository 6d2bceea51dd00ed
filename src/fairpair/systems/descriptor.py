"""What a pairing system *is*, as one small value: its :class:`SystemDescriptor`.

Every system declares one descriptor beside its rules (think of bbpPairings' per-system
``Info`` struct): its name and editions, its options with their types, allowed values
and defaults, its point system and side names, how a new player list is ordered, what
the workflow may do with it (forced pairs, per-round forbidden pairs, double rounds),
how it ranks, and the engine class that pairs. The registry
(:mod:`fairpair.systems`) maps names to descriptors; the workflow, the command line
and the web app read descriptors and never test a system's name.

Options are validated in one place, :meth:`SystemDescriptor.options_from`, whatever
they come from (``-O KEY=VALUE`` text, a JSON request, a stored document):

>>> from fairpair.systems import descriptor_of
>>> descriptor_of("netrunner").options_from({"seed": "7", "last_round_relaxation": "yes"})
{'seed': 7, 'last_round_relaxation': True}
>>> try:
...     descriptor_of("dutch").options_from({"rulez": "2026"})
... except InputError as exc:
...     print(exc.field, "|", exc.message)
options.rulez | option 'rulez' is not an option of dutch (did you mean rules?)
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from fairpair.errors import InputError
from fairpair.model import Colour, PointSystem

__all__ = [
    "COMMON_OPTIONS",
    "InitialOrder",
    "Option",
    "OptionKind",
    "SystemDescriptor",
]

#: How an option's value is read: a yes/no switch, a whole number, one of ``choices``,
#: or free text (checked by ``Option.check``).
OptionKind = Literal["bool", "int", "choice", "text"]

#: How a new player list is numbered: "fide" (rating, title, name: FIDE Handbook
#: C.04.2), "groups" (TCEC group seeding), "file" (as listed), "go" (as listed; bands
#: from Go ranks).
InitialOrder = Literal["fide", "groups", "file", "go"]

_TRUE = frozenset({"yes", "true", "on", "1"})
_FALSE = frozenset({"no", "false", "off", "0"})
_INTEGER = re.compile(r"[+-]?[0-9]{1,18}\Z")


@dataclass(frozen=True)
class Option:
    """One option of a system: ``-O name=value`` on the command line, ``options`` in
    the JSON document and the API.

    >>> Option("seed", "int", "random seed").parse("-3", "tcec")
    -3
    >>> Option("rules", "choice", "edition", choices=("2017", "2026")).parse(2026, "dutch")
    '2026'
    >>> Option("x", "bool", "a switch").parse("yse", "netrunner")
    Traceback (most recent call last):
    ...
    fairpair.errors.InputError: option x='yse' of netrunner, expected yes or no
    """

    name: str
    kind: OptionKind
    #: One line saying what the option does (``fairpair systems``, ``--help``, the API).
    help: str
    #: The value when the option is not given (None: the system decides, as documented).
    default: Any = None
    #: The allowed values of a "choice" option (text, compared without case).
    choices: tuple[str, ...] = ()
    #: Other spellings of a choice -> the choice they mean (``"2025"`` -> ``"2026"``).
    aliases: Mapping[str, str] = field(default_factory=dict)
    #: For "text" options: reads the text and raises :class:`InputError` (or
    #: ``ValueError``) when it is not acceptable; its result is not kept.
    check: Callable[[str], object] | None = None
    #: What a "text" option expects, in words (for errors and help).
    expects: str = ""

    def expected(self) -> str:
        """What a value of this option must be, in words."""
        if self.kind == "bool":
            return "yes or no"
        if self.kind == "int":
            return "a whole number"
        if self.kind == "choice":
            return (
                " or ".join(self.choices)
                if len(self.choices) <= 2
                else ("one of " + ", ".join(self.choices))
            )
        return self.expects or "a text"

    def parse(self, value: Any, system: str) -> Any:
        """``value`` (text from a command line, or a JSON value) as this option's type;
        :class:`InputError` (field ``options.NAME``) if it is not one."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and _INTEGER.match(value.strip()):
                return int(value.strip())
        elif self.kind == "choice":
            if not isinstance(value, (bool, float)) and isinstance(value, (str, int)):
                text = str(value).strip().lower()
                text = self.aliases.get(text, text)
                if text in self.choices:
                    return text
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            value = str(value)  # a number where a text is read (komi 0.5 from JSON)
            if self.check is None:
                return value
            try:
                self.check(value)
            except InputError as exc:
                raise self._refuse(value, system, exc.expected or exc.message) from None
            except ValueError as exc:
                raise self._refuse(value, system, str(exc) or self.expected()) from None
            return value
        raise self._refuse(value, system, self.expected())

    def _refuse(self, value: Any, system: str, expected: str) -> InputError:
        shown = value if not isinstance(value, str) or len(value) <= 40 else value[:37] + "..."
        return InputError(
            f"option {self.name}={shown!r} of {system}",
            expected=expected,
            field=f"options.{self.name}",
        )

    def describe(self) -> str:
        """``yes|no, default no: FIDE rule ...`` - one line for help texts."""
        values = {"bool": "yes|no", "int": "N"}.get(self.kind) or (
            "|".join(self.choices) if self.kind == "choice" else "TEXT"
        )
        default = ""
        if self.default is not None and self.default != "":
            shown = self.default
            if isinstance(shown, bool):
                shown = "yes" if shown else "no"
            default = f", default {shown}"
        return f"{values}{default}: {self.help}"


#: Options every system accepts: ``explain`` (add the reasons of each decision to the
#: pairing) and ``seed`` (the random seed; systems that draw no lots ignore it, and
#: `fairpair new --seed` stores it for every system).
COMMON_OPTIONS: tuple[Option, ...] = (
    Option("explain", "bool", "also explain the pairing (why each board)", default=False),
    Option("seed", "int", "random seed (systems that draw no lots ignore it)"),
)


@dataclass(frozen=True)
class SystemDescriptor:
    """Everything the workflow, the command line and the web app know of one system.

    The engine (``engine``, ``"module:Class"``) is imported when a system is made, so
    reading a descriptor costs nothing.
    """

    name: str
    #: One line for ``fairpair systems`` and the web form.
    summary: str
    #: ``"module:Class"`` of the engine; the class takes the options as keywords.
    engine: str
    #: The system's own options (besides :data:`COMMON_OPTIONS`).
    options: tuple[Option, ...] = ()
    #: Rule editions this name can pair by (the Dutch system: 2017, 2026).
    editions: tuple[str, ...] = ()
    #: Points of results and byes (Netrunner: 3/1/0 prestige).
    points: PointSystem = field(default_factory=PointSystem.standard)
    #: Names of the first-listed and second-listed side of a game.
    sides: tuple[str, str] = ("white", "black")
    #: How a new player list is numbered.
    initial_order: InitialOrder = "fide"
    #: Colour of the first player in round 1 written into a new tournament (the Dutch
    #: system's initial colour; None: the system does not read one).
    initial_colour: Colour | None = None
    #: Points of a requested bye when none are given (in units of a win).
    default_bye_points: Fraction = Fraction(1, 2)
    #: Share of drawn games in generated tournaments (Go has very few).
    draw_rate: float = 0.3
    #: What a player's strength is in printouts: a rating or a Go rank.
    strength: Literal["rating", "rank"] = "rating"
    #: The director may force a pairing for one round (AGA "Manual pairing").
    force_pairs: bool = False
    #: A forbidden pairing may be limited to one round.
    forbid_per_round: bool = False
    #: One pairing may fill two round columns (double rounds, double-sided rounds).
    double_rounds: bool = False
    #: The flagged result kinds the system's community records on games
    #: (:data:`fairpair.model.GAME_FLAGS`: Netrunner's ``intentional_draw`` and
    #: ``two_for_one``, the latter in double rounds only); the web's result forms offer
    #: them for this system's events.
    result_flags: tuple[str, ...] = ()
    #: The system ranks by its own criteria (the engine's ``ranking_criteria``); else
    #: points and the FIDE tiebreaks (C.07).
    own_ranking: bool = False
    #: ``check`` looks at the last round unless told otherwise (the FIDE endorsement
    #: checkers do so for the Dutch system).
    check_last_round: bool = False
    #: Not a FIDE or federation system (a pipeline exerciser).
    exerciser: bool = False
    #: Record 192 (type of tournament) of a new tournament: ``(rules option) -> code``,
    #: None for systems that write none.
    type_record: Callable[[str | None], str | None] | None = None
    #: Reads the system's own settings of a tournament (``settings[...]``) and raises
    #: :class:`InputError` when they are not readable; None: the system has none.
    check_settings: Callable[[Any], None] | None = None
    #: Event settings a director chooses when creating the event and may change until
    #: round 1 is paired (McMahon: handicaps, komi, band separation): like options in
    #: ``-O NAME=VALUE``, the web form and the API, but kept in the system's own settings
    #: (``settings[...]``) by :attr:`apply_settings`, not passed to the engine.
    settings: tuple[Option, ...] = ()
    #: ``(tournament, typed settings) -> tournament`` storing them; None: no settings.
    apply_settings: Callable[[Any, Mapping[str, Any]], Any] | None = None

    # -- options ------------------------------------------------------------------------

    @property
    def all_options(self) -> tuple[Option, ...]:
        """The system's own options, then the common ones it does not redefine."""
        own = {o.name for o in self.options}
        return self.options + tuple(o for o in COMMON_OPTIONS if o.name not in own)

    @property
    def choices(self) -> tuple[Option, ...]:
        """The options a user can choose (a choice of one value is no choice: the
        ``rules`` of ``dutch-2017``)."""
        return tuple(o for o in self.options if o.kind != "choice" or len(o.choices) > 1)

    def option(self, name: str) -> Option | None:
        """The option called ``name`` (``-`` read as ``_``), or None."""
        key = name.strip().replace("-", "_")
        return next((o for o in self.all_options if o.name == key), None)

    def options_from(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` checked and typed: unknown names and bad values raise
        :class:`InputError` naming the allowed ones (field ``options.NAME``)."""
        options: dict[str, Any] = {}
        for key, value in given.items():
            option = self.option(str(key))
            if option is None:
                raise self._unknown(str(key))
            options[option.name] = option.parse(value, self.name)
        return options

    def setting(self, name: str) -> Option | None:
        """The event setting called ``name`` (``-`` read as ``_``), or None."""
        key = name.strip().replace("-", "_")
        return next((o for o in self.settings if o.name == key), None)

    def split_options(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """``given`` (``-O`` pairs, a form, a request) as (options, event settings), each
        checked and typed; a name that is neither raises :class:`InputError` naming the
        allowed ones (field ``options.NAME``).

        >>> from fairpair.systems import descriptor_of
        >>> descriptor_of("mcmahon").split_options({"seed": "3", "handicap": "minus1"})
        ({'seed': 3}, {'handicap': 'minus1'})
        """
        options: dict[str, Any] = {}
        settings: dict[str, Any] = {}
        for key, value in given.items():
            setting = self.setting(str(key)) if self.option(str(key)) is None else None
            if setting is not None:
                settings[setting.name] = setting.parse(value, self.name)
            else:
                options.update(self.options_from({key: value}))
        return options, settings

    def _unknown(self, key: str) -> InputError:
        import difflib  # only for this hint (start-up of the drop-in command)

        names = sorted(o.name for o in (*self.all_options, *self.settings))
        close = difflib.get_close_matches(key.replace("-", "_"), names, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        shown = key if len(key) <= 40 else key[:37] + "..."
        return InputError(
            f"option {shown!r} is not an option of {self.name}{hint}",
            expected="one of: " + ", ".join(names),
            field=f"options.{shown}",
        )

    # -- the engine ---------------------------------------------------------------------

    def make(self, options: Mapping[str, Any] | None = None) -> Any:
        """The engine, made with ``options`` after :meth:`options_from`. Common options
        that the system does not declare for itself (a seed for a system that draws no
        lots) are accepted and not passed on, except ``explain``."""
        checked = self.options_from(options or {})
        own = {o.name for o in self.options} | {"explain"}
        module_name, _, class_name = self.engine.partition(":")
        factory = getattr(importlib.import_module(module_name), class_name)
        return factory(**{k: v for k, v in checked.items() if k in own})
