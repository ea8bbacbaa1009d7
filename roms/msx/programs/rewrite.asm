; Rewrites a sprite in the middle of the active display: the chip must read the sprite
; attribute table line by line for the collision it causes to be seen in the same frame.
;
; A plain 16 KB cartridge at 4000h. INIT disables interrupts for good and sets Graphics I
; with 16x16 sprites and the frame interrupt off (R1 = C2h: F still rises in S#0):
;   - sprite 0 solid on lines 100-115 (Y = 99) at X = 40, sprite 1 solid on the same lines
;     at X = 100; entry 2 ends the table (Y = 208);
;   - in every vertical blank the program puts sprite 0 back at X = 40, then counts
;     T-states to the middle of display line 107 and writes sprite 0's X = 100 there: on
;     top of sprite 1. A chip that reads the table for each line shows sprite 0 at X = 40
;     on lines 100-107 and at X = 100 on lines 108-115, where the two overlap: C rises on
;     line 108. A chip that reads the table once, at line 0, never sees them overlap.
;
; The poll loop reads S#0 all the time the program is not counting (reading clears F, 5S
; and C, so the loop keeps what it saw): SEEN gets bits 7-5 of every S#0 read from the
; write in line 107 to the read that shows F; C_AT the loop turn (HL, one per read,
; counted from that write) of the first read with C. The common turn is 51 T-states:
;   in a,(99h) 11+1, inc hl 6+1, ld b,a 4+1, and 0E0h 7+1, jr nz 7+1 (not taken),
;   jp poll 10+1 = 51 (Z80 T-states with the MSX's wait in every M1 cycle).
;
; Timing, in T-states from the rise of F (the start of vertical blanking, the end of
; display line 191's time; display line L's time starts 15,960 + 228 L after it: 70 lines
; of blanking and border, 228 T-states a line):
;   - the read that shows F comes 0-50 T-states after F rises (a loop turn is 51);
;   - IN A,(n) and OUT (n),A reach the port at the same cycle of their 12, so from that
;     read to the data write in line 107 is the fixed path below, counted from the start
;     of the IN to the start of the OUT: 40,401 T-states;
;   - so the write comes 40,401 to 40,451 T-states after F: 45 to 95 T-states into line
;     107 (which starts at 15,960 + 228 x 107 = 40,356), and the chip's sprite check at
;     the end of line 107 (for line 108) reads X = 100.
        include "vdp.inc"

        PUBLIC init, poll, flags, frame_end, mid_write
        PUBLIC FRAMES, SEEN, C_AT, LAST_C

FRAMES  equ 0E000h              ; vertical blanks seen
SEEN    equ 0E001h              ; bits 7-5 of the S#0 reads of the last display
C_AT    equ 0E002h              ; word: turn of the first read with C (0: none yet)
LAST_C  equ 0E004h              ; word: C_AT of the last display
X0_W    equ (SAT + 1) or 4000h  ; sprite 0's X with the control port's write bit
DELAY   equ 1338                ; the count loop's turns (see the timing above)

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        xor a
        ld (FRAMES), a
        ld (SEEN), a
        ld hl, 0
        ld (C_AT), hl
        ld (LAST_C), hl
        ld e, a

poll:   in a, (VDP_CTRL)        ; 12
        inc hl                  ; 7
        ld b, a                 ; 5
        and 0E0h                ; 8
        jr nz, flags            ; 13 taken
        jp poll

; A flag in S#0 (B): keep it; F ends the display.
flags:  or e                    ; 5
        ld e, a                 ; 5
        bit 7, b                ; 10
        jp nz, frame_end        ; 11
        bit 5, b
        jp z, poll
        ld a, (C_AT)
        ld c, a
        ld a, (C_AT + 1)
        or c
        jp nz, poll
        ld (C_AT), hl
        jp poll

; F: vertical blanking has begun. 12 + 7 + 5 + 8 + 13 + 5 + 5 + 10 + 11 = 76 T-states
; since the start of the IN that read it.
frame_end:
        ld (SEEN), a            ; 14
        ld hl, (C_AT)           ; 17
        ld (LAST_C), hl         ; 17
        ld hl, FRAMES           ; 11
        inc (hl)                ; 12
        ld a, low X0_W          ; 8   sprite 0's X back to 40
        out (VDP_CTRL), a       ; 12
        ld a, high X0_W         ; 8
        out (VDP_CTRL), a       ; 12
        ld a, 40                ; 8
        out (VDP_DATA), a       ; 12
        ld a, low X0_W          ; 8   and the address again, for the write in line 107
        out (VDP_CTRL), a       ; 12
        ld a, high X0_W         ; 8
        out (VDP_CTRL), a       ; 12
        ld bc, DELAY            ; 11
; 76 + 14 + 17 + 17 + 11 + 12 + 5 x 8 + 5 x 12 + 11 = 258 T-states since the IN.
count:  dec bc                  ; 7
        ld a, b                 ; 5
        or c                    ; 5
        jr nz, count            ; 13 taken, 8 the last time
; The loop: 30 x 1,338 - 5 = 40,135 T-states; 258 + 40,135 = 40,393 at the next line.
        ld a, 100               ; 8
mid_write:
        out (VDP_DATA), a       ; 12
; 40,393 + 8 = 40,401 T-states from the start of the IN that showed F to this OUT's.
        ld hl, 0
        ld (C_AT), hl
        ld e, l
        jp poll

        VRAM_WRITE_ROUTINE

; R0-R7: Graphics I; 16 KB, display on, frame interrupt off, 16x16 sprites; name table
; 1800h, colour table 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0C2h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour for sprites 0-1; then the terminator.
sat_init:
        db 99, 40, 0, 15
        db 99, 100, 0, 8
        db 208
sat_end:

        ds 8000h - $, 0FFh
