; The clocks (Commander X16 Programmer's Reference, "KERNAL": "Clock"; the C64's jiffy
; clock calls).

; --- UDTIM ($FFEA): the jiffy clock one on (wrapping at 24 hours, 5,184,000, as the
; C64's), and the date-and-time clock's jiffies, seconds, minutes and hours (the date
; does not advance).
udtim:  inc TIME+2
        bne @wrap
        inc TIME+1
        bne @wrap
        inc TIME
@wrap:  lda TIME
        cmp #$4F
        bne @clock
        lda TIME+1
        cmp #$1A
        bne @clock
        lda TIME+2
        cmp #$01
        bne @clock
        stz TIME
        stz TIME+1
        stz TIME+2
@clock: inc CLOCK+6
        lda CLOCK+6
        cmp #60
        bcs @second
        rts                     ; the common case ends here
@second:
        stz CLOCK+6
        inc CLOCK+5
        lda CLOCK+5
        cmp #60
        bcc @done
        stz CLOCK+5
        inc CLOCK+4
        lda CLOCK+4
        cmp #60
        bcc @done
        stz CLOCK+4
        inc CLOCK+3
        lda CLOCK+3
        cmp #24
        bcc @done
        stz CLOCK+3
@done:  rts

; --- RDTIM ($FFDE): A = the jiffy clock's low byte, X its middle, Y its high. The
; interrupt flag is kept (the C64's RDTIM ends with CLI). 27 cycles.
rdtim:  php
        sei
        lda TIME+2
        ldx TIME+1
        ldy TIME
        plp
        rts

; --- SETTIM ($FFDB): the jiffy clock from A (low), X, Y (high). 27 cycles.
settim: php
        sei
        sta TIME+2
        stx TIME+1
        sty TIME
        plp
        rts

; --- clock_get_date_time ($FF50): r0L = year - 1900, r0H = month, r1L = day,
; r1H = hours, r2L = minutes, r2H = seconds, r3L = jiffies, r3H = weekday (1-7, Sunday
; 1). The board has no RTC: the clock starts at 2000-01-01 00:00:00, a Saturday, when the
; program starts, and counts VSYNCs. About 115 cycles.
clock_get_date_time:
        php
        sei
        ldx #7
@copy:  lda CLOCK,x
        sta r0,x
        dex
        bpl @copy
        plp
        rts

; --- clock_set_date_time ($FF4D): the clock from r0-r3 as above.
clock_set_date_time:
        php
        sei
        ldx #7
@copy:  lda r0,x
        sta CLOCK,x
        dex
        bpl @copy
        plp
        rts
