; joy.asm: a Vectrex cartridge that reads its player with the BIOS, as games do: the
; buttons (Read_Btns), the stick (Joy_Digital), a random number (Random), and a block of
; RAM cleared (Clear_x_b).
;
; At the start: $C880-$C889 are set to $55, then Clear_x_b with X = $C880, B = 8 clears
; nine of them: $C889 keeps $55. Each frame, after Wait_Recal: Read_Btns, Joy_Digital,
; then the object's y at $C880 gains stick 1's Y reading ($C81C: 1 up, $FF down, 0) and
; its x at $C881 stick 1's X ($C81B: 1 right, $FF left); the buttons held ($C80F, bit 0
; button 1) go to $C882, the presses since the last read ($C811) to $C883 and Random's
; number to $C884; a dot is drawn at the object.
;
; Expected, by hand: the pad held right and up for n frames moves the object n units up
; and right; left, down the other way; a button held shows in $C882 every frame and in
; $C883 the first frame only. Random steps the 16-bit shift register of the project's
; BIOS from $ACE1 (RAM at $C87D-$C87E is 0 at power-on).
;
; Built with the project's assembler: hitlab asm6809 joy.asm -o joy.bin

Wait_Recal  equ $F192
Read_Btns   equ $F1BA
Joy_Digital equ $F1F8
Intensity_5F equ $F2A5
Dot_d       equ $F2C3
Random      equ $F517
Clear_x_b   equ $F53F
btn_state   equ $C80F
btn_new     equ $C811
joy_1_x     equ $C81B
joy_1_y     equ $C81C
object      equ $C880           ; y, x, held, pressed, random

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $4A,$4F,$59,$80             ; "JOY"
        fcb $00

start   ldx #object
        lda #$55
        ldb #10
fill    sta ,x+
        decb
        bne fill
        ldx #object
        ldb #8
        jsr Clear_x_b                   ; $C880-$C888

frame   jsr Wait_Recal
        jsr Read_Btns
        jsr Joy_Digital
        lda object
        adda joy_1_y
        sta object
        lda object+1
        adda joy_1_x
        sta object+1
        lda btn_state
        sta object+2
        lda btn_new
        sta object+3
        jsr Random
        sta object+4
        jsr Intensity_5F
        ldd object
        jsr Dot_d
        bra frame
