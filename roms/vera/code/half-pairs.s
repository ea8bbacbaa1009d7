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
        .include "contract.inc"
        .include "pairs.inc"

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
