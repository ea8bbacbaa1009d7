| HINT every 50 lines (register 10 = 49): the handler logs the V counter of each HINT of
| the frame; the VINT handler starts the next frame's log.
|
| RAM: $FF0000 VINT count, $FF0002 HINTs this frame, $FF0010 the V bytes of the first
| eight HINTs of the frame (a word each), $FF0030 the previous frame's HINT count.

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        move.w  #0x8174,VDP_CTRL        | display on, VINT on
        move.w  #0x2000,sr
idle:   stop    #0x2000
        bra.s   idle

hint:   movem.l d0-d1/a0,-(sp)
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  0xFF0002,d0
        cmp.w   #8,d0
        bhs.s   1f
        add.w   d0,d0
        lea     0xFF0010,a0
        move.w  d1,0(a0,d0.w)
1:      addq.w  #1,0xFF0002
        movem.l (sp)+,d0-d1/a0
        rte

vint:   move.w  0xFF0002,0xFF0030
        clr.w   0xFF0002
        addq.w  #1,0xFF0000
        rte

regs:   .word   0x8014, 0x8134, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8A31, 0
