"""One backend switch: ``FAIRPAIR_MATCHING=python`` is honoured by every system's
matching, the Dutch bracket graphs included (it used to be ignored there)."""

from __future__ import annotations

import pytest

from fairpair.systems import get_system
from fairpair.systems.dutch import graph
from fairpair.workflow.generator import GeneratorConfig, generate


def test_dutch_pairs_without_the_compiled_graph_when_python_is_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = generate("dutch-2026", GeneratorConfig(players=21, rounds=4, seed=3))
    before = t.replace(rounds=t.rounds[:3])
    compiled = get_system("dutch-2026").pair(before, 4)

    def refuse(*args: object) -> None:
        raise AssertionError("the compiled bracket graph was built")

    monkeypatch.setenv("FAIRPAIR_MATCHING", "python")
    monkeypatch.setattr(graph, "CompiledGraph", refuse)
    assert get_system("dutch-2026").pair(before, 4) == compiled
