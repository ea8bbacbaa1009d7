; The project's KERNAL for the Commander X16 board: ROM bank 0, $C000-$FFFF, written
; from the public API documentation (the Commander X16 Programmer's Reference, "KERNAL";
; cc65's cx16 headers, asminc/cx16.inc and include/cx16.h in Debian's cc65 2.19), not
; from the X16 ROM. Each routine is at its documented jump-table address with its
; documented registers; the file that holds a routine states its cycle cost.
;
; Build (the board's image, rebuilt byte for byte by `hitlab roms --check`):
;   ca65 --cpu 65C02 -o kernal.o kernal.s
;   ld65 -C kernal.cfg -Ln kernal.lbl -o kernal.bin kernal.o
;
; $C000-$C7FF  the PETSCII character sets (upper case/graphics, upper/lower case)
; $C800-$CFFF  the ISO-8859-15 character set (both from the X16 ROM's public-domain
;              `charset` folder, see README.md)
; $D000-       the routines
; $E000-       the interrupt entries and the start-up code, at fixed addresses the
;              board knows (crates/machine/src/x16/kernal)
; $FEBD-$FFF5  the jump table; an entry this KERNAL lacks holds STP, which the board
;              reports naming the routine and its caller
; $FFFA-$FFFF  the NMI, RESET and IRQ vectors

        .setcpu "65C02"
        .include "kernal.inc"

IRQ_ENTRY_AT    = $E000
NMI_ENTRY_AT    = $E014
DEFAULT_IRQ_AT  = $E020
DEFAULT_NMI_AT  = $E040
DEFAULT_BRK_AT  = $E048
RESET_AT        = $E050

; Places the next byte at `addr`, the gap filled with STP.
.macro at addr
        .if * > addr
        .error "the code before runs past a fixed address"
        .endif
        .if * < addr
        .res addr - *, $DB
        .endif
.endmacro

        .segment "ROM"
        .org $C000
petscii_font:
        .incbin "petscii.bin"
iso_font:
        .incbin "iso.bin"

        at $D000
        ; The interrupt path's routines first, where the others' growth does not move
        ; them: their stated cycle counts assume no branch crosses a page.
        .include "clock.s"
        .include "i2c.s"
        .include "keyboard.s"
        .include "screen.s"
        .include "channel.s"
        .include "serial.s"
        .include "misc.s"

        at IRQ_ENTRY_AT
        .include "irq.s"

        at RESET_AT
; --- RESET: the state the KERNAL leaves when BASIC runs a program's SYS: the RAM
; vectors, the channels, the clocks, the screen (mode 0, 80x60, the PETSCII upper case
; set, white on blue, cleared, the cursor home), VERA's layer 1 on and VSYNC enabled.
; Then STP at init_done: the board runs this before the program's first cycle and starts
; the program there.
reset:  sei
        cld
        ldx #$FF
        txs
        stz RAM_BANK
        stz ROM_BANK
        ldx #5
@vec:   lda default_vectors,x
        sta CINV,x
        dex
        bpl @vec
        stz STATUS
        stz LDTND
        jsr clrchn
        stz NDX
        lda #I2C_SDA | I2C_SCL  ; both I2C lines released, their outputs low
        trb VIA1_DDRA
        trb VIA1_PRA
        lda #$FF
        sta PAD_STATE
        sta PAD_STATE+1
        stz TIME
        stz TIME+1
        stz TIME+2
        ldx #7
@clock: lda start_date,x
        sta CLOCK,x
        dex
        bpl @clock
        lda #$A5                ; the entropy seed (any non-zero value)
        sta ENTROPY
        lda #$5A
        sta ENTROPY+1
        ldx #$00
        ldy #$9F
        clc
        jsr memtop
        ldx #$00
        ldy #$08
        clc
        jsr membot
        ldx #15
@mouse: stz MOUSE_ON,x
        dex
        bpl @mouse
        lda #DEFAULT_COLOR
        sta CHARCOLOR
        sta CURS_COLOR
        stz RVS
        lda #1
        sta CURS_FLAG           ; no blinking cursor while a program runs
        stz CURS_STATE
        stz CURS_BLINK
        lda #$20
        sta CURS_CHAR
        stz VERA_CTRL
        lda #$60                ; a 128 x 64 map, 1 bpp tiles of 16 colours
        sta VERA_L1_CONFIG
        stz VERA_L1_MAPBASE     ; the map at $00000
        lda #(CHARSET_VRAM_M >> 1) & $FC ; the tiles at $0F800, 8 x 8
        sta VERA_L1_TILEBASE
        ldx #3
@scroll:
        stz VERA_L1_HSCROLL,x
        dex
        bpl @scroll
        lda #2
        jsr screen_set_charset
        lda #0
        clc
        jsr screen_mode
        lda #$21                ; VGA, layer 1 on
        sta VERA_DC_VIDEO
        lda #$01                ; VSYNC
        sta VERA_IEN
        ; A program's RTS from its start (S = $FF) pulls its return address from $0100
        ; and $0101 (the stack wraps): there, BASIC's SYS would resume. This board has no
        ; BASIC: the RTS lands on basic_return, an STP the board reports.
        lda #<(basic_return - 1)
        sta $0100
        lda #>(basic_return - 1)
        sta $0101
        cli
init_done:
        stp
basic_return:
        stp

default_vectors:
        .word default_irq, default_brk, default_nmi
; 2000-01-01 00:00:00, jiffy 0, a Saturday (7).
start_date:
        .byte 100, 1, 1, 0, 0, 0, 0, 7

; --- RESTOR ($FF8A): the RAM vectors' defaults.
restor: ldx #5
@vec:   lda default_vectors,x
        sta CINV,x
        dex
        bpl @vec
        rts

; --- CINT ($FF81): the screen editor's start: mode 0, the PETSCII upper case set,
; the default colours, the screen cleared.
cint:   lda #DEFAULT_COLOR
        sta CHARCOLOR
        stz RVS
        lda #2
        jsr screen_set_charset
        lda #0
        clc
        jmp screen_mode

; The jump table. Every entry is three bytes; one the KERNAL lacks is STP.
.macro entry addr, routine
        at addr
        jmp routine
.endmacro

        entry $FEBD, kbdbuf_peek
        entry $FEC0, kbdbuf_get_modifiers
        entry $FEC3, kbdbuf_put
        entry $FEC6, i2c_read_byte
        entry $FEC9, i2c_write_byte
        entry $FECF, entropy_get
        entry $FEF3, sprite_set_position
        entry $FF4D, clock_set_date_time
        entry $FF50, clock_get_date_time
        entry $FF53, joystick_scan
        entry $FF56, joystick_get
        entry $FF5F, screen_mode
        entry $FF62, screen_set_charset
        entry $FF68, mouse_config
        entry $FF6B, mouse_get
        entry $FF6E, jsrfar
        entry $FF71, mouse_scan
        entry $FF7D, primm
        entry $FF81, cint
        entry $FF8A, restor
        entry $FF93, bus_second
        entry $FF96, bus_tksa
        entry $FF99, memtop
        entry $FF9C, membot
        entry $FF9F, kbd_scan           ; SCNKEY: one keycode from the SMC
        entry $FFA5, bus_acptr
        entry $FFA8, bus_ciout
        entry $FFAB, bus_untlk
        entry $FFAE, bus_unlsn
        entry $FFB1, bus_listen
        entry $FFB4, bus_talk
        entry $FFB7, readst
        entry $FFBA, setlfs
        entry $FFBD, setnam
        entry $FFC0, open
        entry $FFC3, close
        entry $FFC6, chkin
        entry $FFC9, chkout
        entry $FFCC, clrchn
        entry $FFCF, chrin
        entry $FFD2, chrout
        entry $FFD5, load
        entry $FFD8, save
        entry $FFDB, settim
        entry $FFDE, rdtim
        entry $FFE1, stop
        entry $FFE4, getin
        entry $FFE7, clall
        entry $FFEA, udtim
        entry $FFED, screen_size
        entry $FFF0, plot
        entry $FFF3, iobase

        at $FFFA
        .word nmi_entry, reset, irq_entry
