| The VDP's read-ahead and the write FIFO in front of DMA, with the display on (H40), in
| the active display, where both wait for the VDP's access slots: a read right after a
| read command, reads back to back, a read behind a full FIFO, a data-port write while a
| read is pending, a 68000 DMA and a fill started with words still in the FIFO, and the
| status word sampled right after each start. Runs once from reset with interrupts off,
| writes one word per result from $FF0100 up (a4), the number of results at $FF0082 and
| $600D at $FF0080 when done, then spins. The result list, in order, with what each
| checks, is in crates/machine/tests/it/genesis_prefetch.rs.
|
| Times are taken as HV counter words (a3 = the HV port) read just before and just after
| the accesses under test, so a wait the VDP imposes on the 68000 shows as H steps.

        .include "program.inc"

        .equ    RESULTS, 0xFF0100
        .equ    DONE,    0xFF0080
        .equ    COUNT,   0xFF0082

start:  lea     regs(pc),a0
        bsr     set_regs
        lea     RESULTS,a4
        lea     VDP_DATA,a5
        lea     VDP_CTRL,a6
        lea     VDP_HV,a3

| ---- Set-up with the display off (every access completes at once) ----
| VRAM $8000-$84FF zero, then $8000-$8007 = $1111 $2222 $3333 $4444; work RAM $FF0000 =
| $C1C1 $C2C2 (a DMA source).
        move.l  #0x40000002,(a6)        | VRAM write at $8000
        move.w  #0x27F,d4
1:      move.w  #0,(a5)
        dbra    d4,1b
        move.l  #0x40000002,(a6)
        move.w  #0x1111,(a5)
        move.w  #0x2222,(a5)
        move.w  #0x3333,(a5)
        move.w  #0x4444,(a5)
        move.l  #0xC1C1C2C2,0xFF0000
        move.w  #0x8154,(a6)            | display on, DMA on
        bsr     wait_vblank_end

| ---- A read right after its read command ----
        move.w  #0x40,d2
        bsr     wait_line
        move.w  (a3),d2                 | HV before
        move.l  #0x00000002,(a6)        | VRAM read at $8000
        move.w  (a5),d0                 | at once
        move.w  (a3),d3                 | HV after
        bsr     rec                     | 1: the word ($1111)
        move.w  d2,d0
        bsr     rec                     | 2: HV before the command
        move.w  d3,d0
        bsr     rec                     | 3: HV after the read

| ---- Four reads back to back ----
        move.w  #0x48,d2
        bsr     wait_line
        move.l  #0x00000002,(a6)        | VRAM read at $8000
        move.w  (a3),d2
        move.w  (a5),d4
        move.w  (a5),d5
        move.w  (a5),d6
        move.w  (a5),d7
        move.w  (a3),d3
        bsr     rec4                    | 4-7: $1111 $2222 $3333 $4444
        move.w  d2,d0
        bsr     rec                     | 8: HV before the first read
        move.w  d3,d0
        bsr     rec                     | 9: HV after the fourth

| ---- Reads behind four writes (the FIFO full) ----
        move.w  #0x50,d2
        bsr     wait_line
        move.l  #0x41000002,(a6)        | VRAM write at $8100
        move.w  (a3),d2
        move.w  #0xA1A1,(a5)
        move.w  #0xA2A2,(a5)
        move.w  #0xA3A3,(a5)
        move.w  #0xA4A4,(a5)
        move.l  #0x01000002,(a6)        | VRAM read at $8100
        move.w  (a5),d4
        move.w  (a3),d3
        move.w  (a5),d5
        move.w  (a5),d6
        move.w  (a5),d7
        bsr     rec4                    | 10-13: $A1A1 $A2A2 $A3A3 $A4A4
        move.w  d2,d0
        bsr     rec                     | 14: HV before the writes
        move.w  d3,d0
        bsr     rec                     | 15: HV after the first read

| ---- A data-port write while a read is pending ----
        move.w  #0x58,d2
        bsr     wait_line
        move.w  (a3),d2
        move.l  #0x00000002,(a6)        | VRAM read at $8000
        move.w  #0x5555,(a5)            | a write with the read code: nothing stored
        move.w  (a5),d0                 | the read, from $8002
        move.w  (a3),d3
        bsr     rec                     | 16: the word
        move.w  d2,d0
        bsr     rec                     | 17: HV before the command
        move.w  d3,d0
        bsr     rec                     | 18: HV after the read

| ---- A 68000 DMA started with the FIFO full ----
        move.w  #0x60,d2
        bsr     wait_line
        lea     dma_2(pc),a0
        bsr     set_regs
        move.l  #0x42000002,(a6)        | VRAM write at $8200
        move.w  (a3),d2
        move.w  #0xB1B1,(a5)
        move.w  #0xB2B2,(a5)
        move.w  #0xB3B3,(a5)
        move.w  #0xB4B4,(a5)
        move.l  #0x42040082,(a6)        | 2 words from $FF0000 to $8204, CD5
        move.w  (a6),d4                 | status right after
        move.w  (a3),d3
        move.w  d4,d0
        and.w   #0x0302,d0
        bsr     rec                     | 19: FIFO bits and bit 1 after the DMA
        move.w  d2,d0
        bsr     rec                     | 20: HV before the writes
        move.w  d3,d0
        bsr     rec                     | 21: HV after the DMA
        move.w  #0x8200,d5
        bsr     rec_vram4               | 22-25: $B1B1 $B2B2 $C1C1 $C2C2

| ---- A fill started with words in the FIFO ----
        move.w  #0x68,d2
        bsr     wait_line
        lea     fill_4(pc),a0
        bsr     set_regs
        move.l  #0x43000002,(a6)        | VRAM write at $8300
        move.w  (a3),d2
        move.w  #0xD1D1,(a5)
        move.w  #0xD2D2,(a5)
        move.w  #0xD3D3,(a5)
        move.w  #0x8F01,(a6)            | increment 1 for the fill
        move.l  #0x43100082,(a6)        | fill 4 bytes at $8310
        move.w  #0xE500,(a5)            | its data word, the FIFO's fourth
        move.w  (a6),d4                 | status right after
        bsr     wait_dma
        move.w  (a3),d3
        move.w  #0x8F02,(a6)
        move.w  d4,d0
        and.w   #0x0302,d0
        bsr     rec                     | 26: FIFO bits and bit 1 after the data word
        move.w  d7,d0
        bsr     rec                     | 27: polls of bit 1 until it clears
        move.w  d2,d0
        bsr     rec                     | 28: HV before the writes
        move.w  d3,d0
        bsr     rec                     | 29: HV after the fill
        move.w  #0x8300,d5
        bsr     rec_vram4               | 30-33: $D1D1 $D2D2 $D3D3 $0000
        move.w  #0x8310,d5
        bsr     rec_vram4               | 34-37: $E500 $E5E5 $00E5 $0000

| ---- A copy: bit 1 right after its command ----
        move.w  #0x70,d2
        bsr     wait_line
        lea     copy_4(pc),a0
        bsr     set_regs
        move.w  #0x8F01,(a6)
        move.l  #0x040000C2,(a6)        | copy 4 bytes from $8000 to $8400
        move.w  (a6),d0
        and.w   #0x0302,d0
        bsr     rec                     | 38: FIFO bits and bit 1 right after
        bsr     wait_dma
        move.w  #0x8F02,(a6)
        move.w  #0x8400,d5
        bsr     rec_vram4               | 39-42: $1111 $2222 $0000 $0000

        move.l  a4,d0
        sub.l   #RESULTS,d0
        lsr.w   #1,d0
        move.w  d0,COUNT
        move.w  #0x600D,DONE
done:   bra.s   done

| ---- Helpers ----

| Records d0.
rec:    move.w  d0,(a4)+
        rts

| Records d4, d5, d6, d7.
rec4:   move.w  d4,(a4)+
        move.w  d5,(a4)+
        move.w  d6,(a4)+
        move.w  d7,(a4)+
        rts

| Records the four VRAM words from d5 (even, $8000-$BFFF) up.
rec_vram4:
        moveq   #0,d0
        move.w  d5,d0
        and.w   #0x3FFF,d0
        swap    d0
        addq.w  #2,d0                   | A15-A14 = 10, a VRAM read
        move.l  d0,(a6)
        moveq   #3,d4
1:      move.w  (a5),(a4)+
        dbra    d4,1b
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
1:      move.w  (a3),d0
        lsr.w   #8,d0
        cmp.w   d2,d0
        dbeq    d7,1b
        rts

vint:   rte
hint:   rte

| Mode 5, display off, DMA on, H40, auto-increment 2, SAT at $F000.
regs:   .word   0x8004, 0x8114, 0x8578, 0x8700, 0x8C81, 0x8F02, 0x8AFF, 0
| 2 words from $FF0000: source $7F8000.
dma_2:  .word   0x9302, 0x9400, 0x9500, 0x9680, 0x977F, 0
| A fill of 4 bytes.
fill_4: .word   0x9304, 0x9400, 0x9780, 0
| A copy of 4 bytes from $8000.
copy_4: .word   0x9304, 0x9400, 0x9500, 0x9680, 0x97C0, 0
