; boxtest.asm: a Vectrex cartridge with its own box test instead of Obj_Hit, which misses
; a case on purpose: on the y axis it compares the distance with one object's half-size
; (8) where the sum of both (16) is needed, so objects that overlap with their centres
; 9 to 16 units apart in y are not seen.
;
; The object table at $C880, three records of 5 bytes: y, x (signed, at scale $7F), the
; half-size, a live flag and the program's hit mark. Object 0 stands at (0, 0); object 1
; at y = 4 starts at x = -60, object 2 at y = -13 at x = 100. Each frame, after Wait_Recal,
; the program tests the objects where the last frame showed them and marks them, then
; moves object 1 one unit right and object 2 one unit left (when object 1 reaches x = 100
; both go back to the start: a pass of 160 frames) and draws them. All are 16 x 16
; (half-size 8).
;
; Expected, by hand: the cartridge's n-th frame (n = 1 first), with m = n mod 160, shows
; object 1 at x = -60 + m and object 2 at x = 100 - m; the next frame decides about it.
; The boxes (2 x 8 + 1 units) of objects 0 and 1 overlap when |m - 60| <= 16 (m = 44..76) and the program's test agrees
; (dy = 4 <= 8); objects 0 and 2 overlap when |100 - m| <= 16 (m = 84..116), but
; dy = 13 > 8: the program never marks them. Objects 1 and 2 are 17 apart in y: never
; overlapping. Per pass: 33 frames marked (on_hit), 33 frames missed.
;
; Built with the project's assembler: hitlab asm6809 boxtest.asm -o boxtest.bin

Wait_Recal  equ $F192
Intensity_a equ $F2AB
Moveto_d    equ $F312
Reset0Ref   equ $F354
Draw_VLc    equ $F3CE
via_t1cl    equ $D004

objects     equ $C880           ; the table: 3 records
stride      equ 5

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $42,$4F,$58,$80             ; "BOX"
        fcb $00

start   ldx #objects
        ldd #$0000                      ; object 0 at (0, 0)
        std ,x
        ldd #$04C4                      ; object 1 at (4, -60)
        std stride,x
        ldd #$F364                      ; object 2 at (-13, 100)
        std 2*stride,x
        bsr reset
        ldd #$0801                      ; half-size 8, live
        std 2,x
        std stride+2,x
        std 2*stride+2,x

frame   jsr Wait_Recal                  ; DP = $D0, the pen at the origin
        clr objects+4                   ; the marks for the frame just shown
        clr objects+stride+4
        clr objects+2*stride+4
        ldu #objects+stride
        bsr test                        ; object 0 against object 1
        ldu #objects+2*stride
        bsr test                        ; object 0 against object 2
        inc objects+stride+1            ; object 1 right
        dec objects+2*stride+1          ; object 2 left
        lda objects+stride+1
        cmpa #100
        bne moved
        ldx #objects
        bsr reset
moved   lda #$7F
        sta via_t1cl                    ; scale $7F
        lda #$5F
        jsr Intensity_a
        ldu #objects
        bsr draw
        ldu #objects+stride
        bsr draw
        ldu #objects+2*stride
        bsr draw
        bra frame

; The start of a pass: object 1 at x = -60, object 2 at x = 100.
reset   lda #$C4
        sta stride+1,x
        lda #$64
        sta 2*stride+1,x
        rts

; Object 0 against the record U points at; both marked on a hit.
test    lda ,u
        suba objects                    ; dy
        bpl test_y
        nega
test_y  cmpa objects+2                  ; the bug: object 0's half-size, not the sum
        bhi test_no
        ldb 1,u
        subb objects+1                  ; dx
        bpl test_x
        negb
test_x  lda objects+2
        adda 2,u                        ; the sum of both half-sizes
        pshs a
        cmpb ,s+
        bhi test_no
on_hit  lda #1
        sta 4,u
        sta objects+4
test_no rts

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
