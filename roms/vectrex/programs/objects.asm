; objects.asm: a Vectrex cartridge that keeps two objects in its RAM, draws them with the
; BIOS and tests them with the BIOS's Obj_Hit, as games do (Mine Storm, Manu's
; coleman.as9): both centres as (y, x) in X and Y, half the sum of the sizes in A and B.
;
; The object table at $C880, two records of 5 bytes: y, x (signed, at scale $7F), the
; half-size, a live flag (1) and the program's hit mark (1 when Obj_Hit said hit this
; frame). Object 0 starts at (0, -60) and object 1 at (0, 60). Each frame, after
; Wait_Recal, the program tests the objects where the last frame showed them and marks
; them, then moves object 0 one unit right and object 1 one unit left (when object 0
; reaches x = 100 both go back to the start: a pass of 160 frames) and draws them: at a
; frame's end the table holds what the frame showed, and the marks are the decision
; about the frame before. Both are 16 x 16 (half-size 8).
;
; Expected, by hand: the cartridge's n-th frame (n = 1 first) shows x0 = -60 + m and
; x1 = 60 - m with m = n mod 160, y equal; the next frame's Obj_Hit with A = B = 8 + 8 = 16
; hits when |x1 - x0| = |120 - 2m| <= 16, that is for m = 52..68: 17 frames a pass, at
; on_hit. The boxes of 2 x 8 + 1 units overlap in exactly those frames: no miss, no false
; alarm.
;
; Built with the project's assembler: hitlab asm6809 objects.asm -o objects.bin

Wait_Recal  equ $F192
Intensity_a equ $F2AB
Moveto_d    equ $F312
Reset0Ref   equ $F354
Draw_VLc    equ $F3CE
Obj_Hit     equ $F8FF
via_t1cl    equ $D004

objects     equ $C880           ; the table: 2 records
stride      equ 5
hits        equ $C890           ; Obj_Hit's hits so far

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $4F,$42,$4A,$80             ; "OBJ"
        fcb $00

start   ldx #objects
        ldd #$00C4                      ; y 0, x -60
        std ,x
        ldd #$0801                      ; half-size 8, live
        std 2,x
        clr 4,x
        ldd #$003C                      ; y 0, x 60
        std stride,x
        ldd #$0801
        std stride+2,x
        clr stride+4,x
        clr hits

frame   jsr Wait_Recal                  ; DP = $D0, the pen at the origin
        clr objects+4                   ; the marks for the frame just shown
        clr objects+stride+4
        ldy objects                     ; object 0's centre (y, x)
        ldx objects+stride              ; object 1's centre
        lda objects+2
        adda objects+stride+2           ; 8 + 8: half the sum of the sizes
        tfr a,b
        jsr Obj_Hit
        bcc move
on_hit  inc hits
        lda #1
        sta objects+4
        sta objects+stride+4
move    inc objects+1                   ; object 0 right
        dec objects+stride+1            ; object 1 left
        lda objects+1
        cmpa #100
        bne moved
        lda #$C4
        sta objects+1
        lda #$3C
        sta objects+stride+1
moved   lda #$7F
        sta via_t1cl                    ; scale $7F
        lda #$5F
        jsr Intensity_a
        ldu #objects
        bsr draw
        ldu #objects+stride
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
