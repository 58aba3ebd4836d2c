use std::path::PathBuf;

use rngkit::cpu::CpuLevel;

use super::keys::first_words;
use super::*;
use crate::observe::parse_observations;
use crate::progress::Progress;
use crate::registry;
use crate::search::{SearchSpec, search};

/// A path in the temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(
            std::env::temp_dir().join(format!("rngkit-table-unit-{}-{name}", std::process::id())),
        )
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn levels() -> Vec<CpuLevel> {
    [CpuLevel::Scalar, CpuLevel::Avx2, CpuLevel::Avx512]
        .into_iter()
        .filter(|l| l.is_supported())
        .collect()
}

/// The key lanes give the engine's first word (the engines are checked
/// against the runtimes elsewhere), on every kernel level, at the ends of
/// the seed space and across a lane batch's edge.
#[test]
fn keys_are_the_engines_first_word() {
    for k in KEY_DRAWS {
        let entry = registry::find(k.generator).unwrap();
        for level in levels() {
            for start in [0u32, 1_000_003, u32::MAX - 100] {
                let count = 101u32;
                let mut words = Vec::new();
                first_words(k.seeding, level, start, count, &mut words);
                assert_eq!(words.len(), count as usize);
                for (i, w) in words.iter().enumerate() {
                    let seed = u64::from(start) + i as u64;
                    let mut rng = entry.seed_bits(seed, &Default::default()).unwrap();
                    assert_eq!(*w, rng.next_word(), "{} seed {seed} {level:?}", k.generator);
                }
            }
        }
    }
}

/// The first `n` values of `draw` from `seed`, by the engine.
fn values(gen_name: &str, draw: &str, seed: u64, n: usize) -> Vec<String> {
    let entry = registry::find(gen_name).unwrap();
    let obs = parse_observations(entry, &format!("{draw} = 0")).unwrap();
    let crate::observe::ObservationKind::Draw { draw, .. } = &obs[0].kind else {
        unreachable!()
    };
    let mut rng = entry.seed_bits(seed, &Default::default()).unwrap();
    (0..n).map(|_| draw.eval(&mut rng).format(false)).collect()
}

/// A small table of every key draw answers as the full search does: for
/// one value and for two, of seeds in it and near its ends, of a seed
/// outside it, and over a narrower range.
#[test]
fn small_tables_answer_as_the_full_search() {
    for k in KEY_DRAWS {
        let entry = registry::find(k.generator).unwrap();
        let seeds = 70_000u64..=(70_000 + (1 << 16) + 17);
        let file = Scratch::new(&format!("{}-{}", k.generator, k.draw.replace(' ', "_")));
        let spec = BuildSpec::new(entry, seeds.clone(), Some(k.draw))
            .unwrap()
            .threads(2);
        build(&spec, &file.0, &Progress::default()).unwrap();
        for (probe, range) in [
            (75_000u64, seeds.clone()),
            (*seeds.end(), seeds.clone()),
            (*seeds.start(), seeds.clone()),
            (1, seeds.clone()),
            (80_000, 79_000..=81_000),
            (78_000, 79_000..=81_000),
        ] {
            let v = values(k.generator, k.draw, probe, 2);
            for obs_text in [
                format!("{} = {}", k.draw, v[0]),
                format!("{} = {}\n{} = {}", k.draw, v[0], k.draw, v[1]),
            ] {
                let obs = parse_observations(entry, &obs_text).unwrap();
                let s = SearchSpec::new(entry, obs, range.clone()).threads(1);
                let table = Table::open(&file.0).unwrap();
                let got = query(&[table], &s).unwrap();
                let mut want = Vec::new();
                search(&s, |m| want.push(m), |_| {}).unwrap();
                assert_eq!(got, want, "{} {} seed {probe}", k.generator, k.draw);
                assert_eq!(
                    got.iter().any(|m| m.seed == probe),
                    range.contains(&probe),
                    "{} {} seed {probe}",
                    k.generator,
                    k.draw
                );
            }
        }
    }
}

fn flipped(file: &Scratch, at: u64) -> Scratch {
    let mut bytes = std::fs::read(&file.0).unwrap();
    let copy = Scratch::new(&format!("flip-{at}"));
    bytes[at as usize] ^= 0x40;
    std::fs::write(&copy.0, bytes).unwrap();
    copy
}

/// Any flipped byte, a cut, a version or GEN or draw that does not fit:
/// refused, with one line saying which.
#[test]
fn bad_tables_are_refused() {
    let php = registry::find("php").unwrap();
    let file = Scratch::new("bad");
    let spec = BuildSpec::new(php, 0..=(1 << 20) + 5, None).unwrap();
    build(&spec, &file.0, &Progress::default()).unwrap();
    let len = std::fs::metadata(&file.0).unwrap().len();
    let msg = |r: Result<Table, TableError>| r.unwrap_err().to_string();
    // A byte in the header, the index, the entries, the last block and the
    // checksum table.
    for at in [
        3u64,
        20,
        100,
        250,
        300,
        9 * (1 << 20) / 2,
        len - 100,
        len - 3,
    ] {
        let copy = flipped(&file, at);
        let m = msg(Table::open(&copy.0));
        assert!(
            m.contains("corrupted")
                || m.contains("not an rngkit seed table")
                || m.contains("format version"),
            "byte {at}: {m}"
        );
        assert!(m.contains("rngkit table build"), "{m}");
        assert!(!m.contains('\n'));
    }
    let cut = Scratch::new("cut");
    let bytes = std::fs::read(&file.0).unwrap();
    for keep in [len as usize - 1, len as usize / 2, 300, 100, 4] {
        std::fs::write(&cut.0, &bytes[..keep]).unwrap();
        let m = msg(Table::open(&cut.0));
        if keep >= 8 {
            assert!(m.contains("truncated"), "{keep}: {m}");
        }
    }
    // An older version: the version field, with the header's hash redone.
    let mut old = bytes.clone();
    old[8..12].copy_from_slice(&0u32.to_le_bytes());
    let h = format::hash(&old[..format::HEADER_LEN - 8]);
    old[format::HEADER_LEN - 8..format::HEADER_LEN].copy_from_slice(&h.to_le_bytes());
    let older = Scratch::new("older");
    std::fs::write(&older.0, &old).unwrap();
    let m = msg(Table::open(&older.0));
    assert!(m.contains("older format version (0"), "{m}");

    let m = BuildSpec::new(php, 0..=u64::from(u32::MAX), None).unwrap_err();
    assert!(m.contains("build the range as shards"), "{m}");

    let python = registry::find("python").unwrap();
    let obs = parse_observations(python, "getrandbits 32 = 5").unwrap();
    let s = SearchSpec::new(python, obs, 0..=100);
    let m = query(&[Table::open(&file.0).unwrap()], &s)
        .unwrap_err()
        .to_string();
    assert!(m.contains("is a table of php, not python"), "{m}");

    let obs = parse_observations(php, "mt-rand 0 99 = 5").unwrap();
    let s = SearchSpec::new(php, obs, 0..=100);
    let m = query(&[Table::open(&file.0).unwrap()], &s)
        .unwrap_err()
        .to_string();
    assert!(m.contains("keyed on the draw `mt-rand`"), "{m}");

    let obs = parse_observations(php, "mt-rand = 5").unwrap();
    let s = SearchSpec::new(php, obs, 0..=(1 << 21));
    let m = query(&[Table::open(&file.0).unwrap()], &s)
        .unwrap_err()
        .to_string();
    assert!(m.contains("passes the seeds of the table"), "{m}");
}

/// `Check::Touched` answers as `Check::Full` and refuses a flipped byte in
/// the blocks a query reads (the bucket's index entry and its seeds), but
/// not in a block it does not read.
#[test]
fn touched_checks_the_blocks_a_query_reads() {
    let php = registry::find("php").unwrap();
    let file = Scratch::new("touched");
    let spec = BuildSpec::new(php, 0..=(1 << 20) + 5, None).unwrap();
    build(&spec, &file.0, &Progress::default()).unwrap();
    let first = rngkit::runtimes::php::mt_rand(&mut rngkit::runtimes::php::mt_srand(77_777));
    let obs = parse_observations(php, &format!("mt-rand = {first}")).unwrap();
    let s = SearchSpec::new(php, obs, 0..=(1 << 20) + 5);
    let full = query(&[Table::open(&file.0).unwrap()], &s).unwrap();
    let touched = query(&[Table::open_with(&file.0, Check::Touched).unwrap()], &s).unwrap();
    assert_eq!(full, touched);
    assert!(full.iter().any(|m| m.seed == 77_777));
    let h = Table::open(&file.0).unwrap().header().clone();
    // The seed's entry: find its position in the entries.
    let bytes = std::fs::read(&file.0).unwrap();
    let at = (h.entries_offset..h.checksums_offset)
        .step_by(4)
        .find(|&o| {
            let o = o as usize;
            u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) == 77_777
        })
        .unwrap();
    let damaged = flipped(&file, at + 1);
    let t = Table::open_with(&damaged.0, Check::Touched).unwrap();
    let m = query(&[t], &s).unwrap_err().to_string();
    assert!(m.contains("corrupted (block"), "{m}");
    // A byte in a block this query does not read (neither its bucket's
    // index entry nor its seeds): unseen by Touched, refused by Full.
    let bucket_at = h.index_offset + 8 * (u64::from(first as u32) << 1 >> (32 - h.bucket_bits));
    let block_of = |o: u64| (o - h.index_offset) / h.block_bytes;
    let read = [block_of(bucket_at), block_of(at)];
    let other = (0..h.block_count)
        .find(|b| read.iter().all(|r| r.abs_diff(*b) > 1))
        .unwrap();
    let elsewhere = flipped(&file, h.index_offset + other * h.block_bytes + 5);
    let t = Table::open_with(&elsewhere.0, Check::Touched).unwrap();
    assert_eq!(query(&[t], &s).unwrap(), full);
    assert!(Table::open(&elsewhere.0).is_err());
}

/// Tables of a few seeds (one bucket, or a few) answer as the search does.
#[test]
fn tiny_tables() {
    let mt = registry::find("mt19937").unwrap();
    for (n, probe) in [(1u64, 40u64), (10, 45), (33, 70)] {
        let file = Scratch::new(&format!("tiny-{n}"));
        let seeds = 40..=40 + n - 1;
        let spec = BuildSpec::new(mt, seeds.clone(), None).unwrap();
        build(&spec, &file.0, &Progress::default()).unwrap();
        let v = values("mt19937", "u32", probe, 1);
        let obs = parse_observations(mt, &format!("u32 = {}", v[0])).unwrap();
        let s = SearchSpec::new(mt, obs, seeds.clone());
        let got = query(&[Table::open(&file.0).unwrap()], &s).unwrap();
        let mut want = Vec::new();
        search(&s, |m| want.push(m), |_| {}).unwrap();
        assert_eq!(got, want);
        assert_eq!(got.iter().any(|m| m.seed == probe), seeds.contains(&probe));
    }
}
