; hw-gated for the MSX routine contract (seed 002, Method 1 behind Method 0): read S#0 from
; the TMS9918A (which clears F, 5S and C) and run half-pairs only when C (bit 5) is set;
; otherwise report no pairs.
        include "contract.inc"
        include "boxtest.inc"
        org $4000
        in a,($99)
        and $20
        jp nz,half_pairs
        ld hl,0
        ld (PAIRS),hl
        ret
        include "pairs.inc"
