//! The mars engine's MT19937 profile (seed 001).
//!
//! Oracles:
//! * the `rand_mt` crate (an independent MT19937) for the word stream, and the
//!   reference facts' `init_genrand(5489)` vectors;
//! * IEEE `f64` division for "the double nearest to 1/4294967295";
//! * the x87 FPU itself (x86_64 only): the float mappings run as the real
//!   instructions, `fild` / conditional `fadd` of 2^32 / `fmul` / `fstp`,
//!   under precision control 24 and 53 set with `fldcw`, on over a million
//!   tempered words of both signs, compared bit for bit;
//! * blobs built byte by byte in the test, not by the code under test.

use rand_mt::Mt;
use rngkit::StateError;
use rngkit::engines::mars::{
    MarsRng, UNIT_SCALE, UNIT_SCALE_BITS, float_from_pc24, float_from_word, unit_from_word,
};
use rngkit::generators::Mt19937;

#[test]
fn seeding_twists_eagerly_and_gives_the_reference_stream() {
    let mut rng = MarsRng::seed(5489);
    assert_eq!((rng.left(), rng.index()), (624, 0));
    let first: Vec<u32> = (0..5).map(|_| rng.next_u32()).collect();
    assert_eq!(
        first,
        [3499211612, 581869302, 3890346734, 3586334585, 545404204]
    );
    for _ in 5..9999 {
        rng.next_u32();
    }
    assert_eq!(rng.next_u32(), 4123659995, "the 10000th output");

    for seed in [0u32, 1, 42, 0xdead_beef, u32::MAX] {
        let mut ours = MarsRng::seed(seed);
        let mut reference = Mt::new(seed);
        for _ in 0..2000 {
            assert_eq!(ours.next_u32(), reference.next_u32());
        }
    }
}

#[test]
fn unit_multiplier_settled() {
    // The double nearest to 1/(2^32 - 1), by IEEE division.
    assert_eq!((1.0f64 / 4294967295.0).to_bits(), UNIT_SCALE_BITS);
    assert_eq!(UNIT_SCALE_BITS, 0x3df0_0000_0010_0000);
    // It keeps the document's promise: closed range, 0xffffffff -> 1.0.
    assert_eq!(unit_from_word(u32::MAX), 1.0);
    assert_eq!(float_from_word(u32::MAX), 1.0);
    assert_eq!(float_from_pc24(u32::MAX), 1.0);
    assert_eq!(unit_from_word(0), 0.0);

    // The constant the document prints is 2^-32 * (1 + 2^-40), and breaks
    // that promise: 0xffffffff maps to 0.99999999977, below 1.
    let printed = f64::from_bits(0x3df0_0000_0000_1000);
    assert_eq!(printed, (1.0 + 2f64.powi(-40)) * 2f64.powi(-32));
    let top = 4294967295.0 * printed;
    assert!(top < 1.0);
    assert!((top - 0.99999999977).abs() < 5e-12, "{top}");
}

#[test]
fn divisor_2_pow_32_versus_2_pow_32_minus_1_once_narrowed() {
    // The notes: the old 2^-32 mapping and the settled one "agree for roughly
    // 99 words in 100 once narrowed". Pin the measured agreement.
    let mut rng = MarsRng::seed(7);
    let n = 200_000;
    let mut differ = 0;
    for _ in 0..n {
        let y = rng.next_u32();
        let old = (f64::from(y) * 2f64.powi(-32)) as f32;
        if old != float_from_word(y) {
            differ += 1;
        }
    }
    let fraction = differ as f64 / n as f64;
    println!(
        "2^-32 and 1/(2^32-1) mappings differ on {:.3}% of words",
        100.0 * fraction
    );
    // Measured: 0.79% of words (seed 7), i.e. agreement on ~99 words in 100.
    assert!(fraction > 0.005 && fraction < 0.012, "{fraction}");
}

#[test]
fn next_int_inclusive_masks_and_rejects() {
    // The rule of the notes, written out against rand_mt's words.
    fn reference(words: &mut Mt, n: u32) -> (u32, usize) {
        let mut mask = 0u32;
        while mask < n {
            mask = (mask << 1) | 1;
        }
        let mut used = 0;
        loop {
            used += 1;
            let v = words.next_u32() & mask;
            if v <= n {
                return (v, used);
            }
        }
    }
    let bounds = [
        0u32,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        100,
        1000,
        0x7fff_ffff,
        0x8000_0000,
        u32::MAX,
    ];
    let mut ours = MarsRng::seed(2024);
    let mut words = Mt::new(2024);
    let mut counted = Mt::new(2024);
    for round in 0..300 {
        for &n in &bounds {
            let value = ours.next_int_inclusive(n);
            let (expected, used) = reference(&mut words, n);
            assert_eq!(value, expected, "round {round}, n {n}");
            assert!(value <= n);
            for _ in 0..used {
                counted.next_u32();
            }
        }
    }
    // Same number of words consumed as the reference.
    assert_eq!(ours.next_u32(), counted.next_u32());

    // n == 0 consumes one word; n = 2^k - 1 never rejects.
    let mut rng = MarsRng::seed(3);
    assert_eq!(rng.next_int_inclusive(0), 0);
    assert_eq!(rng.left(), 623);
    for _ in 0..100 {
        rng.next_int_inclusive(255);
    }
    assert_eq!(rng.left(), 523);
    // Inclusive: 6 is reachable with n = 6.
    let mut rng = MarsRng::seed(9);
    assert!((0..500).any(|_| rng.next_int_inclusive(6) == 6));
}

/// A blob laid out by hand: 624 LE words then `left` as LE i32, then `pad`.
fn hand_blob(block: &[u32; 624], left: i32, pad: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for w in block {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes.extend_from_slice(&left.to_le_bytes());
    bytes.extend(std::iter::repeat_n(0xaa, pad));
    bytes
}

#[test]
fn save_and_load_the_blob() {
    let mut rng = MarsRng::seed(1234);
    for _ in 0..170 {
        rng.next_u32();
    }
    let blob = rng.save_state();
    assert_eq!(blob, hand_blob(rng.state(), 454, 0));
    let mut padded = MarsRng::load_state(&hand_blob(rng.state(), 454, 3)).unwrap();
    let mut loaded = MarsRng::load_state(&blob).unwrap();
    assert_eq!(loaded, rng);
    for _ in 0..1000 {
        let w = rng.next_u32();
        assert_eq!(loaded.next_u32(), w);
        assert_eq!(padded.next_u32(), w);
    }
}

#[test]
fn a_blob_saved_at_the_block_boundary_twists_lazily() {
    let mut rng = MarsRng::seed(77);
    let mut reference = Mt::new(77);
    for _ in 0..624 {
        assert_eq!(rng.next_u32(), reference.next_u32());
    }
    assert_eq!(rng.left(), 0);
    let mut loaded = MarsRng::load_state(&rng.save_state()).unwrap();
    assert_eq!(loaded.left(), 0);
    for _ in 0..700 {
        assert_eq!(loaded.next_u32(), reference.next_u32());
    }
}

#[test]
fn malformed_blobs_are_rejected() {
    let block = *MarsRng::seed(5).state();
    let good = hand_blob(&block, 100, 0);
    for len in [0, 4, 2496, 2499, 2501, 2502, 2504, 5000] {
        let mut bytes = good.clone();
        bytes.resize(len, 0);
        assert!(
            matches!(MarsRng::load_state(&bytes), Err(StateError::BlobSize { found, .. }) if found == len),
            "length {len}"
        );
    }
    for left in [625, -1, i32::MIN, i32::MAX] {
        assert_eq!(
            MarsRng::load_state(&hand_blob(&block, left, 0)),
            Err(StateError::LeftOutOfRange {
                left: i64::from(left)
            })
        );
    }
    assert!(matches!(
        MarsRng::load_state(&hand_blob(&[0; 624], 10, 0)),
        Err(StateError::AllZero { .. })
    ));
    assert!(MarsRng::load_state(&hand_blob(&block, 624, 0)).is_ok());
    assert!(MarsRng::load_state(&hand_blob(&block, 0, 3)).is_ok());
}

#[test]
fn generator_access_round_trips() {
    let rng = MarsRng::seed(8);
    let mt: Mt19937 = rng.clone().into_generator();
    assert_eq!(MarsRng::from_generator(mt), rng);
}

#[test]
fn pc24_differs_from_pc53_only_in_the_last_bit() {
    let mut rng = MarsRng::seed(99);
    let mut differ = 0;
    for _ in 0..100_000 {
        let y = rng.next_u32();
        let (a, b) = (float_from_pc24(y), float_from_word(y));
        if a != b {
            differ += 1;
            assert_eq!(a.to_bits().abs_diff(b.to_bits()), 1, "word {y:#x}");
        }
    }
    assert!(differ > 0);
}

/// The x87 oracle: the real FPU, bit for bit.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // the x87 oracle: inline asm, with its SAFETY note
mod x87 {
    use super::*;
    use std::arch::asm;
    use std::mem::offset_of;

    /// x87 control words: all exceptions masked, round to nearest, precision
    /// control 24 bits (PC = 00) or 53 bits (PC = 10).
    const CONTROL_PC24: u16 = 0x007f;
    const CONTROL_PC53: u16 = 0x027f;

    /// Everything the instruction sequence reads and writes, in one block
    /// addressed through one register.
    #[repr(C)]
    struct Frame {
        control: u16,
        saved_control: u16,
        word: i32,
        two_pow_32: f64,
        scale: f64,
        out_f64: f64,
        out_f32: f32,
    }

    /// Runs the engine's draw on the FPU: the sign-extending `fild` of the
    /// tempered word, `fadd` of 2^32 when it read negative, `fmul` by the
    /// unit multiplier, then the register stored as a double (`fst`, what
    /// `next_unit` returns) and as a float (`fstp`, what the caller keeps).
    fn fpu_draw(control: u16, y: u32) -> (f32, f64) {
        let mut frame = Frame {
            control,
            saved_control: 0,
            word: y as i32,
            two_pow_32: 4_294_967_296.0,
            scale: UNIT_SCALE,
            out_f64: 0.0,
            out_f32: 0.0,
        };
        let frame_ptr: *mut Frame = &mut frame;
        // SAFETY: every memory operand lies inside `frame`, which is live and
        // exclusively borrowed for the duration of the block (`frame_ptr` is
        // derived from `&mut frame`). The block saves the caller's x87
        // control word first and restores it last, pushes exactly one value
        // on the x87 stack and pops it (`fstp`), so the FPU is left as the
        // Rust ABI expects: empty stack, original control word. All eight x87
        // registers are declared clobbered and the flags (changed by `cmp`)
        // are not declared preserved. No stack memory is used.
        unsafe {
            asm!(
                "fnstcw word ptr [{f} + {saved}]",
                "fldcw word ptr [{f} + {control}]",
                "fild dword ptr [{f} + {word}]",
                "cmp dword ptr [{f} + {word}], 0",
                "jge 2f",
                "fadd qword ptr [{f} + {two}]",
                "2:",
                "fmul qword ptr [{f} + {scale}]",
                "fst qword ptr [{f} + {out64}]",
                "fstp dword ptr [{f} + {out32}]",
                "fldcw word ptr [{f} + {saved}]",
                f = in(reg) frame_ptr,
                saved = const offset_of!(Frame, saved_control),
                control = const offset_of!(Frame, control),
                word = const offset_of!(Frame, word),
                two = const offset_of!(Frame, two_pow_32),
                scale = const offset_of!(Frame, scale),
                out64 = const offset_of!(Frame, out_f64),
                out32 = const offset_of!(Frame, out_f32),
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        (frame.out_f32, frame.out_f64)
    }

    /// Over a million tempered words from several seeds, plus the edges:
    /// both ends of both signs and every word around the rounding ties of
    /// the 24-bit fix-up near the top and near 2^31.
    fn words() -> Vec<u32> {
        let mut words: Vec<u32> = Vec::with_capacity(1_050_000);
        for seed in [1u32, 5489, 0xfeed_f00d, 31337] {
            let mut rng = MarsRng::seed(seed);
            words.extend((0..250_000).map(|_| rng.next_u32()));
        }
        words.extend(0..4096u32);
        words.extend(0x7fff_f000..=0x8000_0fffu32);
        words.extend(0xffff_f000..=u32::MAX);
        words
    }

    #[test]
    fn mappings_match_the_x87_fpu_bit_for_bit() {
        let words = words();
        assert!(words.len() >= 1_000_000);
        let negative = words.iter().filter(|&&y| (y as i32) < 0).count();
        assert!(negative > 400_000 && words.len() - negative > 400_000);

        let mut pc24_vs_pc53 = 0usize;
        let mut other_cases = 0usize;
        for &y in &words {
            let (f24, _) = fpu_draw(CONTROL_PC24, y);
            let (f53, u53) = fpu_draw(CONTROL_PC53, y);
            assert_eq!(
                float_from_pc24(y).to_bits(),
                f24.to_bits(),
                "pc24, word {y:#010x}"
            );
            assert_eq!(
                float_from_word(y).to_bits(),
                f53.to_bits(),
                "pc53 float, word {y:#010x}"
            );
            assert_eq!(
                unit_from_word(y).to_bits(),
                u53.to_bits(),
                "pc53 unit, word {y:#010x}"
            );
            // Where they differ: only on negative reads (the fix-up add is the
            // only extra rounding), and always where that add is an exact tie
            // at 24 bits rounded down to even (low 9 bits 0x080) while the
            // 53-bit product lands just above the tie. Near the top of the
            // range the 53-bit path's own double rounding adds a few more
            // (e.g. 0xfffffd7f). See tests/reference/mars_pc24_ref.py.
            let tie_rounded_down = (y as i32) < 0 && y & 0x1ff == 0x080;
            if tie_rounded_down {
                assert_ne!(f24, f53, "word {y:#010x}");
            }
            if f24 != f53 {
                assert!((y as i32) < 0, "word {y:#010x}");
                assert_eq!(f24.to_bits().abs_diff(f53.to_bits()), 1);
                pc24_vs_pc53 += 1;
                other_cases += usize::from(!tie_rounded_down);
            }
        }
        let fraction = pc24_vs_pc53 as f64 / words.len() as f64;
        println!(
            "x87: pc24 and pc53 floats differ on {pc24_vs_pc53} of {} words ({:.4}%)",
            words.len(),
            100.0 * fraction
        );
        println!("x87: {other_cases} of them outside the 0x080 fix-up tie class");
        assert!(pc24_vs_pc53 > 0);
    }
}
