//! A generator is its state and nothing else: the `size_of` table in
//! `docs/performance.md` ("Memory"), checked on x86-64.

#[cfg(target_arch = "x86_64")]
#[test]
fn memory_sizes() {
    use core::mem::size_of;
    use rngkit::generators::*;
    assert_eq!(size_of::<Xorshift128>(), 16);
    assert_eq!(size_of::<Mt19937>(), 2500);
    assert_eq!(size_of::<Pcg32>(), 16);
    assert_eq!(size_of::<Xoshiro256StarStar>(), 32);
    assert_eq!(size_of::<Xoroshiro128Plus>(), 16);
    assert_eq!(size_of::<SplitMix64>(), 8);
    assert_eq!(size_of::<TinyMt32>(), 16);
    assert_eq!(size_of::<Xorshift32>(), 4);
}
