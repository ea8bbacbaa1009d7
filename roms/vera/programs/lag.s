; Overruns its frame on purpose: the VSYNC handler busy-waits 110 x 1,286 - 1 = 141,459
; cycles (LDX #0 2, 256 x (DEX 2 + BNE 3) - 1, DEY 2, BNE 3 per pass), more than a frame's
; 133,466, so it is still running at the next vblank.
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
old_irq: .res 2
passes:  .res 1

        basic_stub
start:
        sei
        stz passes
        hook_cinv irq, old_irq
        cli
main:   wai
        bra main

irq:
        ldy #110
@outer: ldx #0
@inner: dex
        bne @inner
        dey
        bne @outer
        inc passes
        jmp (old_irq)
