; Spends VERA's per-line sprite work budget on lines 100-107, where a pair of sprites meets
; that the renderer never reaches there. Nine 64x8 8-bpp sprites (0-8, collision mask 0)
; stand side by side at y = 100, x = 0, 64, ..., 512. Sprites 100 and 101, 16x16 8 bpp
; with collision mask %0001, stand at (584, 92) and (592, 100): right of the row, 100 on
; lines 92-107, 101 on lines 100-115, meeting in x 592-599 on lines 100-107 only. Every
; pattern is colour 1, all opaque. Sprites 9-99 and 102-127 are disabled (z = 0).
;
; By hand, from the budget rule (specs/vera.md: 801 units a line, 1 per slot visited in
; index order, 1 per 32-bit fetch, 4 pixels at 8 bpp, 1 per on-screen pixel; the charge
; that reaches 0 is not made, so 800 succeed): each row sprite costs 64 + 16 = 80 units,
; nine of them 720, and sprite 8 starts at 9 + 640 = 649 units, 151 left for its 80.
; Sprite 100's pixels start after 101 slot visits: 101 + 720 = 821 > 800, so on lines
; 100-107 the line stops there and neither 100 nor 101 is drawn. Elsewhere they are alone
; (101 + 20 units): 100 is drawn on lines 92-99, 101 on lines 108-115, apart. Pixel truth
; has them meet on lines 100-107; the chip sees nothing (ISR bits 7-4 stay 0).
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
vsyncs:   .res 1          ; VSYNC interrupts so far
old_irq:  .res 2

        basic_stub
start:
        sei
        ; Pattern 0 at VRAM $00000: 64x8 at 8 bpp, 512 bytes of colour 1 (a 16x16 sprite
        ; reads its first 256).
        vera_addr $00000, 1
        lda #$01
        ldx #0
@pat:   sta VERA_DATA0
        sta VERA_DATA0
        dex
        bne @pat
        ; The attribute table, 1,024 bytes from $1FC00: all disabled first.
        vera_addr $1FC00, 1
        ldy #4
@clr0:  ldx #0
@clr:   stz VERA_DATA0
        dex
        bne @clr
        dey
        bne @clr0
        ; Sprites 0-8 from $1FC00 (the clearing ran the address past $1FFFF, which wraps
        ; to $00000: bit 16 is set again).
        vera_addr $1FC00, 1
        ldx #0
@row:   lda row,x
        sta VERA_DATA0
        inx
        cpx #row_end - row
        bne @row
        ; Sprites 100 and 101 from $1FC00 + 100 x 8 = $1FF20.
        lda #$20
        sta VERA_ADDR_L
        lda #$FF
        sta VERA_ADDR_M
        ldx #0
@pair:  lda pair,x
        sta VERA_DATA0
        inx
        cpx #pair_end - pair
        bne @pair
        lda #$41            ; VGA, sprites on, layers off
        sta VERA_DC_VIDEO
        stz vsyncs
        hook_cinv irq, old_irq
        lda #$01            ; VSYNC
        sta VERA_IEN
        cli
main:   wai
        bra main

irq:    inc vsyncs
        jmp (old_irq)

; 8 bpp (byte 1 bit 7), pattern at $00000; byte 6 = mask, z 3; byte 7 = 64x8 ($30) or
; 16x16 ($50).
.macro row_sprite x_px
        .byte $00, $80, <(x_px), >(x_px), <100, >100, $0C, $30
.endmacro
row:    row_sprite 0
        row_sprite 64
        row_sprite 128
        row_sprite 192
        row_sprite 256
        row_sprite 320
        row_sprite 384
        row_sprite 448
        row_sprite 512
row_end:
pair:   .byte $00, $80, <584, >584, <92, >92, $1C, $50       ; mask %0001, z 3
        .byte $00, $80, <592, >592, <100, >100, $1C, $50
pair_end:
