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
; Draw_VL_a, Draw_VL, Draw_Line_d), buttons (Read_Btns, Read_Btns_Mask) and the collision
; routines (Obj_Will_Hit_u, Obj_Will_Hit, Obj_Hit). Every other address in $E000-$FFFF
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
joy_mux     equ $C81F       ; joystick enable flags, $C81F-$C822
vl_count    equ $C823       ; vectors left in a list
loop_count  equ $C825       ; frames since power-on (16 bits)
brightness  equ $C827       ; the last Intensity_a
dot_dwell   equ $C828
refresh     equ $C83D       ; Timer 2's reload: low byte, then high byte
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
; 50 Hz at 1.5 MHz), joystick enable flags 1, 3, 5, 7. Exit DP = $C8; D, X trashed.
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

; $F310 Moveto_ix: Moveto_d to the (y, x) X points at; X += 2.
        org $F310
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
