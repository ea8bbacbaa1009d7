| Rewrites the sprite table in the middle of the display, interrupts off: in vertical
| blank (V counter $E0) it writes table A through the data port, two 8x8 sprites apart on
| lines 40-47 (sprite 0 at X 100, sprite 1 at X 200); on line 100 it writes table B,
| sprite 0 at (100, 150) and sprite 1 at (104, 154), which overlap on lines 154-157. Then
| it polls the status word until bit 5 (collision) shows and logs the V counter there,
| or $00FF if vertical blank comes first.
|
| RAM: $FF0000 frames (word), $FF0010 the log: one word per frame, 16 frames.

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
frame:  moveq   #0xFFFFFFE0,d1          | wait for V = $E0, the first blank line
        bsr.s   wait_v
        lea     table_a(pc),a0
        bsr.s   write_sat
        move.w  VDP_CTRL,d0             | clears bits 5 and 6
        moveq   #100,d1
        bsr.s   wait_v
        lea     table_b(pc),a0
        bsr.s   write_sat
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

| The 8 words at a0 to the SAT at VRAM $F000 through the data port.
write_sat:
        move.l  #0x70000003,VDP_CTRL    | VRAM write at $F000
        moveq   #7,d0
1:      move.w  (a0)+,VDP_DATA
        dbra    d0,1b
        rts

vint:   rte
hint:   rte

| Display on, VINT off, mode 5; SAT at $F000; H32; auto-increment 2.
regs:   .word   0x8004, 0x8144, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0

| Y, size|link, attribute (cell 1), X; screen position + 128.
table_a:
        .word   168, 0x0001, 0x0001, 228
        .word   168, 0x0000, 0x0001, 328
table_b:
        .word   278, 0x0001, 0x0001, 228
        .word   282, 0x0000, 0x0001, 232
