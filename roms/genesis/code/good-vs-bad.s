| good-vs-bad: seed 002, Method 2, for the Genesis routine contract. "For each of the
| 'good' sprites, check if it collides with a 'bad' sprite": the Good objects and the Bad
| objects each copied into a table of live records, then every (Good, Bad) pair through
| the four rejection tests (REJECT), (good)*(bad)*4 in the seed's count. Good-Good and
| Bad-Bad pairs are never tested; Art never takes part. The groups may be interleaved in
| the object table (the seed keeps Good sprites first in its one array).
        .include "contract.inc"
        .include "macros.inc"
        .text
        .globl  start
start:
        lea     LIVE2,a1
        moveq   #BAD,d7
        bsr     build_live
        move.l  a1,a4                   | the end of the Bad table
        lea     LIVE,a1
        moveq   #GOOD,d7
        bsr     build_live
        move.l  a1,a3                   | the end of the Good table
        lea     OUT+2,a2
        moveq   #0,d3                   | K
        lea     LIVE,a0
gb_outer:
        cmp.l   a3,a0
        bcc.s   gb_done
        movem.l (a0),d4-d7              | the Good object: x, x2, y, y2
        move.w  16(a0),d2               | its index
        lea     LIVE2,a1
        bra.s   gb_test
gb_inner:
        REJECT  gb_next
        PUSH_PAIR d2, L_INDEX(a1), d3
gb_next:
        lea     L_SIZE(a1),a1
gb_test:
        cmp.l   a4,a1
        bcs.s   gb_inner
        lea     L_SIZE(a0),a0
        bra.s   gb_outer
gb_done:
        move.w  d3,OUT
        rts
        .include "live.inc"
