| Enables the display in the middle of the frame, interrupts off: in vertical blank (V
| counter $E0) it turns the display off; on line 100 it reads the status word, turns the
| display on and reads it again. Four 8x8 sprites: 0 at (100, 40) and 1 at (104, 44)
| overlap on lines 44-47, with the display still off; 2 at (100, 150) and 3 at (104, 154)
| overlap on lines 154-157. Then it polls the status word until bit 5 (collision) shows
| and logs the V counter there, or $00FF if vertical blank comes first.
|
| RAM: $FF0000 frames (word), $FF0010 the log: one word per frame, 16 frames;
| $FF0040 the status read just before the display goes on, $FF0042 just after.

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        move.l  #0x70000003,VDP_CTRL    | VRAM write at $F000: the table
        lea     table(pc),a0
        moveq   #15,d0
1:      move.w  (a0)+,VDP_DATA
        dbra    d0,1b
frame:  moveq   #0xFFFFFFE0,d1          | wait for V = $E0, the first blank line
        bsr.s   wait_v
        move.w  #0x8104,VDP_CTRL        | display off
        move.w  VDP_CTRL,d0             | clears bits 5 and 6
        moveq   #100,d1
        bsr.s   wait_v
        move.w  VDP_CTRL,0xFF0040
        move.w  #0x8144,VDP_CTRL        | display on
        move.w  VDP_CTRL,0xFF0042
poll:   move.w  VDP_CTRL,d0
        btst    #5,d0
        bne.s   hit
        move.w  VDP_HV,d0
        lsr.w   #8,d0
        cmp.b   #0xE0,d0
        bne.s   poll
        move.w  #0x00FF,d0              | vertical blank came first: no collision
        bra.s   log
hit:    move.w  VDP_HV,d0
        lsr.w   #8,d0
log:    move.w  0xFF0000,d1
        cmp.w   #16,d1
        bhs.s   1f
        add.w   d1,d1
        lea     0xFF0010,a0
        move.w  d0,0(a0,d1.w)
1:      addq.w  #1,0xFF0000
        bra.s   frame

| Waits until the V counter's byte equals d1's low byte.
wait_v: move.w  VDP_HV,d0
        lsr.w   #8,d0
        cmp.b   d1,d0
        bne.s   wait_v
        rts

vint:   rte
hint:   rte

| Display off, VINT off, mode 5; SAT at $F000; H32; auto-increment 2.
regs:   .word   0x8004, 0x8104, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0

| Y, size|link, attribute (cell 1), X; screen position + 128.
table:  .word   168, 0x0001, 0x0001, 228
        .word   172, 0x0002, 0x0001, 232
        .word   278, 0x0003, 0x0001, 228
        .word   282, 0x0000, 0x0001, 232
