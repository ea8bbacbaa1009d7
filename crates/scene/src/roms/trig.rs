//! Sine and cosine from a fixed Taylor series in plain IEEE-754 arithmetic, so path tables
//! are byte-identical on every machine (platform `sin` implementations may differ in the
//! last bit, which could move a rounded pixel).

/// (cos, sin) of `k / n` of a full turn.
#[must_use]
pub fn cos_sin_turn(k: u64, n: u64) -> (f64, f64) {
    // Reduce exactly in integers to [-1/2, 1/2] of a turn, then to radians.
    let k = k % n;
    let signed = if 2 * k > n {
        -((n - k) as f64)
    } else {
        k as f64
    };
    let x = signed / n as f64 * 2.0 * std::f64::consts::PI;
    (series(x, 0), series(x, 1))
}

/// sum of (-1)^i x^(2i + p) / (2i + p)!, p = 0 for cos, 1 for sin; |x| <= pi.
fn series(x: f64, p: u32) -> f64 {
    let mut term = if p == 0 { 1.0 } else { x };
    let mut sum = term;
    let x2 = x * x;
    for i in 1..30u32 {
        let a = f64::from(2 * i + p - 1);
        let b = f64::from(2 * i + p);
        term = -term * x2 / (a * b);
        sum += term;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_platform_closely_and_hits_the_axes() {
        for n in [4u64, 7, 208, 400, 512] {
            for k in 0..n {
                let (c, s) = cos_sin_turn(k, n);
                let a = k as f64 / n as f64 * std::f64::consts::TAU;
                assert!((c - a.cos()).abs() < 1e-12, "cos {k}/{n}");
                assert!((s - a.sin()).abs() < 1e-12, "sin {k}/{n}");
            }
        }
        assert_eq!(cos_sin_turn(0, 400), (1.0, 0.0));
    }
}
