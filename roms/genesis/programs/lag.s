| A game loop that lags: each game frame waits for the next VINT, then works about 1.5 frames
| (a DBRA loop of 19,200 turns, 10 cycles each), then publishes the frame (moves sprite
| 1 and sets `ready`). The VINT handler DMAs the table only when a frame is ready, so the
| picture changes every second VINT.
|
| RAM: $FF0000 VINT count, $FF0002 game frames published, $FF0004 ready flag, $FF0006
| VINT flag, $FF0010 the VINT count at each DMA (a word each, 16 entries).

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        bsr     copy_sat
        bsr     dma_sat
        move.w  #0x8174,VDP_CTRL
        move.w  #0x2000,sr
game:   clr.w   0xFF0006                | wait for the next VINT
wait:   tst.w   0xFF0006
        beq.s   wait
        move.w  #19199,d0
work:   dbra    d0,work
        addq.w  #1,0xFF0106+8
        move.w  #1,0xFF0004
        bra.s   game

vint:   movem.l d0/a0,-(sp)
        addq.w  #1,0xFF0000
        move.w  #1,0xFF0006
        tst.w   0xFF0004
        beq.s   1f
        clr.w   0xFF0004
        bsr     dma_sat
        move.w  0xFF0002,d0
        addq.w  #1,0xFF0002
        cmp.w   #16,d0
        bhs.s   1f
        add.w   d0,d0
        lea     0xFF0010,a0
        move.w  0xFF0000,0(a0,d0.w)
1:      movem.l (sp)+,d0/a0
        rte

hint:   rte

regs:   .word   0x8004, 0x8134, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
