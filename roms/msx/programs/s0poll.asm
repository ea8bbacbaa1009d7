; Reads S#0 itself: interrupts off, the main loop polls port 99h all frame long and
; notes, per frame, the loop turn in which C (bit 5) and 5S (bit 6) first show.
;
; A plain 16 KB cartridge at 4000h. INIT disables interrupts for good and sets Graphics I
; with 16x16 sprites and the frame interrupt off (R1 = C2h: F still rises in S#0):
;   - sprite 1 solid at X = 100 on lines 100-115 (Y = 99);
;   - sprite 0 solid at X = 100 on lines 100+M..115+M (Y = 99+M), M = FRAMES mod 32,
;     rewritten in every vertical blank; the two overlap while M <= 15, first on line
;     100+M;
;   - sprites 2-6 on lines 150-165 (Y = 149) at X = 0, 40, 140, 180, 220: five on a line,
;     so 5S rises on line 150 with sprite 6 as the fifth (S#0 = 46h), and none of them
;     overlaps another shown sprite; sprite 7 ends the table (Y = 208).
;
; The poll loop is 69 T-states a turn (Z80 T-states with the MSX's wait in every M1):
;   in a,(99h) 11+1, ld b,a 4+1, inc de 6+1, add a,a 4+1, jr c 7+1 (not taken),
;   jp m 10+1, and 40h 7+1, jr z 12+1 (taken) = 69.
; DE counts the reads since the vertical blank; the first read showing C stores DE in
; C_AT and S#0 in C_S0, the first showing 5S in S5_AT and S5_S0. When F shows (start of
; the vertical blank) the loop copies the frame's record to LAST, clears it, counts the
; frame, moves sprite 0 and polls again from DE = 0.
        include "vdp.inc"

        PUBLIC init, poll, vblank, seen_c, seen_5s
        PUBLIC FRAMES, CUR_M, C_AT, S5_AT, C_S0, S5_S0, LAST

FRAMES  equ 0E000h              ; vertical blanks seen
CUR_M   equ 0E001h              ; M of the display being polled
C_AT    equ 0E002h              ; word: DE at the first read with C (0: none yet)
S5_AT   equ 0E004h              ; word: DE at the first read with 5S
C_S0    equ 0E006h              ; that read's S#0
S5_S0   equ 0E007h
M_COPY  equ 0E008h              ; CUR_M again, so the record ends with its M
LAST    equ 0E010h              ; the record of the last whole display: 7 bytes as above
                                ; from C_AT, then its M

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        ld hl, FRAMES
        ld b, LAST + 8 - FRAMES
clear:  ld (hl), 0
        inc hl
        djnz clear
        ld de, 0

poll:   in a, (VDP_CTRL)
        ld b, a
        inc de
        add a, a                ; carry: F; sign: 5S; bit 6: C
        jr c, vblank
        jp m, seen_5s
        and 40h
        jr z, poll

; C in S#0 (B): the first time this display, note where.
seen_c: ld hl, (C_AT)
        ld a, h
        or l
        jr nz, poll
        ld (C_AT), de
        ld a, b
        ld (C_S0), a
        jr poll

seen_5s:
        ld hl, (S5_AT)
        ld a, h
        or l
        jr nz, c_too
        ld (S5_AT), de
        ld a, b
        ld (S5_S0), a
c_too:  bit 5, b
        jr nz, seen_c
        jr poll

; F: the display has ended. Keep its record, start the next one.
vblank: ld a, (CUR_M)
        ld (M_COPY), a
        ld hl, C_AT
        ld de, LAST
        ld bc, 7
        ldir
        ld hl, 0
        ld (C_AT), hl
        ld (S5_AT), hl
        ld (C_S0), hl
        ld hl, FRAMES
        inc (hl)
        ld a, (hl)
        and 31
        ld (CUR_M), a
        add a, 99
        ld b, a
        ld a, low SAT           ; sprite 0's Y: SAT + 0
        out (VDP_CTRL), a
        ld a, high SAT
        or 40h                  ; the write bit
        out (VDP_CTRL), a
        ld a, b
        out (VDP_DATA), a
        ld de, 0
        jp poll

        VRAM_WRITE_ROUTINE

; R0-R7: Graphics I; 16 KB, display on, frame interrupt off, 16x16 sprites; name table
; 1800h, colour table 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0C2h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour for sprites 0-6; then the terminator.
sat_init:
        db 99, 100, 0, 15
        db 99, 100, 0, 8
        db 149, 0, 0, 2
        db 149, 40, 0, 3
        db 149, 140, 0, 5
        db 149, 180, 0, 6
        db 149, 220, 0, 7
        db 208
sat_end:

        ds 8000h - $, 0FFh
