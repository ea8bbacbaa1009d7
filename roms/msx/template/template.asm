;; MSX starter template (Z80, pasmo): every pair i<j of non-Art objects, half-open box test.
;;
;; Build:   pasmo --bin template.asm template.bin
;; Run:     hitlab routine template.bin --target msx
;;          (try --like half-pairs --frames 30 --json; `hitlab routine --abi msx` prints the contract)
;;
;; The contract, in short (little-endian, as the Z80):
;;   code at $4000 (the first byte of the image is the entry: here a JP)
;;   OBJ = $C000: u16 N, then N records of 8 bytes:
;;         +0 x (i16)  +2 y (i16)  +4 w (u8)  +5 h (u8)  +6 group (0 Good, 1 Bad, 2 Art)  +7 sprite
;;   OUT = $C800: write u16 K, then K pairs of two u8 record indices (i, j); at most 2048 pairs
;;         (a K above 2048 is the routine's error, an overrun the harness reports; this
;;         template counts on past 2048 and stores nothing more, so an overrun shows).
;;   Return with RET. Stack at $F380, interrupts masked; no register needs preserving.
;;   Free RAM for your own tables: $D802-$EFFF, above the pair list (this template uses
;;   $DF00 and $E000 up; the stack grows down from $F380).
;;
;; A box covers x <= px < x + w and y <= py < y + h (half-open): two boxes touching edge to
;; edge do not collide. Art (group 2) never collides; nor does a zero-size box.
;; To modify: change the test in BOXTEST, or the filter in hp_copy (e.g. keep only Good
;; against Bad pairs).
; The MSX routine contract (crates/machine/src/msx/target.rs).
;   OBJS (OBJ): u16 count N, then N records of 8 bytes, little-endian:
;        +0 x lo, +1 x hi, +2 y lo, +3 y hi, +4 w, +5 h, +6 group (0 Good, 1 Bad, 2 Art),
;        +7 sprite
;   PAIRS (OUT): u16 count K, then K pairs of u8 indices (i, j); capacity 2048 pairs.
; The routine is called with interrupts masked and SP = $F380; it returns with RET.

OBJS    equ $C000
PAIRS   equ $C800
PAIRCAP equ 2048
ART     equ 2

; Scratch RAM used by the routines, above the pair list ($C800 + 2 + 4096 = $D802).
LIVE    equ $E000           ; compacted copies of the objects that can collide
NLIVE   equ $DF00           ; how many
; BOXTEST miss: the half-open box test of the records at IX (a) and IY (b): falls
; through when the boxes share a pixel, jumps to `miss` otherwise. Coordinates are
; full i16: differences are taken with the overflow flag, so no position can wrap.
; x: overlap iff -bw < bx - ax < aw; y likewise. Uses AF, DE, HL.
BOXTEST macro miss
        local xneg, ytest, yneg, done
        ld l,(iy+0)
        ld h,(iy+1)
        ld e,(ix+0)
        ld d,(ix+1)
        or a
        sbc hl,de               ; dx = bx - ax
        jp pe,miss          ; |dx| >= 32768: apart
        jp m,xneg
        ld a,h
        or a
        jp nz,miss
        ld a,l
        cp (ix+4)
        jp nc,miss          ; dx >= aw
        jr ytest
xneg:   ld e,(iy+4)
        ld d,0
        or a
        adc hl,de               ; dx + bw
        jp m,miss
        jp z,miss           ; dx + bw <= 0
ytest:  ld l,(iy+2)
        ld h,(iy+3)
        ld e,(ix+2)
        ld d,(ix+3)
        or a
        sbc hl,de               ; dy = by - ay
        jp pe,miss
        jp m,yneg
        ld a,h
        or a
        jp nz,miss
        ld a,l
        cp (ix+5)
        jp nc,miss          ; dy >= ah
        jr done
yneg:   ld e,(iy+5)
        ld d,0
        or a
        adc hl,de               ; dy + bh
        jp m,miss
        jp z,miss
done:
        endm
        org $4000
        jp half_pairs
; Seed 002, Method 1, third form: each unordered pair once (j > i), with the four
; rejection tests in the half-open convention (x <= px < x + w) of BOXTEST above. Art objects
; and objects of zero width or height never collide.
;
; Entry: PAIRS count already cleared or not (it is set here). Uses AF, BC, DE, HL, IX, IY.

; Compacted record, 8 bytes: x lo, x hi, y lo, y hi, w, h, index, index.
STRIDE  equ 8

half_pairs:
        ld hl,0
        ld (PAIRS),hl
        xor a
        ld (NLIVE),a
        ld a,(OBJS)              ; N (at most 255 by the contract)
        or a
        ret z
        ld b,a
        ld c,0                  ; index of the record
        ld ix,OBJS+2
        ld de,LIVE
hp_copy:
        ld a,(ix+6)
        cp ART
        jr z,hp_skip
        ld a,(ix+4)
        or a
        jr z,hp_skip
        ld a,(ix+5)
        or a
        jr z,hp_skip
        push bc
        push ix
        pop hl
        ldi
        ldi
        ldi
        ldi
        ldi
        ldi
        pop bc
        ld a,c
        ld (de),a
        inc de
        ld (de),a
        inc de
        ld hl,NLIVE
        inc (hl)
hp_skip:
        push de
        ld de,8
        add ix,de
        pop de
        inc c
        djnz hp_copy

        ld a,(NLIVE)
        cp 2
        ret c
        dec a
        ld b,a                  ; outer iterations: live - 1
        ld ix,LIVE
hp_outer:
        push bc
        push ix
        pop iy
hp_inner:
        ld de,STRIDE
        add iy,de
        BOXTEST hp_next
hp_hit:
        ld hl,(PAIRS)             ; K so far
        ld a,h
        cp PAIRCAP/256
        jr nc,hp_count          ; list full: count on, store nothing
        push hl
        add hl,hl
        ld de,PAIRS+2
        add hl,de
        ld a,(ix+6)
        ld (hl),a
        inc hl
        ld a,(iy+6)
        ld (hl),a
        pop hl
hp_count:
        inc hl
        ld (PAIRS),hl
hp_next:
        dec b
        jp nz,hp_inner
        pop bc
        ld de,STRIDE
        add ix,de
        dec b
        jp nz,hp_outer
        ret
