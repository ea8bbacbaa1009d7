| all-pairs-4case: seed 002, Method 1, first form, transcribed literally, for the Genesis
| routine contract. For an ordered pair (sprite1, sprite2), with x2 = x + width and
| y2 = y + height, the seed's four cases of four strict comparisons:
|   1. (s1.x < s2.x  && s1.x2 > s2.x ) && (s1.y < s2.y  && s1.y2 > s2.y )
|   2. (s1.x < s2.x  && s1.x2 > s2.x ) && (s1.y < s2.y2 && s1.y2 > s2.y2)
|   3. (s1.x < s2.x2 && s1.x2 > s2.x2) && (s1.y < s2.y2 && s1.y2 > s2.y2)
|   4. (s1.x < s2.x2 && s1.x2 > s2.x ) && (s1.y < s2.y  && s1.y2 > s2.y )
| stopping at the first case that holds ("don't test case 3 if case 2 is successful") and
| at the first false comparison of a case. The unordered pair {a, b} is reported when
| (a, b) or (b, a) hits: each pair of live records is tried as (a, b) and, when that
| misses, as (b, a). The strict comparisons miss overlaps whose edges coincide (two
| sprites on one row, identical boxes): that is the seed's rule, kept. Art and
| zero-size objects never collide.
        .include "contract.inc"
        .include "macros.inc"

| FOURCASE s1.x, s1.x2, s1.y, s1.y2, s2.x, s2.x2, s2.y, s2.y2, hit: the four cases for
| (s1, s2), all operands data registers; branches to `hit` when one holds, falls through
| when none does. `cmp.l b,a` sets the flags of a - b.
        .macro  FOURCASE x1, x12, y1, y12, x2, x22, y2, y22, hit
        cmp.l   \x2,\x1                 | 1: s1.x < s2.x
        bge.s   case2_\@
        cmp.l   \x2,\x12                |    s1.x2 > s2.x
        ble.s   case2_\@
        cmp.l   \y2,\y1                 |    s1.y < s2.y
        bge.s   case2_\@
        cmp.l   \y2,\y12                |    s1.y2 > s2.y
        bgt     \hit
case2_\@:   cmp.l   \x2,\x1                 | 2: s1.x < s2.x
        bge.s   case3_\@
        cmp.l   \x2,\x12                |    s1.x2 > s2.x
        ble.s   case3_\@
        cmp.l   \y22,\y1                |    s1.y < s2.y2
        bge.s   case3_\@
        cmp.l   \y22,\y12               |    s1.y2 > s2.y2
        bgt     \hit
case3_\@:   cmp.l   \x22,\x1                | 3: s1.x < s2.x2
        bge.s   case4_\@
        cmp.l   \x22,\x12               |    s1.x2 > s2.x2
        ble.s   case4_\@
        cmp.l   \y22,\y1                |    s1.y < s2.y2
        bge.s   case4_\@
        cmp.l   \y22,\y12               |    s1.y2 > s2.y2
        bgt     \hit
case4_\@:   cmp.l   \x22,\x1                | 4: s1.x < s2.x2
        bge.s   none_\@
        cmp.l   \x2,\x12                |    s1.x2 > s2.x
        ble.s   none_\@
        cmp.l   \y2,\y1                 |    s1.y < s2.y
        bge.s   none_\@
        cmp.l   \y2,\y12                |    s1.y2 > s2.y
        bgt     \hit
none_\@:
        .endm

        .text
        .globl  start
start:
        lea     LIVE,a1
        moveq   #-1,d7
        bsr     build_live
        move.l  a1,a3                   | the end of the table
        lea     OUT+2,a2
        suba.l  a4,a4                   | K
        lea     LIVE,a0
fc_outer:
        lea     L_SIZE(a0),a1           | b: the records after a
        cmp.l   a3,a1
        bcc     fc_done
        movem.l (a0),d4-d7              | a: x, x2, y, y2
fc_inner:
        movem.l (a1),d0-d3              | b: x, x2, y, y2
        FOURCASE d4, d5, d6, d7, d0, d1, d2, d3, fc_hit     | (a, b)
        FOURCASE d0, d1, d2, d3, d4, d5, d6, d7, fc_hit     | (b, a)
        bra.s   fc_next
fc_hit:
        PUSH_PAIR L_INDEX(a0), L_INDEX(a1), a4
fc_next:
        lea     L_SIZE(a1),a1
        cmp.l   a3,a1
        bcs     fc_inner
        lea     L_SIZE(a0),a0
        bra     fc_outer
fc_done:
        move.w  a4,OUT
        rts
        .include "live.inc"
