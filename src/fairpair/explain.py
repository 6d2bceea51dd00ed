"""Explanations of a pairing as data (``fairpair pair --explain``).

Every pairing system describes its round as *structured data* (``Pairing.info
["explanation"]``, JSON-able, built with :class:`Explainer`);
:mod:`fairpair.rendering.explanations` turns that data into words an arbiter can read
to a player.

The data says *what* happened with stable codes and numbers. The codes are the keys of
:data:`REASONS`, each with its sentence, so a change of wording is one edit here (and
the golden texts of ``tests/data/explain/``); :func:`reason` and :func:`validate`
refuse a code that is not there. Each reason carries the rule that decided, printed in
brackets after the words ("(rule C.5)").

The structured form (``version`` 1)::

    {"version": 1, "system": "dutch-2017", "round": 4, "title": "...",
     "score_unit": "points",
     "notes": [reason, ...],                       # about the whole round
     "groups": [{"score": "2.5", "kind": "score group", "players": [1, 2],
                 "moved_in": [3], "notes": [reason, ...]}, ...],
     "boards": [{"board": 1, "white": 2, "black": 1, "group": 0,
                 "notes": [reason, ...]}, ...],
     "players": [{"number": 1, "name": "...", "score": "2.5",
                  "status": "paired" | "bye" | "absent", "board": 1,
                  "colour": "white" | "black" | null, "opponent": 2,
                  "group": 0, "float": "down" | "up" | null,
                  "colour_due": "white" | "black" | null, "colour_strength": "...",
                  "colour_granted": true | false | null,
                  "absence": "half-point bye" | ..., "reasons": [reason, ...]}, ...],
     "bye": 8 | null}

    reason = {"code": "float_needed", "rule": "rule C.5", "params": {"player": 3}}

The document, each group, board and player may also carry ``"details"``: the
system's own facts as data (a JSON object, see ``docs/explain.md``: the Dutch
bracket records, the TCEC encounter history, the McMahon penalty of each game, the
Netrunner criteria counts...). They complete the reasons for programs; the words
come from the reasons alone.

Parameters named ``player``, ``opponent``, ``other`` or ``players`` are pairing numbers
(printed with the player's name). The module does no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from fairpair.model import ByeKind, Colour, Pairing, Tournament, format_points

__all__ = [
    "REASONS",
    "Explainer",
    "reason",
    "validate",
]

#: code -> the sentence (``str.format`` with the reason's parameters).
REASONS: dict[str, str] = {
    # -- the whole round ----------------------------------------------------------------
    "dutch_method": (
        "Players are paired inside score groups (players with the same score), from the "
        "top group down. A player who cannot be paired in the own group moves down to "
        "the next group and is paired there with a lower-scored opponent."
    ),
    "dutch_completion": (
        "Every group is paired so that the rest of the round can still be paired, and "
        "the pairing-allocated bye goes to a player of the lowest possible score."
    ),
    "legacy_method": (
        "Players are paired inside score groups (players with the same score), from the "
        "top group down: the top half of a group against the bottom half, then the "
        "nearest alternatives in the order the rules prescribe. A player who cannot be "
        "paired in the own group moves down to the next group."
    ),
    "legacy_lowered": "To pair this group, the rules had to accept: {text}.",
    "mcmahon_method": (
        "Players are paired by McMahon score (a starting score from the rank, plus one "
        "point per win): of all possible pairings the one with the smallest penalty is "
        "chosen, where playing someone of a different score costs most, then a "
        "repeated float, then a colour imbalance, then departing from the usual "
        "top-half-against-bottom-half order inside a score group."
    ),
    "mcmahon_voluntary": "Not paired at their own request (voluntary bye): {players}.",
    "mcmahon_floats_off": (
        "In this round a repeated float is not penalised (the float rule is off near "
        "the end of the event)."
    ),
    "mcmahon_avoid": "Early in the event the pairing avoids opponents of the same {what}.",
    "tcec_method": (
        "Players are listed by score (then seed). From the top, each unpaired player "
        "is paired with the next player in the list who may be met: not met in the "
        "encounter history, not a forbidden pair, and keeping the colour balance."
    ),
    "tcec_order": "Pairing order for this round: {players}.",
    "tcec_history": "Encounter history used: rounds {first} to {last}.",
    "tcec_history_empty": "Encounter history: empty (no earlier rounds count).",
    "tcec_history_removed": (
        "The oldest rounds {rounds} were removed from the encounter history, because "
        "no pairing was possible with them."
    ),
    "netrunner_method": (
        "The pairing is the best of all possible pairings, judged by the criteria in "
        "order (fewer is better): rematches, a bye above the lowest score, side "
        "imbalance of 3 or more, the same side 3 or more times in a row, games across "
        "score groups, side imbalance of 2, players not alternating sides. Among equally "
        "good pairings one is drawn at random (reproducibly, by the seed)."
    ),
    "netrunner_counts": "Counts of the chosen pairing: {text}.",
    "score_order_method": (
        "Players are listed by score (then pairing number). From the top, each player "
        "is paired with the highest-placed player further down the list not met yet. "
        "This is a test system, not a FIDE system."
    ),
    # -- groups --------------------------------------------------------------------------
    "group_ppb": (
        "This group was paired again together with all the players below it, so that "
        "the rest of the round can be completed"
    ),
    "group_collapsed": ("The last groups were joined into one, so that the round can be completed"),
    "group_completion": (
        "This group was paired together with all the players below it, so that the "
        "round can be completed"
    ),
    "group_backtrack_legacy": (
        "This group was paired again in another way, so that the next group can be paired"
    ),
    "legacy_fewer_pairs": (
        "Fewer games than the group's size allows could be paired here, so more players move down"
    ),
    "group_no_pairs": "No game could be paired inside this group.",
    # -- why a player moves down ---------------------------------------------------------
    "float_again": (
        "{player} moved down into this group but could not be paired here either, and "
        "moves down again."
    ),
    "float_no_opponent": (
        "{player} moves down to the next group: no player of this group is possible as an opponent."
    ),
    "not_possible_met": "{player} has already played {players}.",
    "not_possible_forbidden": "{player} may not be paired with {players} (forbidden pair).",
    "not_possible_colour": ("{player} and {players} must all have the same colour in this round."),
    "float_odd": (
        "{player} moves down to the next group: the group has an odd number of players, "
        "so one of them cannot be paired here."
    ),
    "left_over_bye": (
        "{player} is left over: the last group has an odd number of players, so one of "
        "them cannot be paired and gets the pairing-allocated bye."
    ),
    "float_needed": (
        "{player} moves down to the next group: the players of this group still "
        "possible as opponents were all needed for other games, and the rules pair as "
        "many games as possible."
    ),
    "float_chosen": (
        "{player} moves down to the next group: among the pairings with the most games, "
        "the best one by the remaining rules (colours, repeated floats, then the fixed "
        "order of the candidates) leaves {player} over."
    ),
    # -- why this player and not another ("why me"): the best alternative, compared ------
    "why_count": (
        "Why {player} and not {players}: with {players} {doing} instead, the number of "
        "{what} would be {alternative}, against {chosen} this way."
    ),
    "why_scores": (
        "Why {player} and not {players}: with {players} {doing} instead, the players "
        "moving down would have {alternative} {unit}, against {chosen} this way; the rules "
        "move down the lowest scores possible."
    ),
    "why_other": (
        "Why {player} and not {players}: with {players} {doing} instead, the pairing "
        "would be worse on {what}, the first rule on which the two differ."
    ),
    "why_order": (
        "Why {player} and not {players}: with {players} {doing} instead, the pairing "
        "would be just as good by every rule; then the fixed order of the candidates "
        "decides, and it puts first the pairing with {player} {doing}."
    ),
    "why_none_count": (
        "In the best pairing without {player} {doing}, the number of {what} would be "
        "{alternative}, against {chosen} this way."
    ),
    "why_none_scores": (
        "In the best pairing without {player} {doing}, the players moving down would have "
        "{alternative} {unit}, against {chosen} this way; the rules move down the lowest "
        "scores possible."
    ),
    "why_none_other": (
        "The best pairing without {player} {doing} would be worse on {what}, the first "
        "rule on which the two differ."
    ),
    "why_none_order": (
        "A pairing without {player} {doing} would be just as good by every rule; the fixed "
        "order of the candidates puts this one first."
    ),
    "why_colour_count": (
        "{player} could get {colour} only in a pairing where the number of {what} would "
        "be {alternative}, against {chosen} this way."
    ),
    "why_colour_scores": (
        "{player} could get {colour} only in a pairing where the players moving down "
        "would have {alternative} {unit}, against {chosen} this way; the rules move down "
        "the lowest scores possible."
    ),
    "why_colour_other": (
        "{player} could get {colour} only in a pairing worse on {what}, the first rule on "
        "which the two differ."
    ),
    "why_colour_order": (
        "A pairing giving {player} {colour} would be just as good by every rule; the "
        "fixed order of the candidates puts this one first."
    ),
    "why_bye_cost": (
        "Why {player} and not {players}: the best pairing without a bye for {player} "
        "(it goes to {players}) counts {alternative} for {label}, against {chosen} in this "
        "one."
    ),
    "why_bye_tie": (
        "The best pairing without a bye for {player} (it goes to {players}) is just as "
        "good by every criterion; among equally good pairings this one was drawn."
    ),
    "why_cross_cost": (
        "{player} could stay in the own score group only in a pairing that counts "
        "{alternative} for {label}, against {chosen} in this one."
    ),
    "why_cross_tie": (
        "A pairing keeping {player} in the own score group is just as good by every "
        "criterion; among equally good pairings this one was drawn."
    ),
    "why_side_cost": (
        "{player} could play {side} only in a pairing that counts {alternative} for "
        "{label}, against {chosen} in this one."
    ),
    "why_side_tie": (
        "A pairing in which {player} plays {side} is just as good by every criterion; "
        "among equally good pairings this one was drawn."
    ),
    "why_mcmahon_down_cost": (
        "{player} could play someone nearer in McMahon score only in a pairing that "
        "counts {alternative} for {label}, against {chosen} in this one."
    ),
    "why_mcmahon_down_tie": (
        "A pairing giving {player} an opponent nearer in McMahon score has the same "
        "penalty in every respect; the matching chose this one."
    ),
    "why_tcec_bye_byes": (
        "Why {player} and not {players}: {players} is lower in the pairing order but has "
        "had more byes ({other_count} against {count}); the bye goes to the fewest byes "
        "first."
    ),
    "why_tcec_bye_order": (
        "Why {player} and not {players}: both have had the fewest byes; {player} is "
        "number {place} in the pairing order and {players} number {other_place}, and the "
        "bye goes to the lowest."
    ),
    "why_burstein_bye_eligible": (
        "Why {player} and not {players}, who is lower: {players} may not receive it "
        "(an earlier pairing-allocated bye or a win without playing)."
    ),
    "why_burstein_bye_pairable": (
        "Why {player} and not {players}: with the bye to {players}, the other players "
        "could not all be paired."
    ),
    "why_burstein_bye_score": (
        "Why {player} and not {players}: {players} has {alternative} {unit}, against "
        "{chosen}; the bye goes to the lowest score."
    ),
    "why_burstein_bye_games": (
        "Why {player} and not {players}: both have the same score; {player} has played "
        "{chosen} games and {players} {alternative}, and the bye goes to the player who "
        "has played the most games."
    ),
    "why_burstein_bye_order": (
        "Why {player} and not {players}: both have the same score{games}; {player} is "
        "number {chosen} in the order and {players} number {alternative}, and the bye "
        "goes to the lowest."
    ),
    "why_burstein_colour": (
        "Why not {colour} for {player}: only by giving {other} the other colour, and the "
        "colour rule decides for {other}: {rule_words}."
    ),
    "why_legacy_level": (
        "Why {player} and not {players}: with {players} {doing} instead, the rules would "
        "have had to accept more {what}: up to {alternative}, against {chosen} this way."
    ),
    "why_legacy_backtrack": (
        "Why {player} and not {players}: a pairing with {players} {doing} instead was "
        "tried first and refused, because then {what}."
    ),
    "why_legacy_none_backtrack": (
        "A pairing without {player} {doing} was tried first and refused, because then {what}."
    ),
    "why_legacy_order": (
        "Why {player} and not {players}: a pairing with {players} {doing} instead meets "
        "the same requirements; the procedure takes the first acceptable pairing in the "
        "order of its transpositions and exchanges, and that order comes to the pairing "
        "with {player} {doing} first."
    ),
    "why_legacy_none_order": (
        "A pairing without {player} {doing} meets the same requirements; the "
        "procedure's order of transpositions and exchanges comes to this one first."
    ),
    "why_legacy_none_level": (
        "In the best pairing without {player} {doing}, the rules would have had to accept "
        "more {what}: up to {alternative}, against {chosen} this way."
    ),
    "why_legacy_colour_level": (
        "{player} could get {colour} only in a pairing for which the rules would have had "
        "to accept more {what}: up to {alternative}, against {chosen} this way."
    ),
    "why_legacy_colour_order": (
        "A pairing giving {player} {colour} meets the same requirements; the procedure's "
        "order of transpositions and exchanges comes to this one first."
    ),
    "why_legacy_colour_backtrack": (
        "A pairing giving {player} {colour} was tried first and refused, because then {what}."
    ),
    "why_legacy_mdp_first": (
        "{player} could be paired in this group only in a pairing where the number of "
        "games of players moved down into it would be {alternative}, against {chosen} "
        "possible ({players} left without a game here); players moved down are paired "
        "first whenever possible."
    ),
    "why_legacy_none_mdp_first": (
        "Without {player} {doing}, the number of games of players moved down into this "
        "group would be {alternative}, against {chosen} possible ({players} left without "
        "a game here); players moved down are paired first whenever possible."
    ),
    "why_legacy_colour_mdp_first": (
        "{player} could get {colour} only in a pairing where the number of games of "
        "players moved down into this group would be {alternative}, against {chosen} "
        "possible ({players} left without a game here); players moved down are paired "
        "first whenever possible."
    ),
    "why_legacy_bye_score": (
        "Why {player} and not {players}: with the bye to {players} instead, the player "
        "without a game would have {alternative} {unit}, against {chosen} this way; the "
        "rules leave the lowest score possible without a game."
    ),
    "why_legacy_bye_none": (
        "Nobody else in the last group could have the bye: without it for {player}, the "
        "others could not all be paired with the bye to a player who may receive it."
    ),
    "why_legacy_bye_alone": (
        "Nobody else could have the bye: {player} is the only player left in the last group."
    ),
    "why_legacy_cut_off": (
        "{player}: the other possible pairings of this group were not compared (the "
        "procedure was followed for its first {limit} pairings only)."
    ),
    "why_legacy_not_replayed": (
        "{player}: the other possible pairings of this group were not compared (the "
        "replay of this group's procedure did not come to the pairing used)."
    ),
    "why_legacy_not_computed": (
        "{player}: the other possible pairings were not compared (this is done for "
        "groups of up to {limit} players)."
    ),
    "why_not_computed": (
        "{player}: the other possible pairings were not compared (this is done for "
        "groups or fields of up to {limit} players)."
    ),
    "float_legacy": "{player} could not be paired in this group and moves down.",
    "float_legacy_step": (
        "{player} moves down from the group of {score} {unit}: {step} found the pairing "
        "of that group and left {player} over ({criterion})."
    ),
    "float_legacy_step_on": (
        "{player} moves on to the next group: {step} found the pairing of the players "
        "moved down with {player} and left {player} over ({criterion})."
    ),
    "group_step_legacy": "This group's pairing was found at step {step}: {what}",
    "group_joined_legacy": (
        "The lowest groups were joined into one and paired with the players of the "
        "group added last as the upper half, so that the round can be completed"
    ),
    "group_closest_legacy": (
        "Paired one group at a time, the joined groups' players would have met opponents "
        "farther apart in score than they can be, so they were paired as one group"
    ),
    "float_legacy_none": (
        "{player} moves down to the next group: no player of this group may be met "
        "(all played already, a forbidden pair, or both must have the same colour)."
    ),
    # -- a player's place ----------------------------------------------------------------
    "plays_down": "{player} plays down: moved down from the group of {score} {unit}.",
    "plays_up": "{player} plays up, against {opponent}, who moved down from a higher group.",
    "repeat_down": (
        "{player} also moved down {when}; the rules keep such repeats as few as "
        "possible, but this one remained in the best pairing available."
    ),
    "colour_not_granted": (
        "{player} was due {colour} ({strength}) but does not get it; the rules keep "
        "this as rare as possible, but it remained in the best pairing available."
    ),
    "repeat_up": (
        "{player} also played up {when}; the rules keep such repeats as few as "
        "possible, but this one remained in the best pairing available."
    ),
    # -- colours -------------------------------------------------------------------------
    "colour_both": "Colours: {player} was due white and {other} black; both get them.",
    "colour_one": "Colours: {player} gets the colour due; {other} had no colour due.",
    "colour_stronger": (
        "Colours: both were due {colour}; {player} gets it, having the stronger claim "
        "({strength} against {other_strength})."
    ),
    "colour_wider": (
        "Colours: both must have {colour}; {player} gets it, having the larger colour imbalance."
    ),
    "colour_alternate": (
        "Colours: both were due {colour} equally strongly; the colours are reversed "
        "from the last round in which the two had different colours, so {player} gets "
        "{colour}."
    ),
    "colour_higher": (
        "Colours: both were due {colour} equally strongly and had the same colours in "
        "every round; the higher-ranked player, {player}, gets {colour}."
    ),
    "colour_number": (
        "Colours: neither player had a colour due; the higher-ranked player, {player}, "
        "has an {parity} pairing number and so gets {colour}."
    ),
    "colour_legacy_both": "Colours: {player} was due white and {other} black; both get them.",
    "colour_legacy_one": "Colours: {player} gets the colour due; {other} had none.",
    "colour_legacy_stronger": (
        "Colours: both were due {colour}; {player} gets it, having the stronger claim."
    ),
    "colour_legacy_alternate": (
        "Colours: both were due {colour} equally strongly; the colours are reversed from "
        "the last round in which the two had different colours, so {player} gets "
        "{colour}."
    ),
    "colour_legacy_higher": (
        "Colours: both were due {colour} equally strongly; the higher-ranked player, "
        "{player}, gets {colour}."
    ),
    "colour_legacy_parity": (
        "Colours: neither player has played a game yet; {player} gets {colour} by the "
        "pairing numbers (white to the even number; same parity: the higher-ranked "
        "player gets the colour of his parity)."
    ),
    "colour_legacy_number": (
        "Colours: neither player had a colour due; by the pairing numbers, {player} gets {colour}."
    ),
    "colour_tcec_wgd": (
        "Colours: {player} gets black, having had white more often (white games minus "
        "black games: {wgd} against {other_wgd})."
    ),
    "colour_tcec_score": (
        "Colours: both have had white equally often; {player} gets black, having the higher score."
    ),
    "colour_tcec_pattern": (
        "Colours: both have had white equally often and have the same score; the fixed "
        "round pattern (white-black-black-white) gives {player} white in this round."
    ),
    "colour_tcec_double": (
        "Two games: {player} has black in the first game and white in the second."
    ),
    "colour_fewer_whites": (
        "Colours: {player} gets white, having had white no more often than the opponent."
    ),
    "colour_mcmahon_handicap": (
        "Handicap game, {stones} stone{plural}: the weaker player, {player}, takes black; "
        "komi {komi}."
    ),
    "colour_mcmahon_even": "Even game, komi {komi}: {player} takes white, {why}.",
    "netrunner_sides": "Sides: {player} plays Corp, {other} plays Runner.",
    "netrunner_side_state": (
        "After this round {player} has a side difference of {difference} (Corp games "
        "minus Runner games) and {streak} game{plural} in a row on that side."
    ),
    # -- McMahon -------------------------------------------------------------------------
    "mcmahon_forced": "{player} and {opponent} were paired by the tournament director.",
    "mcmahon_cross": (
        "{player} plays down against {opponent} (McMahon score {score} against "
        "{other_score}): the score groups could not all be paired inside themselves."
    ),
    "mcmahon_float_repeat": (
        "{player} also floated {direction} in the previous round; this remained in the "
        "pairing with the smallest penalty."
    ),
    "mcmahon_colour_penalty": (
        "This game breaks a colour guideline (the same colour a fourth time in a row, or "
        "one colour in more than half the rounds); no better pairing avoided it."
    ),
    "mcmahon_not_ideal": (
        "This is not the usual top-half-against-bottom-half game of the group: the "
        "usual opponents had been met or were needed for other games."
    ),
    "mcmahon_avoided": (
        "The two players have the same {what}, which the pairing avoids early in the "
        "event where it can; the pairing with the smallest penalty still has it."
    ),
    # -- TCEC ----------------------------------------------------------------------------
    "tcec_skip_met": "{player} cannot play {other}: they met in round {round}.",
    "tcec_skip_forbidden": "{player} cannot play {other}: the pair is forbidden.",
    "tcec_skip_colour": (
        "{player} cannot play {other}: both have had white too often (the colour balance rule)."
    ),
    "tcec_skip_rest": (
        "{player} does not play {other}: the rest of the list could then not be paired."
    ),
    "tcec_next": "{player} plays the next player in the list that may be met, {opponent}.",
    # -- Netrunner -----------------------------------------------------------------------
    "netrunner_meeting": "This is their {ordinal} meeting: no better pairing avoided it.",
    "netrunner_cross": (
        "{player} plays down against {opponent} ({groups} score group{plural} apart); "
        "no better pairing kept both in their own group."
    ),
    "score_order_next": (
        "{player} plays {opponent}, the highest-placed player further down the list not met yet."
    ),
    "score_order_rematch": (
        "{player} has met every player further down the list, and so plays the next "
        "one, {opponent}, again."
    ),
    # -- byes ----------------------------------------------------------------------------
    "bye_lowest": (
        "{player} gets the pairing-allocated bye (a point without playing): the lowest "
        "score that still lets everybody else be paired, among the players who have not "
        "had a pairing-allocated bye or a win without playing."
    ),
    "bye_lowest_placed": (
        "{player} gets the pairing-allocated bye (a point without playing): the "
        "lowest-placed player who has not had one yet."
    ),
    "bye_fewest_unplayed": (
        "Among the players of that score, the bye goes to the one with the fewest "
        "rounds without a game."
    ),
    "bye_forced_other": (
        "{player} gets the bye although {other} was placed lower: without {other}, the "
        "others could not all be paired."
    ),
    "bye_volunteer": "{player} gets the bye, having volunteered for it.",
    "bye_fewest_byes": (
        "{player} gets the bye: the lowest in the pairing order among the players with "
        "the fewest byes so far ({count})."
    ),
    "bye_netrunner": (
        "{player} gets the bye: the best pairing by the criteria gives it here (the "
        "bye goes to a player of the lowest score without an earlier bye where possible)."
    ),
    # -- Burstein ------------------------------------------------------------------------
    "burstein_method": (
        "Players are paired inside score groups (players with the same score), from the "
        "top group down. Inside a group the players are listed by the strength of their "
        "opponents so far (Sonneborn-Berger, then Buchholz, then median Buchholz, then "
        "pairing number), and the top of the list plays the bottom: each player meets "
        "the lowest-listed player who still lets the rest of the group be paired, with "
        "as many colour preferences granted as possible. A player who cannot be paired "
        "in the own group moves down to the next group."
    ),
    "burstein_acceleration": (
        "In rounds 1 and 2 the upper half of the players count the points of one extra "
        "win for pairing only, so that they meet each other first: {players}."
    ),
    "burstein_index": "Order of this group by the strength of the opponents: {players}.",
    "burstein_joined": (
        "Several scores were joined into this group: on their own they could not all be "
        "paired with at most one player moving down."
    ),
    "burstein_top_bottom": (
        "{player}, the highest of the list still unpaired, meets {opponent}: the "
        "lowest-listed player who still lets the rest of the group be paired with as "
        "many colour preferences granted as possible."
    ),
    "float_burstein": (
        "{player} moves down to the next group: the rest of this group could be paired "
        "only without {player}."
    ),
    "colour_burstein_index": (
        "Colours: both were due {colour} equally strongly and had the same colours in "
        "every round; the player higher in the list, {player}, gets {colour}."
    ),
    "burstein2025_method": (
        "Players are paired inside groups from the top score down; a group holds the "
        "players of one score and those who moved down to it. Inside a group the players "
        "are listed by the strength of their opponents so far (Buchholz, then "
        "Sonneborn-Berger, then pairing number). The group gets as many pairs as "
        "possible, the players who move down have the lowest scores possible and leave "
        "the next group as well paired as possible, as many colour preferences as "
        "possible are granted, and among those pairings the top of the list meets the "
        "lowest-listed player it can."
    ),
    "burstein2025_seeding": (
        "This is one of the first {count} rounds, which are paired by the Dutch system "
        "to seed the Burstein system."
    ),
    "bye_burstein2025": (
        "{player} gets the pairing-allocated bye (a point without playing): among the "
        "players who have not had one or a win without playing, and whose absence "
        "leaves the others pairable, the lowest score, then the most games played, "
        "then the lowest in the list."
    ),
    "bye_burstein": (
        "{player} gets the pairing-allocated bye (a point without playing): the last "
        "player by score and list order among those who have not had a "
        "pairing-allocated bye or a win without playing."
    ),
}

_ABSENCE_WORDS: dict[ByeKind, str] = {
    ByeKind.HALF_POINT: "half-point bye (requested)",
    ByeKind.FULL_POINT: "full-point bye (given by the organiser)",
    ByeKind.ZERO_POINT: "zero-point bye (absent)",
    ByeKind.ABSENT: "absent",
}


def reason(code: str, rule: str | None = None, **params: Any) -> dict[str, Any]:
    """One reason: a code of :data:`REASONS`, the rule that decided (printed in
    brackets, e.g. ``"rule C.5"``) and the parameters of the sentence."""
    if code not in REASONS:
        raise KeyError(f"unknown explanation code {code!r}")
    out: dict[str, Any] = {"code": code}
    if rule:
        out["rule"] = rule
    if params:
        out["params"] = dict(params)
    return out


def _details(entry: dict[str, Any]) -> dict[str, Any]:
    details: dict[str, Any] = entry.setdefault("details", {})
    return details


def _points(value: Fraction | int | str) -> str:
    return value if isinstance(value, str) else format_points(value)


class Explainer:
    """Collects the explanation of one round (used by the systems, no I/O).

    ``scores`` are the scores the system pairs by (default: the tournament's points
    before the round); ``unit`` names them ("points", "McMahon points").
    """

    def __init__(
        self,
        tournament: Tournament,
        round_number: int,
        system: str,
        title: str,
        *,
        scores: Mapping[int, Fraction] | None = None,
        unit: str = "points",
    ) -> None:
        self.tournament = tournament
        self.round = round_number
        if scores is None:
            state = tournament.state(after_round=round_number - 1)
            scores = {n: s.score for n, s in state.items()}
        self.scores = dict(scores)
        self.doc: dict[str, Any] = {
            "version": 1,
            "system": system,
            "round": round_number,
            "title": title,
            "score_unit": unit,
            "notes": [],
            "groups": [],
            "boards": [],
            "players": [],
            "bye": None,
        }
        self._players: dict[int, dict[str, Any]] = {}
        self._board_of: dict[frozenset[int], dict[str, Any]] = {}

    # -- building ----------------------------------------------------------------------

    def note(self, code: str, rule: str | None = None, **params: Any) -> None:
        """A reason about the whole round."""
        self.doc["notes"].append(reason(code, rule, **params))

    def group(
        self,
        score: Fraction | str | None,
        players: Iterable[int],
        *,
        moved_in: Iterable[int] = (),
        kind: str = "score group",
    ) -> int:
        """Start a group (score group, bracket); returns its index."""
        self.doc["groups"].append(
            {
                "score": None if score is None else _points(score),
                "kind": kind,
                "players": list(players),
                "moved_in": list(moved_in),
                "notes": [],
            }
        )
        return len(self.doc["groups"]) - 1

    def group_note(self, group: int, code: str, rule: str | None = None, **params: Any) -> None:
        self.doc["groups"][group]["notes"].append(reason(code, rule, **params))

    def detail(self, **fields: Any) -> None:
        """Facts about the whole round, as data (the document's ``details``)."""
        _details(self.doc).update(fields)

    def group_detail(self, group: int, **fields: Any) -> None:
        """Facts about a group, as data (its ``details``)."""
        _details(self.doc["groups"][group]).update(fields)

    def player_detail(self, number: int, **fields: Any) -> None:
        """Facts about a player, as data (his ``details``)."""
        _details(self.player(number)).update(fields)

    def board_detail(self, white: int, black: int, **fields: Any) -> None:
        """Facts about the board of ``white``-``black``, as data (its ``details``)."""
        _details(self.board(white, black)).update(fields)

    def player(self, number: int) -> dict[str, Any]:
        """The entry of ``number`` (created on first use)."""
        entry = self._players.get(number)
        if entry is None:
            entry = {
                "number": number,
                "name": self.tournament.player(number).name,
                "score": _points(self.scores.get(number, Fraction(0))),
                "status": "absent",
                "board": None,
                "colour": None,
                "opponent": None,
                "group": None,
                "float": None,
                "colour_due": None,
                "colour_strength": None,
                "colour_granted": None,
                "reasons": [],
            }
            self._players[number] = entry
        return entry

    def because(self, number: int, code: str, rule: str | None = None, **params: Any) -> None:
        """A reason about one player (shown with the player's board or bye)."""
        self.player(number)["reasons"].append(reason(code, rule, **params))

    def set(self, number: int, **fields: Any) -> None:
        """Set fields of a player's entry (``group``, ``float``, ``colour_due``...)."""
        entry = self.player(number)
        for key, value in fields.items():
            if key not in entry:
                raise KeyError(f"unknown player field {key!r}")
            entry[key] = value

    def board(self, white: int, black: int, group: int | None = None) -> dict[str, Any]:
        """The board of ``white``-``black`` (numbered by :meth:`finish`)."""
        key = frozenset((white, black))
        entry = self._board_of.get(key)
        if entry is None:
            entry = {"board": None, "white": white, "black": black, "group": group, "notes": []}
            self._board_of[key] = entry
        elif group is not None:
            entry["group"] = group
        return entry

    def board_note(
        self, white: int, black: int, code: str, rule: str | None = None, **params: Any
    ) -> None:
        self.board(white, black)["notes"].append(reason(code, rule, **params))

    def finish(self, pairing: Pairing) -> dict[str, Any]:
        """Number the boards as published, fill every player's status (paired, bye,
        absent) and return the explanation."""
        boards: list[dict[str, Any]] = []
        for index, b in enumerate(pairing.boards, 1):
            entry = self.board(b.white, b.black)
            entry.update(board=index, white=b.white, black=b.black)
            boards.append(entry)
            for number, colour, opponent in (
                (b.white, Colour.WHITE, b.black),
                (b.black, Colour.BLACK, b.white),
            ):
                p = self.player(number)
                p.update(status="paired", board=index, opponent=opponent)
                p["colour"] = "white" if colour is Colour.WHITE else "black"
                if p["group"] is None:
                    p["group"] = entry["group"]
                if p["colour_due"] is not None and p["colour_granted"] is None:
                    p["colour_granted"] = p["colour_due"] == p["colour"]
        self.doc["boards"] = boards
        if pairing.bye is not None:
            self.player(pairing.bye)["status"] = "bye"
            self.doc["bye"] = pairing.bye
        rnd = self.tournament.round(self.round)
        for player in self.tournament.players:
            entry = self.player(player.number)
            if entry["status"] == "absent":
                kind = rnd.byes.get(player.number)
                if kind is not None and kind in _ABSENCE_WORDS:
                    entry["absence"] = _ABSENCE_WORDS[kind]
                elif not player.available_in(self.round):
                    entry["absence"] = "not taking part in this round"
                else:
                    entry["absence"] = "not paired"
        self.doc["players"] = [self._players[n] for n in sorted(self._players)]
        return self.doc


def validate(doc: Mapping[str, Any], expected_players: Sequence[int] | None = None) -> list[str]:
    """Structural problems of an explanation (empty: fine). ``expected_players``: every
    player of the tournament, each of whom must be accounted for."""
    problems: list[str] = []
    for key in ("version", "system", "round", "title", "notes", "groups", "boards", "players"):
        if key not in doc:
            problems.append(f"missing key {key!r}")
    if problems:
        return problems
    numbers = [int(p["number"]) for p in doc["players"]]
    if len(set(numbers)) != len(numbers):
        problems.append("a player is listed twice")
    by_number = {int(p["number"]): p for p in doc["players"]}
    for p in doc["players"]:
        if p.get("status") not in ("paired", "bye", "absent"):
            problems.append(f"player {p.get('number')}: status {p.get('status')!r}")
    seen: set[int] = set()
    for board in doc["boards"]:
        for side in ("white", "black"):
            n = int(board[side])
            if n in seen:
                problems.append(f"player {n} on two boards")
            seen.add(n)
            if by_number.get(n, {}).get("status") != "paired":
                problems.append(f"player {n} on board {board.get('board')} not 'paired'")
    if doc.get("bye") is not None and by_number.get(int(doc["bye"]), {}).get("status") != "bye":
        problems.append("the bye player is not marked 'bye'")
    if expected_players is not None:
        missing = sorted(set(expected_players) - set(by_number))
        if missing:
            problems.append(f"players not accounted for: {missing}")
    for where, entry in _all_entries(doc):
        if "details" in entry and not (
            isinstance(entry["details"], Mapping)
            and all(isinstance(key, str) for key in entry["details"])
        ):
            problems.append(f"{where}: details must be an object")
    for item in _all_reasons(doc):
        if item.get("code") not in REASONS:
            problems.append(f"unknown reason code {item.get('code')!r}")
    return problems


def _all_entries(doc: Mapping[str, Any]) -> Iterable[tuple[str, Mapping[str, Any]]]:
    yield "the round", doc
    for index, group in enumerate(doc.get("groups", [])):
        yield f"group {index}", group
    for board in doc.get("boards", []):
        yield f"board {board.get('board')}", board
    for p in doc.get("players", []):
        yield f"player {p.get('number')}", p


def _all_reasons(doc: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    yield from doc.get("notes", [])
    for group in doc.get("groups", []):
        yield from group.get("notes", [])
    for board in doc.get("boards", []):
        yield from board.get("notes", [])
    for p in doc.get("players", []):
        yield from p.get("reasons", [])
