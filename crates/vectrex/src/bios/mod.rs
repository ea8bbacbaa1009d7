//! BIOS routines the collision methods call, modelled byte-exactly
//! (specs/vectrex.md, "BIOS collision routines"; sources/vectrex.md section 1).

mod obj_hit;

pub use obj_hit::{
    HalfSize, ObjHit, ObjHitExit, YX, half_size_for_pair, obj_hit, obj_will_hit, obj_will_hit_u,
};
