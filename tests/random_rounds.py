"""Random Dutch rounds for tests that pair the same round two ways and compare.

:func:`random_rounds` generates tournaments with the engine and cuts each before some of
its rounds, keeping the absences already known for that round (the byes other than the
pairing-allocated one), as a TD would have it before pairing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from fairpair.generator import GeneratorConfig, generate
from fairpair.model import Round, Tournament


def cut_before(full: Tournament, rnd: int) -> Tournament:
    """``full`` before round ``rnd`` is paired, with that round's known absences."""
    known = {n: k for n, k in full.round(rnd).byes.items() if k.value != "U"}
    cut = full.replace(rounds=full.rounds[: rnd - 1])
    return cut.with_round(Round(number=rnd, byes=known)) if known else cut


def random_rounds(
    count: int,
    seed: int,
    config: Callable[[random.Random], GeneratorConfig],
    rounds: Callable[[random.Random, int], Iterable[int]],
) -> Iterator[tuple[Tournament, int]]:
    """``count`` rounds in all: tournaments made from ``config(rng)`` (skipped when the
    generator finds no legal pairing for a late round of a small field), each cut
    before the rounds ``rounds(rng, played)`` picks."""
    rng = random.Random(seed)
    produced = 0
    while produced < count:
        settings = config(rng)
        try:
            full = generate("dutch", settings)
        except Exception:  # no legal pairing for a late round of a small field
            continue
        for rnd in rounds(rng, len(full.rounds)):
            yield cut_before(full, rnd), rnd
            produced += 1
            if produced >= count:
                return
