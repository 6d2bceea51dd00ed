"""The compiled Netrunner graph pairs exactly like the Python edge tuples.

``RoundProblem.solve`` builds the round's matching graph in the compiled extension
(``NetrunnerGraph``: per-player costs, one 32-bit word per pair, the noise drawn in C++
from the state of the engine's generator) unless ``netrunner.GRAPH = "python"``, the
reference: every slot as a Python tuple with its integer weight, solved by
``max_weight_matching``. The compiled graph must draw the same noise, choose the same
sides, give the same weights and run the same matcher, so the pairing is the same
``Pairing`` (boards, sides, bye, info), including which optimum among equal ones.
Checked on random fields (rematches, forfeits, absences, byes, forbidden pairs, the
options, double-sided rounds) with the dense weight matrix, over the implicit graph
(``DENSE_BYTES = 0``) and with the graph refusing (as when the weights are too wide
for it); on random slot costs of every width against the reference matching; and the
generator against ``random.Random.getrandbits``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fairpair.errors import NoPairingError
from fairpair.matching import MAX_WEIGHT_BITS
from fairpair.model import Pairing, Tournament
from fairpair.systems import netrunner as nr
from helpers import build, history, play

pytestmark = pytest.mark.skipif(
    nr._NetrunnerGraph is None, reason="the compiled extension is not built"
)


# ---------------------------------------------------------------- the generator


@pytest.mark.parametrize("seed", range(40))
def test_mt19937_reproduces_getrandbits(seed: int) -> None:
    from fairpair.matching._blossom import mt19937_bits

    rng = random.Random(f"fairpair-netrunner:{seed}:{seed % 7 + 1}")
    for _ in range(6):
        # start anywhere in the 624-word block: at its start, inside, at its end
        skip = rng.choice([0, 1, 311, 622, 623, 624, rng.randrange(2000)])
        for _ in range(skip):
            rng.getrandbits(32)
        bits = rng.choice([1, 7, 20, 31, 32, rng.randrange(1, 33)])
        count = rng.choice([1, 623, 624, 625, 1500])
        state = list(rng.getstate()[1])
        assert mt19937_bits(state, bits, count) == [rng.getrandbits(bits) for _ in range(count)]


def test_mt19937_rejects_a_bad_state() -> None:
    from fairpair.matching._blossom import mt19937_bits

    state = list(random.Random(1).getstate()[1])
    with pytest.raises(ValueError):
        mt19937_bits(state[:-1], 20, 1)
    with pytest.raises(ValueError):
        mt19937_bits([*state[:-1], 625], 20, 1)
    with pytest.raises(ValueError):
        mt19937_bits(state, 33, 1)


# ---------------------------------------------------------------- the engine's rounds


class Refusing:
    """A compiled graph that finds the weights too wide: the Python edges solve it."""

    def __init__(self, **kwargs: Any) -> None:
        raise OverflowError("as if wider than the compiled matcher")


def outcome(
    t: Tournament, rnd: int, mode: str, monkeypatch: pytest.MonkeyPatch, **options: Any
) -> Pairing | tuple[str, str]:
    """The pairing (or the error) with the graph built by ``mode``."""
    monkeypatch.setattr(nr, "GRAPH", "python" if mode == "python" else "auto")
    monkeypatch.setattr(nr, "DENSE_BYTES", 0 if mode == "implicit" else 256 << 20)
    made: list[Any] = []
    if mode == "refused":
        monkeypatch.setattr(nr, "_NetrunnerGraph", Refusing)
    elif mode != "python":
        graph_type = nr._NetrunnerGraph

        class Recorded(graph_type):  # type: ignore[misc, valid-type]
            def __init__(self, **kwargs: Any) -> None:
                super().__init__(**kwargs)
                made.append(self)

        monkeypatch.setattr(nr, "_NetrunnerGraph", Recorded)
    try:
        result: Pairing | tuple[str, str] = nr.NetrunnerSystem(**options).pair(t, rnd)
    except NoPairingError as exc:
        result = ("no pairing", str(exc))
    finally:
        monkeypatch.undo()
    if mode in ("dense", "implicit"):
        assert len(made) == 1 and made[0].implicit == (mode == "implicit")
    return result


def field(seed: int) -> tuple[Tournament, int, dict[str, Any]]:
    """A random field, the round to pair and the system's options."""
    rng = random.Random(seed)
    players = rng.choice([1, 2, 3, rng.randrange(4, 40), rng.randrange(40, 130)])
    rounds = rng.randrange(0, 9 if players < 40 else 6)
    if players < 4 or rounds == 0:
        t = build(players, [])
    else:
        t, _ = history(seed, players, rounds, engine_share=rng.choice([0.0, 0.5, 1.0]))
    if rng.random() < 0.3 and players >= 4:
        numbers = [p.number for p in t.players]
        pairs = {frozenset(rng.sample(numbers, 2)) for _ in range(rng.randrange(1, 6))}
        t = t.replace(forbidden_pairs=frozenset(pairs))
    options: dict[str, Any] = {"seed": rng.randrange(1000)}
    if rng.random() < 0.3:
        options["last_round"] = True
    if rng.random() < 0.3:
        options["no_bye_after_forfeit_win"] = True
    if rng.random() < 0.2:
        options["explain"] = True
    return t, rounds + 1, options


def double_field(seed: int) -> tuple[Tournament, int]:
    """A double-sided tournament after a few engine-paired rounds."""
    rng = random.Random(seed)
    t = build(rng.randrange(2, 30), []).replace(double_rounds=True)
    system = nr.NetrunnerSystem(seed=seed)
    rnd = 1
    for _ in range(rng.randrange(0, 4)):
        t = play(t, system.pair(t, rnd), rng, forfeits=0.1)
        rnd += 2
    return t, rnd


def check_seed(seed: int, monkeypatch: pytest.MonkeyPatch, modes: tuple[str, ...]) -> None:
    t, rnd, options = field(seed)
    reference = outcome(t, rnd, "python", monkeypatch, **options)
    for mode in modes:
        assert outcome(t, rnd, mode, monkeypatch, **options) == reference, (seed, mode)
    if seed % 4 == 0:
        t, rnd = double_field(seed)
        reference = outcome(t, rnd, "python", monkeypatch, seed=seed)
        for mode in modes:
            assert outcome(t, rnd, mode, monkeypatch, seed=seed) == reference, (seed, mode)


@pytest.mark.parametrize("seed", range(150))
def test_compiled_graph_pairs_like_python_edges(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    check_seed(seed, monkeypatch, ("dense", "implicit") + (("refused",) if seed < 20 else ()))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(150, 1000))
def test_compiled_graph_pairs_like_python_edges_more(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_seed(seed, monkeypatch, ("dense", "implicit"))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "played"), [(400, 5), (601, 3), (1201, 6)])
def test_compiled_graph_pairs_like_python_edges_large(
    players: int, played: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    t, _ = history(players, players, played, engine_share=0.0)
    reference = outcome(t, played + 1, "python", monkeypatch, seed=played)
    assert outcome(t, played + 1, "implicit", monkeypatch, seed=played) == reference
    assert outcome(t, played + 1, "dense", monkeypatch, seed=played) == reference


# ---------------------------------------------------------------- random slot costs


def random_costs(rng: random.Random, n: int, bits: int) -> nr._SlotCosts:
    """Slot costs of up to ``bits`` bits, with few distinct values (many ties between
    the two side assignments and between pairings) or many."""
    width = rng.randrange(1, bits + 1)
    choices = [rng.getrandbits(width) for _ in range(rng.choice([2, 5, 50]))]

    def cost() -> int:
        return rng.choice(choices) << rng.choice([0, 0, 20, rng.randrange(0, 40)])

    groups = [rng.randrange(0, 4) for _ in range(n)]
    extra: dict[tuple[int, int], int] = {}
    for _ in range(rng.randrange(0, 2 * n + 1)):
        if n >= 2:
            i, j = sorted(rng.sample(range(n), 2))
            extra[i, j] = cost()
    costs = [cost() for _ in range(5 * n + 4)]
    top = 1 << (max(c.bit_length() for c in costs + list(extra.values())) + 3)
    if rng.random() < 0.1:
        top = rng.choice(costs)  # some weights <= 0: maximum cardinality still counts them
    return nr._SlotCosts(
        corp=[cost() for _ in range(n)],
        runner=[cost() for _ in range(n)],
        groups=groups,
        crossing=[0, cost(), cost(), cost()],
        extra=extra,
        bye=[cost() for _ in range(n)] if n % 2 else [],
        top=top,
    )


@pytest.mark.parametrize("seed", range(200))
def test_random_slot_costs_of_every_width(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    n = rng.choice([1, 2, 3, rng.randrange(4, 12), rng.randrange(12, 70)])
    bits = rng.choice([10, 60, 120, 250, 500, 900])
    costs = random_costs(rng, n, bits)
    state = random.Random(f"fairpair-netrunner:{seed}:1")
    before = state.getstate()
    mate, slot = nr._match_python(costs, random.Random(f"fairpair-netrunner:{seed}:1"))
    for limit in (256 << 20, 0):
        monkeypatch.setattr(nr, "DENSE_BYTES", limit)
        found = nr._match_compiled(costs, state)
        assert found is not None
        assert found[0] == mate, (seed, limit)
        for i in range(n):
            for j in range(i + 1, n + n % 2):
                assert found[1](i, j) == slot(i, j), (seed, i, j)
    assert state.getstate() == before  # the engine's generator is left as it was


def test_too_wide_for_the_compiled_graph() -> None:
    # weights of more than MAX_WEIGHT_BITS bits: the graph refuses, the engine's
    # fallback (the Python edges, then the pure-Python matcher) takes over
    rng = random.Random(5)
    costs = random_costs(rng, 9, 60)
    costs.top = 1 << (MAX_WEIGHT_BITS - 2)
    assert nr._match_compiled(costs, rng) is None
    costs.top = 1 << 900
    assert nr._match_compiled(costs, rng) is not None
