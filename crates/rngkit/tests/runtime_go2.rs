//! The `go-pcg` and `go-chacha8` GENs (Go's `math/rand/v2`) against Go's
//! published vectors and a Go reference program.
//!
//! Debian 12's Go is 1.19; `math/rand/v2` needs Go 1.22, and no newer Go
//! is packaged for Debian 12, PyPI or npm, so no real v2 runtime runs here.
//! Two kinds of evidence instead:
//!
//! * **the sources' streams** on the vectors Go's own tests publish
//!   (golang/go, read at commits 44a0f15b and 18c2a41a):
//!   `src/math/rand/v2/pcg_test.go` `TestPCG` (the first 20 `Uint64` of
//!   `NewPCG(1, 2)`), `src/internal/chacha8rand/rand_test.go` `output` =
//!   `src/math/rand/v2/chacha8_test.go` `chacha8output` (372 `Uint64`,
//!   three 124-word iterations, so two rekeys, of the seed
//!   "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456"; `tests/reference/`) and
//!   `chacha8marshal` (the state after each value: `used`, then the key);
//! * **the methods** (`Int64`, `IntN`, `Float64`, `Perm`, `Shuffle`, ...)
//!   on a Go 1.19 program written for this test from Go's `rand.go` and the
//!   C2SP chacha8rand specification, independently of our Rust: its own
//!   PCG-DXSM on `math/bits` and its own ChaCha8 (the standard ChaCha
//!   block with the input added back to every word, then the constants and
//!   the counter subtracted, as the specification words it), and `rand.go`'s
//!   methods over them. 10 seeds x 1000 values per draw and source.
//!
//! Without `go` the reference tests fail with the package to install,
//! unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::go_v2::{GoChaCha8Gen, GoPcgGen};

use crate::oracles;
// Our value as the Go programs print it.
use crate::oracles::go_token as token;

const DRAWS: usize = 1000;

/// `--seed` values: `NewPCG(S, 0)`, and `NewChaCha8` of S's 8
/// little-endian bytes followed by 24 zeros.
const SEEDS: [&str; 10] = [
    "0",
    "1",
    "2",
    "42",
    "12345",
    "3735928559",
    "4294967296",
    "123456789012345",
    "9223372036854775807",
    "18446744073709551615",
];

/// Go's TestPCG: NewPCG(1, 2).
const PCG_1_2: [u64; 20] = [
    0xc4f5a58656eef510,
    0x9dcec3ad077dec6c,
    0xc8d04605312f8088,
    0xcbedc0dcb63ac19a,
    0x3bf98798cae97950,
    0xa8c6d7f8d485abc,
    0x7ffa3780429cd279,
    0x730ad2626b1c2f8e,
    0x21ff2330f4a0ad99,
    0x2f0901a1947094b0,
    0xa9735a3cfbe36cef,
    0x71ddb0a01a12c84a,
    0xf0e53e77a78453bb,
    0x1f173e9663be1e9d,
    0x657651da3ac4115e,
    0xc8987376b65a157b,
    0xbb17008f5fca28e7,
    0x8232bd645f29ed22,
    0x12be8f07ad14c539,
    0x54908a48e8e4736e,
];

const CHACHA8_SEED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456";

fn chacha8_output() -> Vec<u64> {
    include_str!("reference/go_chacha8rand_output.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|w| u64::from_str_radix(w.trim_start_matches("0x"), 16).expect("hex"))
        .collect()
}

#[test]
fn go_pcg_matches_test_pcg_vector() {
    let g = of::<GoPcgGen>();
    // --state "1 2" is NewPCG(1, 2).
    let mut rng = g.from_words(&[1, 2]).unwrap();
    let draw = g.parse_draw("uint64", &[]).unwrap();
    for (i, want) in PCG_1_2.iter().enumerate() {
        assert_eq!(
            draw.eval(&mut rng).format(true),
            format!("{want:#018x}"),
            "TestPCG #{i}"
        );
    }
    // --seed S is NewPCG(S, 0): the state words S, 0.
    let rng = g.seed(&Seed::from(1), &Default::default()).unwrap();
    assert_eq!(rng.words(), [1, 0]);
}

#[test]
fn go_chacha8_matches_published_output() {
    let out = chacha8_output();
    assert_eq!(out.len(), 372);
    let g = of::<GoChaCha8Gen>();
    let draw = g.parse_draw("uint64", &[]).unwrap();
    // The seed as 32 bytes of text and as 64 hex digits.
    let hex: String = CHACHA8_SEED.bytes().map(|b| format!("{b:02x}")).collect();
    for text in [CHACHA8_SEED, hex.as_str()] {
        let mut rng = g.seed_str(text, &Default::default()).unwrap();
        for (i, want) in out.iter().enumerate() {
            assert_eq!(
                draw.eval(&mut rng).format(true),
                format!("{want:#018x}"),
                "chacha8output #{i}"
            );
        }
    }
}

#[test]
fn go_chacha8_state_is_gos_marshal() {
    // chacha8_test.go's chacha8marshal: before value #i (i < 124) the state
    // is used = i and the seed as the key; from it the next value is #i.
    let out = chacha8_output();
    let g = of::<GoChaCha8Gen>();
    let key: Vec<u64> = CHACHA8_SEED
        .as_bytes()
        .chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let draw = g.parse_draw("uint64", &[]).unwrap();
    let mut rng = g.seed_str(CHACHA8_SEED, &Default::default()).unwrap();
    for (i, want) in out.iter().enumerate().take(124) {
        let mut words = vec![i as u64];
        words.extend_from_slice(&key);
        assert_eq!(rng.words(), words, "state before #{i}");
        let mut restored = g.from_words(&words).unwrap();
        assert_eq!(restored, rng);
        assert_eq!(
            draw.eval(&mut restored).format(true),
            format!("{want:#018x}")
        );
        draw.eval(&mut rng);
    }
    // After 124 values the key is the iteration's last 4 words; restored
    // from the printed state, the stream goes on as Go's does.
    for skip in [124usize, 125, 200, 248, 300] {
        let mut rng = g.seed_str(CHACHA8_SEED, &Default::default()).unwrap();
        for _ in 0..skip {
            draw.eval(&mut rng);
        }
        let words = rng.words();
        assert!(words[0] <= 124);
        let mut restored = g.from_words(&words).unwrap();
        for want in &out[skip..] {
            assert_eq!(
                draw.eval(&mut restored).format(true),
                format!("{want:#018x}")
            );
        }
    }
    let mut bad = vec![125];
    bad.extend_from_slice(&key);
    assert!(g.from_words(&bad).is_err());
}

#[test]
fn go_chacha8_seed_is_little_endian_bytes() {
    let g = of::<GoChaCha8Gen>();
    let a = g
        .seed(&Seed::from(0x0807_0605_0403_0201_u64), &Default::default())
        .unwrap();
    let b = g
        .seed_str(
            "0102030405060708000000000000000000000000000000000000000000000000",
            &Default::default(),
        )
        .unwrap();
    assert_eq!(a, b);
    assert!(g.seed(&Seed::from(-1), &Default::default()).is_err());
    assert!(g.seed_str("short", &Default::default()).is_err());
}

// ---------------------------------------------------------------------------
// The Go reference program.

/// A draw: its name and arguments, and the Go expression over `r` (the
/// reference `*Rand`) that prints the same value as a token.
struct Case {
    draw: &'static str,
    args: Vec<String>,
    go: String,
}

fn cases() -> Vec<Case> {
    let c = |draw: &'static str, args: &[&str], go: &str| Case {
        draw,
        args: args.iter().map(|s| s.to_string()).collect(),
        go: go.to_string(),
    };
    let mut cases = vec![
        c("uint64", &[], "utoa(r.Uint64())"),
        c("int64", &[], "itoa(r.Int64())"),
        c("uint32", &[], "utoa(uint64(r.Uint32()))"),
        c("int32", &[], "itoa(int64(r.Int32()))"),
        // Int() is Int64() on a 64-bit platform; `int` is the common draw.
        c("float64", &[], "utoa(math.Float64bits(r.Float64()))"),
        c(
            "float32",
            &[],
            "utoa(uint64(math.Float32bits(r.Float32())))",
        ),
    ];
    // Powers of two (a mask), small bounds, and bounds where about half
    // the products are rejected (2^63 + 1, 3 * 2^62, 2^62 + 1).
    for n in "1 2 6 1000 4294967296 9223372036854775809 13835058055282163712 18446744073709551615"
        .split(' ')
    {
        cases.push(c("uint64n", &[n], &format!("utoa(r.Uint64N({n}))")));
    }
    for n in ["1", "6", "1024", "3000000001", "4294967295"] {
        cases.push(c("uint32n", &[n], &format!("utoa(uint64(r.Uint32N({n})))")));
    }
    for n in ["1", "6", "4611686018427387905", "9223372036854775807"] {
        cases.push(c("int64n", &[n], &format!("itoa(r.Int64N({n}))")));
        cases.push(c("intn", &[n], &format!("itoa(int64(r.IntN({n})))")));
    }
    for n in ["1", "10", "1073741825", "2147483647"] {
        cases.push(c("int32n", &[n], &format!("itoa(int64(r.Int32N({n})))")));
    }
    for (draw, n, go) in oracles::go_perm_cases() {
        cases.push(c(draw, &[n], &go));
    }
    cases
}

/// The reference: two sources and `rand.go`'s methods, Go 1.19 ([`program`]
/// adds the imports, the token helpers and the sources' seeding).
const PRELUDE: &str = r#"type Source interface{ Uint64() uint64 }

// PCG: 128-bit LCG (PCG's default 128-bit multiplier and increment), the
// new state's DXSM.
type pcg struct{ hi, lo uint64 }

func (p *pcg) Uint64() uint64 {
	const mulHi, mulLo = 0x2360ed051fc65da4, 0x4385df649fccf645
	const incHi, incLo = 0x5851f42d4c957f2d, 0x14057b7ef767814f
	hi, lo := bits.Mul64(p.lo, mulLo)
	hi += p.hi*mulLo + p.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	p.hi, p.lo = hi, lo
	hi ^= hi >> 32
	hi *= 0xda942042e4dd58b5
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// chacha8rand per C2SP: 16 ChaCha8 blocks (counter 0..15, zero nonce),
// constants and counter subtracted, each group of 4 blocks interleaved
// 4 bytes at a time; 992 bytes out, the last 32 the next key.
type chacha struct {
	key [32]byte
	out []uint64
}

func quarter(x *[16]uint32, a, b, c, d int) {
	x[a] += x[b]; x[d] = bits.RotateLeft32(x[d]^x[a], 16)
	x[c] += x[d]; x[b] = bits.RotateLeft32(x[b]^x[c], 12)
	x[a] += x[b]; x[d] = bits.RotateLeft32(x[d]^x[a], 8)
	x[c] += x[d]; x[b] = bits.RotateLeft32(x[b]^x[c], 7)
}

func chachaBlock(key []byte, counter uint32) [16]uint32 {
	var in [16]uint32
	in[0], in[1], in[2], in[3] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	for i := 0; i < 8; i++ {
		in[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	in[12] = counter
	x := in
	for r := 0; r < 8; r += 2 {
		quarter(&x, 0, 4, 8, 12); quarter(&x, 1, 5, 9, 13)
		quarter(&x, 2, 6, 10, 14); quarter(&x, 3, 7, 11, 15)
		quarter(&x, 0, 5, 10, 15); quarter(&x, 1, 6, 11, 12)
		quarter(&x, 2, 7, 8, 13); quarter(&x, 3, 4, 9, 14)
	}
	for i := range x {
		x[i] += in[i]
	}
	x[0] -= 0x61707865; x[1] -= 0x3320646e; x[2] -= 0x79622d32; x[3] -= 0x6b206574
	x[12] -= counter
	return x
}

func (c *chacha) Uint64() uint64 {
	if len(c.out) == 0 {
		var stream []byte
		for g := 0; g < 4; g++ {
			var blk [4][16]uint32
			for j := 0; j < 4; j++ {
				blk[j] = chachaBlock(c.key[:], uint32(4*g+j))
			}
			for w := 0; w < 16; w++ {
				for j := 0; j < 4; j++ {
					stream = binary.LittleEndian.AppendUint32(stream, blk[j][w])
				}
			}
		}
		copy(c.key[:], stream[992:])
		for i := 0; i < 992; i += 8 {
			c.out = append(c.out, binary.LittleEndian.Uint64(stream[i:]))
		}
	}
	x := c.out[0]
	c.out = c.out[1:]
	return x
}

// rand.go's methods (64-bit platform).
type Rand struct{ src Source }

func (r *Rand) Uint64() uint64 { return r.src.Uint64() }
func (r *Rand) Int64() int64   { return int64(r.src.Uint64() &^ (1 << 63)) }
func (r *Rand) Uint32() uint32 { return uint32(r.src.Uint64() >> 32) }
func (r *Rand) Int32() int32   { return int32(r.src.Uint64() >> 33) }
func (r *Rand) Int() int       { return int(uint(r.src.Uint64()) << 1 >> 1) }
func (r *Rand) uint64n(n uint64) uint64 {
	if n&(n-1) == 0 {
		return r.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}
func (r *Rand) Uint64N(n uint64) uint64 { return r.uint64n(n) }
func (r *Rand) Uint32N(n uint32) uint32 { return uint32(r.uint64n(uint64(n))) }
func (r *Rand) Int64N(n int64) int64    { return int64(r.uint64n(uint64(n))) }
func (r *Rand) Int32N(n int32) int32    { return int32(r.uint64n(uint64(n))) }
func (r *Rand) IntN(n int) int          { return int(r.uint64n(uint64(n))) }
func (r *Rand) Float64() float64        { return float64(r.Uint64()<<11>>11) / (1 << 53) }
func (r *Rand) Float32() float32        { return float32(r.Uint32()<<8>>8) / (1 << 24) }
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.uint64n(uint64(i+1))))
	}
}
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

"#;

/// The reference's `Rand` and the seeding of its sources, after the
/// token helpers.
const PRELUDE_TAIL: &str = r#"
func newSource(kind string, s uint64) Source {
	if kind == "pcg" {
		return &pcg{hi: s, lo: 0}
	}
	c := &chacha{}
	binary.LittleEndian.PutUint64(c.key[:], s)
	return c
}
"#;

/// The program: for each source, seed and case, one line of `DRAWS`
/// tokens (a fresh `Rand` per line); with `interleave`, one line per source
/// and seed cycling through the cases on one `Rand`.
fn program(cases: &[Case], interleave: bool) -> String {
    let imports = [
        "bufio",
        "encoding/binary",
        "math",
        "math/bits",
        "os",
        "strconv",
        "strings",
    ];
    let mut p = oracles::go_header(&imports);
    p.push_str(&format!(
        "{PRELUDE}{}{PRELUDE_TAIL}",
        oracles::go_token_funcs("*Rand")
    ));
    let exprs = cases.iter().map(|c| c.go.as_str());
    p.push_str(&oracles::go_main_start("uint64", &SEEDS, "*Rand", exprs));
    p.push_str("\t}\n\tfor _, kind := range []string{\"pcg\", \"chacha8\"} {\n\t\tfor _, s := range seeds {\n");
    if interleave {
        p.push_str(&format!(
            "\t\t\tr := &Rand{{newSource(kind, s)}}\n\t\t\tt := make([]string, {DRAWS})\n\t\t\tfor i := range t {{\n\t\t\t\tt[i] = cases[i%len(cases)](r)\n\t\t\t}}\n\t\t\tw.WriteString(strings.Join(t, \" \") + \"\\n\")\n"
        ));
    } else {
        p.push_str(&format!(
            "\t\t\tfor _, f := range cases {{\n\t\t\t\tr := &Rand{{newSource(kind, s)}}\n\t\t\t\tt := make([]string, {DRAWS})\n\t\t\t\tfor i := range t {{\n\t\t\t\t\tt[i] = f(r)\n\t\t\t\t}}\n\t\t\t\tw.WriteString(strings.Join(t, \" \") + \"\\n\")\n\t\t\t}}\n"
        ));
    }
    p.push_str("\t\t}\n\t}\n}\n");
    p
}

fn gens() -> [&'static dyn DynGen; 2] {
    [of::<GoPcgGen>(), of::<GoChaCha8Gen>()]
}

#[test]
fn go_v2_methods_match_the_go_reference() {
    let cases = cases();
    let Some(output) = oracles::run_go(&program(&cases, false)) else {
        return;
    };
    let mut lines = output.lines();
    let mut compared = 0;
    for g in gens() {
        for s in SEEDS {
            let seed: Seed = s.parse().expect("seed");
            for c in &cases {
                let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
                let draw = g.parse_draw(c.draw, &args).expect("parse");
                let mut rng = g.seed(&seed, &Default::default()).expect("seed");
                let ours: Vec<String> = (0..DRAWS).map(|_| token(&draw.eval(&mut rng))).collect();
                let theirs = lines.next().expect("a line per source, seed and case");
                oracles::compare_tokens(
                    "the Go reference",
                    &format!("{} seed {s} {} {:?}", g.name(), c.draw, c.args),
                    &ours.join(" "),
                    theirs,
                );
                compared += DRAWS;
            }
        }
    }
    assert!(lines.next().is_none(), "Go printed more lines than cases");
    assert_eq!(compared, 2 * SEEDS.len() * cases.len() * DRAWS);
}

#[test]
fn go_v2_interleaved_methods_share_one_stream() {
    let cases = cases();
    let Some(output) = oracles::run_go(&program(&cases, true)) else {
        return;
    };
    let pairs: Vec<(&str, Vec<&str>)> = cases
        .iter()
        .map(|c| (c.draw, c.args.iter().map(String::as_str).collect()))
        .collect();
    let steps: Vec<(&str, &[&str])> = pairs.iter().map(|(d, a)| (*d, a.as_slice())).collect();
    let mut lines = output.lines();
    for g in gens() {
        let part: Vec<&str> = lines.by_ref().take(SEEDS.len()).collect();
        oracles::compare_interleaved(
            "the Go reference",
            g,
            &steps,
            &SEEDS,
            DRAWS,
            &part.join("\n"),
            token,
        );
    }
}

#[test]
fn go_v2_draws_reject_bad_arguments_like_go_panics() {
    for g in gens() {
        let bad: [(&str, &[&str]); 6] = [
            ("int32n", &["2147483648"]),
            ("int64n", &["9223372036854775808"]),
            ("uint32n", &["4294967296"]),
            ("uint64n", &["0"]),
            ("uint64n", &["18446744073709551616"]),
            ("uint64", &["1"]),
        ];
        oracles::refuses_in_one_line(g, &oracles::GO_BAD_ARGUMENTS);
        oracles::refuses_in_one_line(g, &bad);
        assert!(g.parse_draw("uint64n", &["18446744073709551615"]).is_ok());
    }
}
