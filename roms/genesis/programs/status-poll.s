| Polls the status word mid-frame, interrupts off: waits for the active display (bit 3
| clear), reads the status until bit 5 (collision) shows, then reads the HV counter and
| keeps its V byte; waits for vblank (bit 3 set) and starts again.
|
| RAM: $FF0000 frames seen (word), $FF0010 the last V byte with bit 5, $FF0012 the status
| word that showed it, $FF0014 the status read just before it (bit 5 clear).

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        bsr     copy_sat
        move.w  #224,0xFF0106+8         | sprite 1 at X = 96: overlaps sprite 0 on 104-107
        bsr     dma_sat
        move.w  #0x8154,VDP_CTRL        | display on, VINT off, DMA on, mode 5
frame:  move.w  VDP_CTRL,d0
        btst    #3,d0
        bne.s   frame                   | wait for the active display
poll:   move.w  d0,d2
        move.w  VDP_CTRL,d0
        btst    #5,d0
        beq.s   poll
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF0010
        move.w  d0,0xFF0012
        move.w  d2,0xFF0014
        addq.w  #1,0xFF0000
blank:  move.w  VDP_CTRL,d0
        btst    #3,d0
        beq.s   blank                   | wait for vblank
        bra.s   frame

vint:   rte
hint:   rte

regs:   .word   0x8004, 0x8114, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
