//! Why the hunted answer disagrees, in words, as far as the frame tells: the documented
//! misses of the seed methods (specs/methods pages), the chip's reasons for its flag.

use collide::{Group, MethodId, Object};

use super::Found;
use super::judge::{Finding, Hunted};
use super::space::{self, Space};

pub(super) fn describe_kind(f: &Finding) -> String {
    match (f.kind, f.pair) {
        ("miss", Some((a, b))) => format!("misses objects {a} and {b}"),
        ("false alarm", Some((a, b))) => format!("reports objects {a} and {b}, which do not meet"),
        ("flag clear", Some((a, b))) => {
            format!("flag stays clear while sprites {a} and {b} meet")
        }
        ("flag clear", None) => "flag stays clear while opaque pixels meet".into(),
        ("flag set", _) => "flag is set while no opaque pixels meet".into(),
        ("error", _) => "fails to run".into(),
        (k, _) => k.to_owned(),
    }
}

pub(super) fn group_name(g: Group) -> &'static str {
    match g {
        Group::Good => "Good",
        Group::Bad => "Bad",
        Group::Art => "Art",
    }
}

/// Why the pair was missed, as far as the frame tells.
pub(super) fn why(space: &Space, hunted: &Hunted, found: &Found) -> Vec<String> {
    let f = &found.finding;
    let mut out: Vec<String> = Vec::new();
    let objs = &found.frame.objs;
    if let Hunted::Code { .. } = hunted {
        out.extend(f.reasons.iter().cloned());
        if let Some((a, b)) = f.pair {
            out.push(if f.kind == "false alarm" {
                format!(
                    "the routine wrote the pair ({a}, {b}) to its pair list (read back from the contract's OUT area), but objects {a} and {b} do not meet in {}",
                    hunted.truth()
                )
            } else {
                format!(
                    "objects {a} and {b} meet in {}, but the routine's pair list (read back from the contract's OUT area) does not hold the pair ({a}, {b})",
                    hunted.truth()
                )
            });
        }
    }
    match (hunted, hunted.rule()) {
        (Hunted::Method(_), Some(MethodId::HwFlag)) => {
            if let Some((line, n)) = busiest_line(space, objs) {
                out.push(format!("{n} sprites share line {line}"));
            }
            out.extend(f.reasons.iter().cloned());
        }
        (_, Some(MethodId::Columns)) => {
            if let Some((a, b)) = f.pair {
                let good = [a, b]
                    .into_iter()
                    .find(|&i| objs.get(i as usize).is_some_and(|o| o.good));
                if let Some(g) = good {
                    let cols = |i: usize| {
                        let o = &objs[i];
                        let x0 = o.x.max(0) / 8;
                        let x1 =
                            (o.x + i32::from(o.w) - 1).min(i32::from(space.screen.w_px) - 1) / 8;
                        x0..=x1
                    };
                    let mine = cols(g as usize);
                    for (j, o) in objs.iter().enumerate() {
                        if j != g as usize && o.good {
                            let theirs = cols(j);
                            if let Some(c) = mine.clone().find(|c| theirs.contains(c)) {
                                out.push(format!(
                                    "objects {g} and {j} are both Good and share the 8-px column {c}: the later one overwrote the earlier in goodList, so the Bad sprite never tested object {}",
                                    g.min(j as u32)
                                ));
                                break;
                            }
                        }
                    }
                }
            }
            if out.is_empty()
                && let Some((a, b)) = f.pair
            {
                out.extend(columns_order(objs, a, b));
            }
            if out.is_empty() {
                out.push("columns' documented misses: a Good sprite is removed after its first hit, a Bad sprite stops at its first collision".into());
            }
        }
        (_, Some(m @ (MethodId::Mask16 | MethodId::Mask8))) => {
            if let Some((a, b)) = f.pair {
                for i in [a, b] {
                    if let Some(o) = found.objects.get(i as usize) {
                        out.push(band_text(space, i, o));
                    }
                }
            }
            out.push(format!(
                "{m} sets only the first and the `(x + w) / 32` band of each object, and an index of 8 or more is lost"
            ));
        }
        (_, Some(m @ MethodId::AllPairs4Case)) => {
            if let Some((a, b)) = f.pair
                && let (Some(p), Some(q)) = (objs.get(a as usize), objs.get(b as usize))
            {
                let mut same: Vec<&str> = Vec::new();
                for (name, u, v) in [
                    ("left", p.x, q.x),
                    ("right", p.x + i32::from(p.w), q.x + i32::from(q.w)),
                    ("top", p.y, q.y),
                    ("bottom", p.y + i32::from(p.h), q.y + i32::from(q.h)),
                ] {
                    if u == v {
                        same.push(name);
                    }
                }
                if !same.is_empty() {
                    out.push(format!(
                        "objects {a} and {b} overlap with their {} edges on the same pixel: the seed's strict < and > with x2 = x + width reject them",
                        same.join(", ")
                    ));
                }
            }
            out.push(format!("{m} is {:?} ({})", m.exactness(), m.origin()));
        }
        (_, Some(m)) => out.push(format!("{m} is {:?} ({})", m.exactness(), m.origin())),
        (_, None) => {}
    }
    out
}

/// The two other documented misses of `columns`, where the frame shows them: the Good
/// object was removed by an earlier Bad hit, or the Bad object stopped at an earlier
/// collision.
pub(super) fn columns_order(objs: &[space::Obj], a: u32, b: u32) -> Option<String> {
    let meet = |p: &space::Obj, q: &space::Obj| {
        p.x < q.x + i32::from(q.w)
            && q.x < p.x + i32::from(p.w)
            && p.y < q.y + i32::from(q.h)
            && q.y < p.y + i32::from(p.h)
    };
    let (a, b) = (a as usize, b as usize);
    let (g, bad) = if objs.get(a)?.good { (a, b) } else { (b, a) };
    let (go, bo) = (objs.get(g)?, objs.get(bad)?);
    if let Some(k) = (0..bad).find(|&k| !objs[k].good && meet(&objs[k], go)) {
        return Some(format!(
            "Bad object {k} hit Good object {g} first, which removed {g} from goodList, so Bad object {bad} never tested it"
        ));
    }
    (0..objs.len())
        .find(|&k| k != g && objs[k].good && meet(&objs[k], bo))
        .map(|k| {
            format!(
                "Bad object {bad} stopped at its first collision, with Good object {k}, and never tested Good object {g}"
            )
        })
}

/// The bands an object covers, and those `maskX`/`maskY` set.
pub(super) fn band_text(space: &Space, i: u32, o: &Object) -> String {
    let Some(c) = o.bbox.clamp_to(space.screen) else {
        return format!("object {i} has no on-screen pixel");
    };
    let axis = |p: i32, len: u16| {
        let (p, len) = (p.max(0) as u32, u32::from(len));
        let covered = format!("{}..{}", p / 32, (p + len - 1) / 32);
        let set: Vec<String> = [p / 32, (p + len) / 32]
            .into_iter()
            .map(|b| {
                if b < 8 {
                    b.to_string()
                } else {
                    format!("{b} (lost)")
                }
            })
            .collect();
        format!("covers bands {covered}, mask sets {}", set.join(" and "))
    };
    format!(
        "object {i} on screen {}x{} at ({}, {}): X {}; Y {}",
        c.w,
        c.h,
        c.x,
        c.y,
        axis(c.x, c.w),
        axis(c.y, c.h)
    )
}

/// The line most sprites cover, and how many.
pub(super) fn busiest_line(space: &Space, objs: &[space::Obj]) -> Option<(i32, usize)> {
    (0..i32::from(space.screen.h_px))
        .map(|y| {
            let n = objs
                .iter()
                .filter(|o| {
                    o.y <= y
                        && y < o.y + i32::from(o.h)
                        && o.x < i32::from(space.screen.w_px)
                        && o.x + i32::from(o.w) > 0
                })
                .count();
            (y, n)
        })
        .max_by_key(|&(y, n)| (n, -y))
        .filter(|&(_, n)| n > 0)
}
