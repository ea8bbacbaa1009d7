; The screen editor's output side: CHROUT to device 3, PLOT, SCREEN, screen_mode,
; screen_set_charset (Commander X16 Programmer's Reference, "KERNAL": "Screen";
; PETSCII control codes as the C64's, with the X16's additions listed in cc65's cx16.h).
;
; The text screen is layer 1's 1-bpp tile map: cell (column c, row r) at VRAM
; r x 256 + c x 2, the screen code then the colour byte (background high nibble,
; foreground low). Every write goes through VERA's DATA0 with ADDR0 set to the cell and
; increment 1, so CHROUT leaves CTRL = 0 and ADDR0 after the cell it wrote, as cc65's own
; conio does when it writes the screen.
;
; Cycle costs (65C02 cycles, from the instructions each path runs; the board executes
; this code, so the costs are exact by construction):
;   a PETSCII letter, $41-$5A, not at a line's end: 142 in screen_out (the tests 17,
;   the conversion and reverse test 43, cell_addr 47, the two DATA0 stores 12, the
;   cursor's move 23), 188 with CHROUT's 46 (a taken branch crossing a page adds 1)
;   CR, or a character wrapping the line   the above plus the scroll when on the last row
;   a scroll (80 x 60)                     59 rows x (about 30 + 160 x 13) = about 125,000
;   clear ($93)                            60 rows x (about 20 + 80 x 19) = about 92,000
;   screen_set_charset                     2,048 bytes x 17 = about 35,000

; --- screen_out: A = a character for the screen. X, Y, TMP changed.
screen_out:
        cmp #$0D
        beq screen_cr
        cmp #$8D
        beq screen_cr
        cmp #$20
        bcc @control            ; $00-$1F
        cmp #$80
        bcc screen_printable    ; $20-$7F
        cmp #$A0
        bcs screen_printable    ; $A0-$FF
@control:
        jmp screen_control      ; $80-$9F
screen_printable:
        ldx ISO_MODE
        bne put_char            ; ISO: the code is the screen code, no reverse half
        jsr petscii_to_screen
        ldx RVS
        beq put_char
        ora #$80                ; the charset's second half is the first inverted
; --- put_char: A = a screen code, written at the cursor in CHARCOLOR; the cursor moves
; right, to the next line at the end of one.
put_char:
        jsr cell_addr
        sta VERA_DATA0
        lda CHARCOLOR
        sta VERA_DATA0
cursor_right:
        inc CURS_X
        lda CURS_X
        cmp LLEN
        bcc @done
        stz CURS_X
        bra line_down
@done:  rts

; CR: column 0 of the next line; reverse ends (as on the C64).
screen_cr:
        stz CURS_X
        stz RVS
; --- line_down: the cursor one row down, the screen scrolled up at the last row.
line_down:
        lda CURS_Y
        inc a
        cmp NLINES
        bcc set_row
        jsr scroll_up
        lda NLINES
        dec a
set_row:
        sta CURS_Y
        sta SCREEN_PTR+1
        stz SCREEN_PTR
        rts

; --- cell_addr: ADDR0 at the cursor's cell, increment 1. A kept.
cell_addr:
        stz VERA_CTRL
        pha
        lda CURS_X
        asl a
        sta VERA_ADDR_L
        lda CURS_Y
        sta VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        pla
        rts

; --- petscii_to_screen: A = a printable PETSCII code ($20-$7F, $A0-$FF) -> its screen code.
petscii_to_screen:
        cmp #$FF
        beq @pi
        cmp #$C0
        bcs @c0
        cmp #$A0
        bcs @a0
        cmp #$60
        bcs @x60
        and #$3F                ; $20-$3F stay, $40-$5F -> $00-$1F
        rts
@x60:   and #$5F                ; $60-$7F -> $40-$5F
        rts
@a0:    sbc #$40                ; carry set: $A0-$BF -> $60-$7F
        rts
@c0:    and #$7F                ; $C0-$FE -> $40-$7E
        rts
@pi:    lda #$5E
        rts

; --- screen_control: A = a control code ($00-$1F, $80-$9F).
screen_control:
        ldx #CONTROL_COUNT - 1
@find:  cmp control_codes,x
        beq @hit
        dex
        bpl @find
        ldx #15
@colour:
        cmp colour_codes,x
        beq @set_colour
        dex
        bpl @colour
        rts                     ; any other code does nothing
@set_colour:
        stx TMP
        lda CHARCOLOR
        and #$F0
        ora TMP
        sta CHARCOLOR
        rts
@hit:   txa
        asl a
        tax
        jmp (control_jumps,x)

control_codes:
        .byte $93, $13, $11, $91, $1D, $9D, $12, $92, $0E, $8E, $0F, $8F, $01, $14
CONTROL_COUNT = * - control_codes
control_jumps:
        .word clear_screen, cursor_home, line_down, cursor_up, cursor_right, cursor_left
        .word rvs_on, rvs_off, charset_lower, charset_upper, iso_on, charset_upper
        .word colour_swap, delete_left
; The PETSCII colour codes, by colour index (black, white, red, cyan, purple, green,
; blue, yellow, orange, brown, light red, grey 1, grey 2, light green, light blue, grey 3).
colour_codes:
        .byte $90, $05, $1C, $9F, $9C, $1E, $1F, $9E, $81, $95, $96, $97, $98, $99, $9A, $9B

rvs_on: lda #1
        sta RVS
        rts
rvs_off:
        stz RVS
        rts
charset_lower:
        lda #3
        jmp screen_set_charset
charset_upper:
        lda #2
        jmp screen_set_charset
iso_on: lda #1
        jmp screen_set_charset

; $01 swaps the foreground and background colours.
colour_swap:
        lda CHARCOLOR
        asl a
        adc #$80
        rol a
        asl a
        adc #$80
        rol a
        sta CHARCOLOR
        rts

cursor_up:
        lda CURS_Y
        beq @top
        dec a
        jmp set_row
@top:   rts

cursor_left:
        lda CURS_X
        beq @wrap
        dec CURS_X
        rts
@wrap:  lda CURS_Y              ; column 0: the end of the line above
        beq @top
        lda LLEN
        dec a
        sta CURS_X
        lda CURS_Y
        dec a
        jmp set_row
@top:   rts

; DEL: the cursor one left and a space there (the C64 also pulls the rest of the line
; left; this editor does not).
delete_left:
        jsr cursor_left
        jsr cell_addr
        lda #$20
        sta VERA_DATA0
        lda CHARCOLOR
        sta VERA_DATA0
        rts

cursor_home:
        stz CURS_X
        lda #0
        jmp set_row

; --- clear_screen: every cell of the LLEN x NLINES screen a space in CHARCOLOR; home.
clear_screen:
        stz VERA_CTRL
        lda CHARCOLOR
        sta TMP
        ldy #0
@row:   stz VERA_ADDR_L
        sty VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldx LLEN
@cell:  lda #$20
        sta VERA_DATA0
        lda TMP
        sta VERA_DATA0
        dex
        bne @cell
        iny
        cpy NLINES
        bcc @row
        bra cursor_home

; --- scroll_up: rows 1..NLINES-1 copied one row up through DATA1 -> DATA0, the last
; row cleared.
scroll_up:
        ldy #1
@row:   cpy NLINES
        bcs @last
        lda #1
        sta VERA_CTRL           ; ADDRSEL 1: the source row
        stz VERA_ADDR_L
        sty VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        stz VERA_CTRL           ; ADDRSEL 0: the row above
        stz VERA_ADDR_L
        dey
        sty VERA_ADDR_M
        iny
        sta VERA_ADDR_H
        lda LLEN
        asl a
        tax
@copy:  lda VERA_DATA1
        sta VERA_DATA0
        dex
        bne @copy
        iny
        bra @row
@last:  stz VERA_CTRL
        stz VERA_ADDR_L
        dey
        sty VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        lda CHARCOLOR
        sta TMP
        ldx LLEN
@clear: lda #$20
        sta VERA_DATA0
        lda TMP
        sta VERA_DATA0
        dex
        bne @clear
        rts

; --- PLOT ($FFF0): carry set reads the cursor (X = row, Y = column); carry clear moves
; it to row X, column Y. A position off the screen leaves the cursor and returns carry
; set (the C64's PLOT does not check; writing there would land outside the text map).
plot:   bcc @set
        ldx CURS_Y
        ldy CURS_X
        rts
@set:   cpx NLINES
        bcs @bad
        cpy LLEN
        bcs @bad
        sty CURS_X
        txa
        jsr set_row
        clc
        rts
@bad:   sec
        rts

; --- SCREEN ($FFED): X = columns, Y = rows.
screen_size:
        ldx LLEN
        ldy NLINES
        rts

; --- screen_mode ($FF5F): carry set reads (A = mode, X = columns, Y = rows); carry clear
; sets mode A and clears the screen. Modes $00-$06 (80x60, 80x30, 40x60, 40x30, 40x15,
; 20x30, 20x15) scale the 640x480 picture with DC_HSCALE/DC_VSCALE; any other mode
; returns carry set and changes nothing.
screen_mode:
        bcc @set
        lda SCREEN_MODE
        ldx LLEN
        ldy NLINES
        clc
        rts
@set:   cmp #7
        bcs @bad
        sta SCREEN_MODE
        tax
        stz VERA_CTRL
        lda mode_hscale,x
        sta VERA_DC_HSCALE
        lda mode_vscale,x
        sta VERA_DC_VSCALE
        lda mode_cols,x
        sta LLEN
        lda mode_rows,x
        sta NLINES
        jsr clear_screen
        clc
        rts
@bad:   sec
        rts
mode_hscale: .byte 128, 128, 64, 64, 64, 32, 32
mode_vscale: .byte 128, 64, 128, 64, 32, 64, 32
mode_cols:   .byte 80, 80, 40, 40, 40, 20, 20
mode_rows:   .byte 60, 30, 60, 30, 15, 30, 15

; --- screen_set_charset ($FF62): A = 1 ISO-8859-15, 2 PETSCII upper case/graphics,
; 3 PETSCII upper/lower case; 4-6, the thin variants, load 2, 3 and 1 (this KERNAL has
; one weight). Loaded to VRAM $0F800: the ISO set's 256 glyphs, or a PETSCII set's 128
; and the same 128 inverted (the reverse screen codes $80-$FF). ISO also switches CHROUT
; to ISO mode, PETSCII back. Any other A changes nothing.
screen_set_charset:
        cmp #4
        bcc @known
        cmp #7
        bcs @done
        tax
        lda thin_to_regular - 4,x
@known: cmp #1
        bcc @done
        sta CHARSET
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #CHARSET_VRAM_M
        sta VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        stz TMP
        lda CHARSET
        cmp #1
        bne @pet
        sta ISO_MODE
        lda #<iso_font
        sta KPTR
        lda #>iso_font
        sta KPTR+1
        ldx #8
        jmp copy_pages
@pet:   stz ISO_MODE
        ldx #>petscii_font
        cmp #3
        bne :+
        ldx #>(petscii_font + $400)
:       stx KPTR+1
        stz KPTR
        ldx #4
        jsr copy_pages
        lda KPTR+1
        sec
        sbc #4
        sta KPTR+1
        dec TMP                 ; $FF: inverted
        ldx #4
        jmp copy_pages
@done:  rts
thin_to_regular: .byte 2, 3, 1

; --- copy_pages: X pages from (KPTR), each byte EOR TMP, to DATA0. KPTR moves on.
copy_pages:
        ldy #0
@byte:  lda (KPTR),y
        eor TMP
        sta VERA_DATA0
        iny
        bne @byte
        inc KPTR+1
        dex
        bne @byte
        rts
