"""Point-system records: ``XXS`` (JaVaFo), ``BBW`` ... ``BBU`` (bbpPairings) and the
TRF-2026 ``162``, read into :class:`~fairpair.model.PointSystem` fields and written back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction

from fairpair.errors import InputError
from fairpair.formats.trf.records import (
    _fail,
    _fit_points,
    _parse_decimal,
    _record_points,
    _State,
    _tokens,
    format_trf_points,
)
from fairpair.model import PointSystem

#: XXS codes (JaVaFo AUM, "Scoring point system") -> PointSystem fields they set.
XXS_CODES: Mapping[str, tuple[str, ...]] = {
    "WW": ("white_win",),
    "BW": ("black_win",),
    "WD": ("white_draw",),
    "BD": ("black_draw",),
    "WL": ("white_loss",),
    "BL": ("black_loss",),
    "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    # shortcuts
    "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "D": ("white_draw", "black_draw", "half_point_bye"),
}
#: The PointSystem fields.
_POINT_NAMES = tuple(f.name for f in dataclasses.fields(PointSystem))
#: The order in which the writer spells out XXS codes.
_XXS_WRITE_ORDER = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")

#: C.04.1: the pairing-allocated bye scores as a win. Results no XXS record gives
#: follow the win / draw values when both colours agree on them: byes and forfeit
#: wins the win, the half-point bye the draw (the same as JaVaFo's defaults for
#: 1/0.5/0; a 3/1/0 record gives a 3-point bye, as Netrunner events expect).
_XXS_DERIVED: Mapping[str, tuple[str, str]] = {
    "pairing_allocated_bye": ("white_win", "black_win"),
    "forfeit_win": ("white_win", "black_win"),
    "full_point_bye": ("white_win", "black_win"),
    "half_point_bye": ("white_draw", "black_draw"),
}

_BB_FIELDS: Mapping[str, tuple[str, ...]] = {
    "BBW": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "BBD": ("white_draw", "black_draw", "half_point_bye"),
    "BBL": ("white_loss", "black_loss"),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}

_162_FIELDS: Mapping[str, tuple[str, ...]] = {
    "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "D": ("white_draw", "black_draw", "half_point_bye"),
    "L": ("white_loss", "black_loss"),
    "A": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_allocated_bye",),
}


# -- reading --------------------------------------------------------------------------


def _read_xxs(line: str, lineno: int, st: _State) -> None:
    """XXS CODE=VALUE ... (JaVaFo): point system; later codes override earlier ones."""
    tokens = _tokens(line, 3)
    if not tokens:
        raise _fail("empty XXS record", "CODE=VALUE pairs such as WW=1.0", st.file, lineno, 4)
    for token, col in tokens:
        _read_xxs_code(token, col, lineno, st)
    _derive_xxs_points(st)


def _read_xxs_code(token: str, col: int, lineno: int, st: _State) -> None:
    """One ``CODE=VALUE`` of an XXS record."""
    code, sep, value_text = token.partition("=")
    if code not in XXS_CODES:
        raise _fail(
            f"unknown XXS code {code!r}",
            "one of " + " ".join(XXS_CODES),
            st.file,
            lineno,
            col,
        )
    value = _parse_decimal(value_text) if sep else None
    if value is None:
        raise _fail(
            f"XXS {token!r}",
            f"{code}=<points>, e.g. {code}=1.0",
            st.file,
            lineno,
            col + len(code) + (1 if sep else 0),
        )
    st.set_points(XXS_CODES[code], value)
    st.xxs_explicit.update(XXS_CODES[code])


def _derive_xxs_points(st: _State) -> None:
    """The results no XXS record gives follow the win / draw values (see _XXS_DERIVED)."""
    explicit = st.xxs_explicit
    for target, (white, black) in _XXS_DERIVED.items():
        if target in explicit or not ({white, black} & explicit):
            continue
        default = PointSystem()
        white_value = st.points.get(white, getattr(default, white))
        if white_value == st.points.get(black, getattr(default, black)):
            st.points[target] = white_value


def _read_bb(line: str, lineno: int, st: _State) -> None:
    """BBW/BBD/BBL/BBZ/BBF/BBU pp.p (bbpPairings): points for one kind of result."""
    code = line[:3]
    value = _parse_decimal(line[4:])
    if value is None:
        raise _fail(f"{code} record {line[4:]!r}", "points such as ' 3.0'", st.file, lineno, 5)
    st.set_points(_BB_FIELDS[code], value)
    if code == "BBW" and not st.pab_explicit:
        st.points["pairing_allocated_bye"] = value
    if code == "BBU":
        st.pab_explicit = True


def _read_162(line: str, lineno: int, st: _State) -> None:
    """162 (TRF-2026): result code at column 6, points at 7-10, repeated every 9."""
    start = 5
    if len(line.rstrip()) < 10:
        raise _fail(
            "162 record too short",
            "a result code in column 6 and points in columns 7-10",
            st.file,
            lineno,
            len(line) + 1,
        )
    while start < len(line.rstrip()):
        _read_162_entry(line, start, lineno, st)
        _check_162_gap(line, start, lineno, st)
        start += 9


def _read_162_entry(line: str, start: int, lineno: int, st: _State) -> None:
    """The 162 entry whose result code is at 0-based ``start``."""
    code = line[start]
    if code not in "WDLAPX":
        raise _fail(
            f"162: found {code!r} in column {start + 1}",
            "a result code W, D, L, A, P or X",
            st.file,
            lineno,
            start + 1,
        )
    value = _record_points(line, start + 2, start + 5, "points such as ' 1.0'", st.file, lineno)
    if code == "X":
        st.warnings.append(
            f"{st.file}:{lineno}:{start + 1}: 162 points for unknown results (X) are ignored"
        )
        return
    st.set_points(_162_FIELDS[code], value)
    if code == "W" and not st.pab_explicit:
        st.points["pairing_allocated_bye"] = value
    if code == "P":
        st.pab_explicit = True


def _check_162_gap(line: str, start: int, lineno: int, st: _State) -> None:
    """The four columns after the 162 entry at ``start`` must be blank."""
    gap = line[start + 5 : start + 9]
    if gap.strip():
        col = start + 6 + (len(gap) - len(gap.lstrip()))
        raise _fail(
            f"162: found {gap.strip()!r} in column {col}",
            "blanks between entries (entries every 9 columns: code at 6, 15, 24, ...)",
            st.file,
            lineno,
            col,
        )


# -- writing --------------------------------------------------------------------------


def _colour_blind(p: PointSystem) -> bool:
    """Do both colours score the same, a forfeit win and a full-point bye like a win
    and a half-point bye like a draw (what BBx and 162 records can say)?"""
    return (
        p.white_win == p.black_win == p.forfeit_win == p.full_point_bye
        and p.white_draw == p.black_draw == p.half_point_bye
        and p.white_loss == p.black_loss
    )


def _points_lines(points: PointSystem) -> list[str]:
    """XXS (JaVaFo) for every non-default value, plus BBx (bbpPairings) if expressible."""
    if points == PointSystem():
        return []
    lines = [_xxs_line(points)]
    if _colour_blind(points):
        lines.extend(_bb_lines(points))
    return lines


def _xxs_line(points: PointSystem) -> str:
    """The XXS record for the values of ``points`` that differ from the default, and for
    those the reader would otherwise derive wrongly from them (see _XXS_DERIVED: a
    half-point bye worth 0.5 next to draws worth 1/3)."""
    default = PointSystem()
    written = {
        name: Fraction(format_trf_points(getattr(points, name)))
        for code in _XXS_WRITE_ORDER
        for name in XXS_CODES[code]
        if getattr(points, name) != getattr(default, name)
    }
    for target, (white, black) in _XXS_DERIVED.items():
        if target in written or not ({white, black} & set(written)):
            continue
        white_value = written.get(white, getattr(default, white))
        derived = (
            white_value if white_value == written.get(black, getattr(default, black)) else None
        )
        if derived is not None and derived != getattr(points, target):
            written[target] = Fraction(format_trf_points(getattr(points, target)))
    items = []
    for code in _XXS_WRITE_ORDER:
        (name,) = XXS_CODES[code]
        if name in written:
            items.append(f"{code}={format_trf_points(getattr(points, name))}")
    return "XXS " + " ".join(items)


def _bb_lines(p: PointSystem) -> list[str]:
    """BBx records for the values of ``p`` that differ from the default."""
    default = PointSystem()
    lines = []
    for code, value, default_value in (
        ("BBW", p.white_win, default.white_win),
        ("BBD", p.white_draw, default.white_draw),
        ("BBL", p.white_loss, default.white_loss),
        ("BBZ", p.zero_point_bye, default.zero_point_bye),
        ("BBF", p.forfeit_loss, default.forfeit_loss),
    ):
        if value != default_value:
            lines.append(f"{code} {_fit_points(value, 4):>4}")
    if p.pairing_allocated_bye != p.white_win:
        lines.append(f"BBU {_fit_points(p.pairing_allocated_bye, 4):>4}")
    return lines


def _record_162(points: PointSystem) -> str | None:
    """TRF-2026 record 162 for ``points`` (None for the default system)."""
    p = points
    default = PointSystem()
    if p == default:
        return None
    if not (_colour_blind(p) and p.zero_point_bye == p.forfeit_loss):
        raise InputError(
            "this point system cannot be written as a TRF-2026 162 record",
            expected="the same points for both colours, a forfeit win and a full-point bye "
            "worth a win, a half-point bye worth a draw, a zero-point bye worth a forfeit "
            "loss (or the fairpair flavour, which has XXS)",
        )
    entries = [
        (code, value)
        for code, value, default_value in (
            ("W", p.white_win, default.white_win),
            ("D", p.white_draw, default.white_draw),
            ("L", p.white_loss, default.white_loss),
            ("A", p.zero_point_bye, default.zero_point_bye),
        )
        if value != default_value
    ]
    if p.pairing_allocated_bye != p.white_win:
        entries.append(("P", p.pairing_allocated_bye))
    # code in column 6, points in 7-10, the next entry 9 columns further
    return "162  " + "    ".join(f"{code}{_fit_points(value, 4):>4}" for code, value in entries)
