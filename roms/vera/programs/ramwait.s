; A main loop that waits for the frame in a RAM poll rather than a WAI: the shape of
; programs that wait for their IRQ handler's frame counter to change. Two 8x8 4-bpp
; sprites on line 100 as in mover.s: sprite 0 from X 100, sprite 1 still at X 200, both
; collision mask %0001. The handler, installed through CINV, only counts the VSYNCs in
; `frame`, keeps the first frame number SPRCOL shows in hit_frame and acknowledges it,
; and chains to the KERNAL's handler. The main loop polls `frame`, which nothing but the
; handler writes:
;   @wait: lda frame 3; cmp seen 3; beq @wait 3 = 9 cycles a turn
; and when it changes moves sprite 0 to X = 100 + frame (still in the vertical blank
; the interrupt came in). So on frame n sprite 0 is at X 100 + n as in mover.s, and
; columns 100+n..107+n meet column 200 first on frame 93.
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
frame:     .res 1         ; VSYNC handlers run so far
seen:      .res 1         ; the frame the main loop last moved the sprite for
hit_frame: .res 1         ; the frame SPRCOL was first seen for, $FF before
old_irq:   .res 2         ; the KERNAL's handler

        basic_stub
start:
        sei
        ; Pattern 0 at VRAM $00000: 32 bytes of colour 1.
        vera_addr $00000, 1
        vera_fill $11, 32
        ; Sprites 0 and 1 at $1FC00.
        vera_addr $1FC00, 1
        vera_copy attrs, 16
        lda #$41            ; sprites on, VGA
        sta VERA_DC_VIDEO
        stz frame
        stz seen
        lda #$FF
        sta hit_frame
        hook_cinv irq, old_irq
        lda #$05            ; SPRCOL | VSYNC
        sta VERA_IEN
        cli
main:
@wait:  lda frame           ; until the handler counts the next VSYNC
        cmp seen
        beq @wait
        sta seen
        ; Sprite 0's X low byte ($1FC02), increment 0: 100 + frame.
        vera_addr $1FC02, 0
        lda seen
        clc
        adc #100
        sta VERA_DATA0
        bra main

irq:
        lda VERA_ISR
        and #$04            ; SPRCOL
        beq counted
        lda hit_frame
        cmp #$FF
        bne ack
        lda frame
        sta hit_frame
ack:    lda #$04
        sta VERA_ISR
counted:
        inc frame
        jmp (old_irq)

attrs:  ; pattern 0 (4 bpp), X, Y 100, mask %0001 z 3, 8x8 palette 0
        .byte $00, $00, 100, 0, 100, 0, $1C, $00
        .byte $00, $00, 200, 0, 100, 0, $1C, $00
