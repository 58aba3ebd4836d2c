//! The `glibc` GEN against the C library itself: a C program this test
//! writes, compiles with `cc` (Debian package `gcc`) and runs prints
//! `rand()` after `srand(S)` for many seeds; rngkit must print the same.
//! Without a C compiler the test fails with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::process::Command;

use rngkit::registry::{Seed, of};
use rngkit::runtimes::glibc::GlibcGen;

const SEEDS: [u32; 20] = [
    0,
    1,
    2,
    3,
    42,
    1234,
    5489,
    65535,
    65536,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xdead_beef,
    123_456_789,
    987_654_321,
    1_700_000_000,
    31,
    310,
    16807,
];
const DRAWS: usize = 1000;

#[test]
fn rand_matches_glibc() {
    let dir = std::env::temp_dir().join(format!("rngkit-runtime-glibc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("oracle.c");
    let exe = dir.join("oracle");
    let seeds: Vec<String> = SEEDS.iter().map(|s| format!("{s}u")).collect();
    std::fs::write(
        &src,
        format!(
            "#include <stdio.h>\n#include <stdlib.h>\n\
             int main(void) {{ unsigned seeds[] = {{{}}};\n\
             for (unsigned k = 0; k < sizeof seeds / sizeof *seeds; k++) {{\n\
               srand(seeds[k]);\n\
               for (int i = 0; i < {DRAWS}; i++) printf(\"%d\\n\", rand());\n\
             }}\n return 0; }}\n",
            seeds.join(", ")
        ),
    )
    .unwrap();
    let compiled = Command::new("cc").arg(&src).arg("-o").arg(&exe).status();
    match compiled {
        Ok(status) if status.success() => {}
        _ if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") => {
            eprintln!("note: no working C compiler (cc); skipping the glibc oracle");
            return;
        }
        other => {
            panic!("cannot compile the glibc oracle ({other:?}): install the Debian package `gcc`")
        }
    }
    let out = Command::new(&exe).output().expect("run the oracle");
    let expected: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(expected.len(), SEEDS.len() * DRAWS);
    let glibc = of::<GlibcGen>();
    let rand = glibc.parse_draw("rand", &[]).unwrap();
    for (k, &seed) in SEEDS.iter().enumerate() {
        let mut rng = glibc.seed(&Seed::from(seed), &Default::default()).unwrap();
        for i in 0..DRAWS {
            assert_eq!(
                rand.eval(&mut rng).format(false),
                expected[k * DRAWS + i],
                "srand({seed}), call {i}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
