; Files on disk unit 8 through the KERNAL's documented calls (Commander X16 Programmer's
; Reference, "KERNAL": SETLFS, SETNAM, SAVE, LOAD, OPEN, CHKIN, CHRIN, READST, CLOSE,
; CLRCHN, CHROUT), each result printed on the text screen, one line each:
;   SAVE n     SAVE "DATA" of MSG..MSG_END: n = 0 if carry clear, else the error in A
;   LOAD n <text>   LOAD "DATA",8,0 to BUF: n as above, then BUF printed
;   MISSING n ST hh LOAD "MISSING": the error and READST in hex
;   ESCAPE n   LOAD "../ESCAPE": the error
;   READ n <text> ST hh   OPEN 2,8,2,"DATA", CHKIN 2, the 2-byte header skipped, CHRIN
;              and READST until READST has bit 6 (end of file), CLOSE 2, CLRCHN; n =
;              OPEN's error
;              (when it is not 0, nothing more is printed)
; Then it waits (WAI) for ever. Names are PETSCII upper case, which the host folder
; reads as lower case ("data").
        .setcpu "65C02"
        .include "x16.inc"

SETLFS = $FFBA
SETNAM = $FFBD
OPEN   = $FFC0
CLOSE  = $FFC3
CHKIN  = $FFC6
CLRCHN = $FFCC
CHRIN  = $FFCF
CHROUT = $FFD2
LOAD   = $FFD5
SAVE   = $FFD8
READST = $FFB7

        .segment "ZEROPAGE"
ptr:    .res 2          ; SAVE's start pointer
text:   .res 2          ; print's pointer

        basic_stub
start:
        ; SAVE "DATA",8 of msg..msg_end.
        jsr name_data
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #<msg
        sta ptr
        lda #>msg
        sta ptr+1
        lda #ptr
        ldx #<msg_end
        ldy #>msg_end
        jsr SAVE
        jsr result
        ldx #<s_save
        ldy #>s_save
        jsr print_result
        lda #13
        jsr CHROUT

        ; LOAD "DATA",8,0 to buf.
        jsr name_data
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #0
        ldx #<buf
        ldy #>buf
        jsr LOAD
        jsr result
        ldx #<s_load
        ldy #>s_load
        jsr print_result
        lda #' '
        jsr CHROUT
        ldx #<buf
        ldy #>buf
        jsr print
        lda #13
        jsr CHROUT

        ; LOAD "MISSING".
        lda #n_missing_end - n_missing
        ldx #<n_missing
        ldy #>n_missing
        jsr SETNAM
        lda #0
        ldx #<buf
        ldy #>buf
        jsr LOAD
        jsr result
        ldx #<s_missing
        ldy #>s_missing
        jsr print_result
        ldx #<s_st
        ldy #>s_st
        jsr print
        jsr READST
        jsr hex
        lda #13
        jsr CHROUT

        ; LOAD "../ESCAPE".
        lda #n_escape_end - n_escape
        ldx #<n_escape
        ldy #>n_escape
        jsr SETNAM
        lda #0
        ldx #<buf
        ldy #>buf
        jsr LOAD
        jsr result
        ldx #<s_escape
        ldy #>s_escape
        jsr print_result
        lda #13
        jsr CHROUT

        ; OPEN 2,8,2,"DATA" and read it byte by byte.
        jsr name_data
        lda #2
        ldx #8
        ldy #2
        jsr SETLFS
        jsr OPEN
        jsr result
        ldx #<s_read
        ldy #>s_read
        jsr print_result
        lda code
        bne done                ; no file to read
        lda #' '
        jsr CHROUT
        ldx #2
        jsr CHKIN
        jsr CHRIN               ; the header's two bytes
        jsr CHRIN
        jsr READST
        sta save_st
        ; READST is read right after each CHRIN: CHKIN clears STATUS, as the C64's
        ; and the X16's KERNAL do, so it must not come between the two.
@byte:  lda save_st
        and #$40
        bne @eof
        jsr CHRIN
        sta save_a
        jsr READST
        sta save_st
        jsr CLRCHN              ; output to the screen while the byte is printed
        lda save_a
        jsr CHROUT
        ldx #2
        jsr CHKIN
        bra @byte
@eof:   lda save_st
        sta save_a
        jsr CLRCHN
        lda #2
        jsr CLOSE
        ldx #<s_st
        ldy #>s_st
        jsr print
        lda save_a
        jsr hex
        lda #13
        jsr CHROUT
done:   wai
        bra done

; --- name_data: SETNAM "DATA".
name_data:
        lda #n_data_end - n_data
        ldx #<n_data
        ldy #>n_data
        jmp SETNAM

; --- result: A = 0 if carry clear, else A kept (the KERNAL's error).
result: bcs :+
        lda #0
:       sta code
        rts

; --- print_result: the text at X/Y, a space, then the code's digit.
print_result:
        jsr print
        lda #' '
        jsr CHROUT
        lda code
        ora #'0'
        jmp CHROUT

; --- print: the 0-terminated text at X/Y.
print:  stx text
        sty text+1
        ldy #0
:       lda (text),y
        beq :+
        jsr CHROUT
        iny
        bra :-
:       rts

; --- hex: A in two hex digits.
hex:    pha
        lsr a
        lsr a
        lsr a
        lsr a
        jsr digit
        pla
        and #$0F
digit:  cmp #10
        bcc :+
        adc #'A' - '0' - 10 - 1
:       adc #'0'
        jmp CHROUT

code:   .byte 0
save_a: .byte 0
save_st: .byte 0
s_save:    .byte "SAVE", 0
s_load:    .byte "LOAD", 0
s_missing: .byte "MISSING", 0
s_escape:  .byte "ESCAPE", 0
s_read:    .byte "READ", 0
s_st:      .byte " ST ", 0
n_data:    .byte "DATA"
n_data_end:
n_missing: .byte "MISSING"
n_missing_end:
n_escape:  .byte "../ESCAPE"
n_escape_end:
msg:       .byte "HELLO, DISK!"
msg_end:
           .byte 0
buf:       .res 16, 0
