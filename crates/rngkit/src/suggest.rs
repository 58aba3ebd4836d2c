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
/// assert_eq!(closest("vlaue", ["value", "rotation"]), Some("value"));
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

/// Edit distance on bytes counting a swap of two neighbours as one edit
/// (optimal string alignment), so `vlaue` is one edit from `value`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let width = b.len() + 1;
    // Three rows of the table: i - 2, i - 1 and i.
    let mut rows = alloc::vec![0usize; 3 * width];
    for (j, cell) in rows[width..2 * width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (before, rest) = rows.split_at_mut(2 * width);
        let (older, prev) = before.split_at(width);
        let cur = &mut rest[..width];
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(older[j - 2] + 1);
            }
            cur[j] = d;
        }
        rows.rotate_left(width);
    }
    rows[2 * width - 1]
}
