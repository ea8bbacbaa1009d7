; Written like seed 004's demo: a WAI main loop, an IRQ handler installed through CINV that
; reads ISR, writes the sprites' positions through DATA0 every frame with work between
; them, and marks a hit by switching the target sprite's bitmap and clearing its collision
; mask; an 8-bpp bitmap layer behind the sprites (a dark blue band on lines 0-7; palette
; entries 0-3 set, the rest of the palette left as the KERNAL set it).
;
; By construction: sprite 0 (the player, 16x16, mask %0010) moves right 1 px per frame on
; lines 0-15 from X 0, so frame n shows it at X n; sprite 127 (the target, mask %0010)
; stands at X 300 on the same lines; sprites 1-126 stand on a grid 40 px apart from line 40
; on, each moving down and right along its own diagonal: sprite k's path is
; (bx + d, by + d) with bx = (k mod 16) x 40, by = (k div 16) x 56 + 40 and d = 0..15 (the
; handler numbered h writes d = h mod 16). They never touch. Columns n..n+15 first meet
; 300..315 on frame 285.
;
; Like the seed's, the handler outlasts vblank: before each grid sprite's X and Y it runs a
; busy loop standing for the seed's per-sprite collision work, 6 + (h mod 64) rounds of
; DEY/BNE, so the handler takes about 12,600 to 52,700 cycles (the seed's 10,000 to
; 88,000) against the 45 lines (11,440 cycles) of vblank. It writes the grid from sprite 126 (the bottom row) up to
; sprite 1, so the beam, going down, overtakes its writes: a sprite written before the
; beam reaches it shows at its new place, one written after at its old place, one written
; while it is drawn moves between its lines; the target's entry, written last, reaches the
; chip during the next frame's display.
        .setcpu "65C02"
        .include "x16.inc"

VERA_L0_CONFIG   = $9F2D
VERA_L0_TILEBASE = $9F2F
BITMAP_ATTR0     = $00   ; pattern $10000 >> 5 = $0800: byte 0
BITMAP_ATTR1     = $08   ;                            byte 1 (4 bpp)
HIT_ATTR0        = $04   ; pattern $10080 >> 5 = $0804
ATTR6            = $2C   ; collision mask %0010, z 3
ATTR7            = $50   ; 16x16, palette offset 0

        .segment "ZEROPAGE"
frame:     .res 2        ; VSYNC handlers run so far
hit_frame: .res 2        ; the frame SPRCOL was first seen for, $FFFF before
old_irq:   .res 2
ptr:       .res 2
px:        .res 2        ; the player's X
delay:     .res 1        ; busy-loop rounds per grid sprite this frame
step:      .res 1        ; d, the grid's place on its diagonals this frame

        basic_stub
start:
        sei
        ; Layer 0: 8-bpp bitmap at VRAM $00000, 320 px wide.
        lda #$07
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE
        ; Palette entries 0-3: black, white, red, dark blue (GB byte, then R).
        vera_addr $1FA00, 1
        vera_copy palette, 8
        ; The bitmap's lines 0-7 (2,560 bytes from $00000) in colour 3: a band behind the
        ; player and the target (2,560 x 9 cycles, well inside the first frame).
        vera_addr $00000, 1
        lda #3
        ldy #10
@band:  ldx #0
@bpx:   sta VERA_DATA0
        dex
        bne @bpx
        dey
        bne @band
        ; The sprites' bitmaps at $10000 (colour 1) and $10080 (colour 2), 16x16 4 bpp.
        vera_addr $10000, 1
        vera_fill $11, 128
        vera_fill $22, 128
        ; All 128 attribute entries, 1,024 bytes, through DATA0 from $1FC00.
        vera_addr $1FC00, 1
        lda #<attr_table
        sta ptr
        lda #>attr_table
        sta ptr+1
        ldx #4
@page:  ldy #0
@byte:  lda (ptr),y
        sta VERA_DATA0
        iny
        bne @byte
        inc ptr+1
        dex
        bne @page
        stz px
        stz px+1
        lda #$51            ; sprites and layer 0 on, VGA
        sta VERA_DC_VIDEO
        stz frame
        stz frame+1
        lda #$FF
        sta hit_frame
        sta hit_frame+1
        hook_cinv irq, old_irq
        lda #$05            ; SPRCOL | VSYNC
        sta VERA_IEN
        cli
main:   wai
        bra main

irq:
        lda VERA_ISR
        and #$04            ; SPRCOL
        beq move
        lda hit_frame+1
        cmp #$FF
        bne ack
        lda frame
        sta hit_frame
        lda frame+1
        sta hit_frame+1
        ; The hit: the target shows its other bitmap and stops colliding.
        lda #HIT_ATTR0
        sta target_attr
        lda #$0C            ; z 3, mask 0
        sta target_attr + 6
ack:    lda #$04
        sta VERA_ISR
move:   inc px              ; the player's X, 16 bits
        bne player
        inc px+1
player: lda #2              ; sprite 0's X: $1FC02, increment 1
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda px
        sta VERA_DATA0
        lda px+1
        sta VERA_DATA0
copy:   ; Sprites 126 down to 1: X and Y (bytes 2-5) of each, after the busy loop.
        lda frame
        and #63
        clc
        adc #6
        sta delay
        lda frame
        and #15
        sta step
        ldx #126            ; from the bottom row up, so the beam overtakes the writes
grid:
        ldy delay
@busy:  dey
        bne @busy
        lda entry_lo,x      ; $1FC00 + 8 k + 2
        sta VERA_ADDR_L
        lda entry_mid,x
        sta VERA_ADDR_M
        lda bx_lo,x
        clc
        adc step
        sta VERA_DATA0
x_written:
        lda bx_hi,x
        sta VERA_DATA0
        lda by_lo,x
        clc
        adc step
        sta VERA_DATA0
y_written:
        lda by_hi,x
        sta VERA_DATA0
        dex
        bne grid
        ; The target's whole entry, last ($1FFF8).
        lda #$F8
        sta VERA_ADDR_L
        lda #$FF
        sta VERA_ADDR_M
        ldx #0
@target:
        lda target_attr,x
        sta VERA_DATA0
        inx
        cpx #8
        bne @target
        inc frame
        bne done
        inc frame+1
done:   jmp (old_irq)

palette:
        .byte $00, $00, $FF, $0F, $00, $0F, $08, $00

target_attr:
        .byte BITMAP_ATTR0, BITMAP_ATTR1, <300, >300, 0, 0, ATTR6, ATTR7

; Per sprite k: where bytes 2-5 of its entry are, and its path's start (bx, by); the
; grid's bx + 15 and by + 15 stay below the next multiple of 256, so the high bytes hold.
entry_lo:
        .repeat 128, I
        .byte <($FC00 + I * 8 + 2)
        .endrepeat
entry_mid:
        .repeat 128, I
        .byte >($FC00 + I * 8 + 2)
        .endrepeat
bx_lo:
        .repeat 128, I
        .byte <((I .MOD 16) * 40)
        .endrepeat
bx_hi:
        .repeat 128, I
        .byte >((I .MOD 16) * 40)
        .endrepeat
by_lo:
        .repeat 128, I
        .byte <((I / 16) * 56 + 40)
        .endrepeat
by_hi:
        .repeat 128, I
        .byte >((I / 16) * 56 + 40)
        .endrepeat

; The table the start-up writes: the grid at d = 0.
attr_table:
        .repeat 128, I
        .if I = 0
        .byte BITMAP_ATTR0, BITMAP_ATTR1, 0, 0, 0, 0, ATTR6, ATTR7
        .elseif I = 127
        .byte BITMAP_ATTR0, BITMAP_ATTR1, <300, >300, 0, 0, ATTR6, ATTR7
        .else
        .byte BITMAP_ATTR0, BITMAP_ATTR1, <((I .MOD 16) * 40), >((I .MOD 16) * 40)
        .byte <((I / 16) * 56 + 40), >((I / 16) * 56 + 40), ATTR6, ATTR7
        .endif
        .endrepeat
