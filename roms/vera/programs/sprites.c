/*
** sprites.c: a sprite game's core in C for the Commander X16 (cl65 -t cx16). Two 16x16
** sprites on VERA: the player, sprite 0, moved one pixel a frame by pad 1's d-pad (read
** through the KERNAL's joystick_get, pad1.s), and the target, sprite 1, standing still.
** Both have collision mask %0001, so the chip sets ISR's SPRCOL in a frame where they
** overlap; the program then marks the hit: hit_now is 1 for that frame (0 for the
** others), hits counts such frames, hit_frame keeps the first, and the target turns to
** its other colour.
**
** By construction: the player starts at (100, 100), the target at (200, 100); held
** right, the player's X after the move of frame f is 100 + f, so the two first overlap
** on the frame drawn after X reaches 185.
*/

#include <cx16.h>
#include <time.h>

unsigned char __fastcall__ pad1_byte0 (void);

#define SPRITE_ATTR 0x1FC00UL   /* VERA's sprite attribute table */
#define PATTERN     0x10000UL   /* the sprites' 16x16, 8 bpp pattern */

unsigned int frame;
unsigned int hit_frame = 0xFFFF;
unsigned int hits;
unsigned char hit_now;
unsigned int player_x = 100;
unsigned int player_y = 100;

/* ADDR0 at addr, increment 1. */
static void vset (unsigned long addr)
{
    VERA.control = 0;
    VERA.address = (unsigned short) addr;
    VERA.address_hi = (unsigned char) (addr >> 16) | 0x10;
}

/* Sprite n's eight attribute bytes: the pattern, X, Y, the collision mask with z 3, and
** 16x16 with palette offset pal. */
static void sprite (unsigned char n, unsigned int x, unsigned int y, unsigned char pal)
{
    vset (SPRITE_ATTR + n * 8);
    VERA.data0 = (unsigned char) (PATTERN >> 5);            /* address bits 12-5 */
    VERA.data0 = (unsigned char) (PATTERN >> 13) | 0x80;    /* bits 16-13, 8 bpp */
    VERA.data0 = (unsigned char) x;
    VERA.data0 = (unsigned char) (x >> 8);
    VERA.data0 = (unsigned char) y;
    VERA.data0 = (unsigned char) (y >> 8);
    VERA.data0 = 0x1C;                                      /* mask %0001, z 3 */
    VERA.data0 = 0x50 | pal;                                /* 16x16 */
}

int main (void)
{
    unsigned int i;
    unsigned char pad;
    clock_t t;

    vset (PATTERN);
    for (i = 0; i < 256; ++i) {
        VERA.data0 = 1;                 /* a solid block in colour 1 */
    }
    sprite (0, player_x, player_y, 0);
    sprite (1, 200, 100, 1);            /* palette offset 1: colour 17 */
    VERA.display.video |= 0x40;         /* sprites on */
    for (;;) {
        /* The next VSYNC: the KERNAL's interrupt moves the jiffy clock on. */
        t = clock ();
        while (clock () == t) {
        }
        ++frame;
        hit_now = 0;
        if (VERA.irq_flags & 0x04) {    /* SPRCOL */
            hit_now = 1;
            VERA.irq_flags = 0x04;
            ++hits;
            if (hit_frame == 0xFFFF) {
                hit_frame = frame;
                sprite (1, 200, 100, 2);
            }
        }
        pad = pad1_byte0 ();
        if ((pad & 0x01) == 0) {
            ++player_x;
        }
        if ((pad & 0x02) == 0) {
            --player_x;
        }
        if ((pad & 0x04) == 0) {
            ++player_y;
        }
        if ((pad & 0x08) == 0) {
            --player_y;
        }
        sprite (0, player_x, player_y, 0);
    }
    return 0;
}
