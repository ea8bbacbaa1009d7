; fault.asm: a Vectrex cartridge that faults on purpose, for the fault message: it counts
; down a loop, calls a subroutine, then jumps through a pointer in RAM to $8000, where
; nothing is mapped (machine::vectrex::board: $8000-$C7FF floats; the board stops there).
;
; By hand (6809 data sheet sizes; the header is 24 bytes): start $0018; LDS #$CBEA (4
; bytes); LDX #$8000 ($001C, 3); STX $C880 ($001F, 3, extended); LDB #6 ($0022, 2); count:
; DECB ($0024); BNE count ($0025, 2); JSR setup ($0027, 3, extended); JMP [$C880] ($002A, 4,
; extended indirect); setup: LDA #1 ($002E, 2); RTS ($0030). Of its 20 instructions the
; last 16 drop the first four: six passes of DECB/BNE, JSR, LDA, RTS and the JMP.
;
; Built with the project's assembler, which also writes the labels (NoICE form):
; hitlab asm6809 fault.asm -o fault.bin --symbols fault.noi

ptr         equ $C880

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $46,$41,$55,$4C,$54,$80     ; "FAULT"
        fcb $00                         ; end of the header

start   lds #$CBEA
        ldx #$8000
        stx ptr
        ldb #6
count   decb
        bne count
        jsr setup
        jmp [ptr]
setup   lda #1
        rts
