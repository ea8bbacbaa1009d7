; A test ROM of the project's own for the X16 board's `--rom`: one 16 KB bank that boots
; the way the X16's KERNAL does, device by device, and then waits for BASIC's first line,
; where the board types the handover (crates/machine/src/x16/handover.rs). Written from
; the Commander X16 Programmer's Reference, the W65C22 (VIA), UM10204 (I2C), MCP7940N
; (RTC), YM2151 and VERA data sheets; never from the X16 ROM's code.
;
; RESET, in the order of the machine's start-up:
;  1. both VIAs: every interrupt source disabled (IER $7F), the timers and the shift
;     register off (ACR 0), the handshake lines inputs (PCR 0), ports A and B inputs;
;     VIA 1's ORA bits 0-1 cleared so that a direction bit set pulls the I2C line low;
;  2. VERA: reset through CTRL bit 7, then DC_VIDEO $01 (VGA, nothing shown), IEN $01
;     (VSYNC);
;  3. the YM2151: the key-off register ($08) written for each of the 8 channels, each
;     write waiting for the busy flag ($9F41 bit 7) to clear, as the chip loses a write
;     made while busy;
;  4. the SD card: selected through SPI_CTRL, one $FF sent, the busy bit polled, the
;     byte received read ($FF: no card answers), deselected;
;  5. the I2C bus: the SMC's keycode register ($42, $07) read once (the keyboard's
;     queue emptied of a key pressed during reset), then the RTC's seven time registers
;     ($6F, $00-$06) one by one;
;  6. CINV set to the default handler, STATUS and the keyboard buffer cleared, CLI.
; What each step read is kept in the boot record (BOOT, below) for the board's tests.
;
; Then BASIC's part: a line read through CHRIN ($FFCF) from the keyboard buffer
; (KEYD/NDX in RAM bank 0, the r4x KERNAL's places), each key echoed into the echo log
; (ECHO); `LOAD"name",8,1` loads through the serial-bus calls (LISTEN, SECOND $F0, the
; name, UNLSN; TALK, TKSA $60, ACPTR to EOI, UNTLK; LISTEN, SECOND $E0, UNLSN) to the
; file's own address; `RUN` calls the SYS address of the BASIC line at $0801; `SYS n`
; calls n. A program returning comes back to the line reader.
;
; The IRQ path: the hardware entry saves A, X, Y and jumps through CINV (CBINV for BRK);
; the default handler, at VSYNC, reads one keycode from the SMC (kept in LASTKEY, not
; translated), counts the jiffy, acknowledges VSYNC.

        .setcpu "65C02"

; --- The machine.
RAM_BANK    = $00
VIA1        = $9F00
VIA2        = $9F10
VIA_PRA     = $01
VIA_DDRB    = $02
VIA_DDRA    = $03
VIA_ACR     = $0B
VIA_PCR     = $0C
VIA_IER     = $0E
VERA_CTRL   = $9F25
VERA_IEN    = $9F26
VERA_ISR    = $9F27
VERA_DC_VIDEO = $9F29
AUDIO_CTRL  = $9F3B
SPI_DATA    = $9F3E
SPI_CTRL    = $9F3F
YM_ADDR     = $9F40
YM_DATA     = $9F41
I2C_SDA     = $01               ; VIA 1 PA0
I2C_SCL     = $02               ; VIA 1 PA1
SMC         = $42
SMC_KEYCODE = $07
RTC         = $6F

; --- The KERNAL's places (the r4x KERNAL's, as the board's handover uses them).
CINV        = $0314
CBINV       = $0316
NMINV       = $0318
STATUS      = $0286
KEYD        = $A800
NDX         = $A80A

; --- This ROM's variables.
I2C_DEV     = $80
I2C_TMP     = $81
PTR         = $82               ; 2 bytes
NUM         = $84               ; 2 bytes: a decimal number parsed
JIFFY       = $86
LASTKEY     = $87
ECHO_AT     = $88               ; the echo log's next byte
LINE        = $0200             ; the line read, up to 80 bytes
LINE_MAX    = 80
BOOT        = $0400             ; the boot record:
;   +0  VIA 1 IER after the init ($80: the set bit reads 1, no source enabled)
;   +1  VIA 2 IER
;   +2  YM2151 status read right after the first data write (busy: $80)
;   +3  YM2151 status after the poll ($00)
;   +4  SPI_DATA after the transfer ($FF: no card)
;   +5  SPI_CTRL after the transfer (select set, busy clear: $01)
;   +6  AUDIO_CTRL (FIFO empty: $40)
;   +7  the SMC's keycode (0: no key)
;   +8..+14  the RTC's registers $00-$06
;   +15 I2C failures (devices that did not acknowledge)
;   +16 $A5 once RESET has finished
ECHO        = $0500             ; the echo log, 256 bytes

; Places the next byte at `addr`, the gap filled with STP.
.macro at addr
        .if * > addr
        .error "the code before runs past a fixed address"
        .endif
        .if * < addr
        .res addr - *, $DB
        .endif
.endmacro

.macro sda_low
        lda #I2C_SDA
        tsb VIA1 + VIA_DDRA
.endmacro
.macro sda_high
        lda #I2C_SDA
        trb VIA1 + VIA_DDRA
.endmacro
.macro scl_low
        lda #I2C_SCL
        tsb VIA1 + VIA_DDRA
.endmacro
.macro scl_high
        lda #I2C_SCL
        trb VIA1 + VIA_DDRA
.endmacro

        .segment "ROM"
        .org $C000

; ---------------------------------------------------------------------------------------
reset:
        sei
        cld
        ldx #$FF
        txs
        stz RAM_BANK
        ; 1. The VIAs.
        lda #$7F
        sta VIA1 + VIA_IER
        sta VIA2 + VIA_IER
        stz VIA1 + VIA_ACR
        stz VIA2 + VIA_ACR
        stz VIA1 + VIA_PCR
        stz VIA2 + VIA_PCR
        stz VIA1 + VIA_DDRA
        stz VIA1 + VIA_DDRB
        stz VIA2 + VIA_DDRA
        stz VIA2 + VIA_DDRB
        stz VIA1 + VIA_PRA
        lda VIA1 + VIA_IER
        sta BOOT + 0
        lda VIA2 + VIA_IER
        sta BOOT + 1
        ; 2. VERA.
        lda #$80
        sta VERA_CTRL
        lda #$01
        sta VERA_DC_VIDEO
        sta VERA_IEN
        ; 3. The YM2151: key off, channels 0-7.
        ldx #0
@ym:    jsr ym_wait
        lda #$08
        sta YM_ADDR
        stx YM_DATA
        cpx #0
        bne :+
        lda YM_DATA
        sta BOOT + 2
:       inx
        cpx #8
        bne @ym
        jsr ym_wait
        lda YM_DATA
        sta BOOT + 3
        ; 4. The SD card.
        lda #$01
        sta SPI_CTRL
        lda #$FF
        sta SPI_DATA
:       bit SPI_CTRL
        bmi :-
        lda SPI_DATA
        sta BOOT + 4
        lda SPI_CTRL
        sta BOOT + 5
        stz SPI_CTRL
        lda AUDIO_CTRL
        sta BOOT + 6
        ; 5. The I2C bus: the SMC's keycode, the RTC's time.
        stz BOOT + 15
        ldx #SMC
        ldy #SMC_KEYCODE
        jsr i2c_read
        sta BOOT + 7
        ldy #0
@rtc:   ldx #RTC
        jsr i2c_read
        sta BOOT + 8,y
        iny
        cpy #7
        bne @rtc
        ; 6. The vectors, the buffers, interrupts on.
        lda #<default_irq
        sta CINV
        lda #>default_irq
        sta CINV + 1
        lda #<default_brk
        sta CBINV
        sta NMINV
        lda #>default_brk
        sta CBINV + 1
        sta NMINV + 1
        stz STATUS
        stz NDX
        stz JIFFY
        stz LASTKEY
        stz ECHO_AT
        lda #$A5
        sta BOOT + 16
        cli
        ; BASIC's part.
basic:  jsr read_line
        jsr command
        bra basic

; --- ym_wait: until the YM2151's busy flag is clear.
ym_wait:
        bit YM_DATA
        bmi ym_wait
        rts

; ---------------------------------------------------------------------------------------
; The I2C bus (UM10204): SDA on PA0, SCL on PA1, open drain: a line is pulled low by
; making its pin an output (ORA's bits stay 0) and released by making it an input.

i2c_start:
        sda_high
        scl_high
        sda_low
        scl_low
        rts

i2c_stop:
        sda_low
        scl_high
        sda_high
        rts

; i2c_send: A out, MSB first; carry set when the device did not acknowledge.
i2c_send:
        sta I2C_TMP
        phx
        ldx #8
@bit:   asl I2C_TMP
        bcc @zero
        sda_high
        bra @clock
@zero:  sda_low
@clock: scl_high
        scl_low
        dex
        bne @bit
        plx
        sda_high                ; released for the acknowledge
        scl_high
        lda VIA1 + VIA_PRA
        lsr a                   ; SDA: 0 = acknowledged
        php
        scl_low
        plp
        rts

; i2c_recv: a byte in, MSB first, then a NACK (the last byte read).
i2c_recv:
        sda_high
        phx
        ldx #8
@bit:   scl_high
        lda VIA1 + VIA_PRA
        lsr a
        rol I2C_TMP
        scl_low
        dex
        bne @bit
        plx
        sda_high                ; NACK: SDA left high through one clock
        scl_high
        scl_low
        lda I2C_TMP
        rts

; i2c_read: X = device, Y = register -> A = the byte; $FF and BOOT+15 counted when a
; device does not acknowledge. X, Y kept.
i2c_read:
        stx I2C_DEV
        jsr i2c_start
        lda I2C_DEV
        asl a                   ; write
        jsr i2c_send
        bcs @fail
        tya
        jsr i2c_send
        bcs @fail
        jsr i2c_start           ; repeated START
        lda I2C_DEV
        sec
        rol a                   ; read
        jsr i2c_send
        bcs @fail
        jsr i2c_recv
        pha
        jsr i2c_stop
        pla
        rts
@fail:  jsr i2c_stop
        inc BOOT + 15
        lda #$FF
        rts

; ---------------------------------------------------------------------------------------
; BASIC's part.

; read_line: keys through CHRIN to RETURN into LINE (the RETURN not kept), 0-ended.
read_line:
        ldx #0
@key:   jsr $FFCF
        cmp #$0D
        beq @end
        cpx #LINE_MAX
        bcs @key
        sta LINE,x
        inx
        bra @key
@end:   stz LINE,x
        rts

; chrin: the next key of the keyboard buffer, waiting for one; echoed into the log.
chrin:
        phx
@wait:  lda NDX
        bne @take
        wai
        bra @wait
@take:  sei
        lda KEYD
        pha
        ldx #0
@shift: lda KEYD + 1,x
        sta KEYD,x
        inx
        cpx #9
        bne @shift
        dec NDX
        cli
        pla
        ldx ECHO_AT
        sta ECHO,x
        inc ECHO_AT
        plx
        rts

; command: LOAD, RUN or SYS at the start of LINE; anything else is ignored.
command:
        ldx #0
        ldy #0
@match: lda words,y
        beq @found
        cmp LINE,x
        bne @next
        inx
        iny
        bra @match
@next:  iny                     ; to the word's end, then the next word
        lda words - 1,y
        bne @next
        ldx #0
        lda words,y
        bne @match
        rts
@found: cpy #4                  ; the 0 ending "LOAD" is words+4
        bne :+
        jmp cmd_load
:       cpy #8                  ; "RUN" ends at words+8
        beq cmd_run
        jmp cmd_sys
words:  .byte "LOAD", 0, "RUN", 0, "SYS", 0, 0

; cmd_sys: SYS n (decimal).
cmd_sys:
        jsr number
        jmp call_num

; cmd_run: the SYS of the BASIC line at $0801 (link and line number, then the tokens:
; $9E and the digits), copied to LINE and called.
cmd_run:
        ldx #0
@find:  lda $0805,x
        beq @none
        cmp #$9E
        beq @copy
        inx
        cpx #LINE_MAX
        bne @find
@none:  rts
@copy:  ldy #0
@byte:  lda $0806,x
        sta LINE,y
        beq @go
        inx
        iny
        cpy #LINE_MAX
        bne @byte
@go:    ldx #0
        jsr number
call_num:
        jmp (NUM)

; number: the decimal number at LINE,x (spaces skipped) -> NUM.
number:
        stz NUM
        stz NUM + 1
:       lda LINE,x
        cmp #' '
        bne @digit
        inx
        bra :-
@digit: lda LINE,x
        sec
        sbc #'0'
        cmp #10
        bcs @done
        pha
        ; NUM x 10 = NUM x 8 + NUM x 2
        asl NUM
        rol NUM + 1
        lda NUM
        ldy NUM + 1
        asl NUM
        rol NUM + 1
        asl NUM
        rol NUM + 1
        clc
        adc NUM
        sta NUM
        tya
        adc NUM + 1
        sta NUM + 1
        pla
        clc
        adc NUM
        sta NUM
        bcc :+
        inc NUM + 1
:       inx
        bra @digit
@done:  rts

; cmd_load: LOAD"name",8,1: the name between the quotes from unit 8, to the file's own
; address.
cmd_load:
        ; x is past "LOAD": the quote.
        lda LINE,x
        cmp #'"'
        bne @out
        inx
        stx I2C_TMP             ; the name's first byte
        stz STATUS
        lda #8
        jsr $FFB1               ; LISTEN
        lda #$F0                ; SECOND: open channel 0
        jsr $FF93
        ldx I2C_TMP
@name:  lda LINE,x
        beq @sent
        cmp #'"'
        beq @sent
        jsr $FFA8               ; CIOUT
        inx
        bra @name
@sent:  jsr $FFAE               ; UNLSN
        lda #8
        jsr $FFB4               ; TALK
        lda #$60                ; TKSA: channel 0
        jsr $FF96
        jsr $FFA5               ; ACPTR: the load address
        sta PTR
        lda STATUS
        and #$02                ; time-out: nothing to read
        bne @close
        jsr $FFA5
        sta PTR + 1
@byte:  lda STATUS
        and #$40                ; EOI after the last byte
        bne @close
        jsr $FFA5
        sta (PTR)
        inc PTR
        bne @byte
        inc PTR + 1
        bra @byte
@close: jsr $FFAB               ; UNTLK
        lda #8
        jsr $FFB1               ; LISTEN
        lda #$E0                ; SECOND: close channel 0
        jsr $FF93
        jsr $FFAE               ; UNLSN
@out:   rts

; ---------------------------------------------------------------------------------------
; The serial bus with nothing on it: every call answers "device not present" (STATUS
; bit 7, carry set). The board's drive answers them itself when a unit 8 is attached.
serial_absent:
        lda #$80
        tsb STATUS
        sec
        rts

readst: lda a:STATUS
        rts

; chrout: the character into the echo log.
chrout: phx
        ldx ECHO_AT
        sta ECHO,x
        inc ECHO_AT
        plx
        clc
        rts

; ---------------------------------------------------------------------------------------
; The IRQ path.
irq_entry:
        pha
        phx
        phy
        tsx
        lda $0104,x             ; the status the entry pushed
        and #$10                ; B: a BRK
        bne :+
        jmp (CINV)
:       jmp (CBINV)

nmi_entry:
        pha
        phx
        phy
        jmp (NMINV)

default_irq:
        lda VERA_ISR
        lsr a
        bcc @out
        ldx #SMC
        ldy #SMC_KEYCODE
        jsr i2c_read
        beq :+
        sta LASTKEY
:       inc JIFFY
        lda #$01
        sta VERA_ISR            ; acknowledge VSYNC
@out:   ply
        plx
        pla
        rti

; The default BRK and NMI handlers stop the clock: the board reports the STP.
default_brk:
        stp

; ---------------------------------------------------------------------------------------
; The jump table: the entries this ROM has; the others hold STP.
        at $FF93
        jmp serial_absent       ; SECOND
        jmp serial_absent       ; TKSA
        at $FFA5
        jmp serial_absent       ; ACPTR
        jmp serial_absent       ; CIOUT
        jmp serial_absent       ; UNTLK
        jmp serial_absent       ; UNLSN
        jmp serial_absent       ; LISTEN
        jmp serial_absent       ; TALK
        jmp readst              ; READST ($FFB7)
        at $FFCF
        jmp chrin               ; CHRIN
        jmp chrout              ; CHROUT
        at $FFF6
        .byte "MIST"            ; the KERNAL bank's signature
        at $FFFA
        .word nmi_entry
        .word reset
        .word irq_entry
