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
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10            ; increment 1
        sta VERA_ADDR_H
        lda #$11
        ldx #32
@p0:    sta VERA_DATA0
        dex
        bne @p0
        lda #$22
        ldx #32
@p1:    sta VERA_DATA0
        dex
        bne @p1
        ; Sprites 0 and 1 at $1FC00.
        stz VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11            ; increment 1, address bit 16
        sta VERA_ADDR_H
        ldx #0
@attr:  lda attrs,x
        sta VERA_DATA0
        inx
        cpx #16
        bne @attr
        lda #$41            ; sprites on, VGA
        sta VERA_DC_VIDEO
        lda #100
        sta xpos
        stz frame
        lda #$FF
        sta hit_frame
        lda CINV
        sta old_irq
        lda CINV+1
        sta old_irq+1
        lda #<irq
        sta CINV
        lda #>irq
        sta CINV+1
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
        lda #$08
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
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
        lda #$02
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$01
        sta VERA_ADDR_H
        lda xpos
        sta VERA_DATA0
        inc frame
        jmp (old_irq)

attrs:  ; pattern 0 (4 bpp), X, Y 100, mask %0001 z 3, 8x8 palette 0
        .byte $00, $00, 100, 0, 100, 0, $1C, $00
        .byte $00, $00, 200, 0, 100, 0, $1C, $00
