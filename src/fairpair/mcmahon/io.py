"""Player import from CSV and result export (text table, EGF ``.h9``).

CSV: a header row, then one player a line. Columns (case-insensitive): ``name``
(required), ``rank`` (``5k``, ``1d``) and/or ``rating`` (AGA rating, e.g. ``-4.3``): at
least one of the two; optional ``number`` (pairing number; default: line order),
``club``, ``city``, ``state``, ``country``, ``family``; any other column is kept as an
attribute.

AGA rating report (:func:`results_aga`): the format the AGA asks TDs to submit,
``TOURNEY`` (name, then ``start=``, ``finish=``, ``rules=AGA``), ``PLAYERS`` (id, "Last,
First", rank) and ``GAMES`` (white id, black id, winner ``w``/``b``, handicap, komi).
Ids come from the ``aga_id`` attribute, else the pairing number. Only games played to
a win or loss are reported (no forfeits, no jigo); komi is written the AGA way, without
the half point (7.5 -> 7, 0.5 -> 0: white wins ties).

Result tables: one line per player in standings order; a round is
``<opponent place><+|-|=>/<w|b><handicap>`` as in the EGF format; ``0+`` is a forced
bye, ``0-`` a voluntary bye or absence, ``?`` a pending game.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from fairpair.errors import InputError
from fairpair.mcmahon.handicap import komi_for
from fairpair.mcmahon.pairing import Field, build_field
from fairpair.mcmahon.ranks import format_rank, parse_rank, rank_index_of_aga_rating, strength_of
from fairpair.mcmahon.settings import McMahonSettings
from fairpair.mcmahon.tiebreaks import standings
from fairpair.model import ByeKind, Colour, Player, Tournament, format_points

__all__ = ["players_from_csv", "results_aga", "results_h9", "results_table"]

_KNOWN = ("number", "name", "rank", "rating", "club", "city", "state", "country", "family")


def players_from_csv(text: str, file: str = "<csv>") -> list[Player]:
    """Players from CSV text (see the module docstring); InputError names the bad line."""
    reader = csv.reader(io.StringIO(text))
    rows = [(i + 1, row) for i, row in enumerate(reader) if any(cell.strip() for cell in row)]
    if not rows:
        raise InputError("empty player list", expected="a header row and players", file=file)
    header_line, header = rows[0]
    columns = [h.strip().lower() for h in header]
    if "name" not in columns:
        raise InputError(
            f"header has no name column: {','.join(header)}",
            expected="a header row with name and rank or rating",
            file=file,
            line=header_line,
        )
    if "rank" not in columns and "rating" not in columns:
        raise InputError(
            "header has neither rank nor rating",
            expected="a rank or rating column",
            file=file,
            line=header_line,
        )
    players: list[Player] = []
    numbers: set[int] = set()
    for line, row in rows[1:]:
        if len(row) != len(columns):
            raise InputError(
                f"found {len(row)} fields", expected=f"{len(columns)} fields", file=file, line=line
            )
        cells = {c: v.strip() for c, v in zip(columns, row, strict=True)}

        def column_of(name: str, line: int = line) -> int:
            return columns.index(name) + 1

        name = cells["name"]
        if not name:
            raise InputError(
                "empty name",
                expected="a player name",
                file=file,
                line=line,
                column=column_of("name"),
            )
        rank = cells.get("rank", "")
        rating = cells.get("rating", "")
        if not rank and not rating:
            raise InputError(
                f"{name}: no rank and no rating",
                expected="a rank or an AGA rating",
                file=file,
                line=line,
            )
        if rank:
            try:
                parse_rank(rank)
            except ValueError:
                raise InputError(
                    f"found rank {rank!r}",
                    expected="a rank like 5k, 1d or 2p",
                    file=file,
                    line=line,
                    column=column_of("rank"),
                ) from None
        if rating:
            try:
                rank_index_of_aga_rating(float(rating))
            except ValueError:
                raise InputError(
                    f"found rating {rating!r}",
                    expected="an AGA rating such as -4.3 or 2.1 (|r| >= 1)",
                    file=file,
                    line=line,
                    column=column_of("rating"),
                ) from None
        number = len(players) + 1
        if cells.get("number"):
            try:
                number = int(cells["number"])
            except ValueError:
                raise InputError(
                    f"found number {cells['number']!r}",
                    expected="an integer",
                    file=file,
                    line=line,
                    column=column_of("number"),
                ) from None
        if number in numbers or number < 1:
            raise InputError(
                f"pairing number {number} repeated or not positive",
                expected="unique positive numbers",
                file=file,
                line=line,
            )
        numbers.add(number)
        attributes = {k: v for k, v in cells.items() if k not in ("number", "name") and v}
        players.append(
            Player(
                number=number,
                name=name,
                club=cells.get("club", ""),
                federation=cells.get("country", ""),
                attributes=attributes,
            )
        )
    return players


def _round_entry(t: Tournament, player: int, rnd: int, place: dict[int, int]) -> str:
    r = t.round(rnd)
    game = r.game_of(player)
    if game is None:
        kind = r.byes.get(player)
        if kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
            return "0+"
        if kind is ByeKind.HALF_POINT:
            return "0="
        return "0-"
    opp = game.opponent(player)
    code = game.result_of(player)
    symbol = "?" if code is None else {1: "+", 0: "=", -1: "-"}[code.outcome]
    settings = McMahonSettings.from_tournament(t)
    override = settings.handicap_override(rnd, game.white, game.black)
    handicap = override[0] if override is not None else _stones(t, rnd, game.white, game.black)
    colour = "w" if game.colour_of(player) is Colour.WHITE else "b"
    return f"{place.get(opp, 0)}{symbol}/{colour}{handicap}"


def _stones(t: Tournament, rnd: int, white: int, black: int) -> int:
    """The handicap of a stored game as the pairing gave it (before any override)."""
    cache: dict[int, Field] = t.__dict__.setdefault("_mcmahon_fields", {})
    if rnd not in cache:
        cache[rnd] = build_field(t, rnd)
    return cache[rnd].stones(white, black)


def results_table(t: Tournament, after_round: int | None = None) -> str:
    """A readable standings table: place, name, rank, MMS, SOMS, SODOMS, rounds."""
    rounds = t.rounds_played if after_round is None else after_round
    rows = standings(t, rounds)
    place = {n: p for p, n, _ in rows}
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
        line += "".join(f" {_round_entry(t, n, k, place):>8}" for k in range(1, rounds + 1))
        lines.append(line)
    return "\n".join(lines) + "\n"


def results_h9(t: Tournament, after_round: int | None = None) -> str:
    """The EGF tournament table (``.h9``): header comments, then one line per player:
    place, name (surname first), rank, country, club, MMS, SOMS, SODOMS, results."""
    rounds = t.rounds_played if after_round is None else after_round
    rows = standings(t, rounds)
    place = {n: p for p, n, _ in rows}
    s = McMahonSettings.from_tournament(t)
    headers = dict(t.headers)
    lines = [
        f"; EV[{headers.get('012', 'Tournament')}]",
        f"; PC[{headers.get('022', '')}]",
        f"; DT[{headers.get('042', '')},{headers.get('052', '')}]",
        f"; HA[h{ {'full': 0, 'minus1': 1, 'minus2': 2, 'none': 9}[s.handicap] }]",
        f"; KM[{format_points(s.komi_even)}]",
        "; Pl Name Rk Co Club MMS SOMS SODOMS Results",
    ]
    for pl, n, values in rows:
        p = t.player(n)
        parts = p.name.split()
        name = f"{parts[-1]} {'_'.join(parts[:-1]) or '-'}" if parts else "? -"
        country = (p.attributes.get("country") or p.federation or "xx")[:2].upper()
        club = (p.attributes.get("club") or p.club or "-").replace(" ", "")[:4]
        entries = " ".join(_round_entry(t, n, k, place) for k in range(1, rounds + 1))
        mms, soms, sodoms = (format_points(Fraction(v)) for v in values[:3])
        lines.append(
            f"{pl:4d} {name:<24} {format_rank(strength_of(p).rank):>3} {country} {club:<4} "
            f"{mms:>5} {soms:>6} {sodoms:>6}  {entries}"
        )
    return "\n".join(lines) + "\n"


def results_aga(t: Tournament, after_round: int | None = None) -> str:
    """The AGA rating report (see the module docstring)."""
    rounds = t.rounds_played if after_round is None else after_round
    headers = dict(t.headers)
    s = McMahonSettings.from_tournament(t)

    def ident(n: int) -> str:
        return t.player(n).attributes.get("aga_id", "").strip() or str(n)

    def name(p: Player) -> str:
        parts = p.name.split()
        if len(parts) < 2 or "," in p.name:
            return p.name
        return f"{parts[-1]}, {' '.join(parts[:-1])}"

    def komi_text(value: Fraction) -> str:
        whole = value - Fraction(1, 2) if value.denominator == 2 else value
        return format_points(whole)

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
