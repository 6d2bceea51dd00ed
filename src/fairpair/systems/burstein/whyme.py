""" "Why me?" for the Burstein explanation: who would get the pairing-allocated bye
in the player's place, and the rule that decided against him; whose colour
preference wins on a board, and the colour rule that decided.

The bye is not chosen by an optimisation but by a fixed procedure (both editions), so
the alternative is the candidate the procedure ranks next to the player:

* text until 30 June 2025 (C.04.1 c-d with the engine's step 1): the bye goes to the
  last player by score and index order who may receive it. The alternative is the
  player just below him when there is one (he may not receive it: C.04.1 d, an
  earlier pairing-allocated bye or a win without playing), else the nearest player
  above him who may (he is higher by score, or by the index order);
* text from 1 July 2025 (3.1): the candidates are sorted by 3.1.3-3.1.5; a candidate
  ahead of the player whose absence leaves the others unpairable is named with 3.1.2,
  else the next candidate after him: with 3.1.2 if his absence leaves the others
  unpairable too, else with the first of 3.1.3 (score), 3.1.4 (games played), 3.1.5
  (ranking 1.8) on which they differ.

Only computed for ``--explain`` (one sort, and for 2025 at most one pairability check
per candidate ahead of the bye, as the engine did, and one for the next).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key
from typing import Any

from fairpair.model import format_points
from fairpair.systems.burstein.engine import _by_score_then_index
from fairpair.systems.burstein.index import IndexScores
from fairpair.systems.burstein.rules2025 import Ranking, _lowest_first, _perfect
from fairpair.systems.dutch.players import PlayerFacts

__all__ = ["ByeWhy", "bye_why_2024", "bye_why_2025"]


@dataclass(frozen=True)
class ByeWhy:
    """The alternative to ``bye`` getting the bye: ``other`` would get it; ``criterion``
    is the key of the deciding rule (``eligible``, ``pairable``, ``score``, ``games``,
    ``order``), ``rule`` its number, ``chosen`` and ``alternative`` the values compared
    (None where the rule is a yes/no)."""

    bye: int
    other: int
    criterion: str
    rule: str
    chosen: Any = None
    alternative: Any = None

    def as_json(self) -> dict[str, Any]:
        """The ``details.why`` of the bye."""
        return {
            "decision": "bye",
            "computed": True,
            "alternative": {"bye": self.other},
            "criterion": self.criterion,
            "rule": self.rule,
            "chosen": _plain(self.chosen),
            "alternative_value": _plain(self.alternative),
        }


def _plain(value: Any) -> Any:
    """A score as the explanation writes it ("1.5"); other values as they are."""
    return format_points(value) if isinstance(value, Fraction) else value


def score_index_order(
    facts: Mapping[int, PlayerFacts], index: Mapping[int, IndexScores]
) -> list[int]:
    """The players by descending score, then the index order (the engine's order)."""

    def compare(a: int, b: int) -> int:
        return _by_score_then_index(index, a, b)

    return sorted(facts, key=cmp_to_key(compare))


def bye_why_2024(
    facts: Mapping[int, PlayerFacts], index: Mapping[int, IndexScores], bye: int
) -> ByeWhy | None:
    """The alternative to ``bye`` (text until 30 June 2025); None if he is alone."""
    order = score_index_order(facts, index)
    at = order.index(bye)
    if at + 1 < len(order):  # the player just below him may not have it
        return ByeWhy(bye, order[at + 1], "eligible", "C.04.1 d")
    above = [n for n in order[:at] if facts[n].pab_eligible]
    if not above:
        return None
    other = above[-1]
    if facts[other].score != facts[bye].score:
        return ByeWhy(bye, other, "score", "C.04.1 c", facts[bye].score, facts[other].score)
    return ByeWhy(bye, other, "order", "C.04.1 c", at + 1, order.index(other) + 1)


def bye_why_2025(
    facts: Mapping[int, PlayerFacts],
    ranking: Mapping[int, Ranking],
    forbidden: frozenset[frozenset[int]],
    bye: int,
) -> ByeWhy | None:
    """The alternative to ``bye`` (text from 1 July 2025, 3.1); None if none."""
    candidates = sorted(
        (f for f in facts.values() if f.pab_eligible),
        key=lambda f: (f.score, -len(f.history), _lowest_first(ranking[f.number])),
    )
    numbers = [f.number for f in candidates]
    at = numbers.index(bye)
    if at > 0:  # the candidate just ahead of him was passed over: 3.1.2
        return ByeWhy(bye, numbers[at - 1], "pairable", "C.04.4.2 (2025) 3.1.2")
    if at + 1 >= len(numbers):
        return None
    me, other = candidates[at], candidates[at + 1]
    rest = [f for f in facts.values() if f.number != other.number]
    if not _perfect(rest, forbidden):  # he comes after, and fails 3.1.2 as well
        return ByeWhy(bye, other.number, "pairable", "C.04.4.2 (2025) 3.1.2")
    if me.score != other.score:
        return ByeWhy(bye, other.number, "score", "C.04.4.2 (2025) 3.1.3", me.score, other.score)
    if len(me.history) != len(other.history):
        return ByeWhy(
            bye,
            other.number,
            "games",
            "C.04.4.2 (2025) 3.1.4",
            len(me.history),
            len(other.history),
        )
    place = {r.number: i + 1 for i, r in enumerate(sorted(ranking.values(), key=Ranking.key))}
    return ByeWhy(
        bye, other.number, "order", "C.04.4.2 (2025) 3.1.5", place[bye], place[other.number]
    )


def pairable_without(
    facts: Mapping[int, PlayerFacts], forbidden: frozenset[frozenset[int]], number: int
) -> bool:
    """Whether everybody but ``number`` can be paired (3.1.2; for tests)."""
    return _perfect([f for f in facts.values() if f.number != number], forbidden)
