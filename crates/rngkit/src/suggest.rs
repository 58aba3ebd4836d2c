//! "Did you mean" for names users mistype (`Unity`, `mt`, `xoshiro256**`).

/// The candidate closest to `input`: an exact match ignoring case and
/// punctuation, a candidate that starts with the input (or the reverse),
/// or one within an edit distance of a third of the input's length.
///
/// ```
/// use rngkit::suggest::closest;
///
/// let names = ["unity", "mt19937", "xoshiro256ss", "range-int"];
/// assert_eq!(closest("Unity", names), Some("unity"));
/// assert_eq!(closest("xoshiro256**", names), Some("xoshiro256ss"));
/// assert_eq!(closest("mt", names), Some("mt19937"));
/// assert_eq!(closest("rang-int", names), Some("range-int"));
/// assert_eq!(closest("zzz", names), None);
/// ```
pub fn closest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let key = normalize(input);
    if key.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let c = normalize(candidate);
        let score = if c == key {
            0
        } else if c.starts_with(&key) || key.starts_with(&c) {
            1
        } else {
            let d = distance(&key, &c);
            if d * 3 > key.len().max(3) {
                continue;
            }
            1 + d
        };
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, candidate));
        }
    }
    best.map(|(_, c)| c)
}

fn normalize(s: &str) -> alloc::string::String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Levenshtein distance on bytes.
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: alloc::vec::Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
