; Rewrites a sprite after line 0. Two 8x8 4-bpp sprites in colour 1, collision mask %0001:
; sprite 0 at (100, 100), sprite 1 at (100, 300). The LINE interrupt at IRQLINE 200 moves
; sprite 0 to Y 300, onto sprite 1; the VSYNC handler puts it back at Y 100 during vblank
; and acknowledges SPRCOL. A chip that reads its attribute table as the beam goes draws
; sprite 0 on lines 100-107 and again on 300-307, and the two sprites collide in every
; frame; one that read the table once at line 0 would see them apart.
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
lines:    .res 1          ; LINE interrupts so far
vsyncs:   .res 1          ; VSYNC interrupts so far
isr_seen: .res 1          ; ISR as the last VSYNC handler read it
old_irq:  .res 2

        basic_stub
start:
        sei
        ; Pattern 0 at VRAM $00000: 8x8 at 4 bpp, 32 bytes of colour 1.
        vera_addr $00000, 1
        vera_fill $11, 32
        ; Sprites 0 and 1: 16 bytes from $1FC00.
        vera_addr $1FC00, 1
        vera_copy sprites, 16
        lda #$41            ; sprites on, VGA
        sta VERA_DC_VIDEO
        stz lines
        stz vsyncs
        hook_cinv irq, old_irq
        lda #200            ; IRQLINE = 200 (bit 8, IEN bit 7, clear)
        sta VERA_IRQLINE
        lda #$03            ; LINE | VSYNC
        sta VERA_IEN
        cli
main:   wai
        bra main

irq:
        lda VERA_ISR
        bit #$02            ; LINE
        beq vsync
        ; Sprite 0's Y (bytes 4-5 at $1FC04) = 300.
        vera_addr $1FC04, 1
        lda #<300
        sta VERA_DATA0
        lda #>300
        sta VERA_DATA0
        inc lines
        lda #$02
        sta VERA_ISR
        jmp (old_irq)
vsync:  sta isr_seen
        ; Sprite 0's Y back to 100.
        vera_addr $1FC04, 1
        lda #<100
        sta VERA_DATA0
        lda #>100
        sta VERA_DATA0
        lda #$04            ; acknowledge SPRCOL
        sta VERA_ISR
        inc vsyncs
        jmp (old_irq)

sprites:
        .byte $00, $00, <100, >100, <100, >100, $1C, $00   ; mask %0001, z 3, 8x8
        .byte $00, $00, <100, >100, <300, >300, $1C, $00
