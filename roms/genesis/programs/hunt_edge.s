| A planted collision bug that only a rare input reaches, for `hitlab hunt`: the player's
| hit on the enemy is missed while pad button B is held with the player at the right end
| of its walk.
|
| Two 8x8 sprites of cell 1 on line 100: sprite 0, the player, from X 100; sprite 1, the
| enemy, still at X 200. The VINT handler reads pad 1 with TH high (`1 1 C B R L D U`,
| 0 = held; the I/O chip's TH is an input, pulled up), decides about the frame just shown:
| it stores 1 in the byte at $FF0005 when the boxes meet (the player's X >= 193, its
| columns X..X+7 reaching column 200), 0 otherwise; then moves the player 2 px right while
| Right is held (up to X 200) and DMAs the table to the SAT. The main program waits with
| STOP.
|
| The bug: while B is held and the player's X is 196 or more, the handler stores 0 (as a
| shot fired at the end of the walk might take the test's place): a miss.
|
| Expected, by hand: with no input the player stays at X 100 and never meets the enemy.
| The shortest input that breaks NoMiss(Box) holds Right for 48 frames (X 196), then B:
| two presses.
|
| RAM: $FF0005 the hit flag (byte), $FF0100 the sprite table (sprite 0's X word at
| $FF0106, screen X + 128).

        .include "program.inc"

        .equ    PAD1, 0xA10003
        .equ    HITFLAG, 0xFF0005
        .equ    PLAYER_X, 0xFF0106

start:  lea     regs(pc),a0
        bsr     set_regs
        bsr     load_cell
        bsr     copy_sat
        move.w  #228,0xFF0100           | the player at (100, 100)
        move.w  #228,PLAYER_X
        move.w  #228,0xFF0108           | the enemy at (200, 100)
        move.w  #328,0xFF0108+6
        clr.b   HITFLAG
        bsr     dma_sat
        move.w  #0x8174,VDP_CTRL        | display on, VINT on, DMA on, mode 5
        move.w  #0x2000,sr
idle:   stop    #0x2000
        bra.s   idle

vint:   movem.l d0-d1,-(sp)
        clr.b   HITFLAG
        move.b  PAD1,d1
        move.w  PLAYER_X,d0
        btst    #4,d1                   | B held?
        bne.s   test
        cmp.w   #196+128,d0
        bhs.s   move                    | the bug: no test at the edge while B is held
test:   cmp.w   #193+128,d0
        blo.s   move
        move.b  #1,HITFLAG
move:   btst    #3,d1                   | Right held?
        bne.s   moved
        cmp.w   #200+128,d0
        bhs.s   moved
        addq.w  #2,d0
        move.w  d0,PLAYER_X
moved:  bsr     dma_sat
        movem.l (sp)+,d0-d1
        rte

hint:   rte

regs:   .word   0x8004, 0x8134, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
