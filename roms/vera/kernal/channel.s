; Channel I/O (Commander X16 Programmer's Reference, "KERNAL": "Channel I/O", the C64's
; calls and calling conventions): the logical file table, the default channels, CHROUT,
; CHRIN, GETIN, LOAD and SAVE.
;
; Devices: 0 the keyboard, 3 the screen. The board has no serial bus, disk or SD card,
; so every other device is absent: OPEN, LOAD and SAVE on it return carry set with
; A = 5 (device not present) and bit 7 of the status (READST) set, as the KERNAL does
; when nothing answers on the bus. Errors are the C64 KERNAL's numbers (kernal.inc).
;
; Cycle costs, from the jump table's JMP to the RTS (the caller's JSR adds 6): SETLFS 21
; (JMP 3, STA abs 4 x 3, RTS 6), SETNAM 19 (JMP 3, STA abs 4, STX zp 3, STY zp 3, RTS 6),
; READST 13, CLRCHN 19 (JMP 3, LDA # 2, STA abs 4, STZ abs 4, RTS 6); OPEN of the screen
; about 100 and CHKIN/CHKOUT about 50, plus 12 for each open file searched; CHROUT the
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
        jmp no_device
@add:   lda LA
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
        dec LDTND
        ldy LDTND               ; the last entry fills the hole
        lda LAT,y
        sta LAT,x
        lda FAT,y
        sta FAT,x
        lda SAT,y
        sta SAT,x
@done:  clc
        rts

; --- CHKIN ($FFC6): X = a logical file, its device becomes the input.
chkin:  txa
        jsr find_lfn
        bcs not_open
        lda FAT,x
        sta IN_DEV
        clc
        rts
not_open:
        lda #ERR_NOT_OPEN
        sec
        rts

; --- CHKOUT ($FFC9): X = a logical file, its device becomes the output; the keyboard
; is not one.
chkout: txa
        jsr find_lfn
        bcs not_open
        lda FAT,x
        bne @ok
        lda #ERR_NOT_OUTPUT
        sec
        rts
@ok:    sta OUT_DEV
        clc
        rts

; --- CLRCHN ($FFCC): input from the keyboard, output to the screen.
clrchn: lda #3
        sta OUT_DEV
        stz IN_DEV
        rts

; --- CLALL ($FFE7): every file forgotten, then CLRCHN.
clall:  stz LDTND
        bra clrchn

; --- CHROUT ($FFD2): A to the output device. A, X, Y kept; carry clear. Output to a
; device other than the screen goes nowhere (none can be opened).
chrout: pha
        phx
        phy
        ldx OUT_DEV
        cpx #3
        bne @out
        jsr screen_out
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
        lda #0
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
; is typed). From the screen: RETURN ($0D). From any other device: 0 with the status's
; end of file and time-out bits set.
chrin:  lda IN_DEV
        beq @key
        cmp #3
        beq @screen
        lda #$42
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

; --- LOAD ($FFD5): A = 0 load, 1 verify; X/Y = where (secondary address 0); the
; device from SETLFS. The keyboard and the screen are illegal devices (error 9); no
; other device is present (error 5).
load:
save_check:
        lda DEVNUM
        beq @illegal
        cmp #3
        beq @illegal
        jmp no_device
@illegal:
        lda #ERR_BAD_DEVICE
        sec
        rts

; --- SAVE ($FFD8): A = the zero-page address of the start, X/Y = the end: as LOAD.
save = save_check
