; A 64 KB ASCII16 MegaROM that switches banks: its sprites come from code and data in
; the banks it switches into page 2 (8000h-BFFFh).
;
; Assembled once per 16 KB bank (pasmo --equ BANK=n) and the four banks laid end to end.
; ASCII16 (openMSX RomAscii16kB): a write to 6000h-67FFh picks the bank page 1 shows, a
; write to 7000h-77FFh the bank page 2 shows; both show bank 0 at reset.
;   - bank 0 (page 1, 4000h): the header, INIT and the frame hook;
;   - banks 1-3 (page 2, 8000h) share one layout: `place` at 8000h (puts sprites 0 and 1
;     and the end of the table in the attribute table), `move_x` at 8003h (sprite 0's X
;     from A), the X table at 8100h (256 bytes, one per hook call).
; Only bank 3's code and bank 2's table are the real ones: bank 3's `place` puts sprite 1
; at X = 100 and sprite 0 at X = 0, both on lines 100-115 (Y = 99), and its `move_x`
; writes A; bank 2's table holds X = 2n (mod 256) for call n. Everywhere else a decoy:
; `place` puts sprite 1 at X = 20 on lines 20-35, `move_x` writes X = 180 whatever A is,
; the table is all 180. So with the banks right, the hook's n-th call shows sprite 0 at
; X = 2n mod 256 against sprite 1 at X = 100: they overlap while 85 <= 2n mod 256 <= 115,
; calls 43-57 (X = 86-114), again 171-185; with a wrong mapper they never meet.
;
; INIT: page 2 to the cartridge's own slot (the BIOS starts a cartridge with only its
; header's page selected), bank 0 to page 1 (as at reset), bank 3 to page 2, VDP set-up,
; `place`. The hook, each call n (COUNT): bank 2 to page 2, A = table[n], bank 3 to page
; 2, `move_x`.
        include "vdp.inc"

COUNT   equ 0E000h
PAGE1_BANK equ 6000h
PAGE2_BANK equ 7000h
PLACE   equ 8000h
MOVE_X  equ 8003h
X_TABLE equ 8100h

        IF BANK = 0

        PUBLIC init, main, timi, COUNT

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        in a, (PPI_A)           ; page 1's slot (bits 3-2) to page 2 (bits 5-4)
        and 0Ch
        rlca
        rlca
        ld b, a
        in a, (PPI_A)
        and 0CFh
        or b
        out (PPI_A), a
        xor a
        ld (PAGE1_BANK), a
        ld a, 3
        ld (PAGE2_BANK), a

        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        call PLACE

        xor a
        ld (COUNT), a
        HOOK_H_TIMI hook        ; JP timi at H.TIMI
        ei
main:   halt
        jr main

        VRAM_WRITE_ROUTINE

hook:   jp timi

; The H.TIMI handler: sprite 0's X from bank 2's table, written by bank 3's code.
timi:   ld hl, COUNT
        inc (hl)
        ld a, 2
        ld (PAGE2_BANK), a
        ld l, (hl)
        ld h, high X_TABLE
        ld b, (hl)
        ld a, 3
        ld (PAGE2_BANK), a
        ld a, b
        jp MOVE_X

; R0-R7: Graphics I; 16 KB, display on, IE, 16x16 sprites; name table 1800h, colour table
; 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0E2h, 06h, 80h, 00h, 36h, 07h, 04h

        ds 8000h - $, 0FFh

        ELSE

        org PLACE
        jp place
        jp move_x

place:  ld a, low SAT
        out (VDP_CTRL), a
        ld a, high SAT
        or 40h                  ; the write bit
        out (VDP_CTRL), a
        ld hl, sat_init
        ld b, 9
sat:    ld a, (hl)
        out (VDP_DATA), a
        inc hl
        djnz sat
        ret

move_x: ld b, a
        ld a, low (SAT + 1)
        out (VDP_CTRL), a
        ld a, high (SAT + 1)
        or 40h                  ; the write bit
        out (VDP_CTRL), a
        IF BANK = 3
        ld a, b
        ELSE
        ld a, 180
        ENDIF
        out (VDP_DATA), a
        ret

; Sprites 0 and 1 (Y, X, pattern, colour), then the end of the table.
sat_init:
        IF BANK = 3
        db 99, 0, 0, 15
        db 99, 100, 0, 8
        ELSE
        db 99, 0, 0, 15
        db 19, 20, 0, 8
        ENDIF
        db 208

        ds X_TABLE - $, 0FFh
X       defl 0
        REPT 256
        IF BANK = 2
        db X and 0FFh
        ELSE
        db 180
        ENDIF
X       defl X + 2
        ENDM

        ds 0C000h - $, 0FFh

        ENDIF
