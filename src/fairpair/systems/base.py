"""The contract every pairing system fulfils."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from fairpair.model import ByeKind, Pairing, Round, Tournament

__all__ = ["PairingSystem", "check_by_repairing", "compare_pairings"]


@runtime_checkable
class PairingSystem(Protocol):
    """A pairing system: ``pair`` computes one round from the rounds before it.

    ``pair(tournament, round_number)`` must use only rounds ``1..round_number-1`` and the
    pre-set unplayed entries (byes, absences) of round ``round_number``; it returns the
    boards (white first) and the pairing-allocated bye. It raises
    :class:`fairpair.errors.NoPairingError` when no legal pairing exists. Systems are
    deterministic given the tournament and their options (including any seed).

    ``check(tournament, round_number)`` returns human-readable problems with the
    pairing stored in the tournament for that round (empty list: correct).
    """

    name: str

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing: ...

    def check(self, tournament: Tournament, round_number: int) -> list[str]: ...


def compare_pairings(expected: Pairing, actual: Pairing, label: str | None = None) -> list[str]:
    """Differences between two pairings of one round, as sentences (empty: identical
    pairs, colours and bye; board order is not compared). Each sentence starts with
    ``label`` (default ``"round N"``)."""
    label = label or f"round {expected.round}"
    problems: list[str] = []
    exp, act = expected.pairs(), actual.pairs()
    for white, black in sorted(exp - act):
        problems.append(f"{label}: expected {white}-{black}, not in the file")
    for white, black in sorted(act - exp):
        problems.append(f"{label}: file has {white}-{black}, not expected")
    if expected.bye != actual.bye:
        problems.append(
            f"{label}: expected bye {expected.bye or 'none'}, file has {actual.bye or 'none'}"
        )
    return problems


def check_by_repairing(
    system: PairingSystem, tournament: Tournament, round_number: int
) -> list[str]:
    """``system.check`` for a deterministic system: re-pair ``round_number`` from the
    rounds before it and the byes and absences entered for it (not the pairing-allocated
    bye), and compare with the stored pairing."""
    earlier = tournament.replace(rounds=tournament.rounds[: round_number - 1])
    pre_set = tournament.round(round_number)
    absences = {n: k for n, k in pre_set.byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
    if absences:
        earlier = earlier.with_round(Round(number=round_number, byes=absences))
    return compare_pairings(system.pair(earlier, round_number), tournament.pairing_of(round_number))
