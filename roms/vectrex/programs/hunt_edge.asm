; hunt_edge.asm: a Vectrex cartridge with a planted collision bug that only a rare input
; reaches, for `hitlab hunt`: the player's hit on the enemy is missed while button 2 is
; held with the player at the right end of its walk.
;
; The object table at $C880, two records of 5 bytes as boxtest.asm's: y, x (signed, at
; scale $7F), the half-size, a live flag and the program's hit mark. Object 0, the enemy,
; stands at (0, 100); object 1, the player, starts at (0, 0). Both are 16 x 16 (half-size
; 8). Each frame, after Wait_Recal, the program reads the buttons (Read_Btns), tests the
; player against the enemy where the last frame showed them and marks both on a hit, then
; moves the player 2 units right while button 1 is held (up to x = 100) and draws both.
;
; The bug: while button 2 is held and the player's x is 96 or more, the test is skipped
; (as a shot fired at the edge of the walk might take the test's place), so both marks
; stay 0.
;
; Expected, by hand: the boxes (2 x 8 + 1 units wide, on the same line) overlap when the
; player's x >= 84. With no input the player never moves and never meets the enemy: no
; pair, nothing marked, nothing missed. The shortest input that breaks NoMiss(Box) holds
; button 1 for 48 frames (x = 96) and then holds button 2: two presses.
;
; Built with the project's assembler: hitlab asm6809 hunt_edge.asm -o hunt_edge.bin

Wait_Recal  equ $F192
Read_Btns   equ $F1BA
Intensity_a equ $F2AB
Moveto_d    equ $F312
Reset0Ref   equ $F354
Draw_VLc    equ $F3CE
via_t1cl    equ $D004
btn_state   equ $C80F           ; Read_Btns: the buttons held, bit 0 = button 1

objects     equ $C880           ; the table: 2 records
stride      equ 5
player      equ objects+stride

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $45,$44,$47,$45,$80         ; "EDGE"
        fcb $00

start   ldx #objects
        ldd #$0064                      ; the enemy at (0, 100)
        std ,x
        ldd #$0000                      ; the player at (0, 0)
        std stride,x
        ldd #$0801                      ; half-size 8, live
        std 2,x
        std stride+2,x
        clr 4,x
        clr stride+4,x

frame   jsr Wait_Recal                  ; DP = $D0, the pen at the origin
        clr objects+4                   ; the marks for the frame just shown
        clr player+4
        jsr Read_Btns
        lda #$D0                        ; DP = $D0 again for the BIOS's drawing routines,
        tfr a,dp                        ; whatever Read_Btns left in it
        lda btn_state
        bita #$02                       ; button 2 held?
        beq test
        lda player+1
        cmpa #96
        bge tested                      ; the bug: no test at the edge while it is held
test    lda player
        suba objects                    ; dy
        bpl test_y
        nega
test_y  cmpa #16                        ; the sum of both half-sizes
        bhi tested
        lda player+1
        suba objects+1                  ; dx
        bpl test_x
        nega
test_x  cmpa #16
        bhi tested
        lda #1
        sta player+4
        sta objects+4
tested  lda btn_state
        bita #$01                       ; button 1 held: 2 units right, up to x = 100
        beq moved
        lda player+1
        cmpa #100
        bge moved
        adda #2
        sta player+1
moved   lda #$7F
        sta via_t1cl                    ; scale $7F
        lda #$5F
        jsr Intensity_a
        ldu #objects
        bsr draw
        ldu #player
        bsr draw
        bra frame

; Draws the record U points at: a move to its centre, to its lower left corner, then a
; square of side 16 (its size).
draw    jsr Reset0Ref
        ldd ,u
        jsr Moveto_d
        ldd #$F8F8                      ; (-8, -8)
        jsr Moveto_d
        ldx #square
        jmp Draw_VLc

square  fcb 3                           ; 4 vectors
        fcb 16,0
        fcb 0,16
        fcb -16,0
        fcb 0,-16
