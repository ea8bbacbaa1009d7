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
ng:     .res 1              ; projectiles listed (entries 1..ng)
nb:     .res 1              ; targets listed (entries 0..nb-1)
bi:     .res 1              ; outer index (targets)
xl:     .res 1              ; the record's x and y
xh:     .res 1
yl:     .res 1
yh:     .res 1
lo1:    .res 1              ; span end, inclusive
hi1:    .res 1
first:  .res 1              ; first band of a span
mxl:    .res 1              ; X map of the record
mxh:    .res 1
myl:    .res 1              ; Y map
myh:    .res 1
bmxl:   .res 1              ; the current target: maps, x, y
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
; Projectiles, entries 1..ng (the inner loop counts down to 1): maps, x - 16, y - 16 (so
; that target - entry = D + 16), record index.
g_mxl:  .res 256
g_mxh:  .res 256
g_myl:  .res 256
g_myh:  .res 256
g_xl:   .res 256
g_xh:   .res 256
g_yl:   .res 256
g_yh:   .res 256
g_idx:  .res 256
; Targets, entries 0..nb-1: maps, x, y, record index.
b_mxl:  .res 256
b_mxh:  .res 256
b_myl:  .res 256
b_myh:  .res 256
b_xl:   .res 256
b_xh:   .res 256
b_yl:   .res 256
b_yh:   .res 256
b_idx:  .res 256

; BAND pl, ph, t0, t1, t2: A = the band of the on-screen coordinate ph:pl (high byte 0, 1
; or 2) from the per-coordinate tables t0 (0..255), t1 (256..511), t2 (512..). Uses X.
.macro BAND pl, ph, t0, t1, t2
        .local p0, p1, done
        ldx pl
        lda ph
        beq p0
        .ifblank t2
        lda t1,x
        bra done
        .else
        cmp #1
        beq p1
        lda t2,x
        bra done
p1:     lda t1,x
        bra done
        .endif
p0:     lda t0,x
done:
.endmacro

; SPAN_MAP: the map of the record's span pos .. pos + size - 1 clamped to 0 .. limit - 1,
; stored in outl / outh, and the position in pl / ph; jumps to `off` when no pixel of the
; span is on screen. Uses A, X, Y.
.macro SPAN_MAP pos, size, limit, pl, ph, t0, t1, t2, outl, outh, off
        .local below, neg, start_set, last15, last_set
        ldy #pos
        lda (rec),y
        sta pl
        iny
        lda (rec),y
        sta ph
        bmi neg
        cmp #>limit             ; pos >= limit: wholly past the far edge
        bcc below
        bne off
        lda pl
        cmp #<limit
        bcs off
below:  BAND pl, ph, t0, t1, t2
        sta first
        bra start_set
neg:    stz first               ; pos < 0: band 0
start_set:
        ldy #size
        lda (rec),y             ; size >= 1
        dec a
        clc
        adc pl
        sta lo1
        lda ph
        adc #0                  ; end = pos + size - 1 (pos < limit: no overflow)
        bmi off                 ; end < 0: wholly before the near edge
        sta hi1
        cmp #>limit             ; end >= limit: the last band
        bcc :+
        bne last15
        lda lo1
        cmp #<limit
        bcs last15
:       BAND lo1, hi1, t0, t1, t2
        tay
        bra last_set
last15: ldy #15
last_set:
        ldx first
        lda from_l,x
        and to_l,y
        sta outl
        lda from_h,x
        and to_h,y
        sta outh
.endmacro

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
        bra filter
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
        jmp maps
skip:
        lda rec
        clc
        adc #8
        sta rec
        bcc :+
        inc rec+1
:       inc index
        dec left
        bne filter
        jmp pairs

maps:
        SPAN_MAP REC_X, REC_W, 640, xl, xh, bx0, bx1, bx2, mxl, mxh, drop
        bra ymap
drop:   jmp skip                ; within reach of both maps' branches
ymap:   SPAN_MAP REC_Y, REC_H, 480, yl, yh, by0, by1, , myl, myh, drop
        lda group
        bne target
        inc ng                  ; a projectile: entry ng
        ldx ng
        lda mxl
        sta g_mxl,x
        lda mxh
        sta g_mxh,x
        lda myl
        sta g_myl,x
        lda myh
        sta g_myh,x
        sec
        lda xl
        sbc #16
        sta g_xl,x
        lda xh
        sbc #0
        sta g_xh,x
        sec
        lda yl
        sbc #16
        sta g_yl,x
        lda yh
        sbc #0
        sta g_yh,x
        lda index
        sta g_idx,x
        jmp skip
target:
        ldx nb                  ; a target: entry nb
        lda mxl
        sta b_mxl,x
        lda mxh
        sta b_mxh,x
        lda myl
        sta b_myl,x
        lda myh
        sta b_myh,x
        lda xl
        sta b_xl,x
        lda xh
        sta b_xh,x
        lda yl
        sta b_yl,x
        lda yh
        sta b_yh,x
        lda index
        sta b_idx,x
        inc nb
        jmp skip

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
        ldx ng
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
        dex
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

.segment "RODATA"
; VRAM address of byte 6 of sprite s's attributes, bits 7-0 and 15-8 (bit 16 is 1).
attr_l: .repeat 128, s
        .byte <(SPRATTR + 8 * s + 6)
        .endrep
attr_m: .repeat 128, s
        .byte >(SPRATTR + 8 * s + 6)
        .endrep
; Band of every on-screen coordinate: x / 40 for x in 0..639 (three pages by high
; byte), y / 30 for y in 0..479 (two pages).
bx0:    .repeat 256, i
        .byte i / 40
        .endrep
bx1:    .repeat 256, i
        .byte (256 + i) / 40
        .endrep
bx2:    .repeat 128, i
        .byte (512 + i) / 40
        .endrep
by0:    .repeat 256, i
        .byte i / 30
        .endrep
by1:    .repeat 224, i
        .byte (256 + i) / 30
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
