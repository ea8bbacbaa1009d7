; Enables the display in the middle of the frame: the chip must check sprites from the
; line the display comes on, not skip the frame.
;
; A plain 16 KB cartridge at 4000h. INIT disables interrupts for good and sets Graphics I
; with 8x8 sprites and the frame interrupt off. Pattern 0 is solid. The table:
;   - sprites 0-4 on lines 57-64 (Y = 56) at X = 0, 40, 80, 120, 160: five on a line;
;   - sprites 5 and 6 on lines 40-47 (Y = 39) at X = 200 and 204: they overlap;
;   - sprites 7 and 8 on lines 120-127 (Y = 119) at X = 100 and 104: they overlap;
;   - entry 9 ends the table (Y = 208).
; In every vertical blank the program blanks the display (R1 = 80h), then counts
; T-states to the middle of display line 59 and enables it again there (R1 = C0h). The
; chip takes R1's BL at the start of the next line, so line 60 is the first line with the
; display on; its sprite check runs at the end of line 60, for line 61 (the chip checks
; one line ahead). So:
;   - lines 0-60 are not checked: sprites 5-6 never set C, lines 57-60 never set 5S;
;   - line 61 has five sprites: 5S with FS = 4 (S#0 = 44h); after a read clears it, lines
;     62-64 set it again;
;   - line 120 sets C.
; A chip that skips sprite processing for a frame that began blanked sees none of it.
;
; The poll loop is the one of rewrite.asm (51 T-states a common turn): SEEN gets bits 7-5
; of every S#0 read from the register write in line 59 to the read that shows F; S5_AT
; and C_AT the loop turn (HL, one per read, counted from that write) of the first read
; with 5S and with C.
;
; Timing, in T-states from the rise of F (display line L's time starts 15,960 + 228 L
; after it):
;   - the read that shows F comes 0-50 T-states after F rises;
;   - from the start of that IN to the start of the OUT that completes the register write
;     the path below is fixed: 29,475 T-states (IN and OUT reach the port at the same
;     cycle of their 12);
;   - so R1 = C0h is written 29,475 to 29,525 T-states after F: 63 to 113 T-states into
;     line 59 (which starts at 15,960 + 228 x 59 = 29,412).
        include "vdp.inc"

        PUBLIC init, poll, flags, frame_end, mid_write
        PUBLIC FRAMES, SEEN, C_AT, LAST_C, S5_AT, LAST_5S

FRAMES  equ 0E000h              ; vertical blanks seen
SEEN    equ 0E001h              ; bits 7-5 of the S#0 reads of the last display
C_AT    equ 0E002h              ; word: turn of the first read with C (0: none yet)
LAST_C  equ 0E004h              ; word: C_AT of the last display
S5_AT   equ 0E006h              ; word: turn of the first read with 5S (0: none yet)
LAST_5S equ 0E008h              ; word: S5_AT of the last display
DELAY   equ 974                 ; the count loop's turns (see the timing above)

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 8, 0FFh ; pattern 0: 8 bytes of FFh, a solid 8x8 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        xor a
        ld (FRAMES), a
        ld (SEEN), a
        ld hl, 0
        ld (C_AT), hl
        ld (LAST_C), hl
        ld (S5_AT), hl
        ld (LAST_5S), hl
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
        bit 6, b
        jr z, no5s
        ld a, (S5_AT)
        ld c, a
        ld a, (S5_AT + 1)
        or c
        jr nz, no5s
        ld (S5_AT), hl
no5s:   bit 5, b
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
        ld hl, (S5_AT)          ; 17
        ld (LAST_5S), hl        ; 17
        ld hl, FRAMES           ; 11
        inc (hl)                ; 12
        ld a, 80h               ; 8   R1 = 80h: display blanked
        out (VDP_CTRL), a       ; 12
        ld a, 81h               ; 8
        out (VDP_CTRL), a       ; 12
        ld bc, DELAY            ; 11
; 76 + 14 + 4 x 17 + 11 + 12 + 2 x 8 + 2 x 12 + 11 = 232 T-states since the IN.
count:  dec bc                  ; 7
        ld a, b                 ; 5
        or c                    ; 5
        jr nz, count            ; 13 taken, 8 the last time
; The loop: 30 x 974 - 5 = 29,215 T-states; 232 + 29,215 = 29,447 at the next line.
        ld a, 0C0h              ; 8   R1 = C0h: display on
        out (VDP_CTRL), a       ; 12
        ld a, 81h               ; 8
mid_write:
        out (VDP_CTRL), a       ; 12
; 29,447 + 8 + 12 + 8 = 29,475 T-states from the start of the IN that showed F to this
; OUT's.
        ld hl, 0
        ld (C_AT), hl
        ld (S5_AT), hl
        ld e, l
        jp poll

        VRAM_WRITE_ROUTINE

; R0-R7: Graphics I; 16 KB, display on, frame interrupt off, 8x8 sprites; name table
; 1800h, colour table 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0C0h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour for sprites 0-8; then the terminator.
sat_init:
        db 56, 0, 0, 15
        db 56, 40, 0, 15
        db 56, 80, 0, 15
        db 56, 120, 0, 15
        db 56, 160, 0, 15
        db 39, 200, 0, 8
        db 39, 204, 0, 9
        db 119, 100, 0, 10
        db 119, 104, 0, 11
        db 208
sat_end:

        ds 8000h - $, 0FFh
