//! The top-level fields of a program file's text, so that a hunt can write the program file
//! back with its own input, frames and expectation and the rest as the user wrote it
//! (comments between the fields kept). A small scanner of RON's nesting: strings, raw
//! strings, character literals and comments are skipped, brackets counted.

/// A top-level field: its name and the byte range of `name: value` in the text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Field {
    pub name: String,
    pub start: usize,
    /// Past the value (before its comma, if any).
    pub end: usize,
}

/// The fields of the outermost `Name( ... )` and the offsets of its opening and closing
/// parentheses.
pub(crate) fn fields(text: &str) -> Option<(Vec<Field>, usize, usize)> {
    let b = text.as_bytes();
    let mut i = skip(b, 0);
    // The struct's name, then its parenthesis.
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i = skip(b, i);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    let open = i;
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip(b, i);
        match b.get(i)? {
            b')' => return Some((out, open, i)),
            b',' => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let name = text[start..i].to_owned();
        i = skip(b, i);
        if b.get(i) != Some(&b':') || name.is_empty() {
            return None;
        }
        i += 1;
        // The value: up to a comma or the closing parenthesis at depth 0.
        let mut depth = 0i32;
        let mut end = i;
        while i < b.len() {
            let j = skip(b, i);
            if j != i {
                i = j;
                continue;
            }
            match b[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth == 0 => break,
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 0 => break,
                b'"' => i = string_end(b, i),
                b'\'' => i = char_end(b, i),
                b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) => i = raw_end(b, i),
                _ => {}
            }
            i += 1;
            end = i;
        }
        out.push(Field { name, start, end });
    }
}

/// Past whitespace and comments from `i`.
fn skip(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else {
            return i;
        }
    }
}

/// The index of the closing quote of the string opening at `i`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() && b[i] != b'"' {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i.min(b.len().saturating_sub(1))
}

fn char_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() && b[i] != b'\'' {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i.min(b.len().saturating_sub(1))
}

/// The index of the last byte of the raw string `r##"..."##` opening at `i`.
fn raw_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    let mut hashes = 0;
    while b.get(i) == Some(&b'#') {
        hashes += 1;
        i += 1;
    }
    i += 1;
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes
        {
            return (i + hashes).min(b.len() - 1);
        }
        i += 1;
    }
    b.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_skip_nesting_strings_and_comments() {
        let t = "// c\nProgram(\n  version: 1, // x, y\n  image: \"a,)b\",\n  objects: (rules: [(sprites: (0, 0))], others: None),\n  /* z) */ frames: 3\n)\n";
        let (f, open, close) = fields(t).unwrap();
        assert_eq!(&t[open..open + 1], "(");
        let names: Vec<&str> = f.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["version", "image", "objects", "frames"]);
        assert_eq!(&t[f[1].start..f[1].end], "image: \"a,)b\"");
        assert_eq!(&t[f[3].start..f[3].end], "frames: 3");
        assert_eq!(&t[close..close + 1], ")");
    }
}
