//! Where a field path such as `objects[3].motion.table` is written in a RON text, for
//! checks made after parsing. The text is read as tokens, so comments and strings never
//! match, and the path is followed level by level, so a name that appears in two places
//! is found where the path says.

/// One token: its kind and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Open(u8),
    Close,
    Comma,
    Colon,
    Ident,
    Other,
}

fn tokens(text: &str) -> Vec<(Tok, usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // RON block comments nest.
                let mut depth = 0usize;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() && b[i] != c {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push((Tok::Other, start, i.min(b.len())));
                continue;
            }
            b'(' | b'[' | b'{' => out.push((Tok::Open(c), start, i + 1)),
            b')' | b']' | b'}' => out.push((Tok::Close, start, i + 1)),
            b',' => out.push((Tok::Comma, start, i + 1)),
            b':' => out.push((Tok::Colon, start, i + 1)),
            _ if c.is_ascii_whitespace() => {}
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push((Tok::Ident, start, i));
                continue;
            }
            _ => {
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"()[]{},:\"'/".contains(&b[i])
                {
                    i += 1;
                }
                out.push((Tok::Other, start, i.max(start + 1)));
                continue;
            }
        }
        i += 1;
    }
    out
}

enum Segment<'a> {
    Field(&'a str),
    Index(usize),
}

fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, rest) = part.split_once('[').unwrap_or((part, ""));
        if !name.is_empty() {
            out.push(Segment::Field(name));
        }
        for idx in rest.split('[') {
            if let Ok(i) = idx.trim_end_matches(']').parse() {
                out.push(Segment::Index(i));
            }
        }
    }
    out
}

/// The token after the value starting at `at` (skipping nested brackets).
fn skip_value(toks: &[(Tok, usize, usize)], mut at: usize) -> usize {
    let mut depth = 0usize;
    while at < toks.len() {
        match toks[at].0 {
            Tok::Open(_) => depth += 1,
            Tok::Close if depth == 0 => return at,
            Tok::Close => {
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            Tok::Comma if depth == 0 => return at,
            _ if depth == 0 => {
                // An identifier may be a struct or enum name with its brackets after it.
                if toks[at].0 == Tok::Ident
                    && matches!(toks.get(at + 1), Some((Tok::Open(_), _, _)))
                {
                    at += 1;
                    continue;
                }
                return at + 1;
            }
            _ => {}
        }
        at += 1;
    }
    at
}

/// Steps into the struct at `at`: past struct and enum names and their brackets, to its
/// first field (or its end).
fn enter_struct(toks: &[(Tok, usize, usize)], mut at: usize) -> usize {
    while at < toks.len() {
        let next = toks.get(at + 1).map(|t| t.0);
        match (toks[at].0, next) {
            (Tok::Ident, Some(Tok::Colon)) | (Tok::Close, _) => break,
            (Tok::Open(_), _) | (Tok::Ident, Some(Tok::Open(_))) => at += 1,
            // A plain value has no fields.
            _ => return toks.len(),
        }
    }
    at
}

/// Steps into the list at `at`, to its first element.
fn enter_list(toks: &[(Tok, usize, usize)], mut at: usize) -> usize {
    while at < toks.len() {
        match toks[at].0 {
            Tok::Open(b'[') => return at + 1,
            Tok::Open(_) | Tok::Ident => at += 1,
            _ => break,
        }
    }
    toks.len()
}

/// The byte offset where the value of `path` is written in `text`, or the deepest part of
/// the path that is written (a field left to its default has no place of its own).
#[must_use]
pub fn locate(text: &str, path: &str) -> Option<usize> {
    let toks = tokens(text);
    let mut at = 0;
    let mut found = None;
    for seg in segments(path) {
        let mut i = match seg {
            Segment::Field(_) => enter_struct(&toks, at),
            Segment::Index(_) => enter_list(&toks, at),
        };
        let mut hit = None;
        let mut index = 0;
        while i < toks.len() && toks[i].0 != Tok::Close {
            match seg {
                Segment::Field(name)
                    if toks[i].0 == Tok::Ident
                        && &text[toks[i].1..toks[i].2] == name
                        && matches!(toks.get(i + 1), Some((Tok::Colon, _, _))) =>
                {
                    hit = Some(i + 2);
                    break;
                }
                Segment::Index(n) if index == n => {
                    hit = Some(i);
                    break;
                }
                _ => {}
            }
            if matches!(seg, Segment::Field(_))
                && toks[i].0 == Tok::Ident
                && matches!(toks.get(i + 1), Some((Tok::Colon, _, _)))
            {
                i += 2;
            }
            i = skip_value(&toks, i);
            if matches!(toks.get(i), Some((Tok::Comma, _, _))) {
                i += 1;
                index += 1;
            }
        }
        match hit {
            Some(h) if h < toks.len() => {
                at = h;
                found = Some(toks[h].1);
            }
            _ => break,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::locate;

    const TEXT: &str = r#"// objects: a comment naming count: 3
Scene(
    name: "count: x", /* count: 9 */
    target: Vectrex((labyrinth: "l.ron")),
    objects: [
        (name: "a", count: 2, motion: Still(at: (0, 0))),
        (name: "b", count: 5, motion: Path(table: "t", speed: 1)),
    ],
)"#;

    fn at(path: &str) -> &str {
        &TEXT[locate(TEXT, path).expect("found")..][..6]
    }

    #[test]
    fn paths_are_followed_past_comments_strings_and_other_objects() {
        assert_eq!(at("objects[1].count"), "5, mot");
        assert_eq!(at("objects[0].count"), "2, mot");
        assert_eq!(at("objects[1].motion.table"), "\"t\", s");
        assert_eq!(at("target.labyrinth"), "\"l.ron");
        assert_eq!(at("objects[1]"), "(name:");
        // A field left out points at its object.
        assert_eq!(at("objects[0].sprites"), "(name:");
    }

    #[test]
    fn an_inline_scene_is_found_inside_its_scenario() {
        let text = "Scenario(\n scene: Inline((\n  objects: [(count: 0)],\n )),\n expect: [(count: 1)],\n)";
        let p = locate(text, "scene.objects[0].count").expect("found");
        assert_eq!(&text[p..p + 1], "0");
    }
}
