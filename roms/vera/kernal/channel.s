; Channel I/O (Commander X16 Programmer's Reference, "KERNAL": "Channel I/O", the C64's
; calls and calling conventions): the logical file table, the default channels, CHROUT,
; CHRIN, GETIN, LOAD and SAVE.
;
; Devices: 0 the keyboard, 3 the screen, 4-31 the serial bus (serial.s): a disk unit
; is reached through LISTEN, SECOND, CIOUT, UNLSN, TALK, TKSA, ACPTR and UNTLK, called
; at their jump-table entries, as the C64 KERNAL reaches it. A unit that does not answer
; leaves STATUS bit 7 set: OPEN, CHKIN, CHKOUT, LOAD and SAVE then return carry set with
; A = 5 (device not present). Devices 1 and 2 (tape, RS-232) are absent. Errors are the
; C64 KERNAL's numbers (kernal.inc).
;
; Cycle costs, from the jump table's JMP to the RTS (the caller's JSR adds 6): SETLFS 21
; (JMP 3, STA abs 4 x 3, RTS 6), SETNAM 19 (JMP 3, STA abs 4, STX zp 3, STY zp 3, RTS 6),
; READST 13, CLRCHN 19 (JMP 3, LDA # 2, STA abs 4, STZ abs 4, RTS 6); OPEN of the screen
; about 100 and CHKIN/CHKOUT about 54, plus 12 for each open file searched; CHROUT the
; screen's path (screen.s) plus 46 (JMP 3, PHA PHX PHY 9, LDX abs 4, CPX # 2, BNE 2,
; JSR 6, PLY PLX PLA 12, CLC 2, RTS 6).

; --- SETLFS ($FFBA): A = logical file, X = device, Y = secondary address.
setlfs: sta LA
        stx DEVNUM
        sty SECADR
        rts

; --- SETNAM ($FFBD): A = the name's length, X/Y = its address.
setnam: sta FNAM_LEN
        stx FNAM
        sty FNAM+1
        rts

; --- READST ($FFB7): A = the status of the last I/O.
readst: lda STATUS
        rts

; --- find_lfn: A = a logical file -> X its slot, carry clear; carry set if not open.
find_lfn:
        ldx LDTND
@next:  dex
        bmi @none
        cmp LAT,x
        bne @next
        clc
        rts
@none:  sec
        rts

; --- OPEN ($FFC0): the file SETLFS and SETNAM named.
open:   stz STATUS
        lda LA
        jsr find_lfn
        bcs @new
        lda #ERR_FILE_OPEN
        sec
        rts
@new:   ldx LDTND
        cpx #10
        bcc @room
        lda #ERR_TOO_MANY
        sec
        rts
@room:  lda DEVNUM
        beq @add                ; the keyboard
        cmp #3
        beq @add                ; the screen
        bcc no_device           ; 1 and 2
        lda FNAM_LEN            ; a serial unit: the name opens its channel
        beq @add
        lda DEVNUM
        jsr LISTEN
        lda SECADR
        ora #$F0                ; open channel SA
        jsr SECOND
        jsr send_name
        jsr UNLSN
        bit STATUS
        bmi no_device
@add:   ldx LDTND
        lda LA
        sta LAT,x
        lda DEVNUM
        sta FAT,x
        lda SECADR
        sta SAT,x
        inc LDTND
        clc
        rts

; --- no_device: the status and error of a device that does not answer.
no_device:
        lda #$80
        tsb STATUS
        lda #ERR_NO_DEVICE
        sec
        rts

; --- CLOSE ($FFC3): A = a logical file; closing one not open does nothing.
close:  jsr find_lfn
        bcs @done
        lda FAT,x
        cmp #4
        bcc @drop
        jsr LISTEN              ; a serial unit: close its channel
        lda SAT,x
        and #$0F
        ora #$E0
        jsr SECOND
        jsr UNLSN
@drop:  dec LDTND
        ldy LDTND               ; the last entry fills the hole
        lda LAT,y
        sta LAT,x
        lda FAT,y
        sta FAT,x
        lda SAT,y
        sta SAT,x
@done:  clc
        rts

; --- CHKIN ($FFC6): X = a logical file, its device becomes the input. STATUS is cleared
; first, as the C64's and the X16's KERNAL clear it in the file lookup both CHKIN and
; CHKOUT begin with (x16-rom `kernal/cbm/channel/close.s` `lookup`): the end of file of
; the last channel read (the command channel's, which cc65's open() reads) does not
; stand for the next one's first byte.
chkin:  stz STATUS
        txa
        jsr find_lfn
        bcs not_open
        lda FAT,x
        cmp #4
        bcc @set
        jsr TALK                ; a serial unit talks on the file's channel
        lda SAT,x
        and #$0F
        ora #$60
        jsr TKSA
        bit STATUS
        bpl :+
        jmp no_device
:       lda FAT,x
@set:   sta IN_DEV
        clc
        rts
not_open:
        lda #ERR_NOT_OPEN
        sec
        rts

; --- CHKOUT ($FFC9): X = a logical file, its device becomes the output; the keyboard
; is not one. STATUS cleared first, as for CHKIN.
chkout: stz STATUS
        txa
        jsr find_lfn
        bcs not_open
        lda FAT,x
        bne @ok
        lda #ERR_NOT_OUTPUT
        sec
        rts
@ok:    cmp #4
        bcc @set
        jsr LISTEN              ; a serial unit listens on the file's channel
        lda SAT,x
        and #$0F
        ora #$60
        jsr SECOND
        bit STATUS
        bpl :+
        jmp no_device
:       lda FAT,x
@set:   sta OUT_DEV
        clc
        rts

; --- CLRCHN ($FFCC): a serial unit sent UNLSN or UNTLK, then input from the keyboard,
; output to the screen.
clrchn: lda OUT_DEV
        cmp #4
        bcc :+
        jsr UNLSN
:       lda IN_DEV
        cmp #4
        bcc :+
        jsr UNTLK
:       lda #3
        sta OUT_DEV
        stz IN_DEV
        rts

; --- CLALL ($FFE7): every file forgotten, then CLRCHN.
clall:  stz LDTND
        bra clrchn

; --- CHROUT ($FFD2): A to the output device. A, X, Y kept; carry clear. To a serial
; unit through CIOUT; to the keyboard nowhere.
chrout: pha
        phx
        phy
        ldx OUT_DEV
        cpx #3
        bne @other
        jsr screen_out
        bra @out
@other: bcc @out
        jsr CIOUT
@out:   ply
        plx
        pla
        clc
        rts

; --- GETIN ($FFE4): A = the next key from the keyboard buffer, 0 if none (keyboard
; and screen input); X, Y kept. From any other device: 0.
getin:  lda IN_DEV
        beq kbd_get
        cmp #3
        beq kbd_get
        bcc @none
        jmp ACPTR               ; a serial unit's next byte
@none:  lda #0
        clc
        rts

; --- kbd_get: A = the first key in the buffer (removed), or 0; Z from A; X, Y kept.
kbd_get:
        phx
        phy
        lda RAM_BANK
        pha
        stz RAM_BANK            ; the buffer is in bank 0
        stz TMP
        ldx NDX
        beq @done
        lda KEYD
        sta TMP
        ldx #0
@shift: lda KEYD+1,x
        sta KEYD,x
        inx
        cpx #KEYD_LEN - 1
        bne @shift
        dec NDX
@done:  pla
        sta RAM_BANK
        ply
        plx
        lda TMP
        clc
        rts

; --- CHRIN ($FFCF): from the keyboard, waits for a key and echoes it to the screen
; (the C64's editor returns the line only after RETURN; here each key is returned as it
; is typed). From the screen: RETURN ($0D). From a serial unit its next byte (ACPTR;
; READST bit 6 with the last). From tape or RS-232: 0 with the status's end of file and
; time-out bits set.
chrin:  lda IN_DEV
        beq @key
        cmp #3
        beq @screen
        bcc @none
        jmp ACPTR               ; a serial unit's next byte
@none:  lda #$42
        tsb STATUS
        lda #0
        clc
        rts
@screen:
        lda #$0D
        clc
        rts
@key:   jsr kbd_get
        beq @key
        jsr chrout
        clc
        rts

