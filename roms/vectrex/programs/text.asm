; text.asm: a Vectrex cartridge that writes with the BIOS, as games write their scores
; and titles: Print_Str_d, Print_List and Dot_List, every frame.
;
; Each frame, after Wait_Recal (DP = $D0, the pen at the origin, scale $FF): brightness
; $5F; "HI" with its top left at (40, -60) (Print_Str_d, A = y, B = x, U -> the text);
; the list entry "OK" at (-32, -40) (Print_List, U -> y, x, text, then the 0 that ends
; the list); then from the origin at scale $7F three dots a relative move apart (Dot_List,
; $C823 = 2): (16, 16), (16, 48), (0, 48). The BIOS's defaults hold: text height -8,
; width 72, dot dwell 5.
;
; Expected, by hand from the project's BIOS (roms/vectrex/bios/bios.asm, print_str_d):
; the text's rows are 2 units apart from its top (40, 38, ... 28 for "HI"), each a sweep
; at 18 beam units a cycle in which pixel k of character n is lit from cycle 10 + 73n +
; 10k to 20 + 73n + 10k; the lit runs of the font's rows for H, I, O and K are the
; segments. After the list U points at its 0: the program stores U there, at $C880.
;
; Built with the project's assembler: hitlab asm6809 text.asm -o text.bin

Wait_Recal  equ $F192
Intensity_5F equ $F2A5
Reset0Ref   equ $F354
Dot_List    equ $F2D5
Print_Str_d equ $F37A
Print_List  equ $F38A
vl_count    equ $C823
via_t1cl    equ $D004
list_end    equ $C880           ; U after Print_List

        org $0000
        fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80 ; "g GCE 2026"
        fdb $0000                       ; no music
        fcb $F8,$50,$20,$C0             ; title height, width, y, x
        fcb $54,$45,$58,$54,$80         ; "TEXT"
        fcb $00

frame   jsr Wait_Recal
        jsr Intensity_5F
        ldu #hello
        ldd #$28C4                      ; y 40, x -60
        jsr Print_Str_d
        ldu #list
        jsr Print_List
        stu list_end
        jsr Reset0Ref
        lda #$7F
        sta via_t1cl                    ; scale $7F
        ldx #dots
        lda #$02
        sta vl_count                    ; three dots
        jsr Dot_List
        bra frame

hello   fcb $48,$49,$80                 ; "HI"
list    fcb $E0,$D8,$4F,$4B,$80         ; y -32, x -40, "OK"
        fcb $00
dots    fcb $10,$10,$00,$20,$F0,$00
