| all-pairs-reject: seed 002, Method 1, second form, for the Genesis routine contract.
| "For each of the 80 sprites, check if it collides with the others": every ordered pair
| (a, b) of live records, b != a, through the four rejection tests (REJECT), the
| 80*(80-1)*4 of the seed. Each unordered pair is met twice; it is written once, from the
| visit where a comes first. Art and zero-size objects never collide.
        .include "contract.inc"
        .include "macros.inc"
        .text
        .globl  start
start:
        lea     LIVE,a1
        moveq   #-1,d7
        bsr     build_live
        move.l  a1,a3                   | the end of the table
        lea     OUT+2,a2
        moveq   #0,d3                   | K
        lea     LIVE,a0
ar_outer:
        cmp.l   a3,a0
        bcc.s   ar_done
        movem.l (a0),d4-d7              | a: x, x2, y, y2
        lea     LIVE,a1
ar_inner:
        cmp.l   a0,a1                   | b == a: not a pair
        beq.s   ar_next
        REJECT  ar_next
        cmp.l   a0,a1                   | b before a: found on the (b, a) visit
        bcs.s   ar_next
        PUSH_PAIR L_INDEX(a0), L_INDEX(a1), d3
ar_next:
        lea     L_SIZE(a1),a1
        cmp.l   a3,a1
        bcs.s   ar_inner
        lea     L_SIZE(a0),a0
        bra.s   ar_outer
ar_done:
        move.w  d3,OUT
        rts
        .include "live.inc"
