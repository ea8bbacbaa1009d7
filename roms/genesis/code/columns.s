| columns: seed 002, Method 3 ("the Fonzie method"), for the Genesis routine contract,
| in the second form the seed recommends and counts: "first, draw all the 'good' sprites
| and update the goodList. Second, for each [bad] sprite, check if there is something on
| the column and check it".
|
| COLUMNS is 32 (H32, 256 px) or 40 (H40, 320 px), given when assembling
| (--defsym COLUMNS=32 or 40); the screen is COLUMNS * 8 pixels wide and SCREEN_H lines
| high (224, V28).
|
| 1. goodList: one byte per 8-px column, $FF = empty. Each Good object, in record order,
|    writes its index into the slot of every column its on-screen pixels touch; a later
|    one overwrites an earlier one.
| 2. Each Bad object, in record order, reads the slots of its columns left to right; an
|    occupant met again in the next column is not tested twice. The boxes are tested
|    half-open, Y first ("since you are pretty sure X pos is correct, test the Y first"),
|    then X.
| 3. On a hit the pair (good, bad) is written, the Good object's slots are cleared ("to
|    avoid unneeded other tests") and the Bad object is done.
| Lossy, as the seed says: two Good objects in one column (the later hides the earlier),
| a second Bad object on a Good one already hit, a second Good object under a Bad one
| that already hit, and objects with no pixel on the screen are all missed.
        .include "contract.inc"
        .include "macros.inc"

        .ifndef COLUMNS
        .equ    COLUMNS, 32
        .endif
        .ifndef SCREEN_H
        .equ    SCREEN_H, 224
        .endif
        .equ    SCREEN_W, COLUMNS * 8
        .equ    EMPTY, 0xFF

        .text
        .globl  start
start:
        lea     GOODLIST,a1
        moveq   #COLUMNS-1,d0
cl_clear:
        move.b  #EMPTY,(a1)+
        dbra    d0,cl_clear

| 1. Draw the Good sprites.
        lea     GOODLIST,a1
        lea     OBJ+2,a3
        moveq   #0,d5                   | i
        bra.s   cg_next
cg_loop:
        cmp.b   #GOOD,6(a3)
        bne.s   cg_skip
        bsr     span
        bcs.s   cg_skip
        lea     0(a1,d0.w),a0
        sub.w   d0,d1                   | columns - 1
cg_fill:
        move.b  d5,(a0)+
        dbra    d1,cg_fill
cg_skip:
        addq.l  #8,a3
        addq.w  #1,d5
cg_next:
        cmp.w   OBJ,d5
        bne.s   cg_loop

| 2. Draw the Bad sprites, each checking the goodList of its columns.
        lea     OUT+2,a2
        moveq   #0,d7                   | K
        lea     OBJ+2,a0
        moveq   #0,d5                   | j
        bra     cb_next
cb_loop:
        cmp.b   #BAD,6(a0)
        bne     cb_skip
        movea.l a0,a3
        bsr     span
        bcs     cb_skip
        move.w  d0,d2                   | the column
        move.w  d1,d3                   | the last column
        movea.w 2(a0),a4                | bad.y
        moveq   #0,d0
        move.b  5(a0),d0
        add.l   a4,d0
        movea.l d0,a5                   | bad.y + h
        movea.w (a0),a6                 | bad.x
        moveq   #0,d6
        move.b  4(a0),d6
        add.l   a6,d6                   | bad.x + w
        moveq   #-1,d4                  | the previous occupant: none
cb_column:
        moveq   #0,d0
        move.b  0(a1,d2.w),d0           | the occupant
        cmp.b   #EMPTY,d0
        beq.s   cb_column_next
        cmp.b   d4,d0
        beq.s   cb_column_next          | met in the previous column
        move.b  d0,d4
        lea     OBJ+2,a3
        lsl.w   #3,d0
        adda.w  d0,a3                   | its record
        move.w  2(a3),d0
        ext.l   d0                      | good.y
        moveq   #0,d1
        move.b  5(a3),d1
        add.l   d0,d1                   | good.y + h
        cmp.l   a4,d1                   | bad.y >= good.y2
        ble.s   cb_column_next
        cmp.l   a5,d0                   | good.y >= bad.y2
        bge.s   cb_column_next
        move.w  (a3),d0
        ext.l   d0                      | good.x
        moveq   #0,d1
        move.b  4(a3),d1
        add.l   d0,d1                   | good.x + w
        cmp.l   a6,d1                   | bad.x >= good.x2
        ble.s   cb_column_next
        cmp.l   d6,d0                   | good.x >= bad.x2
        bge.s   cb_column_next
| 3. A hit: write it, take the Good sprite off the list; this Bad sprite is done.
        PUSH_PAIR d4, d5, d7
        bsr     span
        lea     0(a1,d0.w),a3
        sub.w   d0,d1
cb_remove:
        cmp.b   (a3),d4
        bne.s   cb_kept
        move.b  #EMPTY,(a3)
cb_kept:
        addq.l  #1,a3
        dbra    d1,cb_remove
        bra.s   cb_skip
cb_column_next:
        addq.w  #1,d2
        cmp.w   d3,d2
        ble.s   cb_column
cb_skip:
        addq.l  #8,a0
        addq.w  #1,d5
cb_next:
        cmp.w   OBJ,d5
        bne     cb_loop
        move.w  d7,OUT
        rts

| span: the columns the on-screen pixels of the record at a3 touch.
| Out: carry clear, d0 = the first column, d1 = the last; carry set when no pixel of the
| object is on the screen. Uses d0, d1.
span:
        moveq   #0,d0
        move.b  5(a3),d0                | h
        beq.s   span_none
        move.w  2(a3),d1
        ext.l   d1                      | y
        cmp.l   #SCREEN_H,d1
        bge.s   span_none               | below the screen
        add.l   d0,d1
        ble.s   span_none               | y + h <= 0: above it
        moveq   #0,d0
        move.b  4(a3),d0                | w
        beq.s   span_none
        move.w  (a3),d1
        ext.l   d1                      | x
        cmp.l   #SCREEN_W,d1
        bge.s   span_none               | right of it
        add.l   d1,d0                   | x + w
        ble.s   span_none               | left of it
        cmp.l   #SCREEN_W,d0
        ble.s   span_right
        move.l  #SCREEN_W,d0
span_right:
        subq.l  #1,d0
        lsr.l   #3,d0                   | the last column: (min(x + w, SCREEN_W) - 1) / 8
        tst.l   d1
        bpl.s   span_left
        moveq   #0,d1
span_left:
        lsr.l   #3,d1                   | the first column: max(x, 0) / 8
        exg     d0,d1
        tst.w   d1                      | carry clear
        rts
span_none:
        ori.b   #1,ccr                  | carry set
        rts
