| The VDP's ports as a program sees them: the FIFO, reads, the control port, status and
| counters, 68000 DMA, fill and copy. Runs once from reset with interrupts off, writes one
| word per result from $FF0100 up (a4), the number of results at $FF0082 and $600D at
| $FF0080 when done, then spins. The result list, in order, with what each checks, is in
| crates/machine/tests/genesis_ports.rs.
|
| Part 1 runs with the display off (every access completes at once); part 2 with the
| display on, H40, in the active display, where the FIFO and the DMA wait for the
| VDP's access slots. Work RAM $FF0000-$FF0007 and $FFFFFC-$FFFFFF hold DMA sources.

        .include "program.inc"

        .equ    RESULTS, 0xFF0100
        .equ    DONE,    0xFF0080
        .equ    COUNT,   0xFF0082

        .equ    VRAM_W,  0x01
        .equ    CRAM_W,  0x03
        .equ    VSRAM_W, 0x05
        .equ    VRAM_R,  0x00
        .equ    VSRAM_R, 0x04
        .equ    CRAM_R,  0x08
        .equ    VRAM_R8, 0x0C

start:  lea     regs(pc),a0
        bsr     set_regs
        lea     RESULTS,a4
        lea     VDP_DATA,a5
        lea     VDP_CTRL,a6
        bsr     clear_vram

| ---- Reads: byte order, the 8-bit read, CRAM/VSRAM bits from the FIFO ----
        move.w  #0x2000,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x1234,(a5)            | $2000
        move.w  #0x5678,(a5)            | $2002
        move.w  #0x9ABC,(a5)            | $2004
        move.w  #0xDEF0,(a5)            | $2006
        move.w  #0x2000,d0
        bsr     read_vram
        bsr     rec                     | 1: VRAM word at $2000
        move.w  #0x2001,d0
        bsr     read_vram
        bsr     rec                     | 2: VRAM word read at the odd $2001
        move.w  #0x2003,d0
        moveq   #VRAM_R8,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 3: 8-bit read at $2003
        move.w  #0x2002,d0
        moveq   #VRAM_R8,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 4: 8-bit read at $2002
        move.w  #0x0004,d0
        moveq   #CRAM_W,d1
        bsr     set_cmd
        move.w  #0x0ACE,(a5)            | CRAM entry 2
        move.w  #0x0004,d0
        moveq   #CRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 5: CRAM read of entry 2
        moveq   #0,d0
        moveq   #VSRAM_W,d1
        bsr     set_cmd
        move.w  #0x0123,(a5)            | VSRAM entry 0
        move.w  #0xFFFF,(a5)            | VSRAM entry 1
        move.w  #0x0002,d0
        moveq   #VSRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 6: VSRAM read of entry 1
        move.w  #0x0050,d0
        moveq   #VSRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 7: VSRAM read at $50 (past entry 39)
        move.w  #0x0004,d0
        moveq   #CRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        bsr     rec                     | 8: CRAM entry 2 again: reads left the FIFO alone

| ---- Invalid target, read target switching ----
        move.w  #0x2000,d0
        moveq   #VRAM_R,d1
        bsr     set_cmd
        move.w  #0x5555,(a5)            | a write with a read code
        move.w  (a5),d0
        bsr     rec                     | 9: the next read, from $2002
        move.w  #0x2000,d0
        bsr     read_vram
        bsr     rec                     | 10: $2000 unchanged
        moveq   #0,d0
        moveq   #VSRAM_R,d1
        bsr     set_cmd
        move.w  #0x0002,(a6)            | first word only: code bits 1-0 = 00, A = 2
        move.w  (a5),d0
        and.w   #0x07FF,d0
        bsr     rec                     | 11: still a VSRAM read, now of entry 1

| ---- The control port ----
        move.w  #0x3000,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x1111,(a5)            | $3000
        move.w  #0x3000,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x4100,(a6)            | first word only: VRAM write at $0100
        move.w  #0xCAFE,(a5)
        move.w  #0x0100,d0
        bsr     read_vram
        bsr     rec                     | 12: $CAFE at $0100
        move.w  #0x3000,d0
        bsr     read_vram
        bsr     rec                     | 13: $3000 still $1111
        move.w  #0xC000,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x4200,(a6)            | first word only, A15-A14 kept: $C200
        move.w  #0xBEEF,(a5)
        move.w  #0xC200,d0
        bsr     read_vram
        bsr     rec                     | 14: $BEEF at $C200
        move.w  #0xAF04,(a6)            | bit 13 set: still register 15 = 4
        move.w  #0x3100,d0
        bsr     write_pair
        move.w  #0x3104,d0
        bsr     read_vram
        bsr     rec                     | 15: the second word at $3104
        move.w  #0x8F02,(a6)
        move.w  #0x8100,(a6)            | mode 4
        move.w  #0x8F04,(a6)            | masked in mode 4
        move.w  #0x8114,(a6)            | mode 5 again, DMA on
        move.w  #0x3200,d0
        bsr     write_pair
        move.w  #0x3202,d0
        bsr     read_vram
        bsr     rec                     | 16: the second word at $3202 (increment still 2)
        move.w  #0x0004,d0
        moveq   #VSRAM_W,d1
        bsr     set_cmd
        move.w  #0x0077,(a5)            | VSRAM entry 2
        move.w  #0x0004,d0
        moveq   #VSRAM_W,d1
        bsr     set_cmd
        move.w  #0x8F02,(a6)            | a register write: code bits 1-0 = 10
        move.w  #0x0155,(a5)            | code 000110: no target
        move.w  #0x0004,d0
        moveq   #VSRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        and.w   #0x07FF,d0
        bsr     rec                     | 17: VSRAM entry 2 still $0077
        move.w  #0x4000,(a6)            | a command's first half
        move.w  (a6),d0                 | a status read abandons it
        move.w  #0x8F04,(a6)            | so this is a register write
        move.w  #0x3300,d0
        bsr     write_pair
        move.w  #0x8F02,(a6)
        move.w  #0x3304,d0
        bsr     read_vram
        bsr     rec                     | 18: the second word at $3304

| ---- 68000 DMA: source wrapping at 128 KB, destination wrapping, registers left ----
        move.l  #0xAAAABBBB,0xFFFFFC
        move.l  #0xCCCCDDDD,0xFF0000
        move.l  #0xEEEE9999,0xFF0004
        lea     dma_wrap(pc),a0
        bsr     set_regs
        move.l  #0x40000081,(a6)        | VRAM $4000, CD5
        moveq   #3,d4
        move.w  #0x4000,d5
        bsr     rec_words               | 19-22: $AAAA $BBBB $CCCC $DDDD
        lea     dma_dest(pc),a0
        bsr     set_regs
        move.l  #0x7FFE0083,(a6)        | VRAM $FFFE, CD5
        move.w  #0xFFFE,d0
        bsr     read_vram
        bsr     rec                     | 23: $FFFE
        moveq   #0,d0
        bsr     read_vram
        bsr     rec                     | 24: $0000, the second word wrapped
        move.w  #0x9302,(a6)            | length only: the source goes on from $FF0004
        move.l  #0x41000081,(a6)        | VRAM $4100, CD5
        moveq   #1,d4
        move.w  #0x4100,d5
        bsr     rec_words               | 25-26: $EEEE $9999

| ---- Fill: increments 1, 0, 2 (odd address), 4; CD4 set; CRAM; VSRAM ----
        move.w  #0x8F01,(a6)
        move.w  #0x9304,(a6)
        move.w  #0x9400,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x50000081,(a6)        | VRAM $5000, CD5
        move.w  #0xAB12,(a5)
        bsr     wait_dma
        moveq   #3,d4
        move.w  #0x5000,d5
        bsr     rec_words               | 27-30: $5000-$5006
        move.w  #0x8F00,(a6)
        move.w  #0x9303,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x51000081,(a6)        | VRAM $5100
        move.w  #0xCD34,(a5)
        bsr     wait_dma
        moveq   #1,d4
        move.w  #0x5100,d5
        bsr     rec_words               | 31-32: $5100-$5102
        move.w  #0x8F02,(a6)
        move.w  #0x9303,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x52010081,(a6)        | VRAM $5201 (odd)
        move.w  #0xEF56,(a5)
        bsr     wait_dma
        moveq   #3,d4
        move.w  #0x5200,d5
        bsr     rec_words               | 33-36: $5200-$5206
        move.w  #0x8F04,(a6)
        move.w  #0x9303,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x53000081,(a6)        | VRAM $5300
        move.w  #0x7700,(a5)
        bsr     wait_dma
        move.w  #0x8F04,(a6)
        moveq   #3,d4
        move.w  #0x5300,d5
        bsr     rec_words4              | 37-40: $5300, $5304, $5308, $530C
        move.w  #0x8F01,(a6)
        move.w  #0x9302,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x540000C1,(a6)        | VRAM $5400 with CD4 and CD5
        move.w  #0x9900,(a5)
        bsr     wait_dma
        moveq   #1,d4
        move.w  #0x5400,d5
        bsr     rec_words               | 41-42: $5400-$5402
        move.w  #0x0008,d0              | three words through the FIFO first
        moveq   #VSRAM_W,d1
        bsr     set_cmd
        move.w  #0x0246,(a5)
        move.w  #0x0468,(a5)
        move.w  #0x068A,(a5)
        move.w  #0x8F02,(a6)
        move.w  #0x9303,(a6)
        move.w  #0x9780,(a6)
        move.l  #0xC0100080,(a6)        | CRAM entry 8, CD5
        move.w  #0x0EEE,(a5)
        bsr     wait_dma
        moveq   #3,d4
        move.w  #0x0010,d5
        bsr     rec_cram                | 43-46: CRAM entries 8-11
        move.w  #0x0018,d0
        moveq   #CRAM_W,d1
        bsr     set_cmd
        move.w  #0x0AAA,(a5)
        move.w  #0x0BBB,(a5)
        move.w  #0x0CCC,(a5)
        move.w  #0x9302,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x40100090,(a6)        | VSRAM entry 8, CD5
        move.w  #0x0155,(a5)
        bsr     wait_dma
        moveq   #2,d4
        move.w  #0x0010,d5
        bsr     rec_vsram               | 47-49: VSRAM entries 8-10

| ---- Copy: byte addressed, 9 and 10 bytes, odd and even, CD0-3, CD4 ----
        move.w  #0x2008,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x1122,(a5)
        move.w  #0x3344,(a5)
        move.w  #0x5566,(a5)
        move.w  #0x7788,(a5)
        move.w  #0x8F01,(a6)
        move.w  #0x9309,(a6)            | 9 bytes $2000 -> $6000
        move.w  #0x9400,(a6)
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.w  #0x97C0,(a6)
        move.l  #0x200000C1,(a6)
        bsr     wait_dma
        moveq   #4,d4
        move.w  #0x6000,d5
        bsr     rec_words               | 50-54: $6000-$6008
        move.w  #0x930A,(a6)            | 10 bytes $2001 -> $6100
        move.w  #0x9501,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x210000C1,(a6)
        bsr     wait_dma
        moveq   #5,d4
        move.w  #0x6100,d5
        bsr     rec_words               | 55-60: $6100-$610A
        move.w  #0x930A,(a6)            | 10 bytes $2000 -> $6201
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x220100C1,(a6)
        bsr     wait_dma
        moveq   #5,d4
        move.w  #0x6200,d5
        bsr     rec_words               | 61-66: $6200-$620A
        move.w  #0x9302,(a6)            | CD3-0 = 0001 (a write code) with CD4: copies
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x630000C1,(a6)
        bsr     wait_dma
        move.w  #0x9302,(a6)            | CD3-0 = 1100 with CD4: copies
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x230200F1,(a6)
        bsr     wait_dma
        move.w  #0x9302,(a6)            | no CD4: nothing copied
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x23040081,(a6)
        bsr     wait_dma
        moveq   #2,d4
        move.w  #0x6300,d5
        bsr     rec_words               | 67-69: $6300, $6302, $6304

| ---- Registers 21-22 as a fill leaves them: a copy after it reads on from there ----
        move.w  #0x9304,(a6)
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x64000081,(a6)        | fill 4 bytes at $6400, source $2000 -> $2004
        move.w  #0x0000,(a5)
        bsr     wait_dma
        move.w  #0x9302,(a6)
        move.w  #0x97C0,(a6)
        move.l  #0x250000C1,(a6)        | copy 2 bytes to $6500 from where the fill left
        bsr     wait_dma
        move.w  #0x6500,d0
        bsr     read_vram
        bsr     rec                     | 70: the 2 bytes from $2004

| ---- Status: fill armed, fill and copy busy, DMA disabled ----
        move.w  #0x9380,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x70000081,(a6)        | fill armed: no data written yet
        move.w  (a6),d0
        and.w   #0x0002,d0
        bsr     rec                     | 71: bit 1 while the fill is armed
        move.w  #0x4400,(a5)
        move.w  (a6),d0
        and.w   #0x0002,d0
        bsr     rec                     | 72: bit 1 as the fill runs
        bsr     wait_dma
        move.w  #0x9380,(a6)
        move.w  #0x97C0,(a6)
        move.w  #0x9500,(a6)
        move.w  #0x9620,(a6)
        move.l  #0x300000C1,(a6)        | copy 128 bytes to $7000
        move.w  (a6),d0
        and.w   #0x0002,d0
        bsr     rec                     | 73: bit 1 as the copy runs
        bsr     wait_dma
        move.w  #0x8104,(a6)            | DMA disabled
        move.l  #0x71000081,(a6)        | VRAM $7100 with CD5: a plain write
        move.w  #0x4242,(a5)
        move.w  (a6),d0
        and.w   #0x0002,d0
        bsr     rec                     | 74: bit 1 clear
        move.w  #0x7100,d0
        bsr     read_vram
        bsr     rec                     | 75: $4242 written

| ---- The HV counter latch (register 0 bit 1) ----
        move.w  #0x8006,(a6)
        move.w  VDP_HV,d2
        moveq   #50,d0
1:      dbra    d0,1b
        move.w  VDP_HV,d3
        move.w  #0x8004,(a6)
        moveq   #0,d0
        cmp.w   d2,d3
        seq     d0
        bsr     rec                     | 76: $00FF: latched, two reads equal
        move.w  VDP_HV,d2
        moveq   #50,d0
1:      dbra    d0,1b
        move.w  VDP_HV,d3
        moveq   #0,d0
        cmp.w   d2,d3
        seq     d0
        bsr     rec                     | 77: $0000: running again

| ---- Part 2: display on, H40, active display ----
        move.w  #0x8154,(a6)            | display on, DMA on
        bsr     wait_vblank_end
        moveq   #-1,d7
1:      move.w  (a6),d0                 | poll to the start of vertical blank
        btst    #3,d0
        dbne    d7,1b
        move.w  VDP_HV,d0
        lsr.w   #8,d0
        bsr     rec                     | 78: V counter where bit 3 sets
        bsr     wait_vblank_end
        move.w  #0x40,d2
        bsr     wait_line
        moveq   #-1,d7
1:      move.w  (a6),d0                 | HBlank: bit 2 clear first
        btst    #2,d0
        dbeq    d7,1b
        moveq   #-1,d7
1:      move.w  (a6),d0
        btst    #2,d0
        dbne    d7,1b
        move.w  VDP_HV,d0
        and.w   #0x00FF,d0
        bsr     rec                     | 79: H counter just after bit 2 sets
        moveq   #-1,d7
1:      move.w  (a6),d0
        btst    #2,d0
        dbeq    d7,1b
        move.w  VDP_HV,d0
        and.w   #0x00FF,d0
        bsr     rec                     | 80: H counter just after bit 2 clears

| The FIFO: empty, then not empty, then full; the 68000 held on a fifth write.
        move.w  #0x50,d2
        bsr     wait_line
        move.w  #0x7800,d0
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  (a6),d0
        and.w   #0x0300,d0
        bsr     rec                     | 81: FIFO bits before (empty)
        move.w  d0,(a5)
        move.w  (a6),d0
        and.w   #0x0300,d0
        bsr     rec                     | 82: after one write
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  (a6),d0
        and.w   #0x0300,d0
        bsr     rec                     | 83: after four writes
        move.w  #0x60,d2
        bsr     wait_line
        move.w  VDP_HV,d2
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  d0,(a5)
        move.w  VDP_HV,d3
        move.w  d2,d0
        bsr     rec                     | 84: HV counter before 8 VRAM writes
        move.w  d3,d0
        bsr     rec                     | 85: and after them

| DMA busy through a fill in the active display: polls until it clears.
        move.w  #0x70,d2
        bsr     wait_line
        move.w  #0x8F01,(a6)
        move.w  #0x9340,(a6)
        move.w  #0x9400,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x78000081,(a6)        | fill 64 bytes at $7800
        move.w  #0x6600,(a5)
        bsr     wait_dma
        move.w  d7,d0
        bsr     rec                     | 86: polls of bit 1
| A data-port write during a fill: the fill goes on with the new word's high byte.
        move.w  #0x78,d2
        bsr     wait_line
        move.w  #0x9310,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x79000081,(a6)        | fill 16 bytes at $7900
        move.w  #0x1100,(a5)
        move.w  #0x2200,(a5)            | while it runs
        bsr     wait_dma
        move.w  #0x8F02,(a6)
        moveq   #9,d4
        move.w  #0x7900,d5
        bsr     rec_words               | 87-96: $7900-$7912
| A 68000 DMA holds the 68000: the V counter after 36 words to VRAM.
        move.w  #0x80,d2
        bsr     wait_line
        lea     dma_hold(pc),a0
        bsr     set_regs
        move.l  #0x7A000081,(a6)        | VRAM $7A00, CD5
        move.w  VDP_HV,d0
        lsr.w   #8,d0
        sub.w   #0x80,d0
        bsr     rec                     | 97: lines the 68000 was held for
        move.w  (a6),d0
        and.w   #0x0002,d0
        bsr     rec                     | 98: bit 1 after it

        move.l  a4,d0
        sub.l   #RESULTS,d0
        lsr.w   #1,d0
        move.w  d0,COUNT
        move.w  #0x600D,DONE
done:   bra.s   done

| ---- Helpers ----

| The two command words for code d1 (C5-C0) at address d0 to the control port.
set_cmd:
        moveq   #0,d2
        move.w  d0,d2
        and.w   #0x3FFF,d2
        move.w  d1,d3
        and.w   #3,d3
        ror.w   #2,d3
        or.w    d3,d2
        swap    d2
        move.w  d1,d3
        lsr.w   #2,d3
        lsl.w   #4,d3
        or.w    d3,d2
        move.w  d0,d3
        rol.w   #2,d3
        and.w   #3,d3
        or.w    d3,d2
        move.l  d2,(a6)
        rts

| The VRAM word at d0 into d0.
read_vram:
        moveq   #VRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        rts

| Writes $0005, $0006 at d0 (VRAM) with the auto-increment set now.
write_pair:
        moveq   #VRAM_W,d1
        bsr     set_cmd
        move.w  #0x0005,(a5)
        move.w  #0x0006,(a5)
        rts

| Records d0.
rec:    move.w  d0,(a4)+
        rts

| Records d4 + 1 VRAM words from d5 up (step 2, or 4 for rec_words4).
rec_words:
        moveq   #2,d6
        bra.s   1f
rec_words4:
        moveq   #4,d6
1:      move.w  d5,d0
        bsr     read_vram
        bsr     rec
        add.w   d6,d5
        dbra    d4,1b
        rts

| Records d4 + 1 CRAM words from byte address d5 up, only the colour bits.
rec_cram:
        move.w  d5,d0
        moveq   #CRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        and.w   #0x0EEE,d0
        bsr     rec
        addq.w  #2,d5
        dbra    d4,rec_cram
        rts

| Records d4 + 1 VSRAM words from byte address d5 up, only the 11 bits.
rec_vsram:
        move.w  d5,d0
        moveq   #VSRAM_R,d1
        bsr     set_cmd
        move.w  (a5),d0
        and.w   #0x07FF,d0
        bsr     rec
        addq.w  #2,d5
        dbra    d4,rec_vsram
        rts

| Polls status bit 1 until it clears; d7 = the polls (at most 65,535).
wait_dma:
        moveq   #0,d7
1:      addq.w  #1,d7
        beq.s   2f
        move.w  (a6),d0
        btst    #1,d0
        bne.s   1b
2:      rts

| Waits for the first active line (status bit 3 clear).
wait_vblank_end:
        moveq   #-1,d7
1:      move.w  (a6),d0
        btst    #3,d0
        dbeq    d7,1b
        rts

| Waits for V counter d2 (from any line: at most a frame).
wait_line:
        move.w  #0xFFFF,d7
1:      move.w  VDP_HV,d0
        lsr.w   #8,d0
        cmp.w   d2,d0
        dbeq    d7,1b
        rts

| Zeroes VRAM by a fill of 65,536 bytes at $0000 (display off: a few frames' time).
clear_vram:
        move.w  #0x8F01,(a6)
        move.w  #0x9300,(a6)
        move.w  #0x9400,(a6)
        move.w  #0x9780,(a6)
        move.l  #0x40000080,(a6)
        move.w  #0x0000,(a5)
1:      move.w  (a6),d0
        btst    #1,d0
        bne.s   1b
        move.w  #0x8F02,(a6)
        rts

vint:   rte
hint:   rte

| Mode 5, display off, DMA on, H40, auto-increment 2, SAT at $F000.
regs:   .word   0x8004, 0x8114, 0x8578, 0x8700, 0x8C81, 0x8F02, 0x8AFF, 0
| 4 words from $FFFFFC: source $7FFFFE.
dma_wrap:
        .word   0x9304, 0x9400, 0x95FE, 0x96FF, 0x977F, 0
| 2 words from $FF0000: source $7F8000.
dma_dest:
        .word   0x9302, 0x9400, 0x9500, 0x9680, 0x977F, 0
| 36 words from $FF0000.
dma_hold:
        .word   0x9324, 0x9400, 0x9500, 0x9680, 0x977F, 0
