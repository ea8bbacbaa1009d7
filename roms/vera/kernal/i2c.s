; The I2C bus (Commander X16 Programmer's Reference, "I2C"; the protocol as NXP's
; UM10204 draws it): two open-drain lines on VIA 1's port A, SDA on PA0 and SCL on
; PA1. ORA's two bits stay 0; a line is pulled low by making its pin an output (DDRA
; bit set) and released by making it an input, when the pull-up (or a device holding
; SDA low) sets its level. The SMC answers at $42, the RTC at $6F.
;
; i2c_read_byte ($FEC6): X = device, Y = register -> A = the byte, carry clear; carry set
; (A = $FF) when the device does not acknowledge. X, Y kept.
; i2c_write_byte ($FEC9): X = device, Y = register, A = the byte -> carry set when the
; device does not acknowledge. A, X, Y kept.
;
; Cycle costs, counted from the instructions (each line macro is LDA # 2 + TSB/TRB abs 6
; = 8), each with the caller's JSR: i2c_bit_out 41 for a 0, 39 for a 1; i2c_bit_in 42;
; i2c_start 52; i2c_stop 36; i2c_send 138 plus its eight bits' i2c_bit_out (STA 4, LDX 2,
; 8 x (ASL abs 6, DEX 2, BNE 3) - 1, JMP 3 into i2c_bit_in's 36); i2c_recv 441. So
; i2c_read_byte of the SMC's keycode register ($84, $07, $85 sent; one byte read and its
; NACK): 14 + i2c_address 998 (JSR 6, START 52, LDA 4, ASL 2, $84 462, BCS 2, LDA 4, $07
; 460, RTS 6) + BCS 2 + START 52 + LDA SEC ROL 8 + $85 460 + BCS 2 + i2c_recv 441 + STA
; SEC 6 + NACK 39 + STOP 36 + PLY PLX LDA CLC RTS 20 = 2,084 with its JSR. It does not
; depend on the byte read. i2c_write_byte is about 1,600.

; --- The lines: each macro moves one.
.macro sda_low
        lda #I2C_SDA
        tsb VIA1_DDRA
.endmacro
.macro sda_high
        lda #I2C_SDA
        trb VIA1_DDRA
.endmacro
.macro scl_low
        lda #I2C_SCL
        tsb VIA1_DDRA
.endmacro
.macro scl_high
        lda #I2C_SCL
        trb VIA1_DDRA
.endmacro

; --- i2c_start: both lines high, then SDA falls while SCL is high, then SCL falls.
; Also a repeated START after an acknowledge (SCL low, SDA released).
i2c_start:
        lda #I2C_SDA | I2C_SCL
        trb VIA1_PRA            ; the outputs' level: low
        sda_high
        scl_high
        sda_low
        scl_low
        rts

; --- i2c_stop: SDA low while SCL is low, SCL rises, then SDA rises while SCL is high.
i2c_stop:
        sda_low
        scl_high
        sda_high
        rts

; --- i2c_bit_out: carry on SDA, one clock.
i2c_bit_out:
        bcs @one
        sda_low
        bra @clock
@one:   sda_high
@clock: scl_high
        scl_low
        rts

; --- i2c_bit_in: SDA released, one clock; carry = the level SDA had while SCL was high.
i2c_bit_in:
        sda_high
        scl_high
        lda VIA1_PRA
        lsr a                   ; PA0 into carry
        scl_low                 ; (LDA # and TSB leave carry)
        rts

; --- i2c_send: A sent, bit 7 first; carry = the device's answer (clear: acknowledged).
; X changed.
i2c_send:
        sta I2C_BYTE
        ldx #8
@bit:   asl I2C_BYTE
        jsr i2c_bit_out
        dex
        bne @bit
        jmp i2c_bit_in

; --- i2c_recv: A = a byte read, bit 7 first (the caller sends the acknowledge). X changed.
i2c_recv:
        ldx #8
@bit:   jsr i2c_bit_in
        rol I2C_BYTE
        dex
        bne @bit
        lda I2C_BYTE
        rts

; --- i2c_address: START, the device's address (carry: the read bit), then the
; register; carry set if either was not acknowledged.
i2c_address:
        jsr i2c_start
        lda I2C_DEV
        asl a                   ; the write bit (0)
        jsr i2c_send
        bcs @out
        lda I2C_OFS
        jsr i2c_send
@out:   rts

i2c_read_byte:
        phx
        phy
        stx I2C_DEV
        sty I2C_OFS
        jsr i2c_address
        bcs i2c_fail
        jsr i2c_start           ; the repeated START
        lda I2C_DEV
        sec
        rol a                   ; the read bit (1)
        jsr i2c_send
        bcs i2c_fail
        jsr i2c_recv
        sta I2C_VAL
        sec
        jsr i2c_bit_out         ; NACK: the last byte read
        jsr i2c_stop
        ply
        plx
        lda I2C_VAL
        clc
        rts
i2c_fail:
        jsr i2c_stop
        ply
        plx
        lda #$FF
        sec
        rts

i2c_write_byte:
        phx
        phy
        sta I2C_VAL
        stx I2C_DEV
        sty I2C_OFS
        jsr i2c_address
        bcs @fail
        lda I2C_VAL
        jsr i2c_send
        bcs @fail
        jsr i2c_stop
        ply
        plx
        lda I2C_VAL
        clc
        rts
@fail:  jsr i2c_stop
        ply
        plx
        lda I2C_VAL
        sec
        rts
