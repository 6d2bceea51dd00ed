"""The tournament operations, with their rules in one place.

Every operation is a plain function from a :class:`~fairpair.model.Tournament` (and its
arguments) to a new tournament; none reads or writes files. The command line
(``fairpair new``, ``next``, ``result`` ...) and the web app only parse, call these and
print. Every refusal changes nothing and speaks in words that suit a terminal and a
web page alike: bad arguments raise :class:`~fairpair.errors.InputError` (exit 2, HTTP
400) whose ``field`` names the argument at fault (``round``, ``from_round``,
``points``, ``player`` ...); requests the tournament's state refuses raise
:class:`~fairpair.errors.ConflictError` (exit 1, HTTP 409), among them
:class:`~fairpair.errors.PendingResultsError` (pairing while results are pending) and
:class:`~fairpair.errors.AllRoundsPairedError`.

The names are imported from their modules on first use (the drop-in pairing command
needs :func:`pair_round` alone and starts faster without the rest).

>>> from fairpair.model import Player
>>> from fairpair.workflow import enter_results, new_tournament, pair_next, parse_entry
>>> from fairpair.workflow import pending_games
>>> t = new_tournament([Player(1, "Bob", rating=2000), Player(2, "Ann", rating=2100)],
...                    system="dutch", rounds=3, name="Club")
>>> [p.name for p in t.players]
['Ann', 'Bob']
>>> t, pairing = pair_next(t)
>>> t, _ = enter_results(t, 1, [parse_entry("1=1-0")])
>>> pending_games(t)
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fairpair.lazy import lazy_names

if TYPE_CHECKING:
    from fairpair.systems import descriptor_of
    from fairpair.workflow.constraints import add_go_player, forbid_pair, force_pair, rounds_met
    from fairpair.workflow.convert import export, export_names, is_go
    from fairpair.workflow.create import (
        edit_event,
        new_from_tournament,
        new_mcmahon_tournament,
        new_tournament,
        tcec_seeding,
    )
    from fairpair.workflow.go import edit_bands, set_bye_volunteer, set_handicap
    from fairpair.workflow.players import (
        add_player,
        cancel_withdrawal,
        edit_player,
        fide_initial_order,
        find_player,
        withdraw,
        withdrawal_drops_byes,
    )
    from fairpair.workflow.ranking import (
        rank_column_for,
        rating_report,
        standings_of,
        trf_ranks,
        with_ranks,
    )
    from fairpair.workflow.results import (
        EnteredResult,
        ResultEntry,
        default_result_round,
        enter_results,
        flagged_scores_of,
        parse_entry,
        result_text,
        set_result,
    )
    from fairpair.workflow.rounds import (
        PairedRound,
        SystemChoice,
        choose_system,
        columns_of_pairing,
        describe_game,
        ensure_results_complete,
        last_pairing_columns,
        next_round_to_pair,
        pair_next,
        pair_round,
        pending_games,
        request_bye,
        round_label,
        stored_options,
        system_name_for,
        total_label,
        unpair,
        without_rounds_from,
    )


__all__ = [
    "EnteredResult",
    "PairedRound",
    "ResultEntry",
    "SystemChoice",
    "add_go_player",
    "add_player",
    "cancel_withdrawal",
    "choose_system",
    "columns_of_pairing",
    "default_result_round",
    "describe_game",
    "descriptor_of",
    "edit_bands",
    "edit_event",
    "edit_player",
    "ensure_results_complete",
    "enter_results",
    "export",
    "export_names",
    "fide_initial_order",
    "find_player",
    "flagged_scores_of",
    "forbid_pair",
    "force_pair",
    "is_go",
    "last_pairing_columns",
    "new_from_tournament",
    "new_mcmahon_tournament",
    "new_tournament",
    "next_round_to_pair",
    "pair_next",
    "pair_round",
    "parse_entry",
    "pending_games",
    "rank_column_for",
    "rating_report",
    "request_bye",
    "result_text",
    "round_label",
    "rounds_met",
    "set_bye_volunteer",
    "set_handicap",
    "set_result",
    "standings_of",
    "stored_options",
    "system_name_for",
    "tcec_seeding",
    "total_label",
    "trf_ranks",
    "unpair",
    "with_ranks",
    "withdraw",
    "withdrawal_drops_byes",
    "without_rounds_from",
]

#: Every name of ``__all__`` -> the module that defines it.
_ORIGIN: dict[str, str] = {
    "EnteredResult": "fairpair.workflow.results",
    "PairedRound": "fairpair.workflow.rounds",
    "ResultEntry": "fairpair.workflow.results",
    "SystemChoice": "fairpair.workflow.rounds",
    "add_go_player": "fairpair.workflow.constraints",
    "add_player": "fairpair.workflow.players",
    "cancel_withdrawal": "fairpair.workflow.players",
    "choose_system": "fairpair.workflow.rounds",
    "columns_of_pairing": "fairpair.workflow.rounds",
    "default_result_round": "fairpair.workflow.results",
    "describe_game": "fairpair.workflow.rounds",
    "descriptor_of": "fairpair.systems",
    "edit_bands": "fairpair.workflow.go",
    "edit_event": "fairpair.workflow.create",
    "edit_player": "fairpair.workflow.players",
    "ensure_results_complete": "fairpair.workflow.rounds",
    "enter_results": "fairpair.workflow.results",
    "flagged_scores_of": "fairpair.workflow.results",
    "export": "fairpair.workflow.convert",
    "is_go": "fairpair.workflow.convert",
    "export_names": "fairpair.workflow.convert",
    "fide_initial_order": "fairpair.workflow.players",
    "find_player": "fairpair.workflow.players",
    "forbid_pair": "fairpair.workflow.constraints",
    "force_pair": "fairpair.workflow.constraints",
    "last_pairing_columns": "fairpair.workflow.rounds",
    "new_from_tournament": "fairpair.workflow.create",
    "new_mcmahon_tournament": "fairpair.workflow.create",
    "new_tournament": "fairpair.workflow.create",
    "next_round_to_pair": "fairpair.workflow.rounds",
    "pair_next": "fairpair.workflow.rounds",
    "pair_round": "fairpair.workflow.rounds",
    "parse_entry": "fairpair.workflow.results",
    "pending_games": "fairpair.workflow.rounds",
    "request_bye": "fairpair.workflow.rounds",
    "result_text": "fairpair.workflow.results",
    "round_label": "fairpair.workflow.rounds",
    "rounds_met": "fairpair.workflow.constraints",
    "set_bye_volunteer": "fairpair.workflow.go",
    "set_handicap": "fairpair.workflow.go",
    "set_result": "fairpair.workflow.results",
    "rank_column_for": "fairpair.workflow.ranking",
    "rating_report": "fairpair.workflow.ranking",
    "standings_of": "fairpair.workflow.ranking",
    "stored_options": "fairpair.workflow.rounds",
    "system_name_for": "fairpair.workflow.rounds",
    "tcec_seeding": "fairpair.workflow.create",
    "total_label": "fairpair.workflow.rounds",
    "trf_ranks": "fairpair.workflow.ranking",
    "unpair": "fairpair.workflow.rounds",
    "with_ranks": "fairpair.workflow.ranking",
    "withdraw": "fairpair.workflow.players",
    "withdrawal_drops_byes": "fairpair.workflow.players",
    "without_rounds_from": "fairpair.workflow.rounds",
}


# Each name of ``__all__`` is imported from its module on first use (then kept).
__getattr__, __dir__ = lazy_names(__name__, _ORIGIN, __all__, globals())
