; Tears a sprite between its X and Y writes. Two 8x8 4-bpp sprites in colour 1, collision
; mask %0001: sprite 0 at (100, 50), sprite 1 at (300, 50). The LINE interrupt at IRQLINE
; 50 writes sprite 0's X = 300, runs a busy loop of 1,279 cycles (five lines and a bit),
; then writes its Y = 60; the VSYNC handler puts it back at (100, 50) during vblank. On
; the lines drawn between the two writes the chip shows sprite 0 at (300, 50), the new X
; with the old Y, over sprite 1: they collide there, and only there (at (100, 50) and at
; (300, 60) sprite 0 misses sprite 1).
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
        lda #50             ; IRQLINE = 50 (bit 8, IEN bit 7, clear)
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
        ; Sprite 0's X (bytes 2-3 at $1FC02) = 300.
        vera_addr $1FC02, 1
        lda #<300
        sta VERA_DATA0
        lda #>300
        sta VERA_DATA0
x_written:
        ldx #0              ; 256 x (DEX 2 + BNE 3) - 1 = 1,279 cycles
@busy:  dex
        bne @busy
        ; Its Y (bytes 4-5, where the port now points) = 60.
        lda #<60
        sta VERA_DATA0
        lda #>60
        sta VERA_DATA0
y_written:
        inc lines
        lda #$02
        sta VERA_ISR
        jmp (old_irq)
vsync:  sta isr_seen
        ; Sprite 0 back to (100, 50).
        vera_addr $1FC02, 1
        lda #<100
        sta VERA_DATA0
        lda #>100
        sta VERA_DATA0
        lda #<50
        sta VERA_DATA0
        lda #>50
        sta VERA_DATA0
        lda #$04            ; acknowledge SPRCOL
        sta VERA_ISR
        inc vsyncs
        jmp (old_irq)

sprites:
        .byte $00, $00, <100, >100, <50, >50, $1C, $00     ; mask %0001, z 3, 8x8
        .byte $00, $00, <300, >300, <50, >50, $1C, $00
