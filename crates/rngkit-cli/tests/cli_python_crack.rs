//! Cracking CPython's `random` through the binary, with the values a real
//! `python3` process prints (the oracle: Debian's `python3`, run as a
//! process; without it the tests fail naming the package, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`):
//!
//! * `randint(0, 2**32 - 2)` x 624 (randcrack's README example): a redraw
//!   is negligible, so each value is read as its word; the state is
//!   recovered and the next 10 values are python's;
//! * the same with one word dropped (an unseen redraw) fits no state, and
//!   the error says a redraw would explain it;
//! * 623 and 20000 `random()` floats recover and predict python's next ones
//!   (only the equations needed are solved, the rest verify);
//! * dice (`randint(1, 6)`) are refused with a hint that names only draws
//!   the `python` GEN has.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;
use common::{rngkit_exits, rngkit_in, stdout_lines as lines};

/// Runs a Python program (the test kit's runner) and returns its output's
/// lines; `None` when python3 is missing and skipping is allowed.
fn python(program: &str) -> Option<Vec<String>> {
    let out = crate::oracles::run_script("python3", "py", "python3", program)?;
    Some(out.lines().map(str::to_owned).collect())
}

fn observations(draw: &str, values: &[String]) -> String {
    values.iter().map(|v| format!("{draw} = {v}\n")).collect()
}

#[test]
fn randint_full_span_recovers_and_predicts_python() {
    // An unseeded Random: the state comes from the OS, as in a real program.
    let Some(values) = python(
        "import random\nr = random.Random()\nfor _ in range(634): print(r.randint(0, 4294967294))",
    ) else {
        return;
    };
    let text = observations("randint 0 4294967294", &values[..624]);
    let out = rngkit_exits(
        0,
        &[
            "recover",
            "python",
            "--predict",
            "10",
            "randint",
            "0",
            "4294967294",
        ],
        &text,
    );
    assert_eq!(lines(&out), values[624..]);
}

#[test]
fn randrange_and_wide_randint_read_several_words() {
    // randrange(0, 2**32 - 5) (one word) and randint(0, 2**40 - 2) (two
    // words, the second's top 8 bits).
    let Some(values) = python(
        "import random\nr = random.Random()\nfor _ in range(700):\n    print(r.randrange(0, 2**32 - 5))\n    print(r.randint(0, 2**40 - 2))",
    ) else {
        return;
    };
    let text: String = values[..1300]
        .chunks(2)
        .map(|p| {
            format!(
                "randrange 0 4294967291 = {}\nrandint 0 1099511627774 = {}\n",
                p[0], p[1]
            )
        })
        .collect();
    let out = rngkit_exits(
        0,
        &[
            "recover",
            "python",
            "--predict",
            "1",
            "randrange",
            "0",
            "4294967291",
        ],
        &text,
    );
    assert_eq!(lines(&out), values[1300..1301]);
}

#[test]
fn an_unseen_redraw_fits_no_state_and_says_why() {
    // Words as randint(0, 2**32 - 2) shows them, one of them dropped as a
    // redraw would hide it.
    let Some(mut words) = python(
        "import random\nr = random.Random(20260601)\nfor _ in range(700): print(r.getrandbits(32))",
    ) else {
        return;
    };
    words.remove(5);
    for n in [624, 690] {
        let out = rngkit_in(
            &["recover", "python"],
            &observations("randint 0 4294967294", &words[..n]),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{n}: {err}");
        assert!(err.contains("redraw"), "{err}");
    }
}

#[test]
fn floats_recover_and_predict_python() {
    for n in [623usize, 20000] {
        let program = format!(
            "import random\nr = random.Random()\nfor _ in range({}): print(repr(r.random()))",
            n + 5
        );
        let Some(values) = python(&program) else {
            return;
        };
        let out = rngkit_in(
            &["recover", "python", "--predict", "5", "random"],
            &observations("random", &values[..n]),
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{n}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(lines(&out), values[n..], "{n} floats");
    }
    // 400 floats carry more bits than the state, but not independent ones:
    // about 2^2400 states fit (the exact count depends on the values).
    let Some(values) =
        python("import random\nr = random.Random(5)\nfor _ in range(400): print(repr(r.random()))")
    else {
        return;
    };
    let out = rngkit_in(&["recover", "python"], &observations("random", &values));
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("states fit the observations"));
}

#[test]
fn dice_hint_names_only_python_draws() {
    let Some(values) =
        python("import random\nr = random.Random()\nfor _ in range(50): print(r.randint(1, 6))")
    else {
        return;
    };
    let out = rngkit_in(
        &["recover", "python"],
        &observations("randint 1 6", &values),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    for theirs in ["`value`", "range-int", "`u32`"] {
        assert!(!err.contains(theirs), "{err}");
    }
    for ours in ["`random`", "`getrandbits 32`"] {
        assert!(err.contains(ours), "{err}");
    }
    assert!(err.contains("seeded python with a 32-bit seed"), "{err}");
    // The advice says what the search would cost, timed here with the
    // kernel that would run, and that an unseeded `random` is out of reach.
    assert!(
        err.contains("`rngkit seed-search python` can find it: all 2^32 seeds would take about "),
        "{err}"
    );
    assert!(err.contains("(its own kernel, "), "{err}");
    assert!(
        err.contains("seeds/s timed on these observations)"),
        "{err}"
    );
    assert!(
        err.contains("an unseeded `random` (CPython seeds it from os.urandom: 624 words through init_by_array) can never be found by a seed search"),
        "{err}"
    );
}

#[test]
fn a_long_seed_search_prints_its_estimate_first() {
    // Dice from random.seed(12345): the whole 32-bit seed space on one
    // thread takes minutes even with the init_by_array kernel (about 6 min
    // at 12 M seeds/s), so the estimate comes before any answer, with
    // stderr not a terminal.
    let Some(values) = python(
        "import random\nrandom.seed(12345)\nfor _ in range(40): print(random.randint(1, 6))",
    ) else {
        return;
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_rngkit"))
        .args(["seed-search", "python", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rngkit binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(observations("randint 1 6", &values).as_bytes())
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("note: 4294967296 seeds at about"),
        "{line}"
    );
    assert!(line.contains("an estimated"), "{line}");
}
