;; Start-up for the seed's C on the MSX routine contract: the image starts at $4000 with a
;; jump to the C entry. No initialised data (the C keeps its tables const, in ROM), so
;; nothing to copy; the harness has set SP and masked interrupts.
        .module crt0
        .globl  _collide
        .area   _CODE
        jp      _collide
        .area   _INITIALIZER
        .area   _GSINIT
        .area   _GSFINAL
        .area   _DATA
        .area   _INITIALIZED
        .area   _BSEG
        .area   _BSS
        .area   _HEAP
