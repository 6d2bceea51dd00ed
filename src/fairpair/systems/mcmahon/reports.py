"""Result export: a readable text table, the EGF tournament table (``.h9``) and the
AGA rating report.

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

from fractions import Fraction

from fairpair.model import ByeKind, Colour, Player, Tournament, format_points
from fairpair.systems.mcmahon.bands import McMahonSettings
from fairpair.systems.mcmahon.handicap import komi_for
from fairpair.systems.mcmahon.pairing import Field, build_field
from fairpair.systems.mcmahon.ranks import format_rank, strength_of
from fairpair.systems.mcmahon.tiebreaks import standings

__all__ = ["results_aga", "results_h9", "results_table"]


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
