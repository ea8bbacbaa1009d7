; Faults on purpose, for the fault message: a plain 16 KB cartridge at 4000h whose INIT
; counts B down from 6, calls a subroutine, masks interrupts and halts. With interrupts
; masked the HALT never ends (the MSX wires no NMI): the board's fault. The last 16
; instructions are the first pass's JR NZ, the five other DEC B/JR NZ pairs, CALL setup,
; LD A,1, RET, DI and the HALT.
        PUBLIC init, count, setup, stop

        org 4000h
        db "AB"
        dw init
        dw 0, 0, 0, 0, 0, 0

init:   ld b, 6
count:  dec b
        jr nz, count
        call setup
        di
stop:   halt

setup:  ld a, 1
        ret

        ds 8000h - $, 0FFh
