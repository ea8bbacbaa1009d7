; mask8 for the MSX routine contract, hand-written: seeds 000/001, "8-bit mask".
; Each object that can collide (not Art, at least one pixel on the 256x192 screen) gets
;   mask = bit[x0 / 64] | bit[x1 / 64] | (bit[y0 / 64] | bit[y1 / 64]) << 4
; over its on-screen span x0 <= x < x1, y0 <= y < y1 (clamped to the screen). The end band
; is the seed's (x + width) / 64: x1 = 256 gives bit[4] = $10, which lands in the Y nibble
; as the seed's C does. Objects with no on-screen pixel never collide. Every unordered pair
; ANDs the two bytes once, is rejected when the X nibble (bits 3-0) is 0, then when the Y
; nibble (bits 7-4) is 0, else decided by the exact half-open box test.
        include "contract.inc"
        include "boxtest.inc"

; Compacted record, 8 bytes: x lo, x hi, y lo, y hi, w, h, mask, index.
STRIDE  equ 8

        org $4000
        jp start
bits:   db $01, $02, $04, $08, $10, $20, $40, $80

; A = bit[A / 64]. Uses HL.
band64: rlca
        rlca
        and 3
        ld hl,bits
        add a,l
        ld l,a
        ld a,(hl)
        ret

start:
        ld hl,0
        ld (PAIRS),hl
        xor a
        ld (NLIVE),a
        ld a,(OBJS)
        or a
        ret z
        ld b,a
        ld c,0
        ld ix,OBJS+2
        ld de,LIVE
m_copy:
        ld a,(ix+6)
        cp ART
        jp z,m_skip
        ld a,(ix+4)
        or a
        jp z,m_skip
        ld a,(ix+5)
        or a
        jp z,m_skip
        ; ---- X span: x0 = max(x, 0), x1 = min(x + w, 256)
        ld a,(ix+1)
        or a
        jr z,m_xin
        jp p,m_skip             ; x >= 256
        ld l,(ix+0)
        ld h,a
        push de
        ld e,(ix+4)
        ld d,0
        add hl,de               ; x + w, at most 254
        pop de
        ld a,h
        or a
        jp nz,m_skip            ; x + w < 0
        ld a,l
        or a
        jp z,m_skip             ; x + w = 0
        call band64             ; x1 = x + w
        or $01                  ; x0 = 0: bit[0]
        jr m_xdone
m_xin:  ld a,(ix+0)             ; 0 <= x <= 255
        add a,(ix+4)
        ld a,(bits+4)           ; x1 = 256: bit[4], in the Y nibble
        jr c,m_x1
        ld a,(ix+0)
        add a,(ix+4)
        call band64
m_x1:   push af
        ld a,(ix+0)
        call band64
        pop hl
        or h
m_xdone:
        ex af,af'
        ; ---- Y span: y0 = max(y, 0), y1 = min(y + h, 192)
        ld a,(ix+3)
        or a
        jr z,m_yin
        jp p,m_skip             ; y >= 256
        ld l,(ix+2)
        ld h,a
        push de
        ld e,(ix+5)
        ld d,0
        add hl,de               ; y + h, at most 254
        pop de
        ld a,h
        or a
        jp nz,m_skip
        ld a,l
        or a
        jp z,m_skip
        cp 192
        jr c,m_y1a
        ld a,192
m_y1a:  call band64
        or $01
        jr m_ydone
m_yin:  ld a,(ix+2)
        cp 192
        jp nc,m_skip            ; y >= 192
        add a,(ix+5)
        jr c,m_yclamp
        cp 192
        jr c,m_y1b
m_yclamp:
        ld a,192
m_y1b:  call band64
        push af
        ld a,(ix+2)
        call band64
        pop hl
        or h
m_ydone:
        rlca
        rlca
        rlca
        rlca                    ; << 4: bands 0-3 only (y1 <= 192), nothing shifted out
        ld l,a
        ex af,af'
        or l                    ; the one mask byte
        ; ---- store x, y, w, h, mask, index
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
        ld (de),a               ; mask
        inc de
        ld a,c
        ld (de),a
        inc de
        ld hl,NLIVE
        inc (hl)
m_skip:
        push de
        ld de,8
        add ix,de
        pop de
        inc c
        dec b
        jp nz,m_copy

        ld a,(NLIVE)
        cp 2
        ret c
        dec a
        ld b,a
        ld ix,LIVE
m_outer:
        push bc
        push ix
        pop iy
m_inner:
        ld de,STRIDE
        add iy,de
        ld a,(ix+6)
        and (iy+6)
        ld c,a
        and $0F
        jp z,m_next             ; no X band in common
        ld a,c
        and $F0
        jp z,m_next             ; no Y band in common
        BOXTEST m_next
        ld hl,(PAIRS)
        ld a,h
        cp PAIRCAP/256
        jr nc,m_count
        push hl
        add hl,hl
        ld de,PAIRS+2
        add hl,de
        ld a,(ix+7)
        ld (hl),a
        inc hl
        ld a,(iy+7)
        ld (hl),a
        pop hl
m_count:
        inc hl
        ld (PAIRS),hl
m_next:
        dec b
        jp nz,m_inner
        pop bc
        ld de,STRIDE
        add ix,de
        dec b
        jp nz,m_outer
        ret
