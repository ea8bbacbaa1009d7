| A VINT handler that DMAs the sprite table each frame: it logs the status word (bit 5
| from the frame just shown), moves sprite 1 one pixel right, DMAs the table to the SAT
| and logs the status again (the 68000 was held for the DMA, so bit 1 reads 0). The main
| program waits with STOP.
|
| RAM: $FF0000 VINT count (word), $FF0100 the table, $FF0200 the log: two words per VINT
| (status before the DMA, status after), 64 VINTs.

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        bsr     copy_sat
        bsr     dma_sat
        move.w  #0x8174,VDP_CTRL        | display on, VINT on, DMA on, mode 5
        move.w  #0x2000,sr
idle:   stop    #0x2000
        bra.s   idle

vint:   movem.l d0/a0,-(sp)
        move.w  0xFF0000,d0
        cmp.w   #64,d0
        bhs.s   1f
        lsl.w   #2,d0
        lea     0xFF0200,a0
        move.w  VDP_CTRL,0(a0,d0.w)
        addq.w  #1,0xFF0106+8           | sprite 1's X
        bsr     dma_sat
        move.w  VDP_CTRL,2(a0,d0.w)
1:      addq.w  #1,0xFF0000
        movem.l (sp)+,d0/a0
        rte

hint:   rte

regs:   .word   0x8004, 0x8134, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
