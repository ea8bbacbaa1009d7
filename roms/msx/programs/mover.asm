; A VDP-interrupt-driven sprite mover with a known collision, for the MSX under its BIOS.
;
; A plain 16 KB cartridge at 4000h. INIT sets Graphics I with 16x16 sprites and the frame
; interrupt on (R1 = E2h), puts two solid 16x16 sprites on lines 100-115 (Y = 99): sprite
; 0 at X = 0, sprite 1 at X = 100, and hooks H.TIMI. The BIOS's interrupt handler reads
; S#0 and calls the hook with it in A, once per frame; the hook
;   - counts the frames (COUNT = n on the n-th call),
;   - keeps the first n whose S#0 has C set in HIT, and every S#0 in LAST_S0,
;   - moves sprite 0 to X = n (writes SAT byte 1).
; The sprites overlap while |X - 100| <= 15, X = 85..115, so C is set in the displays
; after calls 85..115 and the hook first sees it on call 86: HIT = 86.
        include "vdp.inc"

        PUBLIC init, main, timi, COUNT, HIT, LAST_S0

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
main:   halt
        jr main

        VRAM_WRITE_ROUTINE

hook:   jp timi

; The H.TIMI handler: A = S#0 as the BIOS read it.
timi:   ld (LAST_S0), a
        ld b, a
        ld hl, COUNT
        inc (hl)
        ld a, (HIT)
        or a
        jr nz, move
        bit 5, b
        jr z, move
        ld a, (hl)
        ld (HIT), a
move:   ld a, low (SAT + 1)
        out (VDP_CTRL), a
        ld a, 5Bh                   ; high byte of SAT + 1 (1Bh) with the write bit 40h
        out (VDP_CTRL), a
        ld a, (hl)
        out (VDP_DATA), a
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
