; overrun.asm: a Vectrex cartridge whose frame takes longer than the BIOS's 30,000
; cycles: after Wait_Recal it draws one line and then works (a delay loop) for about
; 40,000 cycles before it calls Wait_Recal again, which finds Timer 2 already run out and
; restarts it at once. Each of its frames is therefore the work's length, about 40,000
; cycles, not 30,000: the picture would flicker at 37 Hz on the machine.
;
; Expected, by hand (6809 data sheet cycles): the delay is ldx #5000 (3) and 5,000 x
; (leax -1,x 5 + bne 3) = 40,003 cycles, more than a whole frame by itself, so every
; Wait_Recal finds Timer 2 run out and every frame is the work's length: one Timer 2
; timeout per game frame, 40,003 cycles of delay plus the drawing and the BIOS calls
; between two timeouts. The frame counter at $C880 counts the game's frames.
;
; Built with the project's assembler: hitlab asm6809 overrun.asm -o overrun.bin

Wait_Recal  equ $F192
Intensity_a equ $F2AB
Draw_Line_d equ $F3DF
via_t1cl    equ $D004
frames      equ $C880
vl_count    equ $C823

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $53,$4C,$4F,$57,$80         ; "SLOW"
        fcb $00

start   clr frames
frame   jsr Wait_Recal                  ; DP = $D0, the pen at the origin
        lda #$7F
        sta via_t1cl                    ; scale $7F
        lda #$5F
        jsr Intensity_a
        clr vl_count                    ; one vector
        ldd #$2020
        jsr Draw_Line_d
        inc frames
work    ldx #5000
delay   leax -1,x
        bne delay
        bra frame
