; The interrupt path and the clock (Commander X16 Programmer's Reference, "KERNAL":
; "Clock", and the C64's IRQ convention the X16 keeps: the hardware entry saves A, X, Y
; and jumps through CINV ($0314), or CBINV ($0316) for a BRK; NMI through NMINV).
;
; Cycle costs, counted from the instructions:
;   the IRQ entry (PHA PHX PHY TSX LDA abs,X AND BNE JMP (ind))    25
;   the default handler at VSYNC, the jiffy's low byte not wrapping and the jiffies
;   not reaching a second, no key: LDA abs 4, LSR 2, BCC 2, JSR 6, UDTIM 38 (INC abs 6,
;   BNE 3, LDA abs 4, CMP 2, BNE 3, INC abs 6, LDA abs 4, CMP 2, BCS 2, RTS 6), the
;   keyboard scan 2,107 (keyboard.s: one keycode read from the SMC over I2C), LDA # 2,
;   STA abs 4, PLY 4, PLX 4, PLA 4, RTI 6                            2,183
;   (one VSYNC in 60 adds the seconds' count, one in 256 the jiffy's middle byte)
;   the default handler when VSYNC is not the cause (LDA LSR BCC PLY PLX PLA RTI)  25
; The X16 KERNAL's handler does more at VSYNC (the mouse through the SMC, the pads
; through VIA 1, the cursor blink, the LED); this one does what a program can see: the
; jiffy clock and the clock moved on, one keycode read from the SMC into the keyboard
; buffer, and VSYNC acknowledged so that a program chaining to it does not take the
; same interrupt again.

; --- The hardware IRQ/BRK entry ($FFFE).
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

        at NMI_ENTRY_AT
; --- The hardware NMI entry ($FFFA).
nmi_entry:
        pha
        phx
        phy
        jmp (NMINV)

        at DEFAULT_IRQ_AT
; --- The default IRQ handler (what CINV holds): at VSYNC, the clocks and the
; acknowledge; then Y, X, A restored and RTI.
default_irq:
        lda VERA_ISR
        lsr a                   ; VSYNC into carry
        bcc @out
        jsr udtim
        jsr kbd_scan
        lda #$01
        sta VERA_ISR            ; acknowledge VSYNC
@out:   ply
        plx
        pla
        rti

        at DEFAULT_NMI_AT
; --- The default NMI handler: Y, X, A restored.
default_nmi:
        ply
        plx
        pla
        rti

        at DEFAULT_BRK_AT
; --- The default BRK handler: a trap (the KERNAL would enter its monitor); the board
; stops naming the BRK.
default_brk:
        stp
