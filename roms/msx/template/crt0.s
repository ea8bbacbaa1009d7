;; Start-up for template.c: the image starts at $4000 with a jump to the C entry
;; `collide`. No initialised data (keep tables `const`, in ROM), so nothing to copy; the
;; harness has set SP and masked interrupts.
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
