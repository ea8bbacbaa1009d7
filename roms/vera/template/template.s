;; X16 starter template (65C02, cc65's ca65/ld65): every pair i<j of non-Art objects,
;; half-open box test.
;;
;; Build:   ca65 --cpu 65C02 -o template.o template.s
;;          ld65 -C template.cfg -o template.bin template.o
;; Run:     hitlab routine template.bin --target vera
;;          (try --like half-pairs --frames 30 --json; `hitlab routine --abi vera` prints the contract)
;;
;; The image is loaded at $0810 and entered at its first byte; return with RTS.
;; OBJ = $6000 and OUT = $7000, little-endian (see the contract block below).
;; template.cfg places zero page at $22-$7F and scratch lists at $8100-$9EFF.
;; To modify: change the filter in the copy loop (Art / zero size) or the test in the
;; pair loop.
;;
; half-pairs for the X16 routine contract (seed 002, Method 1, third form): every
; unordered pair of colliding objects once (j > i), with the half-open box test
; (x <= px < x + w). Art objects and objects of zero width or height never collide.
;
; The objects that can collide are first copied into page-aligned lists (one page per
; field), their coordinates biased by $8000 so that unsigned 16-bit subtraction orders
; them: with d = b.x - a.x taken as ub - ua, the carry says the sign and
;   d >= 0: overlap in x iff d < a.w  (high byte 0, low byte below a.w);
;   d <  0: overlap in x iff d > -b.w (high byte $FF, low byte + b.w above 256).
; These two cases are the seed's four rejection tests (b.x >= a.x + a.w and
; a.x >= b.x + b.w, the same for y) without the test that cannot reject on each side.

        .setcpu "65C02"
; The X16 routine contract (crates/machine/src/x16/target.rs).
;   OBJS (OBJ): u16 count N (at most 255), then N records of 8 bytes, little-endian:
;        +0 x lo, +1 x hi, +2 y lo, +3 y hi, +4 w, +5 h, +6 group (0 Good, 1 Bad, 2 Art),
;        +7 sprite (the object's first VERA sprite number)
;   PAIRS (OUT): u16 count K, then K pairs of u8 record indices (i, j); capacity 2048.
; The routine is called by JSR at $0810 with interrupts masked, D clear and S = $FF; it
; returns with RTS. The VERA stands at the start of vblank: ISR holds the last frame's
; collision nibble in bits 7-4.

OBJS    = $6000
PAIRS   = $7000
PAIRCAP = 2048
GOOD    = 0
BAD     = 1
ART     = 2

REC_X   = 0
REC_Y   = 2
REC_W   = 4
REC_H   = 5
REC_GRP = 6
REC_SPR = 7

; VERA registers.
VERA_ADDR_L = $9F20
VERA_ADDR_M = $9F21
VERA_ADDR_H = $9F22
VERA_DATA0  = $9F23
VERA_CTRL   = $9F25
VERA_ISR    = $9F27

; Sprite attributes in VRAM: $1FC00 + 8 * sprite; byte 6 = collision mask 7-4, z 3-2,
; flips 1-0.
SPRATTR     = $1FC00
; The pair list: K counted in `kcount`, pairs written through `optr`. A list that is full
; (K = 2048) counts on and stores nothing, so the harness reports the overrun.

.segment "ZEROPAGE"
kcount: .res 2              ; K so far
optr:   .res 2              ; where the next pair goes
second: .res 1              ; the second index of the pair being added

; K = 0, optr at the first pair.
.macro PAIRS_BEGIN
        stz kcount
        stz kcount+1
        lda #<(PAIRS+2)
        sta optr
        lda #>(PAIRS+2)
        sta optr+1
.endmacro

; Stores K at PAIRS.
.macro PAIRS_END
        lda kcount
        sta PAIRS
        lda kcount+1
        sta PAIRS+1
.endmacro

; Adds the pair (A, second). Uses A and Y; X is kept.
.macro ADD_PAIR
        .local full, done
        ldy kcount+1
        cpy #>PAIRCAP           ; C set when K >= 2048
        bcs full
        sta (optr)
        lda second
        ldy #1
        sta (optr),y
        lda optr
        adc #2                  ; C clear here
        sta optr
        bcc full
        inc optr+1
full:
        inc kcount
        bne done
        inc kcount+1
done:
.endmacro

.segment "ZEROPAGE"
rec:    .res 2              ; the record being copied
left:   .res 1              ; records left to copy
index:  .res 1              ; its index
live:   .res 1              ; objects in the lists
last:   .res 1              ; live - 1: the last outer index + 1
ai:     .res 1              ; outer index
axl:    .res 1              ; object a, biased x
axh:    .res 1
ayl:    .res 1              ; biased y
ayh:    .res 1
aw:     .res 1
ah:     .res 1
aidx:   .res 1

.segment "BSS"
l_xl:   .res 256
l_xh:   .res 256            ; x high byte ^ $80
l_yl:   .res 256
l_yh:   .res 256            ; y high byte ^ $80
l_w:    .res 256
l_h:    .res 256
l_idx:  .res 256            ; record index

.segment "CODE"
half_pairs:
        PAIRS_BEGIN
        stz live
        lda OBJS                ; N (at most 255 by the contract)
        bne :+
        jmp done
:       sta left
        stz index
        lda #<(OBJS+2)
        sta rec
        lda #>(OBJS+2)
        sta rec+1
copy:
        ldx live
        ldy #REC_GRP
        lda (rec),y
        cmp #ART
        bcs skip                ; Art never collides
        ldy #REC_W
        lda (rec),y
        beq skip                ; empty box
        sta l_w,x
        iny
        lda (rec),y
        beq skip
        sta l_h,x
        ldy #REC_X
        lda (rec),y
        sta l_xl,x
        iny
        lda (rec),y
        eor #$80
        sta l_xh,x
        iny
        lda (rec),y
        sta l_yl,x
        iny
        lda (rec),y
        eor #$80
        sta l_yh,x
        lda index
        sta l_idx,x
        inc live
skip:
        lda rec
        clc
        adc #8
        sta rec
        bcc :+
        inc rec+1
:       inc index
        dec left
        bne copy

        lda live
        cmp #2
        bcs :+
        jmp done                ; fewer than two: no pair
:       dec a
        sta last
        stz ai
outer:
        ldx ai
        lda l_xl,x
        sta axl
        lda l_xh,x
        sta axh
        lda l_yl,x
        sta ayl
        lda l_yh,x
        sta ayh
        lda l_w,x
        sta aw
        lda l_h,x
        sta ah
        lda l_idx,x
        sta aidx
        inx
inner:
        sec
        lda l_xl,x
        sbc axl
        tay
        lda l_xh,x
        sbc axh                 ; d = b.x - a.x; C clear when negative
        bcc xneg
        bne next                ; d >= 256: apart
        cpy aw
        bcs next                ; d >= a.w: b starts right of a
        bra ytest
xneg:   inc a
        bne next                ; d < -256: apart
        tya
        adc l_w,x               ; C clear: low byte + b.w
        bcc next
        beq next                ; d + b.w <= 0: b ends left of a
ytest:
        sec
        lda l_yl,x
        sbc ayl
        tay
        lda l_yh,x
        sbc ayh
        bcc yneg
        bne next
        cpy ah
        bcc hit
        bra next
yneg:   inc a
        bne next
        tya
        adc l_h,x
        bcc next
        bne hit
next:
        inx
        cpx live
        bne inner
        inc ai
        lda ai
        cmp last
        beq done
        jmp outer
hit:                            ; out of the loop, so its branches stay short
        lda l_idx,x
        sta second
        lda aidx
        ADD_PAIR
        bra next
done:
        PAIRS_END
        rts
