| Sprites the VDP cannot see collide: a pair masked by an X = 0 sprite, a sprite past the
| per-line sprite limit, a sprite past the per-line pixel budget, and a pair meeting only
| in transparent pixels. Nothing moves: the table is written once; the VINT handler reads
| the status word (clearing bits 5 and 6, as a game's does) and the main program waits
| with STOP. H32 (256 x 224), SAT at $F000. Screen position + 128 in Y and X.
|
| Cells: 1-4 solid colour 1; 5 its left 4 columns colour 1, the rest transparent.
| - Lines 40-47: sprite 0 (8x8, x 20), then sprite 1 with raw X = 0 (priority bit set),
|   after an X != 0 sprite, so it masks the later sprites on its lines (specs/genesis-
|   vdp.md, "masking"). Sprite 2 (8x16 at (100, 40)) and sprite 3 (8x16 at (104, 32))
|   meet in x 104-107 on lines 40-47 only, where both are masked; 3 shows alone on lines
|   32-39 and 2 on 48-55.
| - Lines 80-87: sprites 4-19 (8x8, x 8, 18, ..., 158), sixteen, the H32 limit; sprite 20
|   (8x16 at (162, 80)) is the seventeenth there: dropped, and bit 6 set on line 80. It
|   meets sprite 19 in x 162-165 on those lines; it shows alone on lines 88-95.
| - Lines 120-127: sprites 21-28 (32x8, x 0, 32, ..., 224) use the whole budget of 256
|   pixels; sprite 29 (8x16 at (240, 120)) gets no cell there. It meets sprite 28 in
|   x 240-247 on those lines; it shows alone on lines 128-135.
| - Lines 160-167: sprites 30 (x 100) and 31 (x 104), 8x8 of cell 5: their boxes share
|   x 104-107, where sprite 30 is transparent; their opaque pixels never meet.

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        move.l  #0x40200000,VDP_CTRL    | VRAM write at $0020: cells 1-4 solid
        moveq   #63,d0
1:      move.w  #0x1111,VDP_DATA
        dbra    d0,1b
        moveq   #7,d0                   | cell 5: rows of 1111 0000
2:      move.w  #0x1111,VDP_DATA
        move.w  #0x0000,VDP_DATA
        dbra    d0,2b
        move.l  #0xC0020000,VDP_CTRL    | CRAM write at entry 1: red
        move.w  #0x000E,VDP_DATA
        move.l  #0x70000003,VDP_CTRL    | VRAM write at $F000: the table
        lea     table(pc),a0
        move.w  #(table_end-table)/2-1,d0
3:      move.w  (a0)+,VDP_DATA
        dbra    d0,3b
        move.w  #0x2000,sr
idle:   stop    #0x2000
        bra.s   idle

vint:   tst.w   VDP_CTRL                | the status read clears bits 5 and 6
        rte

hint:   rte

| Mode 5, display on, VINT on; SAT at $F000; backdrop 0; H32; auto-increment 2; no HINT.
regs:   .word   0x8004, 0x8164, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0

| Y, size << 8 | link, attribute (priority, palette, flips, cell), X.
table:  .word   168, 0x0001, 0x0001, 148   | 0: (20, 40)
        .word   168, 0x0002, 0x8001, 0     | 1: raw X = 0, priority bit
        .word   168, 0x0103, 0x0001, 228   | 2: 8x16 at (100, 40)
        .word   160, 0x0104, 0x0001, 232   | 3: 8x16 at (104, 32)
        .word   208, 0x0005, 0x0001, 136   | 4-19: 8x8 at (8 + 10 i, 80)
        .word   208, 0x0006, 0x0001, 146
        .word   208, 0x0007, 0x0001, 156
        .word   208, 0x0008, 0x0001, 166
        .word   208, 0x0009, 0x0001, 176
        .word   208, 0x000A, 0x0001, 186
        .word   208, 0x000B, 0x0001, 196
        .word   208, 0x000C, 0x0001, 206
        .word   208, 0x000D, 0x0001, 216
        .word   208, 0x000E, 0x0001, 226
        .word   208, 0x000F, 0x0001, 236
        .word   208, 0x0010, 0x0001, 246
        .word   208, 0x0011, 0x0001, 256
        .word   208, 0x0012, 0x0001, 266
        .word   208, 0x0013, 0x0001, 276
        .word   208, 0x0014, 0x0001, 286
        .word   208, 0x0115, 0x0001, 290   | 20: 8x16 at (162, 80)
        .word   248, 0x0C16, 0x0001, 128   | 21-28: 32x8 at (32 i, 120)
        .word   248, 0x0C17, 0x0001, 160
        .word   248, 0x0C18, 0x0001, 192
        .word   248, 0x0C19, 0x0001, 224
        .word   248, 0x0C1A, 0x0001, 256
        .word   248, 0x0C1B, 0x0001, 288
        .word   248, 0x0C1C, 0x0001, 320
        .word   248, 0x0C1D, 0x0001, 352
        .word   248, 0x011E, 0x0001, 368   | 29: 8x16 at (240, 120)
        .word   288, 0x001F, 0x0005, 228   | 30: cell 5 at (100, 160)
        .word   288, 0x0000, 0x0005, 232   | 31: cell 5 at (104, 160), the end
table_end:
