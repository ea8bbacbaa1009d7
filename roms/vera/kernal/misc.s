; The X16 additions this KERNAL has (Commander X16 Programmer's Reference, "KERNAL"):
; the keyboard buffer, entropy, the pads, the mouse, MEMTOP/MEMBOT, PRIMM and jsrfar.

; --- kbdbuf_peek ($FEBD): A = the first key in the buffer (0 if none), X = keys held.
kbdbuf_peek:
        lda RAM_BANK
        pha
        stz RAM_BANK
        lda KEYD
        ldx NDX
        bne :+
        lda #0
:       sta TMP
        pla
        sta RAM_BANK
        lda TMP
        rts

; --- kbdbuf_get_modifiers ($FEC0): A = the modifier keys held (bit 0 Shift; keyboard.s).
kbdbuf_get_modifiers:
        lda SHFLAG
        rts

; --- kbdbuf_put ($FEC3): A = a key appended to the buffer; dropped when it is full
; (10 keys), as the KERNAL's does. A, X, Y kept.
kbdbuf_put:
        sta TMP
        phx
        lda RAM_BANK
        pha
        stz RAM_BANK
        ldx NDX
        cpx #KEYD_LEN
        bcs @full
        lda TMP
        sta KEYD,x
        inc NDX
@full:  pla
        sta RAM_BANK
        plx
        lda TMP
        rts

; --- entropy_get ($FECF): A, X, Y = 24 pseudo-random bits. The X16 reads VERA's noise
; and the SMC; here a 16-bit xorshift (shifts 7, 9, 8) stepped twice from a fixed seed,
; so runs stay the same from one replay to the next. 84 cycles.
entropy_get:
        jsr xorshift
        tax
        jsr xorshift
        tay
        eor ENTROPY+1
        rts

xorshift:
        lda ENTROPY+1
        lsr a
        lda ENTROPY
        ror a
        eor ENTROPY+1
        sta ENTROPY+1           ; the high byte of x ^= x << 7
        ror a
        eor ENTROPY
        sta ENTROPY             ; x ^= x >> 9, and the low byte of x ^= x << 7
        eor ENTROPY+1
        sta ENTROPY+1           ; x ^= x << 8
        rts

; --- joystick_scan ($FF53): returns at once: the board stores the harness's pad 1 at
; PAD_STATE before each frame, where the KERNAL's scan at VSYNC would leave it.
joystick_scan:
        rts

; --- joystick_get ($FF56): A = 1, pad 1: A = SNES byte 0 (B Y SELECT START UP DOWN
; LEFT RIGHT), X = byte 1 (A X L R, then 1111), 0 = held, Y = $00 (present). A = 0, the
; keyboard joystick: present, nothing held. 2-4: absent (Y = $FF). 43 cycles for pad 1.
joystick_get:
        cmp #$01
        beq @pad1
        ldy #$FF
        cmp #$00
        bne :+
        ldy #$00
:       lda #$FF
        tax
        rts
@pad1:  lda RAM_BANK
        pha
        stz RAM_BANK
        ldx PAD_STATE+1
        lda PAD_STATE
        ply
        sty RAM_BANK
        ldy #$00
        rts

; --- mouse_config ($FF68): A = 0 off, 1 on, $FF keep; X, Y = the screen in 8-px units
; (0: keep). The pointer is not drawn (the board has no mouse: it never moves).
mouse_config:
        cmp #$FF
        beq :+
        sta MOUSE_ON
:       cpx #0
        beq @done
        stx MOUSE_MAXX
        stz MOUSE_MAXX+1
        sty MOUSE_MAXY
        stz MOUSE_MAXY+1
        ldy #3
@x8:    asl MOUSE_MAXX
        rol MOUSE_MAXX+1
        asl MOUSE_MAXY
        rol MOUSE_MAXY+1
        dey
        bne @x8
@done:  rts

; --- mouse_scan ($FF71): nothing to read (no mouse on the board).
mouse_scan:
        rts

; --- mouse_get ($FF6B): X = a zero-page address: x (2 bytes), y (2 bytes) stored
; there; A = the buttons, X = the wheel's movement (0).
mouse_get:
        lda MOUSE_X
        sta 0,x
        lda MOUSE_X+1
        sta 1,x
        lda MOUSE_Y
        sta 2,x
        lda MOUSE_Y+1
        sta 3,x
        lda MOUSE_BTN
        ldx #0
        rts

; --- MEMTOP ($FF99): carry set reads (X/Y = the top of BASIC's RAM, A = RAM banks,
; 0 meaning 256); carry clear sets it from X/Y.
memtop: bcc @set
        ldx MEMTOP_V
        ldy MEMTOP_V+1
        lda #0
        rts
@set:   stx MEMTOP_V
        sty MEMTOP_V+1
        rts

; --- MEMBOT ($FF9C): carry set reads X/Y, carry clear sets it.
membot: bcc @set
        ldx MEMBOT_V
        ldy MEMBOT_V+1
        rts
@set:   stx MEMBOT_V
        sty MEMBOT_V+1
        rts

; --- IOBASE ($FFF3): X/Y = the I/O page.
iobase: ldx #$00
        ldy #$9F
        rts

; --- STOP ($FFE1): Z clear: the STOP key is not held (the board has no keyboard).
stop:   lda #$FF
        rts

; --- PRIMM ($FF7D): prints the zero-terminated string after the JSR through CHROUT
; and returns after it. A, X, Y kept.
primm:  pha
        phx
        phy
        tsx
        lda $0104,x             ; the return address (the JSR's last byte)
        sta IMPARM
        lda $0105,x
        sta IMPARM+1
@next:  inc IMPARM
        bne :+
        inc IMPARM+1
:       lda (IMPARM)
        beq @end
        jsr chrout
        bra @next
@end:   lda IMPARM
        sta $0104,x
        lda IMPARM+1
        sta $0105,x
        ply
        plx
        pla
        rts

; --- jsrfar ($FF6E): calls the address in the two bytes after the JSR in the bank in
; the third: a ROM bank for $C000-$FFFF, a RAM bank for $A000-$BFFF (else no switch),
; then restores the bank and returns after the three bytes. A, X, Y and the flags pass
; through both ways. About 190 cycles around the call.
jsrfar: php
        pha
        phx
        phy
        tsx                     ; Y, X, A, P at $0101-$0104,x; the return at $0105,x
        lda $0105,x             ; the return address: the JSR's last byte
        sta IMPARM
        clc
        adc #3
        sta $0105,x
        lda $0106,x
        sta IMPARM+1
        adc #0
        sta $0106,x
        ldy #1
        lda (IMPARM),y
        sta FAR_A
        iny
        lda (IMPARM),y
        sta FAR_A+1
        iny
        lda (IMPARM),y
        tay                     ; the bank
        ldx #ROM_BANK
        lda FAR_A+1
        cmp #$C0
        bcs @switch
        ldx #RAM_BANK
        cmp #$A0
        bcs @switch
        lda #$FF                ; below the banked window: nothing to restore
        pha
        pha
        bra @go
@switch:
        lda 0,x
        pha                     ; the old bank
        sty 0,x
        phx                     ; which register
@go:    tsx                     ; Y, X, A, P now at $0103-$0106,x
        lda $0106,x
        pha
        lda $0104,x
        pha
        lda $0105,x
        ldy $0103,x
        plx
        plp
        jsr @indirect
        php
        pha
        phx
        phy
        tsx                     ; Y', X', A', P' at $0101-$0104,x; register, old bank;
        lda $0105,x             ; the caller's Y, X, A, P at $0107-$010A,x
        bmi @back
        tay
        lda $0106,x
        sta a:0,y
@back:  ldy #4
@copy:  lda $0101,x
        sta $0107,x
        inx
        dey
        bne @copy
        inx                     ; past the six bytes: the callee's values now stand
        inx                     ; where the caller's were
        txs
        ply
        plx
        pla
        plp
        rts
@indirect:
        jmp (FAR_A)

; --- sprite_set_position ($FEF3): A = a sprite (0-127), r0 = its X, r1 = its Y
; (Programmer's Reference, "KERNAL": "Sprites", the r38 API cc65 2.19's cx16 mouse driver
; calls to show and hide its pointer). X with bit 15 set hides the sprite: its z-depth
; (attribute byte 6, bits 3-2) becomes 0. Else X and Y go to attribute bytes 2-5, a
; sprite at z-depth 0 is put in front of both layers (3), and DC_VIDEO's sprite enable
; (bit 6) is set. The attributes are at VRAM $1FC00 + 8 x sprite, through DATA0 (CTRL's
; ADDRSEL cleared first). Cycles from the jump table's JMP: 130 shown (125 when the
; z-depth was already set), 99 hidden; X, Y and A not kept.
sprite_set_position:
        and #$7F
        pha
        lda #$01
        trb VERA_CTRL           ; ADDRSEL 0: ADDR_x is DATA0's
        pla
        pha
        lsr                     ; sprite / 32: the attribute's page above $1FC00
        lsr
        lsr
        lsr
        lsr
        ora #$FC
        sta VERA_ADDR_M
        pla
        asl                     ; sprite x 8 (the bits shifted out went into ADDR_M)
        asl
        asl
        ora #$02                ; byte 2: X low
        tax
        stx VERA_ADDR_L
        lda #$11                ; VRAM bank 1, incremented by 1
        sta VERA_ADDR_H
        lda r0+1
        bmi @hide
        lda r0
        sta VERA_DATA0
        lda r0+1
        sta VERA_DATA0
        lda r1
        sta VERA_DATA0
        lda r1+1
        sta VERA_DATA0          ; ADDR now at byte 6
        lda #$01                ; no increment: byte 6 read, then written
        sta VERA_ADDR_H
        lda VERA_DATA0
        bit #$0C
        bne @on
        ora #$0C
        sta VERA_DATA0
@on:    lda #$40
        tsb VERA_DC_VIDEO
        rts
@hide:  txa
        ora #$04                ; byte 6
        sta VERA_ADDR_L
        lda #$01
        sta VERA_ADDR_H
        lda VERA_DATA0
        and #$F3
        sta VERA_DATA0
        rts
