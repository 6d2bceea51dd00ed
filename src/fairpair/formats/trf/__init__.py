"""Reading and writing FIDE Tournament Report Files (TRF-2016, TRF-2026, TRF(x)/(bx)).

The reader turns a TRF into a :class:`~fairpair.model.Tournament`; the writer turns a
tournament back into TRF text. What is implemented, column by column, and the sources
used are described in ``docs/trf.md``. In short:

* ``001`` player lines in their fixed columns (5-8 pairing number, 10 sex, 11-13
  title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
  81-84 points, 86-89 rank, then one 10-column block per round from column 92);
* tournament header records (``012`` ... ``132``, ``172`` ... ``222``, ``352`` ...),
  kept in :attr:`Tournament.headers`;
* TRF-2026 ``142`` (rounds), ``152`` (initial colour), ``162`` (point system),
  ``240`` (byes), ``250`` (acceleration), ``260`` (prohibited pairings);
* JaVaFo / bbpPairings extensions ``XXR``, ``XXC``, ``XXS``, ``XXA``, ``XXP``, ``XXZ``,
  ``BBW`` ``BBD`` ``BBL`` ``BBZ`` ``BBF`` ``BBU``, and fairpair's ``XXT double|single``
  and ``FPJ`` (a JSON payload for what TRF cannot express: see docs/trf.md);
* every other line is kept verbatim in :attr:`Tournament.extra_records`.

Round-tripping: ``dumps(loads(text)) == text`` byte for byte. Files written the way
fairpair writes them ("canonical" files) need nothing extra; for any other file the
reader records the original spelling and order in :attr:`Tournament.format_hints`,
and the writer uses it as long as it still says exactly what the tournament says.

Bad input raises :class:`~fairpair.errors.InputError` naming file, line and column
(1-based), what was found and what was expected; so does input over a limit of
:mod:`fairpair.limits` (file size, players, rounds, text, forbidden pairs,
acceleration: ``docs/limits.md``). Numbers are ASCII digits, of bounded length.

Modules: ``records`` (columns, codes, field parsers), ``lines`` (decoding, line ends),
``players`` (the 001 record), ``games`` (rounds from the round blocks), ``points``
(XXS / BBx / 162), ``pairing_records`` (XXR, XXC, XXA, XXP, XXZ, 142 ... 260),
``extensions`` (FPJ), ``scores`` (the points column), ``canonical`` (the canonical
records), ``layout`` (layout hints), ``reader``, ``writer`` and ``engine`` (pairing
files of JaVaFo and bbpPairings).
"""

from __future__ import annotations

from fairpair.formats.trf.engine import parse_engine_output
from fairpair.formats.trf.reader import load, loads
from fairpair.formats.trf.records import format_trf_points, tournament_type
from fairpair.formats.trf.scores import computed_scores, points_column_agrees
from fairpair.formats.trf.writer import dump, dumps

__all__ = [
    "computed_scores",
    "dump",
    "dumps",
    "format_trf_points",
    "load",
    "loads",
    "parse_engine_output",
    "points_column_agrees",
    "tournament_type",
]
