//! numpy's `BitGenerator` interface: the `bitgen_t` capsule and the `lock`.
//!
//! `numpy.random.Generator(bit_generator)` reads `bit_generator.capsule`, a
//! capsule named `"BitGenerator"` that points to a `bitgen_t` (numpy's
//! `numpy/random/bitgen.h`: a state pointer and four `extern "C"` functions
//! taking it), copies the struct, and calls those functions, often with the
//! GIL released, while it holds `bit_generator.lock`. This module is the
//! only place in the crate with `unsafe` code: the four functions
//! dereference the state pointer numpy hands back.
//!
//! The state ([`Core`]) sits behind an [`Arc`]: the generator object holds
//! one reference and every capsule another, so the pointer stays valid as
//! long as anything can call through it. Every access goes through one
//! [`RawLock`], the same one the Python `lock` object takes, so numpy's
//! draws and the generator's own methods never overlap.
//!
//! Word order (what numpy sees):
//!
//! * 64-bit generators: `next_uint64` is one output word; `next_double` is
//!   `(w >> 11) * 2^-53`; `next_uint32` returns the low half of a word, then
//!   its high half on the next call (numpy's PCG64 and SFC64 do the same).
//! * 32-bit generators: `next_uint32` is one output word; `next_uint64` is
//!   `(first << 32) | second` of two words; `next_double` is
//!   `((a >> 5) * 2^26 + (b >> 6)) * 2^-53` of two words (MT19937's
//!   `genrand_res53`, as numpy's `MT19937` computes it).
//! * `next_raw` (numpy's `random_raw`) is one output word either way.
#![allow(unsafe_code)] // numpy's C callbacks and the lock's Sync: each block with its SAFETY note

use std::cell::UnsafeCell;
use std::ffi::c_void;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use rngkit::registry::Engine;

/// A lock that numpy takes through the Python `lock` object and the
/// bindings take directly.
#[derive(Debug, Default)]
pub struct RawLock(AtomicBool);

impl RawLock {
    /// Takes the lock if it is free.
    pub fn try_lock(&self) -> bool {
        self.0
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Takes the lock, waiting (with the GIL released) while another thread
    /// holds it: numpy may hold it in a `nogil` section and need the GIL to
    /// release it.
    pub fn lock(&self, py: Python<'_>) {
        if !self.try_lock() {
            py.detach(|| {
                while !self.try_lock() {
                    std::thread::yield_now();
                }
            });
        }
    }

    /// Releases the lock.
    pub fn unlock(&self) {
        self.0.store(false, Ordering::Release);
    }

    /// Whether some thread holds it.
    pub fn is_locked(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The generator state numpy and the bindings share.
pub struct State {
    /// The generator.
    pub engine: Engine,
    /// The high half of a 64-bit word whose low half `next_uint32` returned.
    pub half: Option<u32>,
    /// Whether the output words are 32 bits wide.
    pub bits32: bool,
}

impl State {
    /// A state around `engine`.
    pub fn new(engine: Engine) -> Self {
        let bits32 = engine.spec().output_bits() == 32;
        State {
            engine,
            half: None,
            bits32,
        }
    }

    /// numpy's `next_uint64`.
    pub fn next_uint64(&mut self) -> u64 {
        if self.bits32 {
            let hi = self.engine.next_word();
            let lo = self.engine.next_word();
            (hi << 32) | lo
        } else {
            self.engine.next_word()
        }
    }

    /// numpy's `next_uint32`.
    pub fn next_uint32(&mut self) -> u32 {
        if self.bits32 {
            return self.engine.next_word() as u32;
        }
        if let Some(h) = self.half.take() {
            return h;
        }
        let w = self.engine.next_word();
        self.half = Some((w >> 32) as u32);
        w as u32
    }

    /// numpy's `next_double`.
    pub fn next_double(&mut self) -> f64 {
        if self.bits32 {
            let a = (self.engine.next_word() as u32) >> 5;
            let b = (self.engine.next_word() as u32) >> 6;
            (f64::from(a) * 67_108_864.0 + f64::from(b)) / 9_007_199_254_740_992.0
        } else {
            (self.engine.next_word() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
        }
    }
}

/// The shared part of a generator object: the lock and the state.
pub struct Core {
    lock: Arc<RawLock>,
    state: UnsafeCell<State>,
}

// SAFETY: `state` is only reached while `lock` is held: through
// `Core::with` on the bindings' side, and by numpy's calls through the
// capsule, which numpy makes while holding the `lock` object (the same
// `RawLock`). `State` itself is `Send` (an `Engine` is `Send + Sync`).
unsafe impl Sync for Core {}

impl Core {
    /// A core around `engine`.
    pub fn new(engine: Engine, half: Option<u32>) -> Arc<Self> {
        let mut state = State::new(engine);
        state.half = half.filter(|_| !state.bits32);
        Arc::new(Core {
            lock: Arc::new(RawLock::default()),
            state: UnsafeCell::new(state),
        })
    }

    /// The lock, for the Python `lock` object.
    pub fn lock(&self) -> Arc<RawLock> {
        Arc::clone(&self.lock)
    }

    /// Runs `f` on the state with the lock held. `f` may release the GIL.
    pub fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&mut State) -> R) -> R {
        struct Unlock<'a>(&'a RawLock);
        impl Drop for Unlock<'_> {
            fn drop(&mut self) {
                self.0.unlock();
            }
        }
        self.lock.lock(py);
        let _unlock = Unlock(&self.lock);
        // SAFETY: the lock is held until `_unlock` drops, so no other
        // reference to the state exists (see `unsafe impl Sync`).
        let state = unsafe { &mut *self.state.get() };
        f(state)
    }
}

/// numpy's `bitgen_t` (`numpy/random/bitgen.h`).
#[repr(C)]
struct BitGenT {
    state: *mut c_void,
    next_uint64: unsafe extern "C" fn(*mut c_void) -> u64,
    next_uint32: unsafe extern "C" fn(*mut c_void) -> u32,
    next_double: unsafe extern "C" fn(*mut c_void) -> f64,
    next_raw: unsafe extern "C" fn(*mut c_void) -> u64,
}

/// What the capsule holds: the `bitgen_t` first (numpy reads the capsule's
/// pointer as a `bitgen_t *`), then the reference that keeps its state alive.
#[repr(C)]
struct CapsuleContents {
    bitgen: BitGenT,
    core: Arc<Core>,
}

// SAFETY: the raw pointer in `bitgen` points into the `Core` that `core`
// keeps alive; `Core` is `Sync` and `Send`, so moving the contents to another
// thread (the capsule's destructor may run anywhere) is sound.
unsafe impl Send for CapsuleContents {}

/// The state behind numpy's pointer.
///
/// # Safety
/// `state` must be the pointer this module put in a capsule (into a `Core`
/// that the capsule keeps alive), and the caller must hold the `lock`, as
/// numpy does for every call.
unsafe fn state_of<'a>(state: *mut c_void) -> &'a mut State {
    // SAFETY: the caller's contract: `state` points to a live `Core` whose
    // lock it holds, so this is the only reference to the `State`.
    unsafe { &mut *(*(state as *const Core)).state.get() }
}

unsafe extern "C" fn next_uint64(state: *mut c_void) -> u64 {
    // SAFETY: numpy calls with the capsule's own pointer, holding the lock.
    unsafe { state_of(state) }.next_uint64()
}

unsafe extern "C" fn next_uint32(state: *mut c_void) -> u32 {
    // SAFETY: as in `next_uint64`.
    unsafe { state_of(state) }.next_uint32()
}

unsafe extern "C" fn next_double(state: *mut c_void) -> f64 {
    // SAFETY: as in `next_uint64`.
    unsafe { state_of(state) }.next_double()
}

unsafe extern "C" fn next_raw(state: *mut c_void) -> u64 {
    // SAFETY: as in `next_uint64`.
    unsafe { state_of(state) }.engine.next_word()
}

/// A new `"BitGenerator"` capsule over `core`.
pub fn capsule<'py>(py: Python<'py>, core: &Arc<Core>) -> PyResult<Bound<'py, PyCapsule>> {
    let contents = CapsuleContents {
        bitgen: BitGenT {
            state: Arc::as_ptr(core) as *mut c_void,
            next_uint64,
            next_uint32,
            next_double,
            next_raw,
        },
        core: Arc::clone(core),
    };
    PyCapsule::new_with_value(py, contents, c"BitGenerator")
}
