; The serial bus and the disk (Commander X16 Programmer's Reference, "KERNAL": LOAD,
; SAVE and the C64-compatible serial calls; the C64's protocol to a CBM drive): LOAD and
; SAVE talk to a unit through LISTEN, SECOND, CIOUT, UNLSN, TALK, TKSA, ACPTR and UNTLK,
; always called at their jump-table entries, where a machine's disk drive (the board's
; host folder, x16emu's host file system) answers them.
;
; With nothing on the bus these routines are the KERNAL's answer for an absent unit:
; LISTEN and TALK set STATUS bit 7 (device not present), ACPTR returns 0 with bit 1 (read
; time-out); the others do nothing. All keep X and Y; CIOUT keeps A; carry clear.
;
; Costs: each call 6 (JSR) + its body (here a few cycles; a drive's answer costs its
; RTS). LOAD: about 250 cycles of set-up and name, then 40 to 50 a byte (ACPTR's call and
; return, the store, the pointer); SAVE: about 250, then 45 a byte.

LISTEN  = $FFB1
TALK    = $FFB4
SECOND  = $FF93
TKSA    = $FF96
ACPTR   = $FFA5
CIOUT   = $FFA8
UNTLK   = $FFAB
UNLSN   = $FFAE

; STATUS bits
ST_TIMEOUT_READ = $02
ST_VERIFY       = $10
ST_EOI          = $40
ST_NO_DEVICE    = $80

; --- The bus with nobody on it.
bus_listen:
bus_talk:
        pha
        lda #ST_NO_DEVICE
        tsb STATUS
        pla
        clc
        rts
bus_acptr:
        lda #ST_TIMEOUT_READ
        tsb STATUS
        lda #0
        clc
        rts
bus_second:
bus_tksa:
bus_ciout:
bus_untlk:
bus_unlsn:
        clc
        rts

; --- send_name: the SETNAM name through CIOUT. A, Y changed.
send_name:
        ldy #0
@next:  cpy FNAM_LEN
        beq @done
        lda (FNAM),y
        jsr CIOUT
        iny
        bra @next
@done:  rts

; --- open_file: LISTEN, SECOND A (open a channel), the name, UNLSN; N = STATUS bit 7
; (no unit).
open_file:
        pha
        lda DEVNUM
        jsr LISTEN
        pla
        jsr SECOND
        jsr send_name
        jsr UNLSN
        bit STATUS
        rts

; --- close_file: LISTEN, SECOND A (close a channel), UNLSN.
close_file:
        pha
        lda DEVNUM
        jsr LISTEN
        pla
        jsr SECOND
        jmp UNLSN

; --- disk_device: carry clear if DEVNUM is a serial unit (4-31); else A = the error
; (9 for the keyboard and the screen, 5 for tape and RS-232) and carry set.
disk_device:
        lda DEVNUM
        beq @illegal
        cmp #3
        beq @illegal
        bcc @absent
        cmp #32
        bcs @absent
        clc
        rts
@illegal:
        lda #ERR_BAD_DEVICE
        sec
        rts
@absent:
        lda #ST_NO_DEVICE
        tsb STATUS
        lda #ERR_NO_DEVICE
        sec
        rts

; --- LOAD ($FFD5): A = 0 load, 1 verify, 2 or 3 load into VRAM bank 0 or 1; X/Y = the
; address for secondary address 0 (SETLFS), the file's own 2-byte header address for
; any other. Returns X/Y = the last address loaded + 1 and carry clear; carry set with
; A = 4 (file not found: READST $42), 5 (no unit), 8 (no name) or 9 (keyboard,
; screen). A load into banked RAM ($A000-$BFFF) goes on into the next bank at $C000.
load:   sta VERCK
        stx KPTR
        sty KPTR+1
        stz STATUS
        jsr disk_device
        bcc :+
        rts
:       lda FNAM_LEN
        bne :+
        lda #ERR_NO_NAME
        sec
        rts
:       lda #$F0                ; open channel 0, the CBM drive's read channel
        jsr open_file
        bpl :+
        lda #ERR_NO_DEVICE
        sec
        rts
:       lda DEVNUM
        jsr TALK
        lda #$60
        jsr TKSA
        jsr ACPTR               ; the header's low byte
        tax
        lda STATUS
        and #ST_TIMEOUT_READ
        beq @found
        jsr UNTLK
        lda #$E0
        jsr close_file
        lda #ERR_NOT_FOUND
        sec
        rts
@found: jsr ACPTR               ; the header's high byte
        ldy SECADR
        beq @vram               ; SA 0: to X/Y as given
        stx KPTR
        sta KPTR+1
@vram:  lda VERCK
        cmp #2
        bcc @data
        stz VERA_CTRL           ; VRAM through DATA0, increment 1
        lda KPTR
        sta VERA_ADDR_L
        lda KPTR+1
        sta VERA_ADDR_M
        lda VERCK
        and #1
        ora #$10
        sta VERA_ADDR_H
@data:  bit STATUS
        bvs @end                ; EOI with the header: no data
@byte:  jsr ACPTR
        ldx VERCK
        beq @store
        cpx #1
        beq @verify
        sta VERA_DATA0
        bra @next
@verify:
        cmp (KPTR)
        beq @next
        lda #ST_VERIFY
        tsb STATUS
        bra @next
@store: sta (KPTR)
@next:  inc KPTR
        bne @more
        inc KPTR+1
        lda VERCK
        bne @more
        lda KPTR+1
        cmp #$C0                ; past banked RAM: on into the next bank
        bne @more
        lda #$A0
        sta KPTR+1
        inc RAM_BANK
@more:  lda STATUS
        and #ST_EOI | ST_TIMEOUT_READ
        beq @byte
@end:   jsr UNTLK
        lda #$E0
        jsr close_file
        ldx KPTR
        ldy KPTR+1
        clc
        rts

; --- SAVE ($FFD8): A = the zero-page address of a pointer to the start, X/Y = the end
; (not saved). Writes the start address, then the bytes. Carry set with A = 5 (no
; unit), 8 (no name), 9 (keyboard, screen), or 4 when the unit did not take the file
; (READST bit 1: the name was refused).
save:   stx SAVE_END
        sty SAVE_END+1
        tax
        lda 0,x
        sta KPTR
        lda 1,x
        sta KPTR+1
        stz STATUS
        jsr disk_device
        bcc :+
        rts
:       lda FNAM_LEN
        bne :+
        lda #ERR_NO_NAME
        sec
        rts
:       lda #$F1                ; open channel 1, the CBM drive's write channel
        jsr open_file
        bpl :+
        lda #ERR_NO_DEVICE
        sec
        rts
:       lda DEVNUM
        jsr LISTEN
        lda #$61
        jsr SECOND
        lda KPTR
        jsr CIOUT
        lda KPTR+1
        jsr CIOUT
@byte:  lda KPTR
        cmp SAVE_END
        lda KPTR+1
        sbc SAVE_END+1
        bcs @done
        lda (KPTR)
        jsr CIOUT
        inc KPTR
        bne @byte
        inc KPTR+1
        bra @byte
@done:  jsr UNLSN
        lda #$E1
        jsr close_file
        lda STATUS
        and #ST_TIMEOUT_READ    ; bit 1: a write not taken
        bne :+
        clc
        rts
:       lda #ERR_NOT_FOUND
        sec
        rts
