//! Language runtimes' generators, bit for bit: what a program's calls to its
//! runtime's random functions give, with the runtime's own seeding, range
//! mappings and shuffles.
//!
//! * [`php`]: PHP's `mt_rand()` family in its four eras (PHP 7.1+, the
//!   `MT_RAND_PHP` mode, PHP 5.2.1 to 7.0.x, PHP 3.0.7 to 5.2.0), with
//!   `rand`, `shuffle`, `str_shuffle` and `array_rand`.
//! * [`php_random`]: PHP 8.2's Random extension: the engines `Mt19937`,
//!   `PcgOneseq128XslRr64` and `Xoshiro256StarStar` under `Random\Randomizer`.
//! * [`pcg64`]: PCG XSL RR 128/64, the generator of PHP's `PcgOneseq128XslRr64`.

pub mod pcg64;
pub mod php;
pub mod php_random;
