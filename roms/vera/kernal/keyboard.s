; The keyboard (Commander X16 Programmer's Reference, "I2C": the SMC's keycode
; register; "KERNAL": the keyboard buffer). At each VSYNC the IRQ handler reads one
; keycode from the SMC ($42, register $07) over I2C, as the X16 KERNAL's handler does,
; and turns it into PETSCII for the keyboard buffer.
;
; Keycodes are the keys' IBM numbers (1-127), bit 7 set when the key goes up (the
; numbers x16emu's `keynum_from_SDL_Scancode` gives, X16Community/x16-emulator commit
; 49b1fbd). The tables below are a US PC keyboard in PETSCII: letters give $41-$5A
; (upper case in the upper case set) and with Shift $C1-$DA; digits and punctuation as
; printed on the keys; RETURN $0D (Shift: $8D), Backspace and Delete DEL $14 (Shift:
; INST $94), Home $13 (Shift: CLR $93), the cursor keys $91 $11 $9D $1D, Esc STOP $03,
; space $20 (Shift: $A0). A key with no PETSCII code gives nothing. Either Shift key
; sets bit 0 of the modifiers (kbdbuf_get_modifiers) until it goes up.
;
; Cycles, with the caller's JSR: kbd_scan with no key 2,107 (JSR 6, LDX # 2, LDY # 2,
; i2c_read_byte 2,084 (i2c.s), BCS 2, TAX 2, BEQ 3, RTS 6); a Shift key or a key up adds
; 10 to 20; a key with a PETSCII code adds the table look-up and kbdbuf_put.

KEY_LSHIFT = 44
KEY_RSHIFT = 57

; --- kbd_scan: one keycode from the SMC into the keyboard buffer. A, X, Y changed.
kbd_scan:
        ldx #SMC_ADDR
        ldy #SMC_KEYCODE
        jsr i2c_read_byte
        bcs @done               ; no SMC
        tax
        beq @done               ; no key
        bpl @down
        and #$7F                ; a key up: only Shift's matters
        jsr is_shift
        bne @done
        stz SHFLAG
@done:  rts
@down:  jsr is_shift
        bne @key
        lda #1
        sta SHFLAG
        rts
@key:   lda SHFLAG
        bne @shifted
        lda keymap,x
        bra @put
@shifted:
        lda keymap_shift,x
@put:   beq @done
        jmp kbdbuf_put

; --- is_shift: Z set if A is a Shift key's number. A kept.
is_shift:
        cmp #KEY_LSHIFT
        beq :+
        cmp #KEY_RSHIFT
:       rts

keymap:
        .byte $00, $00, $31, $32, $33, $34, $35, $36, $37, $38, $39, $30, $2D, $3D, $00, $14   ; keys 0-15
        .byte $09, $51, $57, $45, $52, $54, $59, $55, $49, $4F, $50, $5B, $5D, $5C, $00, $41   ; keys 16-31
        .byte $53, $44, $46, $47, $48, $4A, $4B, $4C, $3B, $27, $00, $0D, $00, $00, $5A, $58   ; keys 32-47
        .byte $43, $56, $42, $4E, $4D, $2C, $2E, $2F, $00, $00, $00, $00, $00, $20, $00, $00   ; keys 48-63
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $94, $14, $00, $00, $9D   ; keys 64-79
        .byte $13, $00, $00, $91, $11, $00, $00, $00, $00, $1D, $00, $00, $00, $00, $00, $00   ; keys 80-95
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $03, $00   ; keys 96-111
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00   ; keys 112-127
keymap_shift:
        .byte $00, $00, $21, $40, $23, $24, $25, $5E, $26, $2A, $28, $29, $5F, $2B, $00, $94   ; keys 0-15
        .byte $09, $D1, $D7, $C5, $D2, $D4, $D9, $D5, $C9, $CF, $D0, $00, $00, $00, $00, $C1   ; keys 16-31
        .byte $D3, $C4, $C6, $C7, $C8, $CA, $CB, $CC, $3A, $22, $00, $8D, $00, $00, $DA, $D8   ; keys 32-47
        .byte $C3, $D6, $C2, $CE, $CD, $3C, $3E, $3F, $00, $00, $00, $00, $00, $A0, $00, $00   ; keys 48-63
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $94, $14, $00, $00, $9D   ; keys 64-79
        .byte $93, $00, $00, $91, $11, $00, $00, $00, $00, $1D, $00, $00, $00, $00, $00, $00   ; keys 80-95
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $83, $00   ; keys 96-111
        .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00   ; keys 112-127
