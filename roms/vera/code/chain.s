; Seed 004's chain for the X16 routine contract (TurboVega's 128_collision_detection):
;
; 1. the VERA's quadrant masks: read ISR at $9F27 and keep a sprite only when
;      (byte6 & ISR & $C0) != 0 && (byte6 & ISR & $30) != 0,
;    byte 6 of its attributes read from VRAM ($1FC00 + 8 * sprite + 6) through ADDR0 and
;    DATA0;
; 2. the kept Good objects (the projectiles) go into a list, the kept Bad objects (the
;    targets) into another, each with its 16-bit spatial maps: 16 columns of 40 px and 16
;    rows of 30 px of the 640x480 screen, MSB = leftmost column / top row, every band the
;    object's on-screen pixels touch set;
; 3. every target against every projectile: the X maps AND, then the Y maps AND; when both
;    meet, DX = target.x - projectile.x and DY = target.y - projectile.y in -16..15 index
;    the 32x32 pixel hit table (row DY + 16, column DX + 16), which is part of the image;
;    a non-zero entry is a hit.
;
; What it returns is the Rust `pixel-table` method's pairs (with the table's two bitmaps)
; restricted to Good x Bad pairs whose two objects the quadrant filter keeps and whose
; `spatial16` maps meet. Art and empty boxes never take part; an object with no on-screen
; pixel has empty maps and never meets anything, so it is dropped when its maps are made.
;
; It leaves CTRL as it found it (ADDRSEL is cleared for the reads and restored); port 0's
; address is left in the attribute table.

        .setcpu "65C02"
        .include "contract.inc"
        .include "pairs.inc"

.segment "ZEROPAGE"
isr_y:  .res 1              ; ISR & $C0: the top / bottom quadrant bits
isr_x:  .res 1              ; ISR & $30: the left / right quadrant bits
rec:    .res 2              ; the record being filtered
left:   .res 1              ; records left
index:  .res 1              ; its index
group:  .res 1              ; its group
ng:     .res 1              ; projectiles listed
nb:     .res 1              ; targets listed
bi:     .res 1              ; outer index (targets)
lo0:    .res 1              ; span start (x or y), 16-bit signed
hi0:    .res 1
lo1:    .res 1              ; span end, inclusive
hi1:    .res 1
t:      .res 1
first:  .res 1              ; first band of a span
mxl:    .res 1              ; X map of the record
mxh:    .res 1
myl:    .res 1              ; Y map
myh:    .res 1
bmxl:   .res 1              ; the current target: maps, x, y, index
bmxh:   .res 1
bmyl:   .res 1
bmyh:   .res 1
bxl:    .res 1
bxh:    .res 1
byl:    .res 1
byh:    .res 1
dx16:   .res 1              ; DX + 16
ptr:    .res 2              ; hit table row

.segment "BSS"
; Projectiles: maps, x - 16, y - 16 (so that target - entry = D + 16), record index.
g_mxl:  .res 256
g_mxh:  .res 256
g_myl:  .res 256
g_myh:  .res 256
g_xl:   .res 256
g_xh:   .res 256
g_yl:   .res 256
g_yh:   .res 256
g_idx:  .res 256
; Targets: maps, x, y, record index.
b_mxl:  .res 256
b_mxh:  .res 256
b_myl:  .res 256
b_myh:  .res 256
b_xl:   .res 256
b_xh:   .res 256
b_yl:   .res 256
b_yh:   .res 256
b_idx:  .res 256

.segment "CODE"
chain:
        PAIRS_BEGIN
        lda VERA_ISR
        tax
        and #$C0
        beq exit                ; no top or bottom bit: nothing is kept
        sta isr_y
        txa
        and #$30
        beq exit                ; no left or right bit
        sta isr_x
        lda OBJS                ; N (at most 255 by the contract)
        beq exit
        sta left
        lda VERA_CTRL
        pha
        and #$FE                ; ADDRSEL = 0: ADDRx_* address port 0
        sta VERA_CTRL
        lda #^SPRATTR           ; address bit 16, increment 0
        sta VERA_ADDR_H
        stz ng
        stz nb
        stz index
        lda #<(OBJS+2)
        sta rec
        lda #>(OBJS+2)
        sta rec+1
        jmp filter
exit:
        PAIRS_END
        rts

; ----- Step 1 and 2: filter every record, list the kept ones with their maps. -----
filter:
        ldy #REC_GRP
        lda (rec),y
        cmp #ART
        bcs skip                ; Art never collides
        sta group
        ldy #REC_W
        lda (rec),y
        beq skip                ; empty box
        iny
        lda (rec),y
        beq skip
        ldy #REC_SPR
        lda (rec),y
        and #$7F                ; 128 sprites
        tax
        lda attr_l,x
        sta VERA_ADDR_L
        lda attr_m,x
        sta VERA_ADDR_M
        lda VERA_DATA0          ; byte 6
        tax
        and isr_y
        beq skip
        txa
        and isr_x
        beq skip
        jsr x_map
        bcs skip                ; no on-screen column
        jsr y_map
        bcs skip
        lda group
        bne :+
        jsr add_projectile
        bra skip
:       jsr add_target
skip:
        lda rec
        clc
        adc #8
        sta rec
        bcc :+
        inc rec+1
:       inc index
        dec left
        beq pairs
        jmp filter

add_projectile:
        ldx ng
        lda mxl
        sta g_mxl,x
        lda mxh
        sta g_mxh,x
        lda myl
        sta g_myl,x
        lda myh
        sta g_myh,x
        ldy #REC_X
        sec
        lda (rec),y
        sbc #16
        sta g_xl,x
        iny
        lda (rec),y
        sbc #0
        sta g_xh,x
        iny
        sec
        lda (rec),y
        sbc #16
        sta g_yl,x
        iny
        lda (rec),y
        sbc #0
        sta g_yh,x
        lda index
        sta g_idx,x
        inc ng
        rts

add_target:
        ldx nb
        lda mxl
        sta b_mxl,x
        lda mxh
        sta b_mxh,x
        lda myl
        sta b_myl,x
        lda myh
        sta b_myh,x
        ldy #REC_X
        lda (rec),y
        sta b_xl,x
        iny
        lda (rec),y
        sta b_xh,x
        iny
        lda (rec),y
        sta b_yl,x
        iny
        lda (rec),y
        sta b_yh,x
        lda index
        sta b_idx,x
        inc nb
        rts

; ----- Step 3: every target against every projectile. -----
pairs:
        pla
        sta VERA_CTRL           ; CTRL as it was
        lda ng
        beq none
        lda nb
        bne :+
none:   jmp exit                ; no projectile or no target
:       stz bi
outer:
        ldy bi
        lda b_mxl,y
        sta bmxl
        lda b_mxh,y
        sta bmxh
        lda b_myl,y
        sta bmyl
        lda b_myh,y
        sta bmyh
        lda b_xl,y
        sta bxl
        lda b_xh,y
        sta bxh
        lda b_yl,y
        sta byl
        lda b_yh,y
        sta byh
        lda b_idx,y
        sta second
        ldx #0
inner:
        lda bmxl                ; X maps
        and g_mxl,x
        bne xmeet
        lda bmxh
        and g_mxh,x
        beq next
xmeet:
        lda bmyl                ; Y maps
        and g_myl,x
        bne ymeet
        lda bmyh
        and g_myh,x
        beq next
ymeet:
        sec                     ; DX + 16 = target.x - (projectile.x - 16)
        lda bxl
        sbc g_xl,x
        sta dx16
        lda bxh
        sbc g_xh,x
        bne next                ; outside 0..255
        lda dx16
        cmp #32
        bcs next                ; outside -16..15
        sec                     ; DY + 16
        lda byl
        sbc g_yl,x
        tay
        lda byh
        sbc g_yh,x
        bne next
        cpy #32
        bcs next
        lda row_l,y
        sta ptr
        lda row_h,y
        sta ptr+1
        ldy dx16
        lda (ptr),y
        bne hit
next:
        inx
        cpx ng
        bne inner
        inc bi
        lda bi
        cmp nb
        beq :+
        jmp outer
:       jmp exit
hit:                            ; out of the loop, so its branches stay short
        lda g_idx,x
        ADD_PAIR
        bra next

; ----- Spatial maps. -----
; SPAN_MAP: the map of the span pos .. pos + size - 1 of the record, clamped to
; 0 .. limit - 1; bands of (1 << shifts) * the divisor folded into `div`. Returns C set
; when no pixel of the span is on screen, else C clear and the map in outl / outh.
.macro SPAN_MAP pos, size, limit, shifts, div, outl, outh
        .local below, start0, first_set, end_last, end_band
        ldy #pos
        lda (rec),y
        sta lo0
        iny
        lda (rec),y
        sta hi0
        bmi below
        lda lo0                 ; pos >= limit: wholly past the far edge
        cmp #<limit
        lda hi0
        sbc #>limit
        bcc below
        rts                     ; C set
below:                          ; pos < limit
        ldy #size
        lda (rec),y             ; size >= 1
        dec a
        clc
        adc lo0
        sta lo1
        lda hi0
        adc #0
        sta hi1                 ; end = pos + size - 1 (pos < limit: no overflow)
        bpl :+
        sec                     ; end < 0: wholly before the near edge
        rts
:       lda hi0
        bmi start0
        lda lo0                 ; first band: pos / band
        sta t
        lda hi0
        .repeat shifts
        lsr a
        ror t
        .endrep
        ldx t
        lda div,x
        bra first_set
start0: lda #0                  ; pos < 0: band 0
first_set:
        sta first
        lda lo1                 ; end >= limit: the last band
        cmp #<limit
        lda hi1
        sbc #>limit
        bcc end_band
        ldy #15
        bra end_last
end_band:
        lda lo1
        sta t
        lda hi1
        .repeat shifts
        lsr a
        ror t
        .endrep
        ldx t
        ldy div,x
end_last:
        ldx first
        lda from_l,x
        and to_l,y
        sta outl
        lda from_h,x
        and to_h,y
        sta outh
        clc
        rts
.endmacro

x_map:  SPAN_MAP REC_X, REC_W, 640, 3, div5, mxl, mxh     ; x / 40 = (x >> 3) / 5
y_map:  SPAN_MAP REC_Y, REC_H, 480, 1, div15, myl, myh    ; y / 30 = (y >> 1) / 15

.segment "RODATA"
; VRAM address of byte 6 of sprite s's attributes, bits 7-0 and 15-8 (bit 16 is 1).
attr_l: .repeat 128, s
        .byte <(SPRATTR + 8 * s + 6)
        .endrep
attr_m: .repeat 128, s
        .byte >(SPRATTR + 8 * s + 6)
        .endrep
div5:   .repeat 80, i
        .byte i / 5
        .endrep
div15:  .repeat 240, i
        .byte i / 15
        .endrep
; Band b and every later one: $FFFF >> b; band b and every earlier one: $FFFF << (15 - b).
from_l: .repeat 16, b
        .byte <($FFFF >> b)
        .endrep
from_h: .repeat 16, b
        .byte >($FFFF >> b)
        .endrep
to_l:   .repeat 16, b
        .byte <($FFFF << (15 - b))
        .endrep
to_h:   .repeat 16, b
        .byte >(($FFFF << (15 - b)) & $FFFF)
        .endrep
; Rows of the hit table: hit_table + 32 * (DY + 16).
row_l:  .repeat 32, r
        .byte <(hit_table + 32 * r)
        .endrep
row_h:  .repeat 32, r
        .byte >(hit_table + 32 * r)
        .endrep

.segment "TABLE"
; 32x32 bytes, row DY + 16, column DX + 16: 1 where the projectile and target bitmaps
; laid DX, DY apart share an opaque pixel: a copy of roms/vera/hit_table.bin, which
; roms/vera/rings.src.ron builds (a test checks the two are the same).
hit_table:
        .incbin "hit_table.bin"
