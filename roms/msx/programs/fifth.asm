; Sprites the TMS9918A cannot see collide, for the MSX under its BIOS: a fifth sprite on a
; line, a pair meeting only in transparent pattern bits, a pair meeting only left of the
; screen. Nothing moves; every frame shows the same table.
;
; A plain 16 KB cartridge at 4000h. INIT sets Graphics I with 16x16 sprites and the frame
; interrupt on (R1 = E2h), writes three sprite patterns and the table below, and waits in
; HALT; the BIOS's interrupt handler reads S#0 every frame. Patterns (16x16, 32 bytes
; each, left column then right column): 0 solid; 4 its left 8 columns solid; 8 its right
; 8 columns solid.
;   - sprites 0-3: pattern 0 at X = 0, 32, 64, 96 on lines 100-115 (Y = 99): four on each
;     of those lines, none touching another;
;   - sprite 4: pattern 0 at X = 104 on lines 108-123 (Y = 107), over sprite 3's columns
;     104-111 on lines 108-115: the fifth sprite on those lines, so not shown there and
;     never collides (shown alone on lines 116-123); the check of line 108 sets 5S with
;     FS4-0 = 4;
;   - sprites 5 and 6 on lines 140-155 (Y = 139): 5 at X = 100 with pattern 4 (opaque
;     columns 100-107), 6 at X = 108 with pattern 8 (opaque 116-123): the boxes share
;     columns 108-115, where both patterns are transparent;
;   - sprites 7 and 8, pattern 12 with the early clock (X = 24, 32 pixels left: screen
;     x = -8): 7 on lines 164-179 (Y = 163), 8 on lines 172-187 (Y = 171). On lines
;     172-179 sprite 7's rows 8-15 (x -8..7) and sprite 8's rows 0-7 (x -8..-5) meet in
;     x -8..-5 only, left of the screen, where the chip compares no pixel; both show
;     their rows 8-15 on screen (x 0..7).
        include "vdp.inc"

        PUBLIC init, main

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        ld hl, SPRPAT           ; patterns 0, 4 and 8: 48 bytes FFh, 32 of 00h, 16 of FFh
        call vram_write
        ld b, 48
        ld a, 0FFh
        call fill
        ld b, 32
        xor a
        call fill
        ld b, 16
        ld a, 0FFh
        call fill
        ld b, 8                 ; pattern 12: left column F0h x 8, FFh x 8; right 00h x 8,
        ld a, 0F0h              ; FFh x 8
        call fill
        ld b, 8
        ld a, 0FFh
        call fill
        ld b, 8
        xor a
        call fill
        ld b, 8
        ld a, 0FFh
        call fill

        VRAM_COPY SAT, sat_init, sat_end - sat_init
        ei
main:   halt
        jr main

; Writes A to the data port B times.
fill:   out (VDP_DATA), a
        djnz fill
        ret

        VRAM_WRITE_ROUTINE

; R0-R7: Graphics I; 16 KB, display on, IE, 16x16 sprites; name table 1800h, colour table
; 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0E2h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour; then the terminator.
sat_init:
        db 99, 0, 0, 15
        db 99, 32, 0, 15
        db 99, 64, 0, 15
        db 99, 96, 0, 15
        db 107, 104, 0, 8
        db 139, 100, 4, 15
        db 139, 108, 8, 8
        db 163, 24, 12, 8Fh       ; early clock (bit 7), colour 15
        db 171, 24, 12, 88h       ; early clock, colour 8
        db 208
sat_end:

        ds 8000h - $, 0FFh
