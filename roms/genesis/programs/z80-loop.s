| The Z80 runs a loop incrementing its RAM byte $1000 (LD HL,$1000; INC (HL); JR -3:
| 11 + 12 = 23 T-states a turn); the 68000 loads it with the bus requested and the Z80
| held in reset, then lets it run. Each VINT it requests the bus, waits for the grant,
| reads the byte through $A01000, releases the bus and logs the byte; it also writes a
| YM2612 register pair and the PSG, which are accepted without sound.
|
| RAM: $FF0000 VINT count, $FF0010 the byte read at each VINT (a word each, 32 entries).

        .include "program.inc"

start:  lea     regs(pc),a0
        bsr     set_regs
        move.w  #0x0100,0xA11100        | request the Z80's bus
        move.w  #0x0000,0xA11200        | hold it in reset
        lea     z80code(pc),a0
        lea     0xA00000,a1
        moveq   #z80end-z80code-1,d0
1:      move.b  (a0)+,(a1)+
        dbra    d0,1b
        move.b  #0,0xA01000
        move.w  #0x0100,0xA11200        | release reset: it starts at $0000
        move.w  #0x0000,0xA11100        | release the bus
        move.w  #0x8174,VDP_CTRL
        move.w  #0x2000,sr
idle:   stop    #0x2000
        bra.s   idle

vint:   movem.l d0-d1/a0,-(sp)
        move.w  #0x0100,0xA11100
2:      btst    #0,0xA11100
        bne.s   2b                      | wait for the grant
        move.b  0xA01000,d1
        move.b  #0x2B,0xA04000          | YM2612: DAC enable register
        move.b  #0x00,0xA04001
        move.w  #0x0000,0xA11100
        move.b  #0x9F,0xC00011          | PSG: channel 0 silent
        move.w  0xFF0000,d0
        cmp.w   #32,d0
        bhs.s   1f
        add.w   d0,d0
        lea     0xFF0010,a0
        and.w   #0xFF,d1
        move.w  d1,0(a0,d0.w)
1:      addq.w  #1,0xFF0000
        movem.l (sp)+,d0-d1/a0
        rte

hint:   rte

z80code:
        .byte   0x21, 0x00, 0x10        | LD HL,$1000
        .byte   0x34                    | INC (HL)
        .byte   0x18, 0xFD              | JR $0003
z80end:
        .even

regs:   .word   0x8004, 0x8134, 0x8578, 0x8700, 0x8C00, 0x8F02, 0x8AFF, 0
