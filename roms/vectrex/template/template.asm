; Vectrex starter template (6809, the project's own assembler): every pair i<j of
; non-Art objects, half-open box test.
;
; Build:   hitlab asm6809 template.asm -o template.bin   (the project's 6809 assembler;
;          errors are located as template.asm:LINE:COL)
; Run:     hitlab routine template.bin --target vectrex
;          (try --like half-pairs --json: the labyrinth's walkers first meet after
;          frame 30, so play the whole scene; `hitlab routine --abi vectrex`
;          prints the contract)
;
; The contract, in short (big-endian, as the 6809):
;   code at $1000 (the cartridge), entered at its first byte; return with RTS.
;   DP = $C8, S = $CBEA, interrupts masked; no register needs preserving.
;   OBJ = $C900: u16 N (at most 30), then N records of 8 bytes:
;         +0 x (i16)  +2 y (i16)  +4 w (u8)  +5 h (u8)  +6 group (0 Good, 1 Bad, 2 Art)
;         +7 sprite
;   OUT = $CA00: write u16 K, then K pairs of two u8 record indices (i, j); at most 120
;         pairs are stored (a K above 120 is the routine's error, an overrun the harness
;         reports; this template counts on and stores nothing more, so it shows).
;   Scratch used here: $C880-$C881 (direct page).
;
; A box covers x <= px < x + w and y <= py < y + h (half-open): two boxes touching edge
; to edge do not collide, and a box of zero width or height never collides.
; Art (group 2) never collides. To modify: change the filters (after `outer` for
; record a, after `inner` for record b) or the test between them and `hit`.

OBJ     equ $C900
OUT     equ $CA00
CAP     equ 120             ; the pair list's capacity
ART     equ 2
AI      equ $80             ; <AI = $C880: the index of record a
BI      equ $81             ; <BI = $C881: the index of record b

        org $1000
start   ldd #0
        std OUT             ; K = 0
        clr <AI             ; a = record 0
        ldx #OBJ+2          ; X -> record a
outer   lda <AI
        inca                ; b starts at a + 1
        cmpa OBJ+1          ; N's low byte (N <= 30)
        lbhs done           ; a is the last record: no pair left
        sta <BI
        lda 6,x             ; a's group
        cmpa #ART
        lbeq next_a         ; Art never collides
        lda 4,x             ; a's width and height: a box of zero size covers no
        lbeq next_a         ; pixel, and the one-sided tests below need both sizes
        lda 5,x
        lbeq next_a
        leau 8,x            ; U -> record b
inner   lda 6,u             ; b's group
        cmpa #ART
        lbeq next_b
        lda 4,u             ; b's size, as a's
        lbeq next_b
        lda 5,u
        lbeq next_b
; x: dx = b.x - a.x; overlap iff -b.w < dx < a.w
        ldd ,u
        subd ,x
        bvs next_b          ; |dx| >= 32768: apart
        bmi xneg
        tsta
        bne next_b          ; dx >= 256: apart
        cmpb 4,x
        bhs next_b          ; dx >= a.w
        bra ytest
xneg    coma                ; D = -dx
        comb
        addd #1
        tsta
        bne next_b
        cmpb 4,u
        bhs next_b          ; -dx >= b.w
; y: the same with dy = b.y - a.y and the heights
ytest   ldd 2,u
        subd 2,x
        bvs next_b
        bmi yneg
        tsta
        bne next_b
        cmpb 5,x
        bhs next_b          ; dy >= a.h
        bra hit
yneg    coma
        comb
        addd #1
        tsta
        bne next_b
        cmpb 5,u
        bhs next_b          ; -dy >= b.h
; a and b share a pixel: append (a, b) while the list has room, count it either way
hit     ldd OUT             ; K
        cmpd #CAP
        bhs count           ; full: count on, store nothing
        aslb                ; D = 2K (K < 120)
        rola
        ldy #OUT+2
        leay d,y            ; Y -> pair K
        lda <AI
        sta ,y
        lda <BI
        sta 1,y
        ldd OUT
count   addd #1
        std OUT
next_b  leau 8,u
        inc <BI
        lda <BI
        cmpa OBJ+1
        lblo inner          ; (long branch: the loop is over 127 bytes)
next_a  leax 8,x
        inc <AI
        lbra outer
done    rts
