; hunt_edge.s: an IRQ-driven program with a planted collision bug that only a rare input
; reaches, for `hitlab hunt`: the player's hit on the enemy is missed while pad button A
; is held with the player at the right end of its walk.
;
; Two 8x8 4-bpp sprites of solid colour 1 on line 100: sprite 0, the player, from X 100;
; sprite 1, the enemy, still at X 200. The main loop reads the first SNES pad after each
; interrupt (the KERNAL's joystick_get, $FF56: byte 0 is B Y SELECT START UP DOWN LEFT
; RIGHT with 0 = held, so hitlab's A is its bit 7). The VSYNC handler, installed through
; CINV, decides about the frame just shown: it stores 1 in hitflag when the boxes meet
; (the player's X >= 193, its columns X..X+7 reaching column 200), 0 otherwise; then it
; moves the player 2 px right while Right is held (up to X 200) and chains to the KERNAL's
; handler.
;
; The bug: while A is held and the player's X is 196 or more, the handler stores 0 (as a
; shot fired at the end of the walk might take the test's place): a miss.
;
; Expected, by hand: with no input the player stays at X 100 and never meets the enemy.
; The shortest input that breaks NoMiss(Box) holds Right for 48 frames (X 196) and then
; A: two presses.
        .setcpu "65C02"
        .include "x16.inc"

joystick_get = $FF56

        .segment "ZEROPAGE"
xpos:      .res 1         ; sprite 0's X
pad:       .res 1         ; joystick_get's byte 0 as last read, 0 = held
hitflag:   .res 1         ; 1: the handler saw the hit in the frame just shown
old_irq:   .res 2         ; the KERNAL's handler

        basic_stub
start:
        sei
        ; Pattern 0 at VRAM $00000: 32 bytes of colour 1.
        vera_addr $00000, 1
        vera_fill $11, 32
        ; Sprites 0 and 1 at $1FC00.
        vera_addr $1FC00, 1
        vera_copy attrs, 16
        lda #$41            ; sprites on, VGA
        sta VERA_DC_VIDEO
        lda #100
        sta xpos
        lda #$FF
        sta pad
        stz hitflag
        hook_cinv irq, old_irq
        lda #$01            ; VSYNC
        sta VERA_IEN
        cli
main:   wai
        lda #1              ; joystick 1, the first SNES pad
        jsr joystick_get
        sta pad
        bra main

irq:
        lda VERA_ISR
        and #$01            ; VSYNC
        beq chain
        stz hitflag
        bbs7 pad, test      ; A not held: the test
        lda xpos
        cmp #196
        bcs move            ; the bug: no test at the edge while A is held
test:   lda xpos
        cmp #193
        bcc move
        lda #1
        sta hitflag
move:   bbs0 pad, moved     ; Right not held
        lda xpos
        cmp #200
        bcs moved
        inc a
        inc a
        sta xpos
        ; Sprite 0's X low byte ($1FC02), increment 0.
        vera_addr $1FC02, 0
        lda xpos
        sta VERA_DATA0
moved:
chain:  jmp (old_irq)

attrs:  ; pattern 0 (4 bpp), X, Y 100, mask 0 z 3, 8x8 palette 0
        .byte $00, $00, 100, 0, 100, 0, $0C, $00
        .byte $00, $00, 200, 0, 100, 0, $0C, $00
