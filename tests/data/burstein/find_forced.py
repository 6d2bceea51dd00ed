"""List the stored Burstein rounds whose legal pairing is unique (no rematch, no
forbidden pair, no two equal absolute colour preferences, the bye to an eligible
player): the rounds both editions must pair alike (``forced.txt``). Run from the
repository root with ``PYTHONPATH=src``; prints the count, then the cases."""

import time
from pathlib import Path

from fairpair.formats import load_tournament
from fairpair.systems.dutch.players import player_facts
from fairpair.systems.dutch.rules import RULES_2026


def count_pairings(t, rnd, cap=2):
    present = t.present_players(rnd)
    facts = player_facts(t, rnd, present, rules=RULES_2026)
    nums = sorted(facts)
    forb = t.forbidden_pairs

    def ok(a, b):
        fa, fb = facts[a], facts[b]
        if b in fa.played_opponents or frozenset((a, b)) in forb:
            return False
        return not (
            fa.preference.absolute
            and fb.preference.absolute
            and fa.preference.colour is fb.preference.colour
        )

    count = 0

    def rec(rest):
        nonlocal count
        if count >= cap:
            return
        if not rest:
            count += 1
            return
        a = rest[0]
        for b in rest[1:]:
            if ok(a, b):
                rec([x for x in rest[1:] if x != b])
                if count >= cap:
                    return

    if len(nums) % 2:
        for bye in nums:
            if facts[bye].pab_eligible:
                rec([x for x in nums if x != bye])
    else:
        rec(nums)
    return count


forced = []
total = 0
t0 = time.time()
for s in ("public", "lichess", "large", "sweep"):
    for f in sorted(Path("tests/data/burstein", s).glob("*.trf")):
        t, _ = load_tournament(f)
        rnd = t.next_round()
        if len(t.present_players(rnd)) > 40:
            continue
        total += 1
        if count_pairings(t, rnd) == 1:
            forced.append(f"{s}/{f.stem}")
print(total, len(forced), time.time() - t0)
print("\n".join(forced))
