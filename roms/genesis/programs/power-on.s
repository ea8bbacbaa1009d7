| Power-on timing: the first thing the 68000 does is the sequence the console was
| measured with (register 1 = $04, mode 5, then an HV counter read; a VA4 NTSC console
| reads $9F21 on every power-on, as Genesis Plus GX `gen_reset` reports), then it enables
| VINT and counts in a loop of 14 cycles (addq 4, bra 10) until the VINT handler logs the
| count, the HV counter and the status word.
|
| RAM: $FF0010 the first HV word, $FF0000 VINT count (word), $FF0100 the log: per VINT
| (the first 8) the loop count, the HV word and the status word read in the handler,
| 8 bytes apart.

        .include "program.inc"

start:  move.w  #0x8104,VDP_CTRL        | mode 5, display off, VINT off
        move.w  VDP_HV,d0
        move.w  d0,0xFF0010
        move.w  #0x8124,VDP_CTRL        | mode 5, VINT on, display off
        moveq   #0,d7
        move.w  #0x2000,sr
count:  addq.w  #1,d7
        bra.s   count

vint:   movem.l d0/a0,-(sp)
        move.w  VDP_HV,d1
        move.w  VDP_CTRL,d2
        move.w  0xFF0000,d0
        cmp.w   #8,d0
        bhs.s   1f
        lsl.w   #3,d0
        lea     0xFF0100,a0
        move.w  d7,0(a0,d0.w)
        move.w  d1,2(a0,d0.w)
        move.w  d2,4(a0,d0.w)
1:      addq.w  #1,0xFF0000
        movem.l (sp)+,d0/a0
        rte

hint:   rte
