; A program that lags: its frame hook works for two and a half frames in every fourth
; call, inside the BIOS's interrupt handler, so vertical blanks pass while it runs.
;
; A plain 16 KB cartridge at 4000h. INIT sets Graphics I with 16x16 sprites and the frame
; interrupt on (R1 = E2h), two solid sprites on lines 100-115 (Y = 99), sprite 0 at
; X = 0 and sprite 1 at X = 100, hooks H.TIMI and waits in a HALT loop. The BIOS's
; interrupt handler reads S#0 (which drops the INT line) and calls the hook; the hook
;   - counts its calls in CALLS and moves sprite 0 to X = CALLS (one pixel a call);
;   - when CALLS is a multiple of 4, runs `work`: 5,000 turns of
;       dec bc 6+1, ld a,b 4+1, or c 4+1, jr nz 12+1 = 30 T-states
;     (the last turn's jr not taken, 7+1: 25), with ld bc,5000 (10+1) before:
;     11 + 4,999 x 30 + 25 = 150,006 T-states from `work` to `work_done`, 2.51 frames
;     of 59,736.
; A heavy call starting in the vertical blank of frame n's end is still running at the
; next two vertical blanks, so frames n+1 and n+2 lag (the chip sets F while the handler
; runs). F stays set and holds INT low: when the handler returns, the interrupt is taken
; at once, mid-frame, for the next (light) call. The two vertical blanks during the heavy
; call give one interrupt: four calls for every five frames, and two lag frames of five.
        include "vdp.inc"

        PUBLIC init, main, timi, work, work_done, CALLS

CALLS   equ 0E000h

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        xor a
        ld (CALLS), a
        HOOK_H_TIMI hook        ; JP timi at H.TIMI
        ei
main:   halt
        jr main

        VRAM_WRITE_ROUTINE

hook:   jp timi

; The H.TIMI handler (A = S#0 as the BIOS read it).
timi:   ld hl, CALLS
        inc (hl)
        ld a, low (SAT + 1)
        out (VDP_CTRL), a
        ld a, high (SAT + 1)
        or 40h                  ; the write bit
        out (VDP_CTRL), a
        ld a, (hl)
        out (VDP_DATA), a
        and 3
        ret nz
work:   ld bc, 5000
turn:   dec bc
        ld a, b
        or c
        jr nz, turn
work_done:
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
