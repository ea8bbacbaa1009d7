; Seed 003 ("Menschenjagd", Malban and "der Luchs"): the labyrinth's wall tests as
; Vectrex 6809 code, both called once per decision by the harness (`hitlab`'s Vectrex
; board, crates/machine/src/vectrex/target.rs):
;
;   $1000 maze_tiles     the seed's tile test (`goRightAllowed`), all four directions
;   $1100 obj_hit_walls  the seed's first try: every wall segment an Obj_Hit object
;
; In:  A = row, B = column (the player's coarse tile position, 0,0 the top-left tile),
;      X = direction: 0 up, 1 down, 2 right, 3 left (any value above 3 reads as left),
;      DP = $C8, <FINEY / <FINEX = the fine offsets from the tile centre (-8..7, -8 is
;      the tile's top / left edge, the grid line players run on), <HALF = the player's
;      half-size in fine units (0..7).
; Out: carry clear = the step of one fine unit is allowed, carry set = blocked (the
;      Obj_Hit convention). Both routines give the answers of the Rust wall methods
;      `maze-tiles` and `obj-hit-walls` (crates/collide/src/maze) for every position
;      within the labyrinth's outer grid lines.
;
; The rule both apply: a player moves only along its grid line (left/right with fine y
; -8, up/down with fine x -8) and its box after the step (half-size around the centre)
; must not touch a wall (a segment from a tile centre to an edge midpoint).
;
; Tile bytes: the low four bits are walls from the tile centre, bit 0 top, bit 1 bottom,
; bit 2 right, bit 3 left. The seed's first row ends with `db 0b0110 ; positions left and
; left have a wall`: 0b0110 is right + bottom, it contradicts tile 9's right wall, and the
; comment says left. Fixed here as 0b1010 (left + bottom), as in roms/vectrex/labyrinth.ron.
;
; The labyrinth table has a ring of open tiles around it, so that the reads for a player
; on the outer grid lines need no bounds check (off the labyrinth there are no walls).

PW          equ 12              ; padded width: 10 tiles and an open one each side
FINEY       equ $80             ; $C880: fine y offset
FINEX       equ $81             ; $C881: fine x offset
HALF        equ $82             ; $C882: half-size
ROW         equ $83             ; scratch: A on entry
COL         equ $84             ; scratch: B on entry
HH          equ $85             ; scratch word: the half-size in both bytes
WALL_TOP    equ %0001
WALL_BOTTOM equ %0010
WALL_RIGHT  equ %0100
WALL_LEFT   equ %1000
OFFSET_Y    equ 8-8*6           ; tile units to Obj_Hit bytes: the labyrinth centred on 0
OFFSET_X    equ 8-8*10
Obj_Hit     equ $F8FF

; ---------------------------------------------------------------------------------------
; maze_tiles: only when the box reaches a tile centre after the step (|fine| <= half) can
; it touch a wall, and then only the walls of the two tiles beside its line at that
; centre: the seed's routine reads both bytes.
            org $1000
maze_tiles  std <ROW            ; ROW, COL
            cmpx #1
            blo t_up
            beq t_down
            cmpx #2
            beq t_right
t_left      lda <FINEY          ; on a horizontal line?
            cmpa #-8
            bne t_blocked
            lda <FINEX
            deca                ; fine x after the step
            bpl t_lpos
            cmpa #-9
            beq t_lwrap         ; -8 - 1: fine 7 of the tile to the left
            nega
t_lpos      cmpa <HALF
            bhi t_allowed       ; the box does not reach the centre: no wall in reach
            bra t_h_tiles
t_lwrap     lda <HALF
            cmpa #7
            blo t_allowed
            ldx #lab-PW-1       ; the column to the left: c = COL - 1
            bra t_h_mul
t_right     lda <FINEY
            cmpa #-8
            bne t_blocked
            lda <FINEX
            inca                ; +8 is the next tile's -8: beyond any half-size
            bpl t_rpos
            nega
t_rpos      cmpa <HALF
            bhi t_allowed
; The seed's goRightAllowed: tile (c, g-1) bottom, tile (c, g) top, for the line g = ROW
; and the tile column c = COL of the centre reached.
t_h_tiles   ldx #lab-PW         ; tile row g-1 is row g from here
t_h_mul     lda <ROW
            ldb #PW
            mul
            leax d,x
            lda <COL
            leax a,x            ; the upper tile
            ldb ,x
            andb #WALL_BOTTOM   ; a wall down from its centre?
            bne t_blocked
            leax PW,x           ; the tile below
            ldb ,x
            andb #WALL_TOP      ; a wall up from its centre?
            bne t_blocked
t_allowed   andcc #$FE
            rts
t_blocked   orcc #$01
            rts
t_up        lda <FINEX          ; on a vertical line?
            cmpa #-8
            bne t_blocked
            lda <FINEY
            deca                ; fine y after the step
            bpl t_upos
            cmpa #-9
            beq t_uwrap         ; fine 7 of the tile above
            nega
t_upos      cmpa <HALF
            bhi t_allowed
            bra t_v_tiles
t_uwrap     lda <HALF
            cmpa #7
            blo t_allowed
            ldx #lab-1-PW       ; the row above: c = ROW - 1
            bra t_v_mul
t_down      lda <FINEX
            cmpa #-8
            bne t_blocked
            lda <FINEY
            inca
            bpl t_dpos
            nega
t_dpos      cmpa <HALF
            bhi t_allowed
; The same for a vertical line g = COL at the tile row c = ROW of the centre reached:
; tile (g-1, c) right, tile (g, c) left.
t_v_tiles   ldx #lab-1          ; tile column g-1 is column g from here
t_v_mul     lda <ROW
            ldb #PW
            mul
            leax d,x
            lda <COL
            leax a,x            ; the left tile
            ldb ,x
            andb #WALL_RIGHT    ; a wall right from its centre?
            bne t_blocked
            leax 1,x            ; the tile to its right
            ldb ,x
            andb #WALL_LEFT     ; a wall left from its centre?
            bne t_blocked
            andcc #$FE
            rts

; ---------------------------------------------------------------------------------------
; obj_hit_walls: the player's centre after the step as the point, every wall segment's
; centre and half-size as the box, the player's half-size added (the pair's A = (h1 +
; h2) / 2, B = (w1 + w2) / 2 in full sizes), Obj_Hit for each until one hits.
            org $1100
obj_hit_walls
            std <ROW
            cmpx #1
            blo o_up
            beq o_down
            cmpx #2
            beq o_right
o_left      lda <FINEY
            cmpa #-8
            bne o_blocked
            bsr o_point
            decb                ; the step left
            bra o_test
o_right     lda <FINEY
            cmpa #-8
            bne o_blocked
            bsr o_point
            incb
            bra o_test
o_up        lda <FINEX
            cmpa #-8
            bne o_blocked
            bsr o_point
            deca
            bra o_test
o_down      lda <FINEX
            cmpa #-8
            bne o_blocked
            bsr o_point
            inca
o_test      tfr d,x             ; the point (y, x), kept in X: Obj_Hit keeps registers
            lda <HALF
            ldb <HALF
            std <HH
            ldu #walls
o_loop      ldy ,u++            ; the wall's centre (y, x)
            ldd ,u++            ; its half height and width
            addd <HH            ; + the player's half-size in both
            jsr Obj_Hit
            bcs o_blocked
            cmpu #walls_end
            bne o_loop
            andcc #$FE
            rts
o_blocked   orcc #$01
            rts
; D = the player's centre before the step in Obj_Hit bytes: (row * 16 + 8 + fine y,
; column * 16 + 8 + fine x), less 8 * height and 8 * width.
o_point     lda <ROW
            lsla
            lsla
            lsla
            lsla
            adda <FINEY
            adda #OFFSET_Y
            ldb <COL
            lslb
            lslb
            lslb
            lslb
            addb <FINEX
            addb #OFFSET_X
            rts

; ---------------------------------------------------------------------------------------
; The 10 x 6 labyrinth, one byte per tile, top row first, inside a ring of open tiles.
            org $1200
lab_pad   fcb 0,0,0,0,0,0,0,0,0,0,0,0  ; row -1: open
          fcb 0,%0110,%1100,%1100,%1110,%1100,%1100,%1110,%1100,%1100,%1010,0  ; row 0
          fcb 0,%0011,%0100,%1100,%1001,%0000,%0000,%0101,%1100,%1000,%0011,0  ; row 1
          fcb 0,%0011,%0000,%0010,%0000,%0100,%1000,%0000,%0010,%0000,%0011,0  ; row 2
          fcb 0,%0111,%1000,%0001,%0010,%0100,%1000,%0010,%0001,%0100,%1011,0  ; row 3
          fcb 0,%0011,%0000,%0100,%1001,%0010,%0010,%0101,%1000,%0000,%0011,0  ; row 4
          fcb 0,%0101,%1100,%1100,%1100,%1101,%1101,%1100,%1100,%1100,%1001,0  ; row 5
          fcb 0,0,0,0,0,0,0,0,0,0,0,0  ; row 6: open
lab         equ lab_pad+PW+1    ; tile (0, 0)

; The wall segments as Obj_Hit objects, tile by tile (rows from the top), in each tile
; top, bottom, right, left: centre y, centre x (tile centre at (16 ty + 8 - 48,
; 16 tx + 8 - 80), the segment's centre 4 units towards its edge), half height, half
; width (a segment is 8 units long and 0 wide).
walls
          fcb -36,-72,4,0  ; (0, 0) bottom
          fcb -40,-68,0,4  ; (0, 0) right
          fcb -40,-52,0,4  ; (1, 0) right
          fcb -40,-60,0,4  ; (1, 0) left
          fcb -40,-36,0,4  ; (2, 0) right
          fcb -40,-44,0,4  ; (2, 0) left
          fcb -36,-24,4,0  ; (3, 0) bottom
          fcb -40,-20,0,4  ; (3, 0) right
          fcb -40,-28,0,4  ; (3, 0) left
          fcb -40,-4,0,4  ; (4, 0) right
          fcb -40,-12,0,4  ; (4, 0) left
          fcb -40,12,0,4  ; (5, 0) right
          fcb -40,4,0,4  ; (5, 0) left
          fcb -36,24,4,0  ; (6, 0) bottom
          fcb -40,28,0,4  ; (6, 0) right
          fcb -40,20,0,4  ; (6, 0) left
          fcb -40,44,0,4  ; (7, 0) right
          fcb -40,36,0,4  ; (7, 0) left
          fcb -40,60,0,4  ; (8, 0) right
          fcb -40,52,0,4  ; (8, 0) left
          fcb -36,72,4,0  ; (9, 0) bottom
          fcb -40,68,0,4  ; (9, 0) left
          fcb -28,-72,4,0  ; (0, 1) top
          fcb -20,-72,4,0  ; (0, 1) bottom
          fcb -24,-52,0,4  ; (1, 1) right
          fcb -24,-36,0,4  ; (2, 1) right
          fcb -24,-44,0,4  ; (2, 1) left
          fcb -28,-24,4,0  ; (3, 1) top
          fcb -24,-28,0,4  ; (3, 1) left
          fcb -28,24,4,0  ; (6, 1) top
          fcb -24,28,0,4  ; (6, 1) right
          fcb -24,44,0,4  ; (7, 1) right
          fcb -24,36,0,4  ; (7, 1) left
          fcb -24,52,0,4  ; (8, 1) left
          fcb -28,72,4,0  ; (9, 1) top
          fcb -20,72,4,0  ; (9, 1) bottom
          fcb -12,-72,4,0  ; (0, 2) top
          fcb -4,-72,4,0  ; (0, 2) bottom
          fcb -4,-40,4,0  ; (2, 2) bottom
          fcb -8,-4,0,4  ; (4, 2) right
          fcb -8,4,0,4  ; (5, 2) left
          fcb -4,40,4,0  ; (7, 2) bottom
          fcb -12,72,4,0  ; (9, 2) top
          fcb -4,72,4,0  ; (9, 2) bottom
          fcb 4,-72,4,0  ; (0, 3) top
          fcb 12,-72,4,0  ; (0, 3) bottom
          fcb 8,-68,0,4  ; (0, 3) right
          fcb 8,-60,0,4  ; (1, 3) left
          fcb 4,-40,4,0  ; (2, 3) top
          fcb 12,-24,4,0  ; (3, 3) bottom
          fcb 8,-4,0,4  ; (4, 3) right
          fcb 8,4,0,4  ; (5, 3) left
          fcb 12,24,4,0  ; (6, 3) bottom
          fcb 4,40,4,0  ; (7, 3) top
          fcb 8,60,0,4  ; (8, 3) right
          fcb 4,72,4,0  ; (9, 3) top
          fcb 12,72,4,0  ; (9, 3) bottom
          fcb 8,68,0,4  ; (9, 3) left
          fcb 20,-72,4,0  ; (0, 4) top
          fcb 28,-72,4,0  ; (0, 4) bottom
          fcb 24,-36,0,4  ; (2, 4) right
          fcb 20,-24,4,0  ; (3, 4) top
          fcb 24,-28,0,4  ; (3, 4) left
          fcb 28,-8,4,0  ; (4, 4) bottom
          fcb 28,8,4,0  ; (5, 4) bottom
          fcb 20,24,4,0  ; (6, 4) top
          fcb 24,28,0,4  ; (6, 4) right
          fcb 24,36,0,4  ; (7, 4) left
          fcb 20,72,4,0  ; (9, 4) top
          fcb 28,72,4,0  ; (9, 4) bottom
          fcb 36,-72,4,0  ; (0, 5) top
          fcb 40,-68,0,4  ; (0, 5) right
          fcb 40,-52,0,4  ; (1, 5) right
          fcb 40,-60,0,4  ; (1, 5) left
          fcb 40,-36,0,4  ; (2, 5) right
          fcb 40,-44,0,4  ; (2, 5) left
          fcb 40,-20,0,4  ; (3, 5) right
          fcb 40,-28,0,4  ; (3, 5) left
          fcb 36,-8,4,0  ; (4, 5) top
          fcb 40,-4,0,4  ; (4, 5) right
          fcb 40,-12,0,4  ; (4, 5) left
          fcb 36,8,4,0  ; (5, 5) top
          fcb 40,12,0,4  ; (5, 5) right
          fcb 40,4,0,4  ; (5, 5) left
          fcb 40,28,0,4  ; (6, 5) right
          fcb 40,20,0,4  ; (6, 5) left
          fcb 40,44,0,4  ; (7, 5) right
          fcb 40,36,0,4  ; (7, 5) left
          fcb 40,60,0,4  ; (8, 5) right
          fcb 40,52,0,4  ; (8, 5) left
          fcb 36,72,4,0  ; (9, 5) top
          fcb 40,68,0,4  ; (9, 5) left
walls_end
