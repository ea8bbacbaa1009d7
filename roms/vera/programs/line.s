; Reads ISR mid-frame: the LINE interrupt at IRQLINE 100 (and VSYNC). The handler keeps
; what ISR and SCANLINE_L read when LINE is pending, counts LINE and VSYNC interrupts,
; acknowledges LINE and chains to the KERNAL's handler (which acknowledges VSYNC).
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
isr_at_line:  .res 1
scan_at_line: .res 1
lines:        .res 1
vsyncs:       .res 1
old_irq:      .res 2

        basic_stub
start:
        sei
        stz lines
        stz vsyncs
        hook_cinv irq, old_irq
        lda #100            ; IRQLINE = 100 (bit 8, IEN bit 7, clear)
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
        sta isr_at_line
        lda VERA_IRQLINE    ; SCANLINE_L
        sta scan_at_line
        inc lines
        lda #$02
        sta VERA_ISR
        jmp (old_irq)
vsync:  inc vsyncs
        jmp (old_irq)
