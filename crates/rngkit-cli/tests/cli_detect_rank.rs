//! `detect` ranks what it cannot settle: 40 glibc `rand()` values (from a C
//! program) leave glibc open with some 2^24 states, and every other reading
//! open with no evidence at all; glibc is named first, with the number of
//! values that settle it, and that number is close to what recovery really
//! needs.

use crate::common::run_stdin;
use crate::oracles;

/// 200 `rand()` values after `srand(123456789)`.
fn glibc_values() -> Option<Vec<String>> {
    let out = oracles::run_c(
        "rank-glibc",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  srand(123456789); for (int i = 0; i < 200; i++) printf(\"%d\\n\", rand());\n  return 0;\n}\n",
    )?;
    Some(out.lines().map(str::to_string).collect())
}

#[test]
fn forty_glibc_values_name_glibc_first_with_the_values_to_add() {
    let Some(values) = glibc_values() else {
        return;
    };
    let text = values[..40].join("\n") + "\n";
    let r = run_stdin(&["detect", "--max-seconds", "30"], &text);
    let message = r.fails(3, "no generator is pinned by these 40 values; still open: ");
    let open = message.split("still open: ").nth(1).unwrap();
    assert!(open.starts_with("glibc rand ("), "{message}");
    // glibc's group ends with its estimate, before any other GEN's.
    let end = open
        .find(" more values to settle)")
        .unwrap_or_else(|| panic!("no `add about N more values to settle`: {message}"));
    let first = &open[..end];
    assert!(
        !first.contains("dotnet") && !first.contains("php"),
        "{first}"
    );
    let more: u64 = first
        .rsplit("add about ")
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number of values: {first}"));
    // What recovery itself says: half the estimate still leaves several
    // states, twice it pins one (the bits per value alone, 31, would have
    // said one more value).
    assert!(more > 8, "{first}");
    let observations = |n: usize| -> String {
        values[..n]
            .iter()
            .map(|v| format!("rand = {v}\n"))
            .collect()
    };
    let half = 40 + more as usize / 2;
    run_stdin(&["recover", "glibc"], &observations(half)).fails(3, "states fit");
    let twice = (40 + 2 * more as usize).min(values.len());
    let r = run_stdin(&["recover", "glibc"], &observations(twice));
    assert_eq!(r.ok().len(), 1, "{}", r.stderr);
}
