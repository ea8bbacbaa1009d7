/* mask8 for the MSX routine contract: seeds 000/001, "8-bit mask", the seed's C
   (the mask computation and TestCollision) with the harness's object table around it.

   The seed's object has posX, posY, width, height and the two masks. Here posX/width and
   posY/height are the object's span on the 256x192 screen (clamped first, as the project's
   band methods do; an object with no on-screen pixel, or an Art object, gets empty masks
   and never collides), and x, x2, y, y2 keep its whole box (seed 002's x2 = x + width) for
   the exact test that the seed leaves to "more advanced collision code": the half-open box
   test, computed only for objects on screen, where x2 and y2 cannot overflow.

   The seed's end band is (posX + width) / 64: an object reaching 256 px asks for bit[4],
   $10, which lands in the Y nibble; the Y bits are shifted in int and the assignment to
   the u8 mask keeps the low 8 bits, as the Rust method `mask8` models it. The byte after
   the table is a zero, like mask16's (no index here reaches past the table on a 256x192
   screen). */
#include "contract.h"

typedef struct {
  u8 mask;
  u16 posX;
  u16 posY;
  u16 width;
  u16 height;
  i16 x;
  i16 x2;
  i16 y;
  i16 y2;
} object;

const u8 bit[8] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80 };
const u8 past_bit = 0x00; /* what bit[8] reads */

static object obj[255];

/* The on-screen span of r into o; FALSE when no pixel of r is on screen. */
static inline bool on_screen(const record* r, object* o)
{
  i16 x0 = r->x;
  i16 y0 = r->y;
  i16 x1, y1;
  if(r->w == 0 || r->h == 0)
    return FALSE;
  if(x0 >= 256 || y0 >= 192)
    return FALSE;
  x1 = x0 + r->w;
  y1 = y0 + r->h;
  if(x1 <= 0 || y1 <= 0)
    return FALSE;
  if(x0 < 0) x0 = 0;
  if(y0 < 0) y0 = 0;
  if(x1 > 256) x1 = 256;
  if(y1 > 192) y1 = 192;
  o->posX = x0;
  o->posY = y0;
  o->width = x1 - x0;
  o->height = y1 - y0;
  return TRUE;
}

static inline bool TestCollision(const object* o1, const object* o2)
{
  u8 mask = o1->mask & o2->mask;
  if((mask & 0x0F) == 0) // Test X coordinates
    return FALSE;
  if((mask & 0xF0) == 0) // Test Y coordinates
    return FALSE;
  /* do more advanced collision code here... the half-open box test */
  if(o2->x >= o1->x2)
    return FALSE;
  if(o1->x >= o2->x2)
    return FALSE;
  if(o2->y >= o1->y2)
    return FALSE;
  if(o1->y >= o2->y2)
    return FALSE;
  return TRUE;
}

void collide(void)
{
  u8 n = (u8)OBJ.count;
  u8 i, j;
  const record* r = OBJ.rec;
  object* o = obj;
  object* o1;
  object* o2;
  OUT.count = 0;
  for(i = 0; i < n; i++, r++, o++)
  {
    if(r->group != ART && on_screen(r, o))
    {
      o->x = r->x;
      o->x2 = r->x + r->w;
      o->y = r->y;
      o->y2 = r->y + r->h;
      o->mask = bit[o->posX / 64] | bit[(o->posX + o->width) / 64] | (bit[o->posY / 64] | bit[(o->posY + o->height) / 64]) << 4;
    }
    else
    {
      o->mask = 0;
    }
  }
  /* Every unordered pair once; Art objects have empty masks, so TestCollision rejects
     them with the first test. */
  for(i = 0, o1 = obj; i < n; i++, o1++)
  {
    for(j = i + 1, o2 = o1 + 1; j < n; j++, o2++)
    {
      if(TestCollision(o1, o2))
        add_pair(i, j);
    }
  }
}
