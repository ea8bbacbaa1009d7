/* The MSX routine contract (crates/machine/src/msx/target.rs), as the C sees it. */
#ifndef CONTRACT_H
#define CONTRACT_H

typedef unsigned char u8;
typedef signed char i8;
typedef unsigned int u16;  /* sdcc: int is 16 bits */
typedef signed int i16;
typedef unsigned char bool;
#define FALSE 0
#define TRUE 1

#define GOOD 0
#define BAD 1
#define ART 2

/* One object of the frame as the harness writes it: 8 bytes, little-endian. */
typedef struct {
  i16 x;      /* left edge, screen pixels */
  i16 y;      /* top edge */
  u8 w;       /* width in pixels */
  u8 h;       /* height */
  u8 group;   /* GOOD, BAD or ART */
  u8 sprite;  /* first hardware sprite number */
} record;

typedef struct {
  u16 count;
  record rec[255];
} object_table;

typedef struct {
  u8 i;
  u8 j;
} pair;

#define PAIR_CAPACITY 2048

typedef struct {
  u16 count;
  pair pairs[PAIR_CAPACITY];
} pair_list;

#define OBJ (*(object_table*)0xC000)
#define OUT (*(pair_list*)0xC800)

/* Appends the pair (i, j); past the capacity it only counts, so the harness reports the
   overflow instead of the routine writing over RAM. */
static void add_pair(u8 i, u8 j)
{
  u16 k = OUT.count;
  if(k < PAIR_CAPACITY)
  {
    OUT.pairs[k].i = i;
    OUT.pairs[k].j = j;
  }
  OUT.count = k + 1;
}

#endif
