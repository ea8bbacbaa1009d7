; A main loop that waits for the frame in a RAM poll rather than a HALT: the shape of
; games that wait for the interrupt handler's frame counter to change.
;
; A plain 16 KB cartridge at 4000h, set up as mover.asm: Graphics I with 16x16 sprites
; and the frame interrupt on (R1 = E2h), two solid sprites on lines 100-115 (Y = 99),
; sprite 0 at X = 0 and sprite 1 at X = 100, H.TIMI hooked. The hook only counts the
; frames (COUNT = n on the n-th call) and keeps the S#0 the BIOS read (LAST_S0) and the
; first n whose S#0 has C (HIT). The main loop polls COUNT, which nothing but the hook
; writes:
;   wait: ld a,(COUNT) 13+1; cp b 4+1; jr z,wait 12+1 = 32 T-states a turn
; (Z80 T-states with the MSX's wait in every M1 cycle), and when it changes moves sprite
; 0 to X = COUNT, still in the vertical blank the interrupt came in. So, as in
; mover.asm, sprite 0 is at X = n in the display after call n, the sprites overlap for
; X = 85..115, and the hook first sees C on call 86: HIT = 86.
        include "vdp.inc"

        PUBLIC init, main, wait, timi, COUNT, HIT, LAST_S0

COUNT   equ 0E000h
HIT     equ 0E001h
LAST_S0 equ 0E002h

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        xor a
        ld (COUNT), a
        ld (HIT), a
        ld (LAST_S0), a
        HOOK_H_TIMI hook        ; JP hook at H.TIMI
        ei
main:   ld a, (COUNT)
        ld b, a
wait:   ld a, (COUNT)           ; until the hook counts the next frame
        cp b
        jr z, wait
        ld hl, SAT + 1          ; sprite 0's X = COUNT
        call vram_write
        out (VDP_DATA), a
        jr main

; Sets the VRAM write address HL.
vram_write:
        ld c, a
        ld a, l
        out (VDP_CTRL), a
        ld a, h
        or 40h
        out (VDP_CTRL), a
        ld a, c
        ret

hook:   jp timi

; The H.TIMI handler: A = S#0 as the BIOS read it.
timi:   ld (LAST_S0), a
        ld b, a
        ld hl, COUNT
        inc (hl)
        ld a, (HIT)
        or a
        ret nz
        bit 5, b
        ret z
        ld a, (hl)
        ld (HIT), a
        ret

; R0-R7: Graphics I; 16 KB, display on, IE, 16x16 sprites; name table 1800h, colour table
; 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0E2h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour; then the terminator.
sat_init:
        db 99, 0, 0, 15
        db 99, 100, 0, 8
        db 208
sat_end:

        ds 8000h - $, 0FFh
