| Faults on purpose, for the fault message: counts D0 down from 5 with DBRA, calls a
| subroutine, then writes a word at the odd address $FF0001: the 68000's address error.
| The last 16 instructions before it are the six ADDQ/DBRA pairs, BSR setup, MOVEQ, RTS
| and the MOVE.W that faults.

        .include "program.inc"

start:  lea     0xFF0001,a0
        moveq   #5,d0
count:  addq.w  #1,d1
        dbra    d0,count
        bsr.s   setup
        move.w  d1,(a0)                 | a word at an odd address
        bra.s   start

setup:  moveq   #1,d2
        rts

hint:   rte
vint:   rte
