"""AGA Swiss McMahon (Go): ``--system mcmahon``.

The *AGA Swiss McMahon Pairing Protocol Standards* (final version 1, 2009-04-30):
players are ordered by strength and grouped into rank
bands with initial McMahon scores (the bar puts the strongest into one top band); each
round pairs players of equal McMahon score where possible, floats the fewest players
between score groups, avoids rematches, repeated floats, colour runs and (early on)
same-club games, and gives the forced bye to the lowest player; games may carry
handicap stones from the rank difference; the final standings are McMahon score, then
SOMS, SODOMS, face-to-face and a random draw. User documentation: ``docs/mcmahon.md``.

Which module holds which article of the rules:

* :mod:`~fairpair.systems.mcmahon.ranks`: "Ordering the players" (ranks, AGA ratings
  and the rank index everything else uses);
* :mod:`~fairpair.systems.mcmahon.bands`: "Band construction" and "Assigning initial
  McMahon scores", plus the layout of ``settings["mcmahon"]`` (:class:`McMahonSettings`,
  which also holds the TD's "Manual pairing" choices);
* :mod:`~fairpair.systems.mcmahon.handicap`: "Handicaps" (stones and komi);
* :mod:`~fairpair.systems.mcmahon.pairing`: "Pairing", "Remove Players Receiving Byes",
  "Odd-Numbered Groups" and "Program Implementation Notes" (the tiered penalty and the
  matching);
* :mod:`~fairpair.systems.mcmahon.tiebreaks`: "Game Results" and "Final
  Standings--Tiebreaks";
* :mod:`~fairpair.systems.mcmahon.system`: :class:`McMahonSystem` (the registry's
  ``mcmahon``), round explanation, checking stored rounds, the random generator's hook;
* :mod:`~fairpair.systems.mcmahon.players`: player import from CSV;
* :mod:`~fairpair.systems.mcmahon.reports`: result tables (text, EGF ``.h9``) and the
  AGA rating report.
"""

from __future__ import annotations

from fairpair.systems.mcmahon.bands import (
    Band,
    McMahonSettings,
    build_bands,
    merge_bands,
    move_player,
    set_separation,
)
from fairpair.systems.mcmahon.players import players_from_csv
from fairpair.systems.mcmahon.ranks import format_rank, parse_rank, strength_of
from fairpair.systems.mcmahon.reports import results_aga, results_h9, results_table
from fairpair.systems.mcmahon.system import (
    McMahonSystem,
    check_round,
    prepare_tournament,
    round_games,
)
from fairpair.systems.mcmahon.tiebreaks import mcmahon_scores, standings

__all__ = [
    "Band",
    "McMahonSettings",
    "McMahonSystem",
    "build_bands",
    "check_round",
    "format_rank",
    "mcmahon_scores",
    "merge_bands",
    "move_player",
    "parse_rank",
    "players_from_csv",
    "prepare_tournament",
    "results_aga",
    "results_h9",
    "results_table",
    "round_games",
    "set_separation",
    "standings",
    "strength_of",
]
