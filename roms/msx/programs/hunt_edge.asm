; A planted collision bug only a rare input reaches, for `hitlab hunt` (MSX, under its BIOS).
;
; A plain 16 KB cartridge at 4000h, built like mover.asm: Graphics I, 16x16 sprites, the
; frame interrupt on, H.TIMI hooked. Two solid 16x16 sprites on lines 100-115 (Y = 99):
; the player, sprite 0, starting at X = 200, and an enemy, sprite 1, standing at the
; screen's left edge, X = 0. Once per frame the hook
;   1. reads joystick port A through the PSG (R15 bit 6 = 0 selects it; R14 reads the
;      stick and the triggers active low: bit 2 left, bit 3 right, bit 4 trigger A),
;   2. decides whether the player and the enemy, as the frame just shown placed them,
;      collide: their boxes overlap when |X0 - X1| < 16 (same lines), and stores 1 or 0
;      in HITFLAG, the program's decision the program file watches,
;   3. moves the player 2 px left or right as the stick says, stopping at X = 0 and
;      X = 240, and writes its X to the sprite attribute table.
; The planted bug, in step 2: when trigger A is held and the player stands at X = 0
; (touching the screen's left edge), the test is skipped and HITFLAG is cleared, so the
; hit is missed in that frame. Reaching it takes 100 frames of Left more than Right, and
; then the trigger at the edge.
        include "vdp.inc"

        PUBLIC init, main, timi, PLAYER_X, HITFLAG

PLAYER_X equ 0E000h
HITFLAG  equ 0E001h
PSG_ADDR equ 0A0h
PSG_READ equ 0A2h

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   di
        VDP_REGS regs

        VRAM_FILL SPRPAT, 32, 0FFh ; pattern 0: 32 bytes of FFh, a solid 16x16 block

        VRAM_COPY SAT, sat_init, sat_end - sat_init

        ld a, 200
        ld (PLAYER_X), a
        xor a
        ld (HITFLAG), a
        HOOK_H_TIMI hook        ; JP hook at H.TIMI
        ei
main:   halt
        jr main

        VRAM_WRITE_ROUTINE

hook:   jp timi

; The H.TIMI handler.
timi:   ld a, 15                ; R15: bit 6 clear selects joystick port A
        out (PSG_ADDR), a
        ld a, 0Fh
        out (0A1h), a
        ld a, 14
        out (PSG_ADDR), a
        in a, (PSG_READ)
        cpl                     ; pressed = 1
        ld c, a                 ; C = the stick and triggers

        ld a, (PLAYER_X)
        ld b, a
        bit 4, c                ; trigger A held ...
        jr z, test
        or a                    ; ... at the left edge: the planted bug skips the test
        jr z, miss
test:   ld a, b                 ; the enemy is at X = 0: they overlap while X0 < 16
        cp 16
        jr nc, miss
        ld a, 1
        jr decided
miss:   xor a
decided:
        ld (HITFLAG), a

        ld a, b                 ; move: 2 px a frame, X in 0..240
        bit 2, c
        jr z, right
        sub 2
        jr nc, right
        xor a
right:  bit 3, c
        jr z, store
        add a, 2
        cp 241
        jr c, store
        ld a, 240
store:  ld (PLAYER_X), a
        ld b, a
        ld a, low (SAT + 1)
        out (VDP_CTRL), a
        ld a, 5Bh               ; high byte of SAT + 1 (1Bh) with the write bit 40h
        out (VDP_CTRL), a
        ld a, b
        out (VDP_DATA), a
        ret

; R0-R7: Graphics I; 16 KB, display on, IE, 16x16 sprites; name table 1800h, colour table
; 2000h, patterns 0000h, SAT 1B00h, sprite patterns 3800h, backdrop 4.
regs:   db 00h, 0E2h, 06h, 80h, 00h, 36h, 07h, 04h

; Y, X, pattern, colour; then the terminator.
sat_init:
        db 99, 200, 0, 15
        db 99, 0, 0, 8
        db 208
sat_end:

        ds 8000h - $, 0FFh
