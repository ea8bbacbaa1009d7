//! A user's routine image as the contract loads it: raw bytes at the code address (or
//! `--load`), an X16 `.prg` (two-byte little-endian load address first), or Intel HEX.
//! Every image ends up as one block starting at the contract's code address, padded with
//! $FF below its load address, entered at its load address.

use machine::routine::Abi;

use crate::cli::ImageFormat;

/// The image placed for the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Bytes from the code address on.
    pub image: Vec<u8>,
    /// Where the call enters.
    pub entry: u32,
}

/// Places `bytes` (in `format`, loaded at `load` for raw images) in `abi`'s code area.
///
/// # Errors
/// An empty image, a malformed `.prg` or HEX file, or one reaching outside the code area.
pub fn place(
    bytes: &[u8],
    format: ImageFormat,
    load: Option<u32>,
    abi: &Abi,
) -> Result<Placed, String> {
    let (base, body) = match format {
        ImageFormat::Raw | ImageFormat::Auto => (load.unwrap_or(abi.code), bytes.to_vec()),
        ImageFormat::Prg => {
            let [lo, hi, rest @ ..] = bytes else {
                return Err(
                    "a .prg starts with a two-byte load address; the file is shorter".into(),
                );
            };
            if load.is_some() {
                return Err("--load is for raw images: a .prg names its own load address".into());
            }
            (u32::from(u16::from_le_bytes([*lo, *hi])), rest.to_vec())
        }
        ImageFormat::Ihex => {
            if load.is_some() {
                return Err(
                    "--load is for raw images: Intel HEX records name their addresses".into(),
                );
            }
            ihex(bytes)?
        }
    };
    if body.is_empty() {
        return Err("the image is empty".into());
    }
    let end = u64::from(abi.code) + u64::from(abi.code_max);
    let image_end = u64::from(base) + body.len() as u64;
    if base < abi.code || image_end > end {
        return Err(format!(
            "the image loads at ${base:X}-${:X}; the {} code area is ${:X}-${:X}",
            image_end - 1,
            abi.machine,
            abi.code,
            end - 1
        ));
    }
    let mut image = vec![0xFF; (base - abi.code) as usize];
    image.extend_from_slice(&body);
    Ok(Placed { image, entry: base })
}

/// The format of an image given with `--format auto` (the default): the extension
/// `.hex`/`.ihx` (sdcc's linker output) or `.prg` says it; without one, a text file whose
/// first line is an Intel HEX record (`:` then hex digits, after a byte-order mark) is
/// Intel HEX; anything else is raw.
pub fn detect(format: ImageFormat, path: &std::path::Path, bytes: &[u8]) -> ImageFormat {
    if format != ImageFormat::Auto {
        return format;
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("hex" | "ihx") => return ImageFormat::Ihex,
        Some("prg") => return ImageFormat::Prg,
        _ => {}
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = first.strip_suffix(b"\r").unwrap_or(first);
    if first.len() >= 11 && first[0] == b':' && first[1..].iter().all(u8::is_ascii_hexdigit) {
        ImageFormat::Ihex
    } else {
        ImageFormat::Raw
    }
}

/// Intel HEX records 00 (data), 01 (end), 02 and 04 (segment and linear base): the lowest
/// address and the bytes from there, gaps $FF.
fn ihex(bytes: &[u8]) -> Result<(u32, Vec<u8>), String> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| "Intel HEX is text; the file is not".to_owned())?;
    // An editor on Windows may begin the text with a byte-order mark.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut base = 0u32;
    let mut data: Vec<(u32, Vec<u8>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}", n + 1);
        let hex = line
            .strip_prefix(':')
            .ok_or_else(|| bad("a record starts with ':'"))?;
        // Checked before any slicing: a multi-byte character would put a slice boundary
        // inside it.
        if let Some((col, c)) = hex.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
            return Err(format!(
                "line {}, column {}: `{c}` is not a hex digit",
                n + 1,
                col + 2
            ));
        }
        if hex.len() % 2 != 0 || hex.len() < 10 {
            return Err(bad("a record is an even number of hex digits, at least 10"));
        }
        let rec: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
            .collect::<Result<_, _>>()
            .map_err(|_| bad("not hex"))?;
        let len = usize::from(rec[0]);
        if rec.len() != len + 5 {
            return Err(bad("the byte count does not match the record"));
        }
        if rec.iter().fold(0u8, |a, &b| a.wrapping_add(b)) != 0 {
            return Err(bad("checksum mismatch"));
        }
        let addr = u32::from(u16::from_be_bytes([rec[1], rec[2]]));
        let payload = &rec[4..4 + len];
        match rec[3] {
            0x00 => data.push((base + addr, payload.to_vec())),
            0x01 => break,
            0x02 if len == 2 => base = u32::from(u16::from_be_bytes([payload[0], payload[1]])) << 4,
            0x04 if len == 2 => {
                base = u32::from(u16::from_be_bytes([payload[0], payload[1]])) << 16;
            }
            0x03 | 0x05 => {}
            t => return Err(bad(&format!("record type {t:02X} is not supported"))),
        }
    }
    let lo = data
        .iter()
        .map(|(a, _)| *a)
        .min()
        .ok_or("no data records")?;
    let hi = data
        .iter()
        .map(|(a, d)| u64::from(*a) + d.len() as u64)
        .max()
        .unwrap_or(u64::from(lo));
    if hi - u64::from(lo) > 16 << 20 {
        return Err("the records span more than 16 MB".into());
    }
    let mut out = vec![0xFF; (hi - u64::from(lo)) as usize];
    for (a, d) in &data {
        let at = (a - lo) as usize;
        out[at..at + d.len()].copy_from_slice(d);
    }
    Ok((lo, out))
}

#[cfg(test)]
mod tests {
    use machine::routine::ByteOrder;

    use super::*;

    const ABI: Abi = Abi {
        machine: "test",
        code: 0x4000,
        code_max: 0x4000,
        obj: 0xC000,
        obj_capacity: 255,
        out: 0xC800,
        out_capacity: 2048,
        stack: 0xF380,
        byte_order: ByteOrder::Little,
        cycles_per_frame: 59_736,
    };

    /// sdcc writes `.ihx`; a `.prg` names its load address; content tells a HEX file
    /// with another name, also after a byte-order mark.
    #[test]
    fn formats_are_told_by_the_file() {
        use std::path::Path;
        let hex = b":03400000C9C9C962\n:00000001FF\n";
        for (name, bytes, want) in [
            ("r.ihx", &hex[..], ImageFormat::Ihex),
            ("r.HEX", &hex[..], ImageFormat::Ihex),
            ("r.prg", &[0x10, 0x08, 0x60][..], ImageFormat::Prg),
            ("r.bin", &hex[..], ImageFormat::Ihex),
            ("r.bin", &[0xC9][..], ImageFormat::Raw),
            ("r", &[b':', 0xC9][..], ImageFormat::Raw),
        ] {
            assert_eq!(
                detect(ImageFormat::Auto, Path::new(name), bytes),
                want,
                "{name}"
            );
        }
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(hex);
        assert_eq!(
            detect(ImageFormat::Auto, Path::new("r.txt"), &bom),
            ImageFormat::Ihex
        );
        assert_eq!(
            detect(ImageFormat::Raw, Path::new("r.ihx"), hex),
            ImageFormat::Raw
        );
        let p = place(&bom, ImageFormat::Ihex, None, &ABI).unwrap();
        assert_eq!(p.entry, 0x4000);
        assert_eq!(&p.image[..3], &[0xC9, 0xC9, 0xC9]);
    }

    #[test]
    fn raw_images_load_at_the_code_address_or_where_asked() {
        let p = place(&[0xC9], ImageFormat::Raw, None, &ABI).unwrap();
        assert_eq!(
            p,
            Placed {
                image: vec![0xC9],
                entry: 0x4000
            }
        );
        let p = place(&[0xC9], ImageFormat::Raw, Some(0x4010), &ABI).unwrap();
        assert_eq!(p.entry, 0x4010);
        assert_eq!(p.image.len(), 0x11);
        assert!(p.image[..0x10].iter().all(|&b| b == 0xFF));
    }

    #[test]
    fn images_outside_the_code_area_are_refused() {
        let e = place(&[0; 4], ImageFormat::Raw, Some(0x3FFF), &ABI).unwrap_err();
        assert!(e.contains("code area is $4000-$7FFF"), "{e}");
        let e = place(&vec![0; 0x4001], ImageFormat::Raw, None, &ABI).unwrap_err();
        assert!(e.contains("$4000-$8000"), "{e}");
        assert!(place(&[], ImageFormat::Raw, None, &ABI).is_err());
    }

    #[test]
    fn a_prg_names_its_load_address() {
        let p = place(&[0x02, 0x40, 0x60], ImageFormat::Prg, None, &ABI).unwrap();
        assert_eq!((p.entry, p.image.len()), (0x4002, 3));
        assert!(place(&[0x02], ImageFormat::Prg, None, &ABI).is_err());
    }

    #[test]
    fn intel_hex_is_parsed_and_checked() {
        let hex = b":02400000C900F5\n:00000001FF\n";
        let p = place(hex, ImageFormat::Ihex, None, &ABI).unwrap();
        assert_eq!(
            p,
            Placed {
                image: vec![0xC9, 0x00],
                entry: 0x4000
            }
        );
        let bad = b":02400000C900F6\n";
        assert!(
            place(bad, ImageFormat::Ihex, None, &ABI)
                .unwrap_err()
                .contains("checksum")
        );
        assert!(place(b"hello", ImageFormat::Ihex, None, &ABI).is_err());
    }

    #[test]
    fn a_multi_byte_character_in_a_hex_line_is_an_error_not_a_panic() {
        // "é" is two bytes: a byte-pair slice of the line would cut it in half.
        let hex = ":0240é000C900F5\n".as_bytes();
        let e = place(hex, ImageFormat::Ihex, None, &ABI).unwrap_err();
        assert_eq!(e, "line 1, column 6: `é` is not a hex digit");
        let e = place(":é".as_bytes(), ImageFormat::Ihex, None, &ABI).unwrap_err();
        assert!(e.contains("column 2"), "{e}");
    }
}
