"""The system registry: lookup, clear errors for unknown / unimplemented systems."""

from __future__ import annotations

import pytest

from fairpair.errors import SystemNotAvailable
from fairpair.systems import get_system
from fairpair.workflow.generator import GeneratorConfig, generate


def test_unknown_system_names_the_known_ones() -> None:
    with pytest.raises(SystemNotAvailable, match="expected one of: dutch"):
        get_system("swiss-perfect")


def test_unimplemented_system_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from fairpair.systems import SYSTEMS

    # Every registered system is implemented now: register one that is not.
    monkeypatch.setitem(SYSTEMS, "future-system", None)
    with pytest.raises(SystemNotAvailable, match="not implemented yet"):
        get_system("future-system")


def test_score_order_exerciser_pairs_a_generated_tournament() -> None:
    t = generate("score-order", GeneratorConfig(players=9, rounds=5, seed=11, bye_rate=0.1))
    assert t.rounds_played == 5
    system = get_system("score-order")
    for rnd in range(1, 6):
        assert system.check(t.replace(rounds=t.rounds[:rnd]), rnd) == []
        paired = [p for b in t.pairing_of(rnd).boards for p in (b.white, b.black)]
        assert len(paired) == len(set(paired))


def test_generator_is_deterministic() -> None:
    config = GeneratorConfig(players=8, rounds=3, seed=5, forfeit_rate=0.2, absence_rate=0.1)
    assert generate("score-order", config) == generate("score-order", config)
