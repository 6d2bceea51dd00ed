"""``dutch-legacy`` against the reference on rounds of random tournaments (issue 31).

``tests/data/dutch-legacy-random/reference.jsonl.gz`` holds random tournaments (seeded,
made by ``make_reference.py`` in that directory) whose every round was paired by the
reference, JaVaFo 1.4 (Build 1913): one JSON line per tournament with the whole
tournament as TRF and, per round, the reference's output. Each round is cut from the
tournament as a TD has it before pairing (the rounds before, the absences and
half-point byes already known) and paired by the engine; pairs, colours and the bye
must be the reference's.

The rounds where the engine still differs are listed in :data:`STILL_DIFFERENT` (see
docs/dutch-legacy.md, "What remains"): the test fails when another round differs and
when a listed round no longer does (then the list must shrink).
"""

from __future__ import annotations

import gzip
import json
import multiprocessing as mp
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from fairpair.errors import NoPairingError
from fairpair.formats.trf import loads
from fairpair.model import Round, Tournament
from fairpair.systems.dutch_legacy import DutchLegacySystem

DATA = Path(__file__).parent / "data" / "dutch-legacy-random" / "reference.jsonl.gz"
#: A second set made afterwards (seeds 3001-3150), kept apart from the choice of
#: readings: a check on rounds not looked at.
DATA2 = DATA.with_name("reference2.jsonl.gz")
#: A third set (seeds 5001-5150), made before the "keep" part of reading 13 was chosen
#: and never used to choose it: the honest measure of that change (18 rounds differed
#: before it and 18 after). The "no downfloat between the parts of a split join" part
#: (issue 31, fifth pass) made 1 more differ here (19; sets 1 and 2: 3 fewer, none more);
#: the "joint" part 2 fewer (17; sets 1 and 2: 5 fewer, none more). The conditions of
#: the joint part were chosen looking at the rounds of all three sets, so this set is
#: no clean check of that part. The "bye of a split join" part (issue 31, sixth pass)
#: made 1 fewer differ (16; sets 1 and 2: 2 fewer, none more), the "moved-down floater
#: to the bye" part 2 fewer (14; set 1: 1 fewer, none more), "upfloaters in a split
#: join" 2 fewer (12; set 2: 1 fewer, none more); all three were chosen looking at all
#: three sets.
DATA3 = DATA.with_name("reference3.jsonl.gz")
#: A fourth set (seeds 7001-7150), made at the start of issue 31's sixth pass and kept
#: from everyone choosing its readings: the clean check of that pass (10 rounds
#: differed before it). Two of its rounds (7014 r8, 7075 r8) were then used to refine
#: readings 14 "better" and 21, so it is no clean check of those two any more.
DATA4 = DATA.with_name("reference4.jsonl.gz")
#: A fifth set (seeds 9001-9150), made during issue 31's sixth pass and never shown to
#: anyone choosing a reading: the clean check of that pass (18 rounds differed before it).
DATA5 = DATA.with_name("reference5.jsonl.gz")
#: A sixth set (seeds 11001-11150), made at the start of issue 31's seventh pass and
#: used in it: its one round that differed without C.13 (11038 r8) gave reading 22,
#: and its rounds were looked at (so it is no clean check of that pass).
DATA6 = DATA.with_name("reference6.jsonl.gz")
#: A seventh set (seeds 13001-13150), made during issue 31's seventh pass and never
#: looked at round by round: the clean check of that pass (9 rounds differed before
#: it, 7 after: 13143 r11 and 13019 r10 fixed, none newly differing).
DATA7 = DATA.with_name("reference7.jsonl.gz")
#: An eighth set (seeds 15001-15150), made at the end of issue 31's seventh pass, after
#: every reading of it was chosen: its clean check (10 rounds differed on the engine of
#: the start of the pass, 6 after it: 5 fixed, 15044 r8 newly differing by reading 24).
DATA8 = DATA.with_name("reference8.jsonl.gz")
#: A ninth set (seeds 17001-17150), made at the end of the seventh pass and held out
#: as the veto of the eighth: 11 rounds differed at its start, 9 after it (17027 r9,
#: 17146 r8, 17148 r7 fixed; 17113 r9 newly differing by reading 26, the one round of
#: the set looked at, shrunk to `steps/c13jointp0x.txt`; fixed again by reading 29; the
#: second wave's readings 29 and 30 fixed 17031 r8, 17056 r9 and 17113 r9: 6 differ).
DATA9 = DATA.with_name("reference9.jsonl.gz")
#: A tenth set (seeds 19001-19150), made at the start of issue 31's eighth pass and
#: never looked at round by round: its clean check (4 rounds differed before the pass,
#: 2 after it: 19088 r9 and 19145 r7 fixed, none newly differing).
DATA10 = DATA.with_name("reference10.jsonl.gz")
#: Sets eleven to thirteen (seeds 25001-25150, 27001-27150, 29001-29150), made in the
#: eighth and ninth passes and held out of the project as those passes' veto: only their
#: counts were taken, and a round a reading fixed or broke on them was looked at; added
#: here at the start of the tenth pass (7 rounds of 3,032 differed then).
DATA11 = DATA.with_name("reference11.jsonl.gz")
DATA12 = DATA.with_name("reference12.jsonl.gz")
DATA13 = DATA.with_name("reference13.jsonl.gz")
#: A fourteenth set (seeds 31001-31150), made at the start of the tenth pass and held out
#: as its veto (only counts taken); added at its end (6 rounds differed at its start, 5
#: at its end).
DATA14 = DATA.with_name("reference14.jsonl.gz")
#: A fifteenth set (seeds 33001-33150), made at the end of the tenth pass and held out as
#: the clean measure of its readings (2 rounds differed before and after it; it vetoed
#: reading 44); added at the start of the eleventh pass.
DATA15 = DATA.with_name("reference15.jsonl.gz")
#: A sixteenth set (seeds 35001-35150), made at the start of the eleventh pass and held
#: out as its veto (only counts taken: 1 round differed at its start, none at its end);
#: added at the end of the pass.
DATA16 = DATA.with_name("reference16.jsonl.gz")
#: A seventeenth set (seeds 37001-37150), made at the end of the eleventh pass and held
#: out as the twelfth pass's veto (only counts taken: none differed at its start or end);
#: added at the end of the twelfth pass.
DATA17 = DATA.with_name("reference17.jsonl.gz")
#: An eighteenth set (seeds 39001-39150), made at the start of the twelfth pass and held
#: out as its clean measure (only counts taken: 2 rounds differed at its start, 1 at its
#: end); the thirteenth pass's working set (39014 r11 led to reading 60); added at its end.
DATA18 = DATA.with_name("reference18.jsonl.gz")
#: A twentieth set (seeds 43001-43150), made at the start of the thirteenth pass as a
#: working set (43002 r9 led to reading 61, 43062 r11 to reading 62); added at its end.
#: The nineteenth (seeds 41001-41150) is held out of the project as that pass's clean
#: measure.
DATA20 = DATA.with_name("reference20.jsonl.gz")
#: A twenty-first and a twenty-second set (seeds 45001-45150, 47001-47150), made during
#: the thirteenth pass as working sets (45080 r8 led to reading 63); added at its end.
DATA21 = DATA.with_name("reference21.jsonl.gz")
DATA22 = DATA.with_name("reference22.jsonl.gz")
#: Sets twenty-three to twenty-six (seeds 49001-49150, 51001-51150, 53001-53150,
#: 55001-55150), made at the start of the fourteenth pass as working sets (49031 r8
#: led to reading 64, 53031 r5 to reading 65, 49086 r10 to reading 66); added at its
#: end.
DATA23 = DATA.with_name("reference23.jsonl.gz")
DATA24 = DATA.with_name("reference24.jsonl.gz")
DATA25 = DATA.with_name("reference25.jsonl.gz")
DATA26 = DATA.with_name("reference26.jsonl.gz")
#: A twenty-seventh set (seeds 57001-57150), made during the fourteenth pass after
#: readings 64 and 65 as a clean measure; its one differing round (57093 r5) led to
#: reading 67, and it was added at the pass's end.
DATA27 = DATA.with_name("reference27.jsonl.gz")
#: A twenty-eighth set (seeds 59001-59150), made at the end of the fourteenth pass and
#: held out until the fifteenth, and a twenty-ninth (seeds 61001-61150), made at the
#: start of the fifteenth pass and measured before any change of that pass.
DATA28 = DATA.with_name("reference28.jsonl.gz")
DATA29 = DATA.with_name("reference29.jsonl.gz")
#: A thirty-first and a thirty-second set (seeds 65001-65150 and 67001-67150), made in
#: the fifteenth pass and measured before any of its changes to the engine.
DATA31 = DATA.with_name("reference31.jsonl.gz")
DATA32 = DATA.with_name("reference32.jsonl.gz")
#: A thirtieth set (seeds 63001-63150), made in the fifteenth pass and held out of the
#: project (counts only) through the eighteenth; added in the nineteenth.
DATA30 = DATA.with_name("reference30.jsonl.gz")
#: A thirty-third set (seeds 69001-69150), made at the start of the twentieth pass and
#: measured before its changes (1 differing round, looked at and left unexplained); a
#: thirty-fourth (seeds 71001-71150) is kept out of the project as that pass's clean
#: measure.
DATA33 = DATA.with_name("reference33.jsonl.gz")
#: A dense corpus of tiny tournaments (5-12 players, seeds 20001-24764) made in issue
#: 31's seventh pass to reach C.13 often (3,419 of its 5,351 rounds do); see the
#: README there for how its rounds were chosen.
DATA_TINY = DATA.with_name("reference_tiny.jsonl.gz")
#: A dense corpus of tiny tournaments (5-12 players, seeds 90001-90400) played forward
#: with this engine, the rounds where its procedure reaches C.13 paired by JaVaFo
#: (``make_dense.py``; 702 rounds of 267 tournaments), made in the fifteenth pass.
DATA_DENSE = DATA.with_name("reference_dense.jsonl.gz")
#: Two more dense corpora made the same way in the fifteenth pass: seeds 92001-92400
#: (748 rounds of 287 tournaments; held out of the pass, counts only, until its end) and
#: 94001-94400 (793 rounds of 296 tournaments).
DATA_DENSE2 = DATA.with_name("reference_dense2.jsonl.gz")
DATA_DENSE3 = DATA.with_name("reference_dense3.jsonl.gz")
#: A fourth dense corpus (seeds 96001-96400, 745 rounds of 286 tournaments): made the
#: same way in the fifteenth pass and held out (counts only) through the sixteenth, made
#: anew from the same seeds with the engine of the start of the seventeenth pass (the
#: same rounds) and that pass's working set.
DATA_DENSE4 = DATA.with_name("reference_dense4.jsonl.gz")
#: A fifth dense corpus (seeds 98001-98400, 806 rounds of 296 tournaments): made the
#: same way in the sixteenth pass, held out (counts only) through the eighteenth, added
#: in the nineteenth.
DATA_DENSE5 = DATA.with_name("reference_dense5.jsonl.gz")
#: A sixth dense corpus (seeds 99001-99400, 725 rounds of 290 tournaments): made the same
#: way at the start of the seventeenth pass with the engine of then, held out (counts
#: only) through the eighteenth, the nineteenth pass's working set.
DATA_DENSE6 = DATA.with_name("reference_dense6.jsonl.gz")
#: A seventh dense corpus (seeds 100001-100400, 719 rounds of 287 tournaments): made the
#: same way in the eighteenth pass (main after readings 80 and 81), held out (counts
#: only) through the nineteenth, the twentieth pass's working set.
DATA_DENSE7 = DATA.with_name("reference_dense7.jsonl.gz")
#: An eighth dense corpus (seeds 102001-102400, 717 rounds of 274 tournaments): made the
#: same way in the nineteenth pass (main at 3cae11d), held out (counts only) through the
#: twentieth, the twenty-first pass's working set.
DATA_DENSE8 = DATA.with_name("reference_dense8.jsonl.gz")
#: A ninth dense corpus (seeds 104001-104400, 736 rounds of 273 tournaments): made the
#: same way at the start of the twenty-first pass (main at 74723ab), held out (counts
#: only) through it, added in the twenty-second.
DATA_DENSE9 = DATA.with_name("reference_dense9.jsonl.gz")
#: A tenth dense corpus (seeds 106001-106400, 753 rounds of 279 tournaments): made the
#: same way at the start of the twenty-second pass (main at 62c9491), held out (counts
#: only) through it, the twenty-third pass's working set.
DATA_DENSE10 = DATA.with_name("reference_dense10.jsonl.gz")
#: An eleventh dense corpus (seeds 107001-107400, 713 rounds of 283 tournaments): made the
#: same way at the start of the twenty-third pass (main at 1cef71c), held out (counts
#: only) through it, the working set of the twenty-fourth to twenty-sixth passes.
DATA_DENSE11 = DATA.with_name("reference_dense11.jsonl.gz")
#: A twelfth dense corpus (seeds 108001-108400, 823 rounds of 294 tournaments): made the
#: same way in the twenty-fourth pass (main at 828f4d3), held out (counts only) until the
#: twenty-sixth, which added it.
DATA_DENSE12 = DATA.with_name("reference_dense12.jsonl.gz")
#: A thirteenth dense corpus (seeds 109001-109400, 750 rounds of 300 tournaments): held
#: out (counts only) in the twenty-sixth pass, made again from its seeds (main at faadc95)
#: in the twenty-seventh, which measured reading 97 on it and added it.
DATA_DENSE13 = DATA.with_name("reference_dense13.jsonl.gz")
#: A fourteenth (seeds 110001-110400), held out through the twenty-seventh pass and made
#: again from its seeds with the engine of the twenty-eighth (the same 761 rounds, and
#: the 111 rounds its tournaments end on with no pairing for the engine or JaVaFo,
#: "novalid", which ``make_dense.py`` records since then); added in that pass.
DATA_DENSE14 = DATA.with_name("reference_dense14.jsonl.gz")
#: A fifteenth (seeds 111001-111400, 751 rounds of 306 tournaments): made at the start of
#: the twenty-eighth pass (main at 2cbff4c), measured (5 rounds differed), then that
#: pass's working set (reading 99) and added at its end.
DATA_DENSE15 = DATA.with_name("reference_dense15.jsonl.gz")

#: (seed, round) of the rounds the engine pairs differently from the reference: none of
#: 2,832 (9 before issue 31's seventh pass; reading 29 fixed 1016 r8 and 1143 r8,
#: reading 30 1016 r9, the ninth pass's reading 33 193 r11 and reading 41 1075 r6); the
#: others were
#: rounds where C.13 backtracks or joins brackets (see docs/dutch-legacy.md, "What
#: remains").
STILL_DIFFERENT: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the second set the engine pairs differently: none of 970 (reading 33
#: fixed 3144 r8, reading 35 3017 r9; the tenth pass's reading 45 3045 r4).
STILL_DIFFERENT2: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the third set the engine pairs differently: none of 970 (reading 22
#: fixed 5142 r6, readings 23 and 24 5002 r9 and 5089 r10, reading 29 5018 r11,
#: reading 46 5041 r10).
STILL_DIFFERENT3: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fourth set the engine pairs differently: none of 923 (10 before the
#: sixth pass; reading 14's "better" C.12 made 7014 r8 differ, reading 21 7075 r8, both
#: fixed by refining those readings, and refining reading 21's second limit fixed 7007
#: r6, 7026 r8, 7106 r8; the second wave's "upfloaters of a joined bracket" 7036 r9
#: and reading 21 "in a split part" 7007 r10 -
#: so this set was used to choose them and is no longer a clean check of those; the
#: seventh pass's readings 23 and 24, B.3's score differences, fixed 7108 r9; reading
#: 29 7120 r6; the ninth pass's reading 32, "no worse, joined", 7041 r6 and 7135 r9,
#: reading 33 7066 r7).
STILL_DIFFERENT4: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fifth set the engine pairs differently: none of 1,012 (11 before issue
#: 31's seventh pass: taking out "keep" fixed 9004 r5 and 9131 r6, reading 13's "the
#: bye's float after a P = 0 split" 9108 r10, reading 24 9121 r9; the eighth pass's
#: reading 26, "joint" after a P = 0 re-pairing too, 9044 r11 and 9047 r7, and reading
#: 27, "the least together", 9108 r9; reading 29, ties in the joined bracket's order,
#: 9132 r9; reading 30, "as close, joined", 9117 r10; reading 32 9079 r7; the eleventh
#: pass's reading 55, the join for a C.1 mover's bye, 9066 r9).
STILL_DIFFERENT5: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the sixth set the engine pairs differently: none of 988 (7 at the start
#: of the seventh pass; reading 22 fixed 11038 r8, taking out "keep" 11099 r8; the
#: eighth pass's reading 25, "the lowest moved-down players float first", 11126 r5;
#: reading 29 11043 r11; the ninth pass's reading 33 11144 r8; the tenth pass's reading
#: 45 11001 r11 and 11021 r9).
STILL_DIFFERENT6: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the seventh set the engine pairs differently: 1 of 994 (9 before issue
#: 31's seventh pass; its readings fixed 13143 r11 and 13019 r10, none newly differing;
#: the eighth pass's reading 26 13106 r9, reading 27 13149 r9, reading 30 13048 r9;
#: the ninth pass's reading 34 13067 r8, reading 41 13022 r10 and 13140 r10). 13040 r11
#: is an accepted difference (issue 31, twelfth pass): JaVaFo breaks C.13 there - P = 0
#: in bracket 5.5 although 5-8 allows a complete pairing below (docs/dutch-legacy.md,
#: "Accepted differences"; test_c13_p_zero_only_when_no_pairing_allows_the_lowest_...).
STILL_DIFFERENT7: frozenset[tuple[int, int]] = frozenset(
    {
        (13040, 11),
    }
)


#: The rounds of the eighth set the engine pairs differently: none of 981 (reading 27,
#: eighth pass, fixed 15111 r10; reading 29 15008 r9, reading 30 15059 r10; the ninth
#: pass's reading 33 15112 r5, reading 35 15044 r8; the fifteenth pass's reading 72
#: 15104 r9).
STILL_DIFFERENT8: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the ninth set the engine pairs differently: none of 946 (reading 29 fixed
#: 17056 r9 and 17113 r9, reading 30 17031 r8, the ninth pass's reading 34 17015 r8, the
#: tenth pass's reading 43 17038 r10 and reading 47 17047 r8, the eleventh pass's reading
#: 51 17116 r11 and reading 53 17038 r11, the twelfth pass's reading 59 17149 r6).
STILL_DIFFERENT9: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the tenth set the engine pairs differently: none of 982 (the ninth
#: pass's reading 41 fixed 19053 r11, the tenth pass's reading 43 19114 r10).
STILL_DIFFERENT10: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the eleventh set the engine pairs differently: none of 1,043 (3 at the
#: start of the ninth pass; reading 33 fixed 25006 r9, the tenth pass's readings 43 and 45
#: 25106 r7, the seventeenth pass's reading 79 25102 r8).
STILL_DIFFERENT11: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twelfth set the engine pairs differently: none of 978 (4 at the start
#: of the ninth pass; readings 37-40 fixed 27019 r8, reading 41 27002 r5, the tenth
#: pass's reading 48 27077 r10 and r11).
STILL_DIFFERENT12: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the thirteenth set the engine pairs differently: none of 1,011 (7 when
#: it was made at the start of the ninth pass; reading 33 fixed 29003 r11, 29046 r5 and
#: 29150 r10, reading 41 29057 r9, the tenth pass's reading 49 29005 r11, the eleventh
#: pass's reading 51 29133 r9, the twelfth pass's reading 58 29124 r9).
STILL_DIFFERENT13: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fourteenth set the engine pairs differently: none of 1,013 (readings
#: 43 and 45 fixed 31055 r8; the eleventh pass's reading 50 31025 r7 and 31052 r11, reading
#: 52 31031 r10, reading 53 31012 r9, reading 55 31140 r11).
STILL_DIFFERENT14: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fifteenth set the engine pairs differently: none of 990 (2 on the
#: engines of the ninth and tenth passes; the eleventh pass's reading 51 fixed 33038 r10
#: and 33054 r9).
STILL_DIFFERENT15: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the sixteenth set the engine pairs differently: none of 972 (reading 55
#: fixed 35066 r11).
STILL_DIFFERENT16: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the seventeenth set the engine pairs differently: none of 896.
STILL_DIFFERENT17: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the eighteenth set the engine pairs differently: none of 986 (reading
#: 60 fixed 39014 r11).
STILL_DIFFERENT18: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twentieth set the engine pairs differently: none of 1,005 (reading
#: 61 fixed 43002 r9, reading 62 43062 r11).
STILL_DIFFERENT20: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-first set the engine pairs differently: none of 1,029
#: (reading 63 fixed 45080 r8).
STILL_DIFFERENT21: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-second set the engine pairs differently: none of 970.
STILL_DIFFERENT22: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-third set the engine pairs differently: none of 991
#: (reading 64 fixed 49031 r8, reading 66 49086 r10).
STILL_DIFFERENT23: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-fourth set the engine pairs differently: none of 945.
STILL_DIFFERENT24: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-fifth set the engine pairs differently: none of 955
#: (reading 65 fixed 53031 r5).
STILL_DIFFERENT25: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-sixth set the engine pairs differently: none of 1,004.
STILL_DIFFERENT26: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-seventh set the engine pairs differently: none of 992
#: (reading 67 fixed 57093 r5).
STILL_DIFFERENT27: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the twenty-eighth set the engine pairs differently: 2 of 944, both
#: accepted differences (JaVaFo's output of 59083 round 4 is no pairing, and round 5
#: gives the bye again to a player who had it in round 4: tests
#: `test_a5_javafo_output_that_is_no_pairing` and
#: `test_b1b_bye_again_to_the_player_with_most_points_without_playing`); readings 70 and
#: 71 fixed 59032 r8 and 59102 r8.
STILL_DIFFERENT28: frozenset[tuple[int, int]] = frozenset({(59083, 4), (59083, 5)})


#: The rounds of the twenty-ninth set the engine pairs differently: none of 962
#: (measured on the engine as it was at the start of the fifteenth pass).
STILL_DIFFERENT29: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the thirty-first set the engine pairs differently: none of 939.
STILL_DIFFERENT31: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the thirty-second set the engine pairs differently: none of 1,005.
STILL_DIFFERENT32: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the thirty-third set the engine pairs differently: 1 of 962 (when made
#: and after reading 86). 69146 r10 is unexplained (docs/dutch-legacy.md, "What
#: remains"; `test_c13_re_pairing_above_a_join_with_p_zero_where_p1_lowered_pairs`).
STILL_DIFFERENT33: frozenset[tuple[int, int]] = frozenset({(69146, 10)})


#: The rounds of the thirtieth set the engine pairs differently: 1 of 1,035 (2 while
#: it was held out; reading 85 fixed 63021 r9). 63039 r11 is unexplained
#: (docs/dutch-legacy.md, "What remains").
STILL_DIFFERENT30: frozenset[tuple[int, int]] = frozenset({(63039, 11)})


#: The rounds of the dense corpus the engine pairs differently: 1 of 702 (4 on the
#: engine it was made with; reading 69 fixed 90005 r10). 90071 r9 is an accepted
#: difference (`test_c14_p1_lowered_only_after_every_d3_set_javafo_contradicts`);
#: reading 86 fixed 90284 r8 (twentieth pass), reading 88 90138 r9 (twenty-first).
STILL_DIFFERENT_DENSE: frozenset[tuple[int, int]] = frozenset({(90071, 9)})


#: The rounds of the second dense corpus the engine pairs differently: none of 748 (9 at
#: the start of the fifteenth pass; readings 70 and 71 fixed 92105 r9 and 92186 r9 while
#: the corpus was held out, reading 76 92062 r6 and 92198 r6, reading 77 92095 r7 and
#: 92316 r11, reading 78 92128 r7, reading 79 92096 r8, reading 81 92272 r8).
STILL_DIFFERENT_DENSE2: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the third dense corpus the engine pairs differently: none of 793 (3 when
#: made; reading 75 fixed 94237 r5, reading 78 94128 r7, reading 82 94261 r9).
STILL_DIFFERENT_DENSE3: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fourth dense corpus the engine pairs differently: none of 745 (4 at
#: the start of the seventeenth pass; reading 79 fixed 96028 r5, 96146 r6 and 96173 r7,
#: reading 80 96184 r7).
STILL_DIFFERENT_DENSE4: frozenset[tuple[int, int]] = frozenset()


#: The rounds of the fifth dense corpus the engine pairs differently: none of 806 (2
#: while it was held out; reading 84 fixed 98215 r8, reading 87 98278 r5).
STILL_DIFFERENT_DENSE5: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the sixth dense corpus the engine pairs differently: 1 of 725 (4 when
#: made; while it was held out the seventeenth pass's taking out of five readings fixed
#: one and reading 82 99096 r7; reading 83 fixed 99280 r9). 99094 r9 is unexplained
#: (docs/dutch-legacy.md, "What remains").
STILL_DIFFERENT_DENSE6: frozenset[tuple[int, int]] = frozenset({(99094, 9)})

#: The rounds of the seventh dense corpus the engine pairs differently: none of 719 (2
#: while it was held out; reading 86 fixed 100153 r6 and 100273 r9).
STILL_DIFFERENT_DENSE7: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the eighth dense corpus the engine pairs differently: 1 of 717 (4 while
#: it was held out; reading 89 fixed 102075 r9, reading 90 102025 r5, reading 91 102373
#: r5). 102264 r8 is unexplained (docs/dutch-legacy.md, "What remains").
STILL_DIFFERENT_DENSE8: frozenset[tuple[int, int]] = frozenset({(102264, 8)})

#: The rounds of the ninth dense corpus the engine pairs differently: 1 of 736, the same
#: while it was held out. 104380 r9 is an accepted difference (JaVaFo lowers P1 in a
#: re-paired bracket before C.8.b's other sets of moved-down players: docs/dutch-legacy.md,
#: "Accepted differences"; test_dutch_legacy.py, `P1_BEFORE_SET`).
STILL_DIFFERENT_DENSE9: frozenset[tuple[int, int]] = frozenset({(104380, 9)})

#: The rounds of the tenth dense corpus the engine pairs differently: 1 of 753 (5 while
#: it was held out; the twenty-third pass's readings 92-95 fixed 106288 r6, 106085 r8,
#: 106027 r6 and 106281 r9). 106292 r7 is unexplained (docs/dutch-legacy.md, "What
#: remains").
STILL_DIFFERENT_DENSE10: frozenset[tuple[int, int]] = frozenset({(106292, 7)})

#: The rounds of the eleventh dense corpus the engine pairs differently: none of 713 (2
#: while it was held out; the twenty-sixth pass's reading 96 fixed 107269 r8, the
#: twenty-eighth pass's reading 99 107072 r6).
STILL_DIFFERENT_DENSE11: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the twelfth dense corpus the engine pairs differently: none of 823 (1
#: while it was held out and until the twenty-seventh pass's reading 97 fixed 108317 r7).
STILL_DIFFERENT_DENSE12: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the thirteenth dense corpus the engine pairs differently: none of 750
#: (none while it was held out either).
STILL_DIFFERENT_DENSE13: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the fourteenth dense corpus the engine pairs differently: none of 761
#: (none while it was held out either).
STILL_DIFFERENT_DENSE14: frozenset[tuple[int, int]] = frozenset()

#: The rounds of the fifteenth dense corpus the engine pairs differently: 5 of 751 when
#: it was made, none fixed (docs/dutch-legacy.md, "What remains").
STILL_DIFFERENT_DENSE15: frozenset[tuple[int, int]] = frozenset(
    {(111040, 7), (111050, 8), (111060, 7), (111069, 7), (111220, 8)}
)


#: The rounds of the tiny corpus the engine pairs differently: 4 of 5,351 (87 at the
#: start of the seventh pass, 78 at its end; the eighth pass's readings 25-28 fixed 25,
#: none newly differing; its second wave's readings 29 and 30 seven more; the ninth pass's
#: readings 31-41 and reading 25's "not to the bye" twenty-two more; the tenth pass's
#: reading 42 one (24206 r9), reading 43 six (20151 r7, 22183 r8, 22487 r7, 24066 r7,
#: 24116 r8, 24248 r9), reading 47 one (24431 r7) and reading 48 one (24608 r6), the
#: eleventh pass's reading 53 two (22039 r7, 22090 r7); its
#: reading 44 fixed 20308 r9, 22786 r8 and 24596 r8 but was taken out again: it made a
#: round of the clean fifteenth set differ; the eleventh pass's reading 51 fixed 20340 r8
#: and 24255 r6, its reading 54 22063 r7 and 24268 r9; the twelfth pass's reading 56
#: 22841 r7, its reading 58 22518 r10 and 22592 r8; nearly all of them C.13 rounds,
#: where this corpus is dense). 20308 r9, 22786 r8, 24164 r7 and 24596 r8 are accepted
#: differences (issue 31, twelfth pass): JaVaFo lowers P1 in a re-paired bracket before
#: C.8.b has tried the other sets of M1 moved-down players, pairing it with one pair
#: fewer than another set that allows the brackets below (docs/dutch-legacy.md,
#: "Accepted differences"; test_c14_p1_lowered_only_after_every_d3_set_javafo_contradicts).
#: The fourteenth pass's reading 66 fixed 22694 r8, the sixteenth pass's reading 78
#: 24740 r9 (readings 73 and 74 had paired it as JaVaFo and were withdrawn).
STILL_DIFFERENT_TINY: frozenset[tuple[int, int]] = frozenset(
    {
        (20308, 9),
        (22786, 8),
        (24164, 7),
        (24596, 8),
    }
)


def cut_before(full: Tournament, rnd: int) -> Tournament:
    """``full`` before round ``rnd`` is paired, with that round's known absences."""
    known = {n: k for n, k in full.round(rnd).byes.items() if k.value != "U"}
    cut = full.replace(rounds=full.rounds[: rnd - 1])
    return cut.with_round(Round(number=rnd, byes=known)) if known else cut


def reference_rounds(
    limit: int | None = None, data: Path = DATA
) -> Iterator[tuple[int, int, Tournament, set[tuple[int, int]]]]:
    """(seed, round, tournament before the round, reference pairs with the bye as
    (N, 0)) for the stored tournaments (the first ``limit`` of them)."""
    with gzip.open(data, "rt", encoding="utf-8") as f:
        for index, line in enumerate(f):
            if limit is not None and index >= limit:
                return
            yield from _rounds_of(line)


def _rounds_of(line: str) -> Iterator[tuple[int, int, Tournament, set[tuple[int, int]]]]:
    """`reference_rounds` of one stored tournament (a JSON line)."""
    entry = json.loads(line)
    full, warnings = loads(entry["trf"])
    assert warnings == []
    for rnd, output in entry["rounds"].items():
        number = int(rnd)
        yield entry["seed"], number, cut_before(full, number), {tuple(p) for p in output}


def engine_pairs(t: Tournament, rnd: int) -> set[tuple[int, int]]:
    try:
        pairing = DutchLegacySystem().pair(t, rnd)
    except NoPairingError:
        return set()
    pairs = {(b.white, b.black) for b in pairing.boards}
    if pairing.bye is not None:
        pairs.add((pairing.bye, 0))
    return pairs


def _differing_in(line: str) -> tuple[int, set[tuple[int, int]]]:
    """How many rounds of one stored tournament (a JSON line) were compared, and those
    that differ."""
    rounds = list(_rounds_of(line))
    found = {(seed, rnd) for seed, rnd, t, expected in rounds if engine_pairs(t, rnd) != expected}
    return len(rounds), found


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def _spawned_pool() -> ProcessPoolExecutor:
    """Worker processes, one per core, started afresh ("spawn"; see `differing`)."""
    return ProcessPoolExecutor(_cores(), mp_context=mp.get_context("spawn"))


def differing(
    limit: int | None = None, data: Path = DATA, pool: ProcessPoolExecutor | None = None
) -> tuple[int, set[tuple[int, int]]]:
    """How many rounds were compared, and those that differ. The tournaments are
    paired in parallel, one process per core (started afresh, "spawn": the test
    process may run threads of its own - the web app's - that a fork would copy
    mid-work), in ``pool`` when given (the slow test shares one across its sets); the
    longest tournaments go first, one at a time, so that no core waits at the end.
    The result does not depend on the order they finish in."""
    with gzip.open(data, "rt", encoding="utf-8") as f:
        lines = f.readlines()[:limit]
    lines.sort(key=len, reverse=True)
    if pool is not None:
        results = list(pool.map(_differing_in, lines, chunksize=1))
    elif _cores() < 2 or len(lines) < 2:
        results = [_differing_in(line) for line in lines]
    else:
        with _spawned_pool() as own:
            results = list(own.map(_differing_in, lines, chunksize=1))
    found: set[tuple[int, int]] = set()
    for _, differ in results:
        found |= differ
    return sum(count for count, _ in results), found


@pytest.fixture(scope="module")
def workers() -> Iterator[ProcessPoolExecutor | None]:
    """One pool of worker processes for every set of the slow test (none on one core)."""
    if _cores() < 2:
        yield None
        return
    with _spawned_pool() as pool:
        yield pool


#: The rounds the sets end on ("novalid": JaVaFo found no legal pairing) - the random
#: sets', the tiny corpus's in tournaments without absences, the dense corpora's -
#: rebuilt by ``make_novalid.py`` and given to JaVaFo again, with its answers.
NOVALID = DATA.with_name("novalid.jsonl.gz")


def test_rounds_the_reference_cannot_pair() -> None:
    """Where JaVaFo finds no legal pairing the engine finds none either (A.5, B.1,
    B.2: "no pairing" is an answer to compare too). In four rounds JaVaFo only
    stopped on an internal assertion under ``-ea`` (issue 31, nineteenth pass);
    without ``-ea`` it pairs them, and the engine's pairing must be that one."""
    rounds = assertions = 0
    with gzip.open(NOVALID, "rt", encoding="utf-8") as f:
        for line in f:
            entry = json.loads(line)
            t, warnings = loads(entry["trf"])
            assert warnings == []
            reference = entry["reference"] or []
            expected = {(int(a), int(b)) for a, b in reference}
            assert engine_pairs(t, entry["round"]) == expected, (entry["set"], entry["seed"])
            rounds += 1
            assertions += entry["assertion"]
            assert bool(reference) == entry["assertion"]
    assert rounds >= 460 and assertions == 4


@pytest.mark.parametrize(
    ("data", "least"),
    [
        (DATA, 2000),
        (DATA2, 900),
        (DATA3, 900),
        (DATA4, 900),
        (DATA5, 900),
        (DATA6, 900),
        (DATA7, 900),
        (DATA8, 900),
        (DATA9, 900),
        (DATA10, 900),
        (DATA_TINY, 5000),
    ],
    ids=["set1", "set2", "set3", "set4", "set5", "set6", "set7", "set8", "set9", "set10", "tiny"],
)
def test_the_reference_data(data: Path, least: int) -> None:
    """At least 2,000 reference rounds (and 900 in each of the second to tenth sets), every one a
    complete pairing of the present players (each player once, the bye at most once)."""
    rounds = 0
    for _, rnd, t, expected in reference_rounds(data=data):
        rounds += 1
        numbers = [n for pair in expected for n in pair if n]
        assert len(numbers) == len(set(numbers))
        assert set(numbers) == set(t.present_players(rnd))
        assert sum(1 for _, b in expected if b == 0) <= 1
    assert rounds >= least


def test_first_tournaments_against_the_reference() -> None:
    """The first 30 tournaments (a quick subset of the slow test below)."""
    count, found = differing(limit=30)
    assert count > 150
    first_seeds = {seed for seed, _, _, _ in reference_rounds(30)}
    known = {k for k in STILL_DIFFERENT if k[0] in first_seeds}
    assert found == known


#: Each reference set, the rounds of it the engine pairs differently, and how many
#: rounds it has at least (see the sets' comments above for what each one measures).
SETS = [
    pytest.param(DATA, STILL_DIFFERENT, 2000, id="set1"),
    pytest.param(DATA2, STILL_DIFFERENT2, 900, id="set2"),
    pytest.param(DATA3, STILL_DIFFERENT3, 900, id="set3"),
    pytest.param(DATA4, STILL_DIFFERENT4, 900, id="set4"),
    pytest.param(DATA5, STILL_DIFFERENT5, 1000, id="set5"),
    pytest.param(DATA6, STILL_DIFFERENT6, 950, id="set6"),
    pytest.param(DATA7, STILL_DIFFERENT7, 950, id="set7"),
    pytest.param(DATA8, STILL_DIFFERENT8, 950, id="set8"),
    pytest.param(DATA9, STILL_DIFFERENT9, 900, id="set9"),
    pytest.param(DATA10, STILL_DIFFERENT10, 950, id="set10"),
    pytest.param(DATA11, STILL_DIFFERENT11, 1000, id="set11"),
    pytest.param(DATA12, STILL_DIFFERENT12, 950, id="set12"),
    pytest.param(DATA13, STILL_DIFFERENT13, 1000, id="set13"),
    pytest.param(DATA14, STILL_DIFFERENT14, 1000, id="set14"),
    pytest.param(DATA15, STILL_DIFFERENT15, 950, id="set15"),
    pytest.param(DATA16, STILL_DIFFERENT16, 950, id="set16"),
    pytest.param(DATA17, STILL_DIFFERENT17, 850, id="set17"),
    pytest.param(DATA18, STILL_DIFFERENT18, 950, id="set18"),
    pytest.param(DATA20, STILL_DIFFERENT20, 1000, id="set20"),
    pytest.param(DATA21, STILL_DIFFERENT21, 1000, id="set21"),
    pytest.param(DATA22, STILL_DIFFERENT22, 950, id="set22"),
    pytest.param(DATA23, STILL_DIFFERENT23, 950, id="set23"),
    pytest.param(DATA24, STILL_DIFFERENT24, 900, id="set24"),
    pytest.param(DATA25, STILL_DIFFERENT25, 900, id="set25"),
    pytest.param(DATA26, STILL_DIFFERENT26, 1000, id="set26"),
    pytest.param(DATA27, STILL_DIFFERENT27, 950, id="set27"),
    pytest.param(DATA28, STILL_DIFFERENT28, 900, id="set28"),
    pytest.param(DATA29, STILL_DIFFERENT29, 950, id="set29"),
    pytest.param(DATA31, STILL_DIFFERENT31, 900, id="set31"),
    pytest.param(DATA32, STILL_DIFFERENT32, 1000, id="set32"),
    pytest.param(DATA30, STILL_DIFFERENT30, 1000, id="set30"),
    pytest.param(DATA33, STILL_DIFFERENT33, 900, id="set33"),
    pytest.param(DATA_TINY, STILL_DIFFERENT_TINY, 5000, id="tiny"),
    pytest.param(DATA_DENSE, STILL_DIFFERENT_DENSE, 700, id="dense"),
    pytest.param(DATA_DENSE2, STILL_DIFFERENT_DENSE2, 700, id="dense2"),
    pytest.param(DATA_DENSE3, STILL_DIFFERENT_DENSE3, 750, id="dense3"),
    pytest.param(DATA_DENSE4, STILL_DIFFERENT_DENSE4, 700, id="dense4"),
    pytest.param(DATA_DENSE5, STILL_DIFFERENT_DENSE5, 800, id="dense5"),
    pytest.param(DATA_DENSE6, STILL_DIFFERENT_DENSE6, 700, id="dense6"),
    pytest.param(DATA_DENSE7, STILL_DIFFERENT_DENSE7, 700, id="dense7"),
    pytest.param(DATA_DENSE8, STILL_DIFFERENT_DENSE8, 700, id="dense8"),
    pytest.param(DATA_DENSE9, STILL_DIFFERENT_DENSE9, 700, id="dense9"),
    pytest.param(DATA_DENSE10, STILL_DIFFERENT_DENSE10, 700, id="dense10"),
    pytest.param(DATA_DENSE11, STILL_DIFFERENT_DENSE11, 700, id="dense11"),
    pytest.param(DATA_DENSE12, STILL_DIFFERENT_DENSE12, 800, id="dense12"),
    pytest.param(DATA_DENSE13, STILL_DIFFERENT_DENSE13, 700, id="dense13"),
    pytest.param(DATA_DENSE14, STILL_DIFFERENT_DENSE14, 750, id="dense14"),
    pytest.param(DATA_DENSE15, STILL_DIFFERENT_DENSE15, 750, id="dense15"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("data", "still", "least"), SETS)
def test_every_round_against_the_reference(
    data: Path,
    still: frozenset[tuple[int, int]],
    least: int,
    workers: ProcessPoolExecutor | None,
) -> None:
    """Every round of a reference set: only the listed rounds differ, and a listed
    round that no longer differs must leave the list."""
    count, found = differing(data=data, pool=workers)
    assert count >= least
    assert sorted(found - still) == [], "new differences from the reference"
    assert sorted(still - found) == [], "fixed: remove it from the still-different list"
