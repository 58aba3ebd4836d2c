//! Recovery for the V8 eras whose double is the top bits of one word,
//! `s0` (`v8-legacy`, `v8-13`): linear in the state, so each cache
//! position the first observation may sit at is solved over GF(2) (see
//! the parent module's docs, "Recovery").

use rngkit::registry::Engine;
use rngkit::runtimes::javascript::{V8Era, V8MathRandom};

use super::calls::{js_layout, positions};
use super::forms::{Echelon, Forms, split, step_forms, unit_forms};
use crate::observe::Observation;
use crate::recover::{Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, fits};

/// The free unknowns' values of combination `c` (bit `i` of `c` goes to
/// `free[i]`).
fn spread(c: u64, free: &[u32]) -> u128 {
    free.iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u128::from(c >> i & 1) << b))
}

fn count_of(total: u128) -> Count {
    if total.is_power_of_two() {
        Count::PowerOfTwo(total.trailing_zeros())
    } else {
        Count::Exact(total)
    }
}

/// `recover` for the V8 eras whose word is `s0` (`v8-legacy`, `v8-13`):
/// each cache position solved over GF(2) (see the module docs).
pub(super) fn recover_v8_linear<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let lay = js_layout(observations)?;
    let (cons, relations) = (&lay.constraints, &lay.relations);
    let step_of = |call: u64| E::ORDER.step_of_call(call);
    // The steps any position needs, and their s0 forms.
    let mut needed: Vec<u64> = Vec::new();
    for position in positions(options) {
        needed.extend(cons.iter().map(|c| step_of(c.offset + position)));
        needed.extend(
            relations
                .iter()
                .flat_map(|r| r.terms.iter().map(move |t| step_of(t.0 + position))),
        );
    }
    needed.sort_unstable();
    needed.dedup();
    let mut forms: Vec<Forms> = Vec::with_capacity(needed.len());
    let (mut s0, mut s1) = unit_forms();
    let mut step = 0;
    for &want in &needed {
        while step < want {
            (s0, s1) = step_forms(&s0, &s1);
            step += 1;
        }
        forms.push(s0);
    }
    let form_at = |m: u64| &forms[needed.binary_search(&m).expect("a needed step")];
    let mut systems = Vec::new();
    for position in positions(options) {
        let mut eq = Echelon::new();
        let consistent = cons.iter().all(|c| {
            let f = form_at(step_of(c.offset + position));
            (0..64)
                .filter(|j| c.known.mask >> j & 1 == 1)
                .all(|j| eq.add(f[j], c.known.value >> j & 1 == 1))
        }) && relations.iter().all(|r| {
            // A pick's interval beyond its known prefix (`floor N`
            // straddling a power of two): the XOR of the masked bits.
            let form = r.terms.iter().fold(0u128, |acc, &(offset, mask)| {
                let f = form_at(step_of(offset + position));
                (0..64)
                    .filter(|j| mask >> j & 1 == 1)
                    .fold(acc, |acc, j| acc ^ f[j])
            });
            eq.add(form, r.parity)
        });
        if consistent {
            systems.push((position, eq));
        }
    }
    let total: u128 = systems
        .iter()
        .map(|(_, eq)| 1u128.checked_shl(128 - eq.rank()).unwrap_or(u128::MAX))
        .fold(0, u128::saturating_add);
    if total > ENUMERATE_LIMIT {
        return Ok(Recovered::Several {
            count: count_of(total),
            states: Vec::new(),
        });
    }
    let mut states = Vec::new();
    for (position, eq) in &systems {
        let free = eq.free();
        for c in 0..1u64 << free.len() {
            let (b0, b1) = split(eq.solution(spread(c, &free)));
            if let Ok(rng) = V8MathRandom::<E>::at_block_position(b0, b1, *position as u8) {
                let engine = Engine::new::<E>(rng);
                if fits(observations, &engine) {
                    states.push(engine);
                }
            }
        }
    }
    Ok(crate::recover::conclude(states))
}
