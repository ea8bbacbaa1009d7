| Genesis starter template (68000, GNU as): every pair i<j of non-Art objects, half-open box test.
|
| Build:   m68k-linux-gnu-as -m68000 --register-prefix-optional -o template.o template.s
|          m68k-linux-gnu-ld -Ttext=0x200 -e start --build-id=none -o template.elf template.o
|          m68k-linux-gnu-objcopy -O binary template.elf template.bin
| Run:     hitlab routine template.bin --target genesis
|          (try --like half-pairs --frames 30 --json; `hitlab routine --abi genesis` prints the contract)
|
| Code is loaded at $000200 and entered at its first byte (`start`). The tables are
| big-endian (the 68000's order). Return with RTS. Comments start with `|`.
| A box covers x <= px < x + w and y <= py < y + h (half-open): edge to edge is no hit.
| To modify: change REJECT (the test) or build_live (which objects take part).

| half-pairs: seed 002, Method 1, third form, for the Genesis routine contract.
| The Genesis routine contract (crates/machine/src/genesis/target.rs).
|   OBJ: u16 count N, then N records of 8 bytes, big-endian:
|        +0 x (i16), +2 y (i16), +4 w, +5 h, +6 group (0 Good, 1 Bad, 2 Art), +7 sprite
|   OUT: u16 count K, then K pairs of u8 indices (i, j); capacity 2048 pairs.
| The routine is called by JSR with SR = $2700 and SSP = $FFFE00; it returns with RTS.
| Registers need not be preserved.

        .equ    OBJ, 0xFF0000
        .equ    OUT, 0xFF1000
        .equ    PAIRCAP, 2048
        .equ    ART, 2

| Scratch RAM above the pair list (OUT + 2 + 4 * 1024 = $FF2002).
        .equ    LIVE, 0xFF3000          | live records (below), up to 255 of 18 bytes

| A live record: the object's box as 32-bit edges, so no i16 position can wrap,
| and its record index.
        .equ    L_X, 0                  | x
        .equ    L_X2, 4                 | x + w
        .equ    L_Y, 8                  | y
        .equ    L_Y2, 12                | y + h
        .equ    L_INDEX, 17             | the record index (low byte of a word at 16)
        .equ    L_SIZE, 18

| Macros: the pair list's append and the half-open rejection tests.

| PUSH_PAIR i, j, k: appends the pair (i, j) (two bytes) at a2 while the list has room,
| and counts it in k (a word) either way: a count above PAIRCAP is the routine's error,
| an overrun the harness reports, so a full list shows instead of passing short.
        .macro  PUSH_PAIR i, j, k
        cmp.w   #PAIRCAP,\k
        bcc.s   1f
        move.b  \i,(a2)+
        move.b  \j,(a2)+
1:      addq.w  #1,\k
        .endm

| REJECT apart: seed 002's four rejection tests in the half-open convention
| (x <= px < x + w) between a, in d4-d7 (x, x2, y, y2), and the live record b at a1;
| falls through when the boxes share a pixel, branches to `apart` at the first test that
| rejects.
        .macro  REJECT apart
        cmp.l   L_X(a1),d5              | b.x >= a.x2
        ble.s   \apart
        cmp.l   L_X2(a1),d4             | a.x >= b.x2
        bge.s   \apart
        cmp.l   L_Y(a1),d7              | b.y >= a.y2
        ble.s   \apart
        cmp.l   L_Y2(a1),d6             | a.y >= b.y2
        bge.s   \apart
        .endm

        .text
        .globl  start
start:
| Seed 002, Method 1, third form: "for each sprite, check if it collides with the next
| ones". Each unordered pair of live records once (j > i), the four rejection tests
| (REJECT). Art and zero-size objects never collide.
half_pairs:
        lea     LIVE,a1
        moveq   #-1,d7
        bsr     build_live
        move.l  a1,a3                   | the end of the table
        lea     OUT+2,a2
        moveq   #0,d3                   | K
        lea     LIVE,a0
hp_outer:
        lea     L_SIZE(a0),a1           | b: the records after a
        cmp.l   a3,a1
        bcc.s   hp_done
        movem.l (a0),d4-d7              | a: x, x2, y, y2
        move.w  16(a0),d2               | a's index
hp_inner:
        REJECT  hp_next
        PUSH_PAIR d2, L_INDEX(a1), d3
hp_next:
        lea     L_SIZE(a1),a1
        cmp.l   a3,a1
        bcs.s   hp_inner
        lea     L_SIZE(a0),a0
        bra.s   hp_outer
hp_done:
        move.w  d3,OUT
        rts
| The table of live records (L_* above) the pair loops run over.

| build_live: copies the objects that can collide into live records at a1, in record
| order. d7 = the one group wanted (0 Good, 1 Bad), or -1 for every group but Art. Objects of
| zero width or height are left out: they cover no pixel and never collide.
| Out: a1 = the end of the table. Uses d0-d4, a0.
build_live:
        lea     OBJ,a0
        move.w  (a0)+,d0                | N
        moveq   #0,d1                   | record index
        bra.s   bl_next
bl_loop:
        move.b  6(a0),d2                | group
        tst.b   d7
        bmi.s   bl_not_art
        cmp.b   d7,d2
        bne.s   bl_skip
        bra.s   bl_take
bl_not_art:
        cmp.b   #ART,d2
        beq.s   bl_skip
bl_take:
        moveq   #0,d2
        move.b  4(a0),d2                | w
        beq.s   bl_skip
        moveq   #0,d3
        move.b  5(a0),d3                | h
        beq.s   bl_skip
        move.w  (a0),d4
        ext.l   d4
        move.l  d4,(a1)+                | x
        add.l   d2,d4
        move.l  d4,(a1)+                | x + w
        move.w  2(a0),d4
        ext.l   d4
        move.l  d4,(a1)+                | y
        add.l   d3,d4
        move.l  d4,(a1)+                | y + h
        move.w  d1,(a1)+                | index
bl_skip:
        addq.l  #8,a0
        addq.w  #1,d1
bl_next:
        cmp.w   d1,d0
        bne.s   bl_loop
        rts
