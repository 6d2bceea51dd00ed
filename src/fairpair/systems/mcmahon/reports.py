"""Result export: a readable text table, the EGF tournament table (``.h9``) and the
AGA rating report.

AGA rating report (:func:`results_aga`): the format the AGA asks TDs to submit,
``TOURNEY`` (name, then ``start=``, ``finish=``, ``rules=AGA``), ``PLAYERS`` (id, "Last,
First" from the name entered surname first, rank) and ``GAMES`` (white id, black id,
winner ``w``/``b``, handicap, komi).
Ids come from the ``aga_id`` attribute; a player without one is refused, unless
temporary ids are allowed (then his pairing number stands for it). Only games played to
a win or loss are reported (no forfeits, no jigo); komi is written the AGA way, without
the half point (7.5 -> 7, 0.5 -> 0: white wins ties).

Result tables: one line per player in standings order; a round is
``<opponent place><+|-|=>/<w|b><handicap>`` as in the EGF format; ``0+`` is a forced
bye, ``0-`` a voluntary bye or absence, ``?`` a pending game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from fairpair.errors import InputError
from fairpair.formats.countries import to_alpha2
from fairpair.formats.opengotha import split_name
from fairpair.model import ByeKind, Game, Player, ResultCode, Tournament, format_points
from fairpair.systems.mcmahon.bands import McMahonSettings
from fairpair.systems.mcmahon.handicap import komi_for
from fairpair.systems.mcmahon.pairing import Handicaps, round_handicaps
from fairpair.systems.mcmahon.ranks import format_rank, strength_of
from fairpair.systems.mcmahon.tiebreaks import standings

__all__ = [
    "EGF_CLASSES",
    "game_handicaps",
    "player_ranks",
    "results_aga",
    "results_h9",
    "results_table",
]


class _Entries:
    """The rounds of the result tables, ``<opponent place><+|-|=>/<w|b><handicap>``
    (``0+`` ... for byes): ``entries.cells(player, rounds)``, made a round at a time (a
    table of a large tournament has a cell per player and round; ``Round.game_of``
    would look through the round's games for each)."""

    def __init__(self, t: Tournament, place: Mapping[int, int]) -> None:
        self.t = t
        self.places = _Places(place)
        #: round -> player -> his cell, or (the cell but the handicap, his game) where
        #: the handicap is found when the cell is shown (see :meth:`_row`)
        self.rows: dict[int, dict[int, str | tuple[str, Game]]] = {}

    def cells(self, player: int, rounds: int) -> list[str]:
        """The cells of ``player`` in rounds 1 to ``rounds``."""
        found = []
        for rnd in range(1, rounds + 1):
            row = self.rows.get(rnd)
            if row is None:
                row = self.rows[rnd] = self._row(rnd)
            cell = row.get(player)
            if cell is None:
                kind = self.t.round(rnd).byes.get(player)
                if kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
                    cell = "0+"
                elif kind is ByeKind.HALF_POINT:
                    cell = "0="
                else:
                    cell = "0-"
            elif not isinstance(cell, str):
                entry, game = cell
                cell = f"{entry}{_stones(self.t, rnd, game.white, game.black)}"
            found.append(cell)
        return found

    def _row(self, rnd: int) -> dict[int, str | tuple[str, Game]]:
        """Every player's cell of round ``rnd`` from his first game (as Round.game_of).

        The handicaps of the round's games are found here if they can be; if not (the
        round's manual settings are refused, a player is unknown), each cell that
        needs one asks for it when shown, so that the error is the one of the first
        such cell, as it was when every cell asked."""
        try:
            handicaps: Handicaps | None = _handicaps_of(self.t, rnd)
        except Exception:  # reported by the first cell that needs a handicap, if any
            handicaps = None
        places = self.places
        stones_text = None if handicaps is None else _stones_text(handicaps)
        row: dict[int, str | tuple[str, Game]] = {}
        settings = _settings(self.t) if self.t.round(rnd).games else None
        overrides = settings is not None and bool(settings.handicap_overrides)
        for game in self.t.round(rnd).games:
            white, black = game.white, game.black
            # as Round.game_of: a player's first game (the same player twice: white)
            new_white = white not in row
            new_black = black not in row and black != white
            if not (new_white or new_black):
                continue
            override = (
                settings.handicap_override(rnd, white, black)
                if overrides and settings is not None
                else None
            )
            handicap: str | None = None
            if override is not None:
                handicap = str(override[0])
            elif stones_text is not None:
                try:
                    handicap = stones_text(white, black)
                except Exception:  # a player unknown: for the cell to report, if shown
                    handicap = None
            # as Game.opponent, result_of and colour_of say for each of them
            if new_white:
                marks = _AS_WHITE if game.coloured else _AS_BLACK
                entry = places[black] + marks[game.white_result]
                row[white] = (entry, game) if handicap is None else entry + handicap
            if new_black:
                entry = places[white] + _AS_BLACK[game.black_result]
                row[black] = (entry, game) if handicap is None else entry + handicap
        return row


class _Places(dict[int, str]):
    """Pairing number -> the place shown for him in a cell (0 if he has none)."""

    def __init__(self, place: Mapping[int, int]) -> None:
        super().__init__()
        self.place = place

    def __missing__(self, number: int) -> str:
        shown = self[number] = str(self.place.get(number, 0))
        return shown


_SYMBOLS = {1: "+", 0: "=", -1: "-"}
#: A player's result -> its mark, a slash and his colour (``+/w``; ``?``: pending; a
#: game without colours counts as black).
_AS_WHITE: dict[ResultCode | None, str] = {None: "?/w"}
_AS_WHITE.update({code: f"{_SYMBOLS[code.outcome]}/w" for code in ResultCode})
_AS_BLACK: dict[ResultCode | None, str] = {None: "?/b"}
_AS_BLACK.update({code: f"{_SYMBOLS[code.outcome]}/b" for code in ResultCode})


def _settings(t: Tournament) -> McMahonSettings:
    """``McMahonSettings.from_tournament(t)``, read once per tournament."""
    cached: McMahonSettings | None = t.__dict__.get("_mcmahon_settings")
    if cached is None:
        cached = t.__dict__["_mcmahon_settings"] = McMahonSettings.from_tournament(t)
    return cached


def _stones(t: Tournament, rnd: int, white: int, black: int) -> int:
    """The handicap of a stored game as the pairing gave it (before any override)."""
    return _handicaps_of(t, rnd).stones(white, black)


def _stones_text(h: Handicaps) -> Callable[[int, int], str]:
    """``str(h.stones(a, b))``, remembered by what decides it: whether the top band
    plays even, then the two ranks (or, with ``handicap_basis = "band"``, the two
    initial scores). A result table asks for every game of every round, hundreds of
    thousands of games with a few dozen distinct answers."""
    by_band = h.settings.handicap_basis == "band"
    top_even = h.settings.top_band_even
    band, initial, strength = h.band, h.initial, h.strength
    memo: dict[tuple[object, object], str] = {}

    def text(a: int, b: int) -> str:
        if top_even and (band.get(a) == 0 or band.get(b) == 0):
            return "0"
        key: tuple[object, object] = (
            (initial[a], initial[b]) if by_band else (strength[a].rank, strength[b].rank)
        )
        found = memo.get(key)
        if found is None:
            found = memo[key] = str(h.stones(a, b))
        return found

    return text


def _handicaps_of(t: Tournament, rnd: int) -> Handicaps:
    """:func:`round_handicaps` of round ``rnd`` (cached)."""
    cache: dict[int, Handicaps] = t.__dict__.setdefault("_mcmahon_rounds", {})
    if rnd not in cache:
        cache[rnd] = round_handicaps(t, rnd)
    return cache[rnd]


def game_handicaps(t: Tournament) -> dict[tuple[int, int, int], int]:
    """(round, white, black) -> the handicap stones of every game of ``t``: the TD's
    override, else what the pairing gives (for the files that record it, OpenGotha)."""
    s = _settings(t)
    found: dict[tuple[int, int, int], int] = {}
    for rnd in t.rounds:
        for game in rnd.games:
            override = s.handicap_override(rnd.number, game.white, game.black)
            found[(rnd.number, game.white, game.black)] = (
                override[0] if override else _stones(t, rnd.number, game.white, game.black)
            )
    return found


def player_ranks(t: Tournament) -> dict[int, str]:
    """Pairing number -> the rank fairpair pairs each player at (``5k``, ``1d``)."""
    return {p.number: format_rank(strength_of(p).rank) for p in t.players}


def results_table(t: Tournament, after_round: int | None = None) -> str:
    """A readable standings table: place, name, rank, MMS, SOMS, SODOMS, rounds."""
    rounds = t.rounds_played if after_round is None else after_round
    rows = standings(t, rounds)
    place = {n: p for p, n, _ in rows}
    entries = _Entries(t, place)
    head = f"{'Pl':>4} {'Name':<24} {'Rank':>4} {'MMS':>6} {'SOMS':>7} {'SODOMS':>7}"
    head += "".join(f" {'R' + str(k):>8}" for k in range(1, rounds + 1))
    lines = [head]
    for pl, n, values in rows:
        p = t.player(n)
        line = (
            f"{pl:>4} {p.name[:24]:<24} {format_rank(strength_of(p).rank):>4} "
            f"{format_points(values[0]):>6} {format_points(values[1]):>7} "
            f"{format_points(values[2]):>7}"
        )
        line += "".join(f" {cell:>8}" for cell in entries.cells(n, rounds))
        lines.append(line)
    return "\n".join(lines) + "\n"


#: EGF tournament classes (A, B, C; D for events not rated by class).
EGF_CLASSES = ("A", "B", "C", "D")


def _egf_country(p: Player) -> str:
    """The player's country as the two-letter ISO code EGF uses (a three-letter code
    converted); ``xx`` when none is given; InputError for a code the table lacks."""
    text = (p.attributes.get("country") or p.federation or "").strip()
    if not text:
        return "xx"
    code = to_alpha2(text)
    if code is None:
        raise InputError(
            f"player {p.number} ({p.name}): country {text!r} is no ISO 3166 code",
            expected="a two-letter ISO code such as DE or JP, or a three-letter one such "
            "as GER, DEU or JPN (edit the player's country)",
            field="country",
        )
    return code


def _h9_date(text: str) -> str:
    return text.strip().replace("/", "-").replace(".", "-")


def _basic_minutes(t: Tournament) -> str:
    """The basic time of an event read from OpenGotha (its kept parameters), else ""."""
    kept = t.settings.get("opengotha", {})
    general = kept.get("GeneralParameterSet", {}) if isinstance(kept, Mapping) else {}
    value = general.get("basicTime", "") if isinstance(general, Mapping) else ""
    return str(value) if str(value).isdigit() else ""


def _jigo_in_handicap_games(t: Tournament, rounds: int) -> None:
    """Refuse a jigo in a handicap game with a half-point komi: it cannot happen (the
    result was entered wrongly), and the EGF would rate it."""
    s = _settings(t)
    for rnd in range(1, rounds + 1):
        for game in t.round(rnd).games:
            if game.white_result is None or game.white_result.outcome != 0:
                continue
            override = s.handicap_override(rnd, game.white, game.black)
            stones = override[0] if override else _stones(t, rnd, game.white, game.black)
            if stones == 0:
                continue
            komi = komi_for(stones, s.komi_even, s.komi_handicap)
            if override is not None and override[1] is not None:
                komi = override[1]
            if komi.denominator != 1:
                raise InputError(
                    f"round {rnd}: jigo between {game.white} and {game.black} in a "
                    f"{stones}-stone handicap game with komi {format_points(komi)}",
                    expected="a win or a loss (a jigo is impossible with a half-point "
                    "komi): correct the result",
                    field="result",
                )


def results_h9(
    t: Tournament,
    after_round: int | None = None,
    *,
    tournament_class: str | None = None,
    minutes: int | None = None,
) -> str:
    """The EGF tournament table (``.h9``) as the European Go Database accepts it:
    header comments (``EV`` name, ``PC`` place, ``DT`` dates as ``YYYY-MM-DD``, ``CL``
    class, ``TM`` basic time in minutes, ``HA`` handicap rule, ``KM`` komi), then one
    line per player: place, name exactly as entered (surname first), rank, two-letter
    ISO country (three-letter codes converted), club, MMS, SOMS, SODOMS, results, and
    `` |PIN`` when the player's EGD PIN (``egf_pin``) is known.

    ``tournament_class`` (A, B, C, D) and ``minutes`` (basic time) name the event's
    EGF class and time; without them the ``CL``/``TM`` lines are left out (a file
    read from OpenGotha gives its basic time). A jigo in a handicap game with a
    half-point komi, or a country code not in the ISO table, is refused
    (:class:`InputError`)."""
    rounds = t.rounds_played if after_round is None else after_round
    _jigo_in_handicap_games(t, rounds)
    rows = standings(t, rounds)
    countries = {n: _egf_country(t.player(n)) for _, n, _ in rows}
    place = {n: p for p, n, _ in rows}
    entries = _Entries(t, place)
    s = McMahonSettings.from_tournament(t)
    headers = dict(t.headers)
    lines = [
        f"; EV[{headers.get('012', 'Tournament')}]",
        f"; PC[{headers.get('022', '')}]",
        f"; DT[{_h9_date(headers.get('042', ''))},{_h9_date(headers.get('052', ''))}]",
    ]
    if tournament_class is not None:
        if tournament_class.upper() not in EGF_CLASSES:
            raise InputError(f"class {tournament_class!r}", expected="A, B, C or D", field="class")
        lines.append(f"; CL[{tournament_class.upper()}]")
    time = str(minutes) if minutes is not None else _basic_minutes(t)
    if time:
        lines.append(f"; TM[{time}]")
    lines += [
        f"; HA[h{ {'full': 0, 'minus1': 1, 'minus2': 2, 'none': 9}[s.handicap] }]",
        f"; KM[{format_points(s.komi_even)}]",
        "; Pl Name Rk Co Club MMS SOMS SODOMS Results",
    ]
    for pl, n, values in rows:
        p = t.player(n)
        name = " ".join(p.name.split()) or "?"
        club = (p.attributes.get("club") or p.club or "-").replace(" ", "")[:4]
        cells = " ".join(entries.cells(n, rounds))
        mms, soms, sodoms = (format_points(Fraction(v)) for v in values[:3])
        pin = p.attributes.get("egf_pin", "").strip()
        lines.append(
            f"{pl:4d} {name:<24} {format_rank(strength_of(p).rank):>3} {countries[n]} "
            f"{club:<4} {mms:>5} {soms:>6} {sodoms:>6}  {cells}" + (f" |{pin}" if pin else "")
        )
    return "\n".join(lines) + "\n"


def results_aga(
    t: Tournament, after_round: int | None = None, *, allow_temporary_ids: bool = False
) -> str:
    """The AGA rating report (see the module docstring). Players without an AGA id
    (``aga_id``) are refused (:class:`InputError` naming them: the AGA rates members
    only), unless ``allow_temporary_ids``: then they are reported under their pairing
    number, for the AGA to assign them temporary ids."""
    rounds = t.rounds_played if after_round is None else after_round
    headers = dict(t.headers)
    s = McMahonSettings.from_tournament(t)
    missing = [p for p in t.players if not p.attributes.get("aga_id", "").strip()]
    if missing and not allow_temporary_ids:
        names = ", ".join(f"{p.number} {p.name}" for p in missing[:10])
        more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        raise InputError(
            f"{len(missing)} players without an AGA id: {names}{more}",
            expected="an AGA id for every player (the attribute aga_id), or temporary ids "
            "allowed (their pairing numbers stand for them)",
            field="allow_temporary_ids",
        )

    idents: dict[int, str] = {}

    def ident(n: int) -> str:
        found = idents.get(n)
        if found is None:
            found = idents[n] = t.player(n).attributes.get("aga_id", "").strip() or str(n)
        return found

    def name(p: Player) -> str:
        # Go names are entered surname first (as the EGF table has them): "Sato Ken"
        # is "Sato, Ken" (the first name is the last word, or the player's first_name)
        if len(p.name.split()) < 2 or "," in p.name:
            return p.name
        surname, first = split_name(p)
        return f"{surname}, {first}" if first else surname

    komi_texts: dict[Fraction, str] = {}

    def komi_text(value: Fraction) -> str:
        found = komi_texts.get(value)
        if found is None:
            whole = value - Fraction(1, 2) if value.denominator == 2 else value
            found = komi_texts[value] = format_points(whole)
        return found

    lines = [
        f"TOURNEY {headers.get('012', 'Tournament')}",
        f"        start={headers.get('042', '')}",
        f"        finish={headers.get('052', '')}",
        "        rules=AGA",
        "PLAYERS",
    ]
    width = max((len(ident(p.number)) for p in t.players), default=1)
    for p in t.players:
        lines.append(f"{ident(p.number):>{width}} {name(p)} {format_rank(strength_of(p).rank)}")
    lines.append("GAMES")
    for rnd in range(1, rounds + 1):
        for game in t.round(rnd).games:
            if not game.played or game.white_result is None or game.white_result.outcome == 0:
                continue
            winner = "w" if game.white_result.outcome > 0 else "b"
            override = s.handicap_override(rnd, game.white, game.black)
            stones = override[0] if override else _stones(t, rnd, game.white, game.black)
            komi = komi_for(stones, s.komi_even, s.komi_handicap)
            if override is not None and override[1] is not None:
                komi = override[1]
            lines.append(
                f"{ident(game.white)} {ident(game.black)} {winner} {stones} {komi_text(komi)}"
            )
    return "\n".join(lines) + "\n"
