; Enables the display's sprites mid-frame. The VSYNC handler turns sprites off in DC_VIDEO
; during vblank; the LINE interrupt at IRQLINE 240 turns them on again. Four 8x8 4-bpp
; sprites in colour 1: sprites 0 and 1 (collision mask %0001) overlap at (100, 100) and
; (104, 100), while sprites are off; sprite 2 at (300, 236) straddles line 240; sprite 3
; stands at (400, 300). The screen shows sprite 2's rows from line 240 and sprite 3, never
; sprites 0 and 1; on the FPGA the sprite renderer runs whatever DC_VIDEO says, so 0 and 1
; still collide in every frame (x16-emulator renders no sprite line while they are off).
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
        ; Sprites 0-3: 32 bytes from $1FC00.
        vera_addr $1FC00, 1
        vera_copy sprites, 32
        lda #$01            ; VGA, sprites and layers off
        sta VERA_DC_VIDEO
        stz lines
        stz vsyncs
        hook_cinv irq, old_irq
        lda #240            ; IRQLINE = 240 (bit 8, IEN bit 7, clear)
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
        lda #$41            ; sprites on
        sta VERA_DC_VIDEO
        inc lines
        lda #$02
        sta VERA_ISR
        jmp (old_irq)
vsync:  sta isr_seen
        lda #$01            ; sprites off
        sta VERA_DC_VIDEO
        lda #$04            ; acknowledge SPRCOL
        sta VERA_ISR
        inc vsyncs
        jmp (old_irq)

sprites:
        .byte $00, $00, <100, >100, <100, >100, $1C, $00   ; mask %0001, z 3, 8x8
        .byte $00, $00, <104, >104, <100, >100, $1C, $00
        .byte $00, $00, <300, >300, <236, >236, $0C, $00   ; mask 0
        .byte $00, $00, <400, >400, <300, >300, $0C, $00
