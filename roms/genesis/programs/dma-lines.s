| A 68000 DMA and a VRAM fill in the active display, each running over many lines.
| Interrupts off. Every frame from frame 1, on line 72 (V counter), the program DMAs
| 264 words from $FF0200 to VRAM $EE00: 256 zero words, then the two-sprite table, which so lands at the
| SAT ($F000) only at the transfer's end. Then it starts a fill of 128 bytes at VRAM
| $C000 and polls status bit 1 (DMA busy) until the fill ends, then writes 64 words
| through the data port.
|
| RAM: $FF0000 frames (word), $FF0010 the V counter read right after the DMA (the 68000
| held to its end), $FF0012 the status read then, $FF0014 the V counter just after the
| fill's data write, $FF0016 the status read then, $FF0018 the V counter when bit 1
| clears, $FF001A the busy polls counted, $FF001C and $FF001E the V counter before and
| after a burst of 64 data-port writes to VRAM $D000 (held by the write FIFO).

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        lea     0xFF0200,a1
        move.w  #255,d0
1:      clr.w   (a1)+                   | 256 zero words at $FF0200
        dbra    d0,1b
        lea     sat_init(pc),a0
        moveq   #3,d0
2:      move.l  (a0)+,(a1)+             | then the table at $FF0400
        dbra    d0,2b
        move.w  #224,0xFF040E           | sprite 1 at X = 96: meets sprite 0 on rows 104-107
        move.w  #0x8154,VDP_CTRL        | display on, VINT off, DMA on, mode 5
skip:   move.w  VDP_HV,d0               | frame 0 began with the display off (no sprites
        lsr.w   #8,d0                   | drawn): the first DMA comes in frame 1
        cmp.w   #72,d0
        bne.s   skip
3:      move.w  VDP_CTRL,d0
        btst    #3,d0
        beq.s   3b
frame:  move.w  VDP_HV,d0
        lsr.w   #8,d0
        cmp.w   #72,d0
        bne.s   frame                   | wait for line 72
        move.w  #0x9308,VDP_CTRL        | length 264 = $0108
        move.w  #0x9401,VDP_CTRL
        move.w  #0x9500,VDP_CTRL        | source $FF0200 >> 1 = $7F8100
        move.w  #0x9681,VDP_CTRL
        move.w  #0x977F,VDP_CTRL
        move.l  #0x6E000083,VDP_CTRL    | VRAM write at $EE00 with CD5
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF0010
        move.w  VDP_CTRL,0xFF0012
        move.w  #0x8F01,VDP_CTRL        | fill: auto-increment 1, length 128, register 23 = $80
        move.w  #0x9380,VDP_CTRL
        move.w  #0x9400,VDP_CTRL
        move.w  #0x9780,VDP_CTRL
        move.l  #0x40000083,VDP_CTRL    | VRAM write at $C000 with CD5
        move.w  #0x5A00,VDP_DATA        | the fill's byte $5A
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF0014
        move.w  VDP_CTRL,0xFF0016
        moveq   #0,d3
busy:   addq.w  #1,d3
        move.w  VDP_CTRL,d0
        btst    #1,d0
        bne.s   busy
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF0018
        move.w  d3,0xFF001A
        move.w  #0x8F02,VDP_CTRL
        move.l  #0x50000003,VDP_CTRL    | VRAM write at $D000
        lea     VDP_DATA,a5
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF001C
        moveq   #63,d0
4:      move.w  d0,(a5)                 | 64 words as fast as the 68000 can: 18 cycles
        dbra    d0,4b                   | a word, the FIFO takes one per 428 clocks
        move.w  VDP_HV,d1
        lsr.w   #8,d1
        move.w  d1,0xFF001E
        addq.w  #1,0xFF0000
blank:  move.w  VDP_CTRL,d0
        btst    #3,d0
        beq.s   blank                   | wait for vblank, then for line 72 again
        bra     frame

vint:   rte
hint:   rte

regs:   .word   0x8004, 0x8114, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
