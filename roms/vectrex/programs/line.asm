; line.asm: a Vectrex cartridge that needs no BIOS. It drives the VIA itself, the way the
; BIOS's Wait_Recal, Intensity_a, Moveto_d and Draw_VLc do, to draw one line a frame:
; zero the integrators, Z = 64 through the multiplexer, Y = 32 through the multiplexer,
; X = 16 on the DAC, then /RAMP low with the beam lit for 109 cycles. The frame is Timer 2
; loaded with 30,000, polled in the IFR as Wait_Recal polls it.
;
; Expected, by hand (6809 data sheet cycles; VIA wiring in machine::vectrex::board):
; the ramp runs from the cycle after "sta via_orb" with $01 to the end of the "sta
; via_orb" with $81: ldb #20 (2) + 20 x (decb 2 + bne 3) + lda #$81 (2) + sta (5) = 109
; cycles, so the line goes from the centre to (y, x) = (32 x 109, 16 x 109) = (3488, 1744)
; beam units at brightness 64. The frame counter at $C880 counts the frames drawn.
;
; Built with the project's assembler: hitlab asm6809 line.asm -o line.bin

via_orb     equ $D000
via_ora     equ $D001
via_ddrb    equ $D002
via_ddra    equ $D003
via_t2l     equ $D008
via_t2h     equ $D009
via_acr     equ $D00B
via_pcr     equ $D00C
via_ifr     equ $D00D
frames      equ $C880

; PCR: CB2 = /BLANK (bits 7-5), CA2 = /ZERO (bits 3-1); 110 holds a line low, 111 high.
pcr_dark    equ $CE         ; blanked, not zeroing
pcr_zero    equ $CC         ; blanked, zeroing
pcr_lit     equ $EE         ; lit, not zeroing

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; music (the BIOS would play it)
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $4C,$49,$4E,$45,$80         ; "LINE"
        fcb $00                         ; end of the header

start   lds #$CBEA
        lda #$FF
        sta via_ddra                    ; port A: the DAC, all outputs
        lda #$81
        sta via_orb                     ; /RAMP high and the mux off before PB7 drives
        lda #$9F
        sta via_ddrb                    ; PB0-PB4 and PB7 outputs
        clr via_acr                     ; PB7 by hand, timers one-shot, no shifting
        clr frames

frame   ldd #30000
        stb via_t2l
        sta via_t2h                     ; Timer 2: the next frame in 30,000 cycles
loaded  lda #pcr_zero
        sta via_pcr
        lda #pcr_dark
        sta via_pcr                     ; the beam at the centre
        lda #64
        sta via_ora
        lda #$84
        sta via_orb                     ; mux on, select 2: Z = 64
        lda #$85
        sta via_orb                     ; mux off: Z holds 64
        lda #32
        sta via_ora
        lda #$80
        sta via_orb                     ; mux on, select 0: Y = 32
        lda #$81
        sta via_orb                     ; mux off
        lda #16
        sta via_ora                     ; X = 16 on the DAC
        lda #pcr_lit
        sta via_pcr
        lda #$01
        sta via_orb                     ; /RAMP low: the beam moves
        ldb #20
ramp    decb
        bne ramp
        lda #$81
        sta via_orb                     ; /RAMP high: it stops
        lda #pcr_dark
        sta via_pcr
        inc frames
wait    lda via_ifr
        bita #$20
        beq wait                        ; Timer 2 not yet out
        bra frame
