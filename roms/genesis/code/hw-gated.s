| hw-gated: seed 002, Method 1 behind Method 0, for the Genesis routine contract.
| "If the Genesis detects a sprite collision, for each sprite, check if it collides with
| the next one": the status word's bit 5 (read at $C00004, which clears it) opens the
| gate; with it clear the routine reports no pair.
        .include "contract.inc"
        .include "macros.inc"
        .text
        .globl  start
start:
        move.w  VDP_CTRL,d0             | the status word (clears bits 5 and 6)
        btst    #5,d0                   | sprite collision
        bne.s   half_pairs
        clr.w   OUT
        rts
        .include "halfpairs.inc"
        .include "live.inc"
