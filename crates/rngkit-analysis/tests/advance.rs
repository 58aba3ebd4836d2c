//! Backward steps and O(log n) jumps against stepping one word at a time
//! (the generators' own `next_word`, tested against published vectors in
//! the core crate), against rand_xoshiro's `jump_ce` and rand_pcg's
//! `advance` (independent implementations), and against each other.

use rand_core::{Rng, SeedableRng};
use rngkit::WordRng;
use rngkit::generators::{
    Mt19937, Pcg32, SplitMix64, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128,
    Xoshiro256StarStar,
};
use rngkit_analysis::generators::mt19937::mt19937_canonical;
use rngkit_analysis::generators::tinymt32::tinymt32_canonical;
use rngkit_analysis::{Jump, StepBack};

fn rng() -> SplitMix64 {
    SplitMix64::new(0xadd_5eed)
}

/// The generic properties, `samples` random states from `make`.
fn check<G: Jump + StepBack + PartialEq>(
    name: &str,
    samples: usize,
    max_steps: u64,
    canon: impl Fn(&G) -> G,
    mut make: impl FnMut(&mut SplitMix64) -> G,
) {
    let mut r = rng();
    for _ in 0..samples {
        let s = canon(&make(&mut r));
        // back(forward(s)) == s
        let mut t = s.clone();
        t.next_word();
        t.step_back();
        assert_eq!(canon(&t), s, "{name}: step_back ∘ step");
        // n single steps == jump(n), and back again
        let n = r.next_u64() % (max_steps + 1);
        let mut stepped = s.clone();
        stepped.discard(n);
        let mut jumped = s.clone();
        jumped.jump(u128::from(n));
        assert_eq!(jumped, stepped, "{name}: jump({n})");
        let mut back = stepped.clone();
        back.step_back_by(n);
        assert_eq!(canon(&back), s, "{name}: step_back_by({n})");
        let mut back = stepped.clone();
        back.advance(-i128::from(n));
        assert_eq!(canon(&back), s, "{name}: advance(-{n})");
        // jump(a) then jump(b) == jump(a + b), and jump_back undoes jump
        let a = u128::from(r.next_u64()) << 63 | u128::from(r.next_u64());
        let b = u128::from(r.next_u64()) << 63 | u128::from(r.next_u64());
        let mut ab = s.clone();
        ab.jump(a);
        let mut at_a = ab.clone();
        ab.jump(b);
        let mut sum = s.clone();
        sum.jump(a + b);
        assert_eq!(canon(&ab), canon(&sum), "{name}: jump({a}) + jump({b})");
        at_a.jump_back(a);
        assert_eq!(canon(&at_a), s, "{name}: jump_back({a}) ∘ jump({a})");
        // backward jumps compose too
        let mut back_ab = sum.clone();
        back_ab.jump_back(b);
        back_ab.advance(-(a as i128));
        assert_eq!(canon(&back_ab), s, "{name}: jump_back composition");
    }
}

fn same<G: Clone>(g: &G) -> G {
    g.clone()
}

#[test]
fn xorshift128() {
    check("xorshift128", 20, 100_000, same, |r| {
        Xorshift128::from_state([r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32() | 1])
            .unwrap()
    });
    // Period 2^128 - 1: jumping by it is the identity.
    let s = Xorshift128::init_state(42);
    let mut t = s.clone();
    t.jump(u128::MAX);
    assert_eq!(t, s);
}

#[test]
fn xoroshiro128plus() {
    check("xoroshiro128+", 20, 100_000, same, |r| {
        Xoroshiro128Plus::from_state([r.next_u64(), r.next_u64() | 1]).unwrap()
    });
}

#[test]
fn xoshiro256starstar() {
    check("xoshiro256**", 20, 100_000, same, |r| {
        Xoshiro256StarStar::from_state([r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64() | 1])
            .unwrap()
    });
}

#[test]
fn xorshift32() {
    check("xorshift32", 20, 100_000, same, |r| {
        Xorshift32::from_state(r.next_u32() | 1).unwrap()
    });
}

#[test]
fn tinymt32() {
    check("tinymt32", 20, 100_000, tinymt32_canonical, |r| {
        TinyMt32::from_state([r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32() | 1]).unwrap()
    });
    // Canonical form keeps the future stream: compare outputs.
    let mut r = rng();
    for _ in 0..50 {
        let s =
            TinyMt32::from_state([r.next_u32(), r.next_u32(), r.next_u32(), r.next_u32()]).unwrap();
        let (mut a, mut b) = (s.clone(), tinymt32_canonical(&s));
        for _ in 0..10 {
            assert_eq!(a.next_word(), b.next_word());
        }
    }
}

#[test]
fn mt19937() {
    // Random blocks with every kind of `left`, including 0 and 624.
    check("mt19937", 4, 100_000, mt19937_canonical, |r| {
        let mut block = [0u32; 624];
        for w in &mut block {
            *w = r.next_u32();
        }
        let left = match r.next_u32() % 4 {
            0 => 0,
            1 => 624,
            _ => r.next_u32() % 625,
        };
        Mt19937::from_state(block, left).unwrap()
    });
    // From a real seeding, jumps across many block boundaries.
    let s = Mt19937::new(5489);
    for n in [623u128, 624, 625, 1247, 1248, 1249, 5000, 9999] {
        let mut a = s.clone();
        a.jump(n);
        let mut b = s.clone();
        b.discard(n as u64);
        assert_eq!(a, b, "n = {n}");
    }
    // std::mt19937's 10000th output (reference facts).
    let mut a = Mt19937::new(5489);
    a.jump(9999);
    assert_eq!(a.next_word(), 4123659995);
    // Canonical forms keep the stream.
    let mut r = rng();
    let mut block = [0u32; 624];
    for w in &mut block {
        *w = r.next_u32();
    }
    for left in [0, 1, 300, 623, 624] {
        let s = Mt19937::from_state(block, left).unwrap();
        let (mut a, mut b) = (s.clone(), mt19937_canonical(&s));
        for _ in 0..1500 {
            assert_eq!(a.next_word(), b.next_word());
        }
    }
}

#[test]
fn pcg32() {
    check("pcg32", 50, 100_000, same, |r| {
        Pcg32::from_state(r.next_u64(), r.next_u64() | 1).unwrap()
    });
    // rand_pcg's advance, an independent implementation.
    let mut r = rng();
    for _ in 0..50 {
        let (seed, stream, delta) = (r.next_u64(), r.next_u64() >> 1, r.next_u64());
        let mut ours = Pcg32::new(seed, stream);
        let mut theirs = rand_pcg::Pcg32::new(seed, stream);
        ours.jump(u128::from(delta));
        theirs.advance(delta);
        for _ in 0..4 {
            assert_eq!(ours.next_u32(), theirs.next_u32());
        }
    }
}

#[test]
fn splitmix64() {
    check("splitmix64", 50, 100_000, same, |r| {
        SplitMix64::new(r.next_u64())
    });
}

/// rand_xoshiro's `jump_ce(c, e)` jumps c · 2^e steps by its own method.
#[test]
fn jumps_match_rand_xoshiro_jump_ce() {
    let mut r = rng();
    for _ in 0..20 {
        let (c, e) = (r.next_u64(), r.next_u32() % 64);
        let state = [r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()];
        let bytes: Vec<u8> = state.iter().flat_map(|w| w.to_le_bytes()).collect();
        let mut ours = Xoshiro256StarStar::from_state(state).unwrap();
        let mut theirs = rand_xoshiro::Xoshiro256StarStar::from_seed(bytes.try_into().unwrap());
        ours.jump(u128::from(c) << e);
        theirs.jump_ce(c, e);
        assert_eq!(ours.next_u64(), theirs.next_u64());
        assert_eq!(ours.next_u64(), theirs.next_u64());

        let state = [r.next_u64(), r.next_u64()];
        let bytes: Vec<u8> = state.iter().flat_map(|w| w.to_le_bytes()).collect();
        let mut ours = Xoroshiro128Plus::from_state(state).unwrap();
        let mut theirs = rand_xoshiro::Xoroshiro128Plus::from_seed(bytes.try_into().unwrap());
        ours.jump(u128::from(c) << e);
        theirs.jump_ce(c, e);
        assert_eq!(ours.next_u64(), theirs.next_u64());
    }
    // Their fixed jumps: 2^64 (xoroshiro128) and 2^128 (xoshiro256).
    let mut ours = Xoroshiro128Plus::from_state([1, 2]).unwrap();
    let mut seed = [0u8; 16];
    seed[0] = 1;
    seed[8] = 2;
    let mut theirs = rand_xoshiro::Xoroshiro128Plus::from_seed(seed);
    ours.jump(1 << 64);
    theirs.jump();
    assert_eq!(ours.next_u64(), theirs.next_u64());
    let mut ours = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
    let mut theirs = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(0);
    theirs = {
        let mut seed = [0u8; 32];
        for (i, v) in [1u64, 2, 3, 4].iter().enumerate() {
            seed[8 * i..8 * i + 8].copy_from_slice(&v.to_le_bytes());
        }
        let _ = &mut theirs;
        rand_xoshiro::Xoshiro256StarStar::from_seed(seed)
    };
    ours.jump(1 << 127);
    ours.jump(1 << 127);
    theirs.jump();
    assert_eq!(ours.next_u64(), theirs.next_u64());
}
