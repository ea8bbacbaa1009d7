; bios.asm: the project's own Vectrex BIOS, for cartridges run without the user's 8 KB
; image. Each routine sits at the address of the Executive's published jump table (the
; BIOS's entry points as Vectrex toolchains' VECTREX.I name them) and keeps its documented
; register and RAM conventions (Bruce Tomlin's annotated BIOS disassembly, the routine
; headers), so a cartridge that calls them runs unchanged. The code is the project's,
; written from those descriptions; the Obj_Hit family is the byte-exact sequence the
; project models in crates/vectrex/src/bios/obj_hit.rs.
;
; What it has: the power-on path (Cold_Start, Init_OS, Init_OS_RAM, Init_VIA), the frame
; (Wait_Recal, Set_Refresh, Recalibrate), the direct page (DP_to_D0, DP_to_C8), the pen
; (Reset0Ref, Reset0Ref_D0, Reset0Int, Moveto_d, Moveto_d_7F, Moveto_ix), brightness
; (Intensity_1F/3F/5F/7F/a), vector lists (Draw_VLc, Draw_VL_b, Draw_VLcs, Draw_VL_ab,
; Draw_VL_a, Draw_VL, Draw_Line_d and the Mov_Draw_VL forms), buttons (Read_Btns,
; Read_Btns_Mask), memory (the Clear_x family, Dec_Counters' three forms), the delays
; (Delay_0-3, Delay_b, Delay_RTS), Abs_a_b and Abs_b, and the collision routines
; (Obj_Will_Hit_u, Obj_Will_Hit, Obj_Hit). Every other address in $E000-$FFFF
; is not an entry: the board refuses a call there, naming it (machine::vectrex::bios).
;
; Cycles: each routine's cost, from the caller's JSR (extended, 8 cycles) to its RTS, is
; stated beside it, counted with the 6809 data sheet's cycle table and checked on the
; core by crates/machine/tests/it/vectrex_bios.rs.
;
; Built with the project's assembler: hitlab asm6809 bios.asm -o bios.bin --listing bios.lst

; The VIA, reached through the direct page $D0.
via_orb     equ $00
via_ora     equ $01
via_ddrb    equ $02
via_ddra    equ $03
via_t1cl    equ $04
via_t1ch    equ $05
via_t2l     equ $08
via_sr      equ $0A
via_acr     equ $0B
via_pcr     equ $0C
via_ifr     equ $0D

; The Executive's RAM ($C800 page), as the BIOS documents it.
btn_state   equ $C80F       ; buttons now, 1 = pressed
btn_prev    equ $C810       ; buttons at the last read
btn_new     equ $C811       ; buttons pressed since the last read
btn_1_1     equ $C812       ; one byte per button, $C812-$C819
joy_resltn  equ $C81A       ; Joy_Analog's last bit tried ($00: all eight)
joy_1_x     equ $C81B       ; the joystick readings, $C81B-$C81E: 1 X, 1 Y, 2 X, 2 Y
joy_mux     equ $C81F       ; joystick enable flags, $C81F-$C822
vl_count    equ $C823       ; vectors left in a list
loop_count  equ $C825       ; frames since power-on (16 bits)
brightness  equ $C827       ; the last Intensity_a
dot_dwell   equ $C828
text_hw     equ $C82A       ; the text's height (signed), then its width
text_height equ $C82A
text_width  equ $C82B
refresh     equ $C83D       ; Timer 2's reload: low byte, then high byte
rand_seed   equ $C87D       ; Random's state (16 bits)
stack_top   equ $CBEA       ; Vec_Default_Stk

; Pins (machine::vectrex::board): PB0 /mux enable, PB1-PB2 mux select, PB3 BC1, PB4 BDIR,
; PB7 /RAMP from Timer 1 (ACR bit 7); CA2 /ZERO, CB2 /BLANK from the shift register.
pcr_zero    equ $CC         ; /ZERO low, /BLANK low: integrators discharged
pcr_run     equ $CE         ; /ZERO high, /BLANK low: the beam may move

        org $E000

; Read_Btns' body (the entry at $F1BA jumps here). The AY-3-8912's register 14 is the
; button port: latch its address (BDIR and BC1 high), read it (BC1 high) with port A an
; input, then compare with the last read.
read_btns
        lda btn_state
        sta btn_prev                    ; the previous state
        lda #$0E
        sta <via_ora                    ; AY register 14
        ldd #$1901
        sta <via_orb                    ; BDIR, BC1: latch the address
        stb <via_orb                    ; inactive, mux off
        clr <via_ddra                   ; port A reads the AY
        ldd #$0901
        sta <via_orb                    ; BC1: the AY drives its register
        lda <via_ora                    ; the buttons, low = pressed
        coma
        sta btn_state
        stb <via_orb                    ; inactive
        ldb #$FF
        stb <via_ddra                   ; port A drives the DAC again
        lda btn_prev
        coma
        anda btn_state                  ; pressed now and not before
        sta btn_new
        ldx #btn_1_1
        ldb #$01
rb_bit  tfr b,a
        anda btn_new
        sta ,x+                         ; each button's own byte: its bit, or 0
        aslb
        bne rb_bit
        lda btn_new
        rts

; Joy_Digital's body (the entry at $F1F8 jumps here). Each joystick axis whose enable
; flag is not 0 is read: the flag (1, 3, 5, 7: mux off, PB2-PB1 = the pot) goes to port
; B, which routes that pot to the comparator; the DAC is set to +$40, then -$40, and PB5
; says each time whether the pot stands above it (vecx `alg_update`: the pot against
; the DAC byte). Past +$40 the axis reads 1 (right, up), below -$40 $FF (left, down),
; between 0.
joy_digital
        ldx #joy_mux
jd_axis lda ,x                          ; the axis's flag
        beq jd_next
        sta <via_orb                    ; mux off, the pot to the comparator
        ldd #$4001
        sta <via_ora                    ; the DAC at +$40
        lda <via_orb
        bita #$20                       ; PB5: the pot is above
        bne jd_put                      ; B = 1
        ldd #$C000
        sta <via_ora                    ; the DAC at -$40
        lda <via_orb
        bita #$20
        bne jd_put                      ; B = 0: between
        decb                            ; B = $FF: below
jd_put  stb -4,x                        ; $C81B-$C81E
jd_next leax 1,x
        cmpx #joy_mux+4
        bne jd_axis
        ldb #$01
        stb <via_orb                    ; mux off, channel 0
        rts

; Joy_Analog's body (the entry at $F1F5 jumps here). Each enabled axis is measured by
; successive approximation, the reading kept at its place in $C81B-$C81E as an
; unsigned byte while it grows: each bit from $80 down to $C81A's (0: all eight) is
; tried by setting the DAC to the trial value - 1 (PB5 high: the pot stands above it,
; so at or above the trial), and kept when the pot is there. The reading is then the
; pot's value (with all eight bits), $80 flipped: signed, 0 centred, $7F right or up,
; $80 left or down.
joy_analog
        ldx #joy_mux
ja_axis lda ,x                          ; the axis's flag
        beq ja_next
        sta <via_orb                    ; mux off, the pot to the comparator
        clr -4,x                        ; the reading so far
        ldb #$80                        ; the bit tried
ja_bit  tfr b,a
        ora -4,x                        ; the trial
        deca
        eora #$80
        sta <via_ora                    ; the DAC at trial - 1
        lda <via_orb
        anda #$20
        beq ja_low                      ; the pot below the trial: the bit stays 0
        tfr b,a
        ora -4,x
        sta -4,x                        ; the bit kept
ja_low  cmpb joy_resltn
        beq ja_done
        lsrb
        bne ja_bit
ja_done lda -4,x
        eora #$80                       ; signed
        sta -4,x
ja_next leax 1,x
        cmpx #joy_mux+4
        bne ja_axis
        ldb #$01
        stb <via_orb                    ; mux off, channel 0
        rts

; Random's body: a 16-bit Galois shift register (taps $B400, every state but 0 in turn)
; kept at $C87D-$C87E, one step a call; a seed of 0 (RAM as power-on left it) starts
; at $ACE1. Exit A = the new low byte; B, X kept. 54 cycles with the JSR and the entry's
; JMP (56 when the feedback taps in, 59 from a 0 seed). The real BIOS's generator is its
; own: the same seed gives other numbers there.
random  pshs b
        ldd rand_seed
        bne rn_step
        ldd #$ACE1
rn_step lsra
        rorb
        bcc rn_keep
        eora #$B4
rn_keep std rand_seed
        tfr b,a
        puls b,pc

; Dot_here's body: the beam lit where the pen stands for $C828 rounds of a 5-cycle loop
; (the dot's brightness is Z's: Intensity_a). Entry DP = $D0. Exit B = 0; A trashed.
; 34 + 5 x dwell cycles with the JSR and the entry's JMP (5 x 256 for a dwell of 0).
dot_here
        lda #$FF
        sta <via_sr                     ; the beam on: /BLANK high
        ldb dot_dwell
dh_wait decb
        bne dh_wait
        clr <via_sr                     ; the beam off
        rts

; Dot_List's body: X -> (dy, dx) pairs, each a move from the last dot at the current
; scale (Moveto_d) and a dot there; $C823 = dots - 1. Exit X after the list, $C823 = 0.
dot_list
        ldd ,x++
        jsr Moveto_d
        bsr dot_here
        lda vl_count
        deca
        bmi dt_end
        sta vl_count
        bra dot_list
dt_end  rts

; Mov_Draw_VL_d's body: X past the list's first pair, a move by D (y, x) with the beam
; off, then Draw_VL for the rest: the move is the list's first item, so $C823 = n draws n
; vectors after it (0: the move alone), as the annotated BIOS's Mov_Draw_VL runs the move
; as the first round of its vector loop. Exit $C823 = 0, X after the list.
mov_draw_vl
        leax 2,x
        jsr Moveto_d
        lda vl_count
        deca
        bmi mdv_end
        sta vl_count
        jmp Draw_VL
mdv_end rts

; Print_Str_d's body: A = y, B = x of the string's top left at scale $7F; U -> the text,
; ended by $80. Seven rows, from the top, each $C82A / 4 units below the last (the
; default height -8: 2 units; the bottom row is 12 below the top). Each row starts
; with the integrators zeroed and Moveto_d_7F to its left end, then sweeps right at
; the DAC speed $C82B / 4 (the default width 72: 18 beam units a cycle) with /RAMP
; held low from port B (ACR $18: Timer 1 lets go of PB7), and for every character
; shifts its font row out of A one pixel per 10 cycles: a lit pixel writes $FF to the
; shift register (/BLANK high, the beam on), a dark one $00. A character is 73 cycles
; of sweep (5 pixels, 23 cycles dark between characters): pixel k of character n is
; lit from cycle 10 + 73n + 10k to 20 + 73n + 10k after the row's sweep starts, so lit
; neighbours join into one line. The real BIOS clocks its raster out of the shift
; register at 2 cycles a pixel; this one writes the register per pixel, drawing the
; same kind of picture (rows of lit runs) at its own size.
; Exit U after the $80, scale $7F, ACR $98, DP = $D0; D, X trashed.
; Cost with the JSR, for n characters: 2,623 + 511 n. Before the rows 22 (JSR 8, JMP 4,
; PSHS 7, LDX 3); each row PSHS U 7, Reset0Ref 47, LDD 6, Moveto_d_7F 207 (its Timer 1
; poll sees the flag in its 19th round), 62 to the sweep's start, 73 a character less
; the last one's LDA and BRA 8, 26 after; 27 between rows, 10 after the last.
print_str_d
        pshs d                          ; the row's left end (y, x)
        ldx #font                       ; row 0's table
ps_row  pshs u                          ; the text, again for the next row
        jsr Reset0Ref
        ldd 2,s
        jsr Moveto_d_7F
        ldd #$8118
        sta <via_orb                    ; mux off, ORB's /RAMP high
        stb <via_acr                    ; PB7 from ORB now: still no ramp
        clr <via_ora
        deca
        sta <via_orb                    ; mux on, channel 0: Y speed 0
        inc <via_orb                    ; mux off
        lda text_width
        asra
        asra
        sta <via_ora                    ; X speed: the width / 4
        ldb ,u+
        bmi ps_eol                      ; an empty text
        lda b,x                         ; the first character's row
        ldb #$01
        stb <via_orb                    ; /RAMP low: the sweep starts
ps_char clrb                            ; (CLR clears the carry: before the shift)
        asla
        sbcb #$00                       ; B = $FF for a lit pixel, 0 for a dark one
        stb <via_sr
        clrb
        asla
        sbcb #$00
        stb <via_sr
        clrb
        asla
        sbcb #$00
        stb <via_sr
        clrb
        asla
        sbcb #$00
        stb <via_sr
        clrb
        asla
        sbcb #$00
        stb <via_sr
        ldb ,u+                         ; the next character
        sta <via_sr                     ; A = 0 now: the beam off
        tstb
        bmi ps_eol                      ; $80: the row ends
        lda b,x
        bra ps_char
ps_eol  ldd #$8198
        sta <via_orb                    ; /RAMP high: the sweep stops
        stb <via_acr                    ; Timer 1 drives PB7 again
        leax 128,x                      ; the next row's table
        cmpx #font+7*128
        beq ps_done
        puls u
        lda text_height
        asra
        asra
        adda ,s                         ; the next row's y
        sta ,s
        bra ps_row
ps_done leas 4,s                        ; U stays after the text
        rts

; Print_List_hw's and Print_List's bodies: entries of (height, width,) y, x and text
; ended by $80, printed in turn until an entry begins with 0.
print_list_hw
        jsr Print_Str_hwyx
        lda ,u
        bne print_list_hw
        rts
print_list
        jsr Print_Str_yx
        lda ,u
        bne print_list
        rts

; The font: seven tables of 128 bytes, one per row from the top; a character code
; indexes each. A row's five pixels are bits 7-3, left first (bits 2-0 stay 0: the
; sweep shifts the row out through A and blanks with what is left). The glyphs are the
; project's own 5 x 7 design for $20-$5F; $61-$7A read as the capitals, every other
; code as a space.
font
; row 0
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$50,$50,$20,$C0,$60,$20,$10,$40,$00,$00,$00,$00,$00,$00
        fcb $70,$20,$70,$F8,$10,$F8,$30,$F8,$70,$70,$00,$00,$10,$00,$40,$70
        fcb $70,$70,$F0,$70,$E0,$F8,$F8,$70,$88,$70,$38,$88,$80,$88,$88,$70
        fcb $F0,$70,$F0,$78,$F8,$88,$88,$88,$88,$88,$F8,$70,$00,$70,$20,$00
        fcb $00,$70,$F0,$70,$E0,$F8,$F8,$70,$88,$70,$38,$88,$80,$88,$88,$70
        fcb $F0,$70,$F0,$78,$F8,$88,$88,$88,$88,$88,$F8,$00,$00,$00,$00,$00
; row 1
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$50,$F8,$78,$C8,$90,$20,$20,$20,$A8,$20,$00,$00,$00,$08
        fcb $88,$60,$88,$10,$30,$80,$40,$08,$88,$88,$60,$60,$20,$00,$20,$88
        fcb $88,$88,$88,$88,$90,$80,$80,$88,$88,$20,$10,$90,$80,$D8,$88,$88
        fcb $88,$88,$88,$80,$20,$88,$88,$88,$88,$88,$08,$40,$80,$10,$50,$00
        fcb $00,$88,$88,$88,$90,$80,$80,$88,$88,$20,$10,$90,$80,$D8,$88,$88
        fcb $88,$88,$88,$80,$20,$88,$88,$88,$88,$88,$08,$00,$00,$00,$00,$00
; row 2
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$00,$50,$A0,$10,$60,$00,$40,$10,$70,$20,$00,$00,$00,$10
        fcb $98,$20,$08,$20,$50,$F0,$80,$10,$88,$88,$60,$60,$40,$F8,$10,$08
        fcb $08,$88,$88,$80,$88,$80,$80,$80,$88,$20,$10,$A0,$80,$A8,$C8,$88
        fcb $88,$88,$88,$80,$20,$88,$88,$88,$50,$50,$10,$40,$40,$10,$88,$00
        fcb $00,$88,$88,$80,$88,$80,$80,$80,$88,$20,$10,$A0,$80,$A8,$C8,$88
        fcb $88,$88,$88,$80,$20,$88,$88,$88,$50,$50,$10,$00,$00,$00,$00,$00
; row 3
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$00,$50,$70,$20,$40,$00,$40,$10,$F8,$F8,$00,$F8,$00,$20
        fcb $A8,$20,$10,$10,$90,$08,$F0,$20,$70,$78,$00,$00,$80,$00,$08,$10
        fcb $68,$F8,$F0,$80,$88,$F0,$F0,$B8,$F8,$20,$10,$C0,$80,$A8,$A8,$88
        fcb $F0,$88,$F0,$70,$20,$88,$88,$A8,$20,$20,$20,$40,$20,$10,$00,$00
        fcb $00,$F8,$F0,$80,$88,$F0,$F0,$B8,$F8,$20,$10,$C0,$80,$A8,$A8,$88
        fcb $F0,$88,$F0,$70,$20,$88,$88,$A8,$20,$20,$20,$00,$00,$00,$00,$00
; row 4
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$00,$50,$28,$40,$A8,$00,$40,$10,$70,$20,$60,$00,$00,$40
        fcb $C8,$20,$20,$08,$F8,$08,$88,$40,$88,$08,$60,$60,$40,$F8,$10,$20
        fcb $A8,$88,$88,$80,$88,$80,$80,$88,$88,$20,$10,$A0,$80,$88,$98,$88
        fcb $80,$A8,$A0,$08,$20,$88,$88,$A8,$50,$20,$40,$40,$10,$10,$00,$00
        fcb $00,$88,$88,$80,$88,$80,$80,$88,$88,$20,$10,$A0,$80,$88,$98,$88
        fcb $80,$A8,$A0,$08,$20,$88,$88,$A8,$50,$20,$40,$00,$00,$00,$00,$00
; row 5
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$F8,$F0,$98,$90,$00,$20,$20,$A8,$20,$20,$00,$60,$80
        fcb $88,$20,$40,$88,$10,$88,$88,$40,$88,$10,$60,$20,$20,$00,$20,$00
        fcb $A8,$88,$88,$88,$90,$80,$80,$88,$88,$20,$90,$90,$80,$88,$88,$88
        fcb $80,$90,$90,$08,$20,$88,$50,$A8,$88,$20,$80,$40,$08,$10,$00,$00
        fcb $00,$88,$88,$88,$90,$80,$80,$88,$88,$20,$90,$90,$80,$88,$88,$88
        fcb $80,$90,$90,$08,$20,$88,$50,$A8,$88,$20,$80,$00,$00,$00,$00,$00
; row 6
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        fcb $00,$20,$00,$50,$20,$18,$68,$00,$10,$40,$00,$00,$40,$00,$60,$00
        fcb $70,$70,$F8,$70,$10,$70,$70,$40,$70,$60,$00,$40,$10,$00,$40,$20
        fcb $70,$88,$F0,$70,$E0,$F8,$80,$78,$88,$70,$60,$88,$F8,$88,$88,$70
        fcb $80,$68,$88,$F0,$20,$70,$20,$50,$88,$20,$F8,$70,$00,$70,$00,$F8
        fcb $00,$88,$F0,$70,$E0,$F8,$80,$78,$88,$70,$60,$88,$F8,$88,$88,$70
        fcb $80,$68,$88,$F0,$20,$70,$20,$50,$88,$20,$F8,$00,$00,$00,$00,$00


; No valid cartridge: the machine's built-in game would run here. The project has none,
; so the frames go on with nothing drawn. (The board refuses such a cartridge before it
; starts, naming what is wrong: machine::vectrex::board::code_start.)
no_cart jsr Wait_Recal
        bra no_cart

; The copyright line's fixed part; the year after it may be any four bytes.
gce     fcb $67,$20,$47,$43,$45,$20     ; "g GCE "

; ---------------------------------------------------------------------------------------
; $F000 Cold_Start: the reset. Stack, RAM and VIA set up, then the cartridge header
; checked as the BIOS checks it: "g GCE " and the $80 ending the 11-byte copyright line
; must match (the year may be anything); then the music pointer and the title lines
; (height, width, y, x, text, $80; a 0 byte ends the list) are passed over and the
; cartridge starts at the byte after that 0, at the start of a frame, DP = $D0. The
; title screen and its music (about 2.5 s on the machine) are not shown.
        org $F000
Cold_Start
        lds #stack_top
        jsr Init_OS
        ldx #$0000
        ldu #gce
cs_gce  lda ,x+
        cmpa ,u+
        bne cs_bad
        cmpx #$0006
        bne cs_gce
        lda $000A
        cmpa #$80
        bne cs_bad
        ldu #$000D                      ; after the music pointer at $000B
cs_line lda ,u
        beq cs_go
        leau 4,u                        ; height, width, y, x
cs_text lda ,u+
        cmpa #$80
        bne cs_text
        bra cs_line
cs_go   jsr Wait_Recal
        jmp 1,u
cs_bad  jmp no_cart

; ---------------------------------------------------------------------------------------
; $F14C Init_VIA: port A all outputs, port B $9F (PB5 comparator and PB6 bank line in),
; mux off, ACR $98 (Timer 1 drives PB7, shift register out under the clock), scale $7F,
; the integrators zeroed, Timer 2 started. Exit DP = $D0; D, X trashed.
        org $F14C
Init_VIA
        bsr DP_to_D0
        ldd #$9FFF
        std <via_ddrb                   ; DDRB $9F, DDRA $FF
        ldd #$0100
        std <via_orb                    ; ORB $01 (mux off), ORA 0
        ldd #$987F
        sta <via_acr
        stb <via_t1cl                   ; scale $7F
        jsr Reset0Ref
        bra Set_Refresh

; $F164 Init_OS_RAM: $C800-$C87A cleared, dot dwell 5, refresh $7530 (30,000 cycles:
; 50 Hz at 1.5 MHz), joystick enable flags 1, 3, 5, 7, text height -8 and width 72 ($F848).
; Exit DP = $C8; D, X trashed.
        org $F164
Init_OS_RAM
        bsr DP_to_C8
        ldx #$C800
io_clr  clr ,x+
        cmpx #$C87B
        bne io_clr
        lda #$05
        sta <(dot_dwell-$C800)
        ldd #$3075
        std <(refresh-$C800)            ; $30 low, $75 high: $7530
        ldd #$0103
        std <(joy_mux-$C800)
        ldd #$0507
        std <(joy_mux-$C800+2)
        ldd #$F848
        std <(text_hw-$C800)            ; text height -8, width 72
        rts

; $F18B Init_OS: Init_OS_RAM, then Init_VIA. Exit DP = $D0; D, X trashed.
        org $F18B
Init_OS
        bsr Init_OS_RAM
        bsr Init_VIA
        rts

; ---------------------------------------------------------------------------------------
; $F192 Wait_Recal: counts the frame, waits for Timer 2 to run out, restarts it from
; $C83D-$C83E and recalibrates (Recalibrate: the integrators zeroed, the pen at the
; origin, /ZERO left low). Exit DP = $D0, scale $FF; D, X trashed. After the wait:
; 36 cycles to Timer 2's restart, 2 x Moveto_d at scale $FF and the zeroing after.
        org $F192
Wait_Recal
        ldx loop_count
        leax 1,x
        stx loop_count
        bsr DP_to_D0
        ldb #$20
wr_wait bitb <via_ifr                   ; Timer 2's flag
        beq wr_wait

; $F1A2 Set_Refresh: Timer 2 loaded from $C83D (low) and $C83E (high), which starts it,
; then Recalibrate. Entry DP = $D0; D, X trashed.
Set_Refresh
        ldd refresh
        std <via_t2l                    ; low, then high: the load
        jmp Recalibrate

; $F1AA DP_to_D0, $F1AF DP_to_C8: A = DP = $D0 or $C8. 13 cycles with the JSR.
DP_to_D0
        lda #$D0
        tfr a,dp
        rts
DP_to_C8
        lda #$C8
        tfr a,dp
        rts

; $F1B4 Read_Btns_Mask: A ANDed into $C80F first (a 0 bit reports the button's level,
; a 1 bit only its presses), then Read_Btns.
Read_Btns_Mask
        anda btn_state
        sta btn_state

; $F1BA Read_Btns: the AY's button port read into $C80F (1 = pressed), the previous read
; into $C810, the presses since into $C811 and one byte per button into $C812-$C819.
; Entry DP = $D0. Exit A = the presses; B, X trashed.
Read_Btns
        jmp read_btns

; $F1F5 Joy_Analog: the enabled axes measured into $C81B-$C81E as signed bytes (the body
; above; $C81A the resolution). Entry DP = $D0. Exit D, X trashed, the mux off. Cost with
; the JSR: 15 before the axes and 11 after; a disabled axis 19; an enabled one, at the
; full resolution, 20 + 8 x 41 + 24, and 16 more for each 1 bit of the pot (centred,
; $80: 388; both sticks centred: 15 + 4 x 388 + 11 = 1,578).
        org $F1F5
Joy_Analog
        jmp joy_analog

; $F1F8 Joy_Digital: the enabled joystick axes ($C81F-$C822 not 0) read into $C81B-$C81E
; as 1 (right, up), 0 or $FF (left, down), the body above. Entry DP = $D0. Exit D, X
; trashed, the mux off. Cost with the JSR: 15 before the axes and 11 after; an enabled
; axis 44 above +$40, 60 between, 62 below -$40; a disabled one 19 (the defaults, both
; sticks centred: 15 + 4 x 60 + 11 = 266).
Joy_Digital
        jmp joy_digital

; ---------------------------------------------------------------------------------------
; $F29D-$F2AB Intensity_1F, _3F, _5F, _7F, _a: A (0..$7F) on the DAC and through mux
; channel 2 into the brightness sample-and-hold; a copy at $C827. Entry DP = $D0; D
; trashed. Intensity_a costs 38 cycles with the JSR.
        org $F29D
Intensity_1F
        lda #$1F
        bra Intensity_a
Intensity_3F
        lda #$3F
        bra Intensity_a
Intensity_5F
        lda #$5F
        bra Intensity_a
Intensity_7F
        lda #$7F
Intensity_a
        sta <via_ora
        sta brightness
        ldd #$0504
        sta <via_orb                    ; mux off, channel 2
        stb <via_orb                    ; mux on: Z takes the DAC
        ldb #$01
        stb <via_orb                    ; mux off: Z holds
        rts

; $F2C1 Dot_ix: Dot_d to the (y, x) X points at; X += 2. $F2C3 Dot_d: Moveto_d by A = y,
; B = x at the current scale, then Dot_here. $F2C5 Dot_here: the beam lit for $C828
; rounds where the pen stands: a dot. Entry DP = $D0. Exit B = 0; A trashed. Cost: Dot_here
; 34 + 5 x dwell with the JSR (59 at the default 5); Dot_d Moveto_d's less its JSR and
; RTS, plus that.
        org $F2C1
Dot_ix
        ldd ,x++
Dot_d
        bsr Moveto_d
Dot_here
        jmp dot_here

; $F2D5 Dot_List: X -> (dy, dx) pairs, $C823 = dots - 1: a move and a dot for each. Exit
; X after the list, $C823 = 0; D trashed.
        org $F2D5
Dot_List
        jmp dot_list

; ---------------------------------------------------------------------------------------
; $F2E6 Recalibrate: the pen moved to (127, 127) and (-128, -128) at scale $FF with the
; integrators zeroed between (on the machine this drains the offsets the integrators
; gather), then Reset0Ref. Entry DP = $D0. Exit scale $FF; D, X trashed.
        org $F2E6
Recalibrate
        ldb #$FF
        stb <via_t1cl
        ldd #$7F7F
        bsr Moveto_d
        jsr Reset0Int
        ldd #$8080
        bsr Moveto_d
        bra Reset0Ref

; $F2FC Moveto_d_7F: scale $7F, then Moveto_d.
        org $F2FC
Moveto_d_7F
        pshs a
        lda #$7F
        sta <via_t1cl
        puls a
        bra Moveto_d

; $F308 Moveto_ix_FF, $F30C Moveto_ix_7F, $F30E Moveto_ix_a: the scale $FF, $7F or A
; stored in Timer 1's latch, then Moveto_ix.
        org $F308
Moveto_ix_FF
        lda #$FF
        bra Moveto_ix_a
Moveto_ix_7F
        lda #$7F
Moveto_ix_a
        sta <via_t1cl

; $F310 Moveto_ix: Moveto_d to the (y, x) X points at; X += 2.
Moveto_ix
        ldd ,x++

; $F312 Moveto_d: the pen moved by A = y, B = x at the current scale, the beam off: Y
; through the mux, X on the DAC, /ZERO high, the shift register 0 (/BLANK low), Timer 1
; started, and the wait for its flag: scale + 1 cycles of ramp. Entry DP = $D0; D
; trashed. Cost with the JSR: 44 cycles to the ramp's start, the ramp, then the poll.
Moveto_d
        sta <via_ora                    ; y on the DAC
        clr <via_orb                    ; mux on, channel 0: the Y sample-and-hold
        lda #pcr_run
        sta <via_pcr                    ; /ZERO high
        clr <via_sr                     ; the beam off
        inc <via_orb                    ; mux off
        stb <via_ora                    ; x on the DAC
        clr <via_t1ch                   ; Timer 1 from the latch: /RAMP low
        ldb #$40
mv_wait bitb <via_ifr                   ; Timer 1's flag: /RAMP high again
        beq mv_wait
        rts

; $F34A Reset0Ref_D0: DP = $D0, then Reset0Ref.
        org $F34A
Reset0Ref_D0
        lda #$D0
        tfr a,dp
        bra Reset0Ref

; $F354 Reset0Ref: /ZERO and /BLANK low (the integrators discharged, the pen at the
; origin), the shift register 0, and the zero reference set to 0 through mux channel 1.
; Entry DP = $D0; D trashed. Leaves /ZERO low: a move brings it high.
        org $F354
Reset0Ref
        ldd #$00CC
        stb <via_pcr
        sta <via_sr
        clr <via_ora
        ldd #$0302
        sta <via_orb                    ; mux off, channel 1
        stb <via_orb                    ; mux on: the reference takes 0
        ldb #$01
        stb <via_orb                    ; mux off
        rts

; $F36B Reset0Int: /ZERO and /BLANK low, the shift register 0; the reference unchanged.
        org $F36B
Reset0Int
        ldd #$00CC
        stb <via_pcr
        sta <via_sr
        rts

; ---------------------------------------------------------------------------------------
; $F373 Print_Str_hwyx: U -> height, width, y, x, then the text (the height and width
; stored at $C82A-$C82B); $F378 Print_Str_yx: U -> y, x, then the text; $F37A
; Print_Str_d: A = y, B = x, U -> the text ended by $80. The raster, its cost and what
; it leaves are print_str_d's (above). Entry DP = $D0.
        org $F373
Print_Str_hwyx
        ldd ,u++
        std text_hw
Print_Str_yx
        ldd ,u++
Print_Str_d
        jmp print_str_d

; $F385 Print_List_hw: U -> entries of height, width, y, x, text; $F38A Print_List: U ->
; entries of y, x, text; each list ends with an entry that begins with 0 (so no entry can
; start at y = 0). Exit U at that 0.
        org $F385
Print_List_hw
        jmp print_list_hw
        org $F38A
Print_List
        jmp print_list

; $F3AD-$F3BB Mov_Draw_VL's forms, as Draw_VL's (below) for the same arguments, with a
; move before the pairs: Mov_Draw_VLc_a X -> count, move, pairs; Mov_Draw_VL_b B =
; scale, X -> move, pairs, $C823 = count; Mov_Draw_VLcs X -> count, scale, move, pairs;
; Mov_Draw_VL_ab A = count, B = scale; Mov_Draw_VL_a A = count, X -> move, pairs (count
; = the vectors after the move, the scale Timer 1's latch). Entry DP = $D0; exit as Mov_Draw_VL. Cost
; over Mov_Draw_VL's (6809 data sheet): Mov_Draw_VL_a STA 5; Mov_Draw_VL_ab STB 4 + 5;
; Mov_Draw_VLcs LDD ,X++ 8 + 9; Mov_Draw_VLc_a LDA ,X+ 6 + BRA 3 + 5; Mov_Draw_VL_b STB
; 4 + BRA 3.
        org $F3AD
Mov_Draw_VLc_a
        lda ,x+
        bra Mov_Draw_VL_a
Mov_Draw_VL_b
        stb <via_t1cl
        bra Mov_Draw_VL
Mov_Draw_VLcs
        ldd ,x++
Mov_Draw_VL_ab
        stb <via_t1cl
Mov_Draw_VL_a
        sta vl_count

; $F3BC Mov_Draw_VL: X -> a move (y, x), then $C823 pairs drawn; $F3BE Mov_Draw_VL_d:
; D = the move, X -> the list, whose first pair it skips. The move is Moveto_d's, beam
; off. Entry DP = $D0; exit X after the list, $C823 = 0; D trashed.
        org $F3BC
Mov_Draw_VL
        ldd ,x
Mov_Draw_VL_d
        jmp mov_draw_vl

; ---------------------------------------------------------------------------------------
; $F3CE-$F3DF the vector lists, at the current scale, each vector a (dy, dx) pair drawn
; from the pen with the beam lit (shift register $FF) for scale + 1 cycles of ramp:
; Draw_VLc  X -> count, pairs (count = vectors - 1)
; Draw_VL_b  B = scale, X -> pairs, $C823 = vectors - 1
; Draw_VLcs X -> count, scale, pairs
; Draw_VL_ab A = count, B = scale, X -> pairs
; Draw_VL_a A = count, X -> pairs
; Draw_VL   X -> pairs, $C823 = count
; Draw_Line_d A = dy, B = dx, $C823 = 0 for one vector
; Entry DP = $D0. Exit X after the list, $C823 = 0; D trashed. Per vector: 57 cycles
; around a ramp of scale + 1.
        org $F3CE
Draw_VLc
        lda ,x+
        bra Draw_VL_a
Draw_VL_b
        stb <via_t1cl
        bra Draw_VL
Draw_VLcs
        ldd ,x++
Draw_VL_ab
        stb <via_t1cl
Draw_VL_a
        sta vl_count
Draw_VL
        ldd ,x
Draw_Line_d
        sta <via_ora                    ; dy on the DAC
        clr <via_orb                    ; mux on, channel 0: Y takes it
        leax 2,x
        inc <via_orb                    ; mux off
        stb <via_ora                    ; dx on the DAC
        ldd #$FF00
        sta <via_sr                     ; the beam on: /BLANK high
        stb <via_t1ch                   ; Timer 1 from the latch: /RAMP low
        ldb #$40
dl_wait bitb <via_ifr                   ; Timer 1's flag: /RAMP high again
        beq dl_wait
        clr <via_sr                     ; the beam off
        lda vl_count
        deca
        bmi dl_end
        sta vl_count
        bra Draw_VL
dl_end  rts

; ---------------------------------------------------------------------------------------
; $F511 Random_3: Random three times; $F517 Random: the next number in A (the body above).
        org $F511
Random_3
        bsr Random
        bsr Random
        nop
        nop
Random
        jmp random

; $F53F Clear_x_b: B + 1 bytes from X cleared; $F542 Clear_C8_RAM: $C800-$C8FF;
; $F545 Clear_x_256: 256 bytes from X; $F548 Clear_x_d: D + 1 bytes from X (D below
; $8000), the last first. Exit D = $FFFF, X kept. With the JSR: 13 + 17 a byte, plus
; Clear_x_b's 5 (18 + 17 x (B + 1)), Clear_x_256's 3 (4,368), Clear_C8_RAM's 6 (4,371).
        org $F53F
Clear_x_b
        clra
        bra Clear_x_d
Clear_C8_RAM
        ldx #$C800
Clear_x_256
        ldd #$00FF
Clear_x_d
        clr d,x
        subd #$0001
        bpl Clear_x_d
        rts

; $F550 Clear_x_b_80: B + 1 bytes from X set to $80; $F552 Clear_x_b_a: to A. From
; X + B down to X + 1 (B counted down to 0, the index signed), then X itself. Exit
; B = 0; A, X kept. With the JSR: Clear_x_b_a 17 + 10 B (STA B,X 5, DECB 2, BNE 3 a
; byte, STA ,X 4, RTS 5); Clear_x_b_80 2 more (LDA #).
        org $F550
Clear_x_b_80
        lda #$80
Clear_x_b_a
        sta b,x
        decb
        bne Clear_x_b_a
        sta ,x
        rts

; $F55A Dec_3_Counters: the counters $C82E-$C830, $F55E Dec_6_Counters: $C82E-$C833,
; $F563 Dec_Counters: B + 1 counters from X; each not already 0 is decremented, the
; last first. Exit B = $FF, X -> the counters; A kept. With the JSR, per counter 22
; (TST B,X 7, BEQ 3, DEC B,X 7, DECB 2, BPL 3) or 15 if it is 0, plus RTS 5 and
; Dec_Counters' 8, Dec_6_Counters' 13 (LDB 2, LDX 3), Dec_3_Counters' 16 (and BRA 3).
        org $F55A
Dec_3_Counters
        ldb #2
        bra dc_three
Dec_6_Counters
        ldb #5
dc_three
        ldx #$C82E
Dec_Counters
        tst b,x
        beq dc_next
        dec b,x
dc_next decb
        bpl Dec_Counters
        rts

; $F56D-$F57D the delays: B counted down past 0 (DECB 2, BPL 3 a round), then RTS 5.
; Delay_b B + 1 rounds: 5 B + 10 cycles, Delay_3 30, Delay_2 25, Delay_1 20 (LDB # 2,
; BRA 3 first), Delay_0 12 (CLRB 2), Delay_RTS 5; the JSR's 8 besides. Exit B = $FF
; (Delay_RTS: nothing changed).
        org $F56D
Delay_3
        ldb #3
        bra Delay_b
Delay_2
        ldb #2
        bra Delay_b
Delay_1
        ldb #1
        bra Delay_b
Delay_0
        clrb
Delay_b
        decb
        bpl Delay_b
Delay_RTS
        rts

; $F584 Abs_a_b: A and B made their absolute values; $F58B Abs_b: B only. -128 ($80),
; whose negation overflows, gives $7F. Other registers kept. With the JSR: Abs_b 18 for
; B >= 0, 23 for B < 0 ($80: 25); Abs_a_b 5 (TSTA 2, BPL 3) more for A >= 0, else 10
; ($80: 12) more.
        org $F584
Abs_a_b
        tsta
        bpl Abs_b
        nega
        bvc Abs_b
        deca
Abs_b
        tstb
        bpl ab_done
        negb
        bvc ab_done
        decb
ab_done rts

; ---------------------------------------------------------------------------------------
; $F8E5 Obj_Will_Hit_u, $F8F3 Obj_Will_Hit, $F8FF Obj_Hit: the box test, byte for byte the
; sequence crates/vectrex/src/bios/obj_hit.rs models (cycles there: Obj_Hit 80-160 with
; the JSR, Obj_Will_Hit + 28, Obj_Will_Hit_u + 24). Y = box centre (y, x), X = the point
; (y, x), A = half-height, B = half-width, signed; U = the offset (dy, dx) added to the
; centre (Obj_Will_Hit) or a pointer to it (Obj_Will_Hit_u). Exit carry set = hit; A, B,
; X, Y, U kept.
        org $F8E5
Obj_Will_Hit_u
        pshs y
        pshs d,x,y
        ldd 4,s
        adda ,u
        addb 1,u
oh_move std 4,s
        bra oh_test
Obj_Will_Hit
        pshs y
        pshs d,x,y
        tfr u,d
        adda 4,s
        addb 5,s
        bra oh_move
Obj_Hit pshs y
        pshs d,x,y
oh_test tfr s,x
        clrb
oh_axis abx
        lda 4,x
        adda ,x
        bvc oh_up
        lda #$7F
oh_up   cmpa 2,x
        blt oh_miss
        lda 4,x
        suba ,x
        bvc oh_lo
        lda #$80
oh_lo   cmpa 2,x
        bgt oh_miss
        incb
        cmpb #$02
        bcs oh_axis
        orcc #$01
        bra oh_out
oh_miss andcc #$FE
oh_out  puls d,x,y
        puls y,pc

; ---------------------------------------------------------------------------------------
; The 6809's vectors: the interrupts go through the Executive's RAM jump vectors
; (SWI3 and SWI2 $CBF2, FIRQ $CBF5, IRQ $CBF8, SWI and NMI $CBFB); reset to Cold_Start.
        org $FFF0
        fdb $0000
        fdb $CBF2
        fdb $CBF2
        fdb $CBF5
        fdb $CBF8
        fdb $CBFB
        fdb $CBFB
        fdb Cold_Start
