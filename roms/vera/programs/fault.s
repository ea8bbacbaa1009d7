; Faults on purpose, for the fault message: counts X down from 6, calls a subroutine, then
; jumps through a pointer into VERA's I/O page ($9F80), where the board has no code. The
; last 16 instructions before the fault are the six DEX/BNE pairs, JSR setup, LDA #$01,
; RTS and the JMP ($0022).
        .setcpu "65C02"
        .include "x16.inc"

        .segment "ZEROPAGE"
ptr:    .res 2

        basic_stub
start:
        sei
        lda #$80
        sta ptr
        lda #$9F
        sta ptr+1
        ldx #6
count:  dex
        bne count
        jsr setup
        jmp (ptr)

setup:  lda #$01
        rts
