| half-pairs: seed 002, Method 1, third form, for the Genesis routine contract.
        .include "contract.inc"
        .include "macros.inc"
        .text
        .globl  start
start:
        .include "halfpairs.inc"
        .include "live.inc"
