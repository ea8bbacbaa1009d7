; pad1.s: the joystick read of sprites.c. Calls the KERNAL's joystick_get ($FF56) for
; joystick 1, the first SNES pad (Commander X16 Programmer's Reference, "KERNAL":
; joystick_get; 0 is the keyboard's joystick), and returns its byte 0 to C
; (B Y SELECT START UP DOWN LEFT RIGHT, 0 = held).
        .export _pad1_byte0
        .code
_pad1_byte0:
        lda #1
        jsr $FF56               ; joystick_get: A = byte 0, X = byte 1, Y = present
        ldx #0                  ; an unsigned char returned in A, X = 0
        rts
