; An IRQ-driven mover whose collision frame is known by construction, marking its hit the
; way seed 004's demo does. Two 8x8 4-bpp sprites on line 100: sprite 0 from X 100
; moving right 1 px per VSYNC, sprite 1 still at X 200, both collision mask %0001.
; On frame n (n >= 1) sprite 0 is at X 100 + n; columns 100+n..107+n meet column 200
; first on frame 93. The handler, installed through CINV, reads ISR; on SPRCOL it keeps
; the first frame number in hit_frame, switches sprite 1 to its "hit" bitmap (pattern 1
; at VRAM $00020) and clears its collision mask, then acknowledges SPRCOL; on every
; interrupt it moves sprite 0 and counts the frame, and chains to the KERNAL's handler.
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
frame:     .res 1         ; VSYNC handlers run so far
xpos:      .res 1         ; sprite 0's X
hit_frame: .res 1         ; the frame SPRCOL was first seen for, $FF before
old_irq:   .res 2         ; the KERNAL's handler

        basic_stub
start:
        sei
        ; Pattern 0 at VRAM $00000 (32 bytes of colour 1), pattern 1 at $00020 (colour 2).
        vera_addr $00000, 1
        vera_fill $11, 32
        vera_fill $22, 32
        ; Sprites 0 and 1 at $1FC00.
        vera_addr $1FC00, 1
        vera_copy attrs, 16
        lda #$41            ; sprites on, VGA
        sta VERA_DC_VIDEO
        lda #100
        sta xpos
        stz frame
        lda #$FF
        sta hit_frame
        hook_cinv irq, old_irq
        lda #$05            ; SPRCOL | VSYNC
        sta VERA_IEN
        cli
main:   wai
        bra main

irq:
        lda VERA_ISR
        and #$04            ; SPRCOL
        beq moved
        lda hit_frame
        cmp #$FF
        bne ack
        lda frame
        sta hit_frame
        ; Sprite 1's attribute byte 0 ($1FC08): pattern address $00020 >> 5 = 1.
        vera_addr $1FC08, 1
        lda #$01
        sta VERA_DATA0
        ; Its byte 6 ($1FC0E): z 3, collision mask 0.
        lda #$0E
        sta VERA_ADDR_L
        lda #$0C
        sta VERA_DATA0
ack:    lda #$04
        sta VERA_ISR
moved:  inc xpos
        ; Sprite 0's X low byte ($1FC02), increment 0.
        vera_addr $1FC02, 0
        lda xpos
        sta VERA_DATA0
        inc frame
        jmp (old_irq)

attrs:  ; pattern 0 (4 bpp), X, Y 100, mask %0001 z 3, 8x8 palette 0
        .byte $00, $00, 100, 0, 100, 0, $1C, $00
        .byte $00, $00, 200, 0, 100, 0, $1C, $00
