/* MSX starter template in C (sdcc): every pair i<j of non-Art objects, half-open box test.

   Build (in a folder holding template.c and crt0.s):
     sdasz80 -o crt0.rel crt0.s
     sdcc -mz80 --opt-code-speed -c -o template-c.rel template.c
     sdcc -mz80 --no-std-crt0 --code-loc 0x4000 --data-loc 0xE000 -o template-c.ihx crt0.rel template-c.rel
     makebin -o 16384 -p template-c.ihx template-c.bin
   Run:
     hitlab routine template-c.bin --target msx
     (try --like half-pairs --frames 30 --json; `hitlab routine --abi msx` prints the contract)

   The contract, in short (little-endian, as the Z80; sdcc's int is 16 bits):
     code at $4000: crt0.s puts a `jp _collide` there; collide() returns normally.
     OBJ = $C000: u16 N, then N records of 8 bytes (struct record below).
     OUT = $C800: write u16 K, then K pairs of two u8 record indices; at most 2048 pairs
           are stored (a K above 2048 is the routine's error, an overrun the harness
           reports; this template counts on and stores nothing more, so it shows).
     Stack at $F380, interrupts masked. Globals (if you add any) go to $E000 up
     (--data-loc), and are not initialised: set them in collide().

   A box covers x <= px < x + w and y <= py < y + h (half-open): two boxes touching edge
   to edge do not collide, and a box of zero width or height never collides. Art (group 2)
   never collides. To modify: change usable() (which objects take part) or overlap()
   (the test). */

typedef unsigned char u8;
typedef unsigned int u16; /* sdcc: int is 16 bits */
typedef signed int i16;

#define ART 2

typedef struct {
  i16 x;     /* +0 left edge, screen pixels */
  i16 y;     /* +2 top edge */
  u8 w;      /* +4 width in pixels */
  u8 h;      /* +5 height */
  u8 group;  /* +6 0 Good, 1 Bad, 2 Art */
  u8 sprite; /* +7 the object's first hardware sprite */
} record;

#define N (*(u16*)0xC000)
#define REC ((record*)0xC002)
#define K (*(u16*)0xC800)
#define PAIRS ((u8*)0xC802)
#define CAPACITY 2048

/* Whether a record can collide at all. */
static inline u8 usable(const record* r)
{
  return r->group != ART && r->w != 0 && r->h != 0;
}

/* Whether [a, a + aw) and [b, b + bw) share a point, both sizes nonzero. The difference
   of the two starts is taken from the smaller one, so it is exact in 16 bits unsigned
   (a + aw could overflow an i16; this cannot). */
static inline u8 overlap(i16 a, u8 aw, i16 b, u8 bw)
{
  if(b >= a)
    return (u16)b - (u16)a < aw;
  return (u16)a - (u16)b < bw;
}

void collide(void)
{
  const record* end = REC + (u8)N; /* at most 255 records */
  const record* a;
  const record* b;
  u8* out = PAIRS; /* the next pair's two bytes */
  u16 k = 0;       /* pairs found */
  u8 i, j;         /* the record indices of a and b */
  for(a = REC, i = 0; a != end; a++, i++)
  {
    i16 ax, ay;
    u8 aw, ah;
    if(!usable(a))
      continue;
    ax = a->x; /* a's fields in locals: sdcc reads them faster */
    ay = a->y;
    aw = a->w;
    ah = a->h;
    for(b = a + 1, j = i + 1; b != end; b++, j++)
    {
      if(!usable(b))
        continue;
      if(!overlap(ax, aw, b->x, b->w) || !overlap(ay, ah, b->y, b->h))
        continue;
      if(k < CAPACITY) /* full: count on, store nothing */
      {
        out[0] = i;
        out[1] = j;
        out += 2;
      }
      k++;
    }
  }
  K = k;
}
