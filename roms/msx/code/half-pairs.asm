; half-pairs for the MSX routine contract: every unordered pair of colliding objects,
; tested once with the half-open box test.
        include "contract.inc"
        include "boxtest.inc"
        org $4000
        jp half_pairs
        include "pairs.inc"
