//! The catalogue: every GEN of the command line with its analysis
//! capabilities, one line each.
//!
//! A GEN describes itself in the core ([`rngkit::registry::Gen`], next to
//! its code); this list adds what the analysis crate can do with it. Each
//! capability is a function pointer taken from a generic, monomorphised
//! implementation (the hot loops stay generic), so the CLI, the Python
//! package and the web page reach every GEN through [`Entry`] without
//! naming any generator.
//!
//! Adding a GEN: write its module(s) and add one line to [`all`], with its
//! page (`.page(pages::X)`, from which the docs' GEN table and the README's
//! list of runtimes are rendered); `docs/architecture.md`, "Adding a
//! generator", lists the rest.
//!
//! ```
//! use rngkit::number::BigInt;
//! use rngkit_analysis::registry;
//!
//! let unity = registry::find("unity").unwrap();
//! let mut rng = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! unity.advance(&mut rng, &BigInt::from(1u128 << 100)).unwrap();
//! let start = unity.seed(&BigInt::from(0), &Default::default()).unwrap();
//! assert_eq!(unity.distance(&start, &rng, None), Ok(1 << 100));
//! assert!(registry::find("Unity").is_err()); // names are exact; the error suggests
//! ```

use std::fmt;
use std::sync::OnceLock;

use rngkit::registry::Engine;

pub use crate::entry::{
    Builder, DistanceFn, Entry, IdentifyFn, JumpBigFn, JumpFn, RecoverFn, RecoveryCost, ScanFn,
    SeedBitsFn, Unsupported, entry,
};

/// Every GEN, in the order `--help` lists them.
pub fn all() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(entries)
}

/// An unknown GEN name: says what exists and what was probably meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGen {
    /// The name typed.
    pub name: String,
    /// The closest known name, if any.
    pub suggestion: Option<&'static str>,
}

impl fmt::Display for UnknownGen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown generator `{}`", self.name)?;
        if let Some(s) = self.suggestion {
            write!(f, " (did you mean `{s}`?)")?;
        }
        f.write_str("; expected one of: ")?;
        let names: Vec<&str> = all().iter().map(|e| e.name()).collect();
        f.write_str(&names.join(", "))
    }
}

impl std::error::Error for UnknownGen {}

/// The entry of a GEN by its name or one of its aliases (exact).
///
/// # Errors
/// [`UnknownGen`] with a suggestion.
pub fn find(name: &str) -> Result<&'static Entry, UnknownGen> {
    if let Some(e) = all()
        .iter()
        .find(|e| e.name() == name || e.info().aliases.contains(&name))
    {
        return Ok(e);
    }
    let candidates = all()
        .iter()
        .flat_map(|e| std::iter::once(e.name()).chain(e.info().aliases.iter().copied()));
    let suggestion = rngkit::suggest::closest(name, candidates).map(|s| {
        all()
            .iter()
            .find(|e| e.name() == s || e.info().aliases.contains(&s))
            .map_or(s, |e| e.name())
    });
    Err(UnknownGen {
        name: name.to_string(),
        suggestion,
    })
}

/// The entry of the GEN an engine belongs to.
pub fn entry_of(rng: &Engine) -> &'static Entry {
    let name = rng.spec().name();
    all()
        .iter()
        .find(|e| e.name() == name)
        .expect("every GEN an Engine can hold is in the catalogue")
}

/// The catalogue, one line per GEN.
#[rustfmt::skip]
fn entries() -> Vec<Entry> {
    use crate::generators::{mt19937, php, splitmix64, tinymt32, xorshift32, xorshift128};
    use rngkit::engines::{bdsp::BdspGen, mars::MarsGen, megacrush::MegaCrushGen};
    use rngkit::engines::{unity::UnityGen, unity_math::UnityMathGen};
    use rngkit::generators as g;
    use rngkit::runtimes as rt;
    vec![
        entry::<UnityGen>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).notes(xorshift128::NOTES_UNITY).done(),
        entry::<BdspGen>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).notes(xorshift128::NOTES_BDSP).done(),
        entry::<g::Xorshift128>().jump().distance().period(periods::p128).linear().identify(xorshift128::identify).done(),
        entry::<MarsGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<MarsGen>).scan(mt19937::scan::<MarsGen>).identify_unbounded(mt19937::identify).notes(mt19937::NOTES).done(),
        entry::<g::Mt19937>().jump().distance().period(periods::p19937).recover(mt19937::recover::<g::Mt19937>).scan(mt19937::scan::<g::Mt19937>).identify_unbounded(mt19937::identify).notes(mt19937::NOTES).done(),
        entry::<g::Pcg32>().jump().distance().period(periods::p2_64).recover(crate::generators::pcg32::recover::<g::Pcg32>).recovery_cost(RecoveryCost::Unbounded).notes(crate::generators::pcg32::NOTES).done(),
        entry::<MegaCrushGen>().jump().distance().period(periods::p2_64).recover(crate::generators::pcg32::recover::<MegaCrushGen>).recovery_cost(RecoveryCost::Unbounded).notes(crate::generators::pcg32::NOTES).done(),
        entry::<g::Xoshiro256StarStar>().jump().distance().period(periods::p256).recover(crate::generators::xoshiro256ss::recover).identify(splitmix64::identify_filled::<g::Xoshiro256StarStar>).notes(crate::generators::xoshiro256ss::NOTES).done(),
        entry::<g::Xoroshiro128Plus>().jump().distance().period(periods::p128).linear().identify(splitmix64::identify_filled::<g::Xoroshiro128Plus>).done(),
        entry::<g::SplitMix64>().jump().distance().period(periods::p2_64).recover(splitmix64::recover).identify(splitmix64::identify).notes(splitmix64::NOTES).done(),
        entry::<g::TinyMt32>().jump().distance().period(periods::p127).linear().identify(tinymt32::identify).done(),
        entry::<UnityMathGen>().jump().distance().period(periods::p32).linear().identify(xorshift32::identify).done(),
        entry::<rt::php::PhpGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::php::PhpGen>).scan(php::scan_php::<rt::php::PhpGen>).seeds_u32().identify_unbounded(mt19937::identify).notes(php::NOTES).page(pages::PHP).done(),
        entry::<rt::php::PhpMtRandPhpGen>().recover(mt19937::recover::<rt::php::PhpMtRandPhpGen>).scan(php::scan_mt_rand_php::<rt::php::PhpMtRandPhpGen>).seeds_u32().notes(php::NOTES_BUGGY_TWIST).page(pages::PHP).done(),
        entry::<rt::php::Php5Gen>().recover(mt19937::recover::<rt::php::Php5Gen>).scan(php::scan_php5::<rt::php::Php5Gen>).seeds_u32().notes(php::NOTES_BUGGY_TWIST).page(pages::PHP).done(),
        entry::<rt::php::Php3Gen>().recover(mt19937::recover::<rt::php::Php3Gen>).scan(php::scan_php3::<rt::php::Php3Gen>).seeds_u32().notes(php::NOTES).page(pages::PHP).done(),
        entry::<rt::php_random::PhpMt19937Gen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::php_random::PhpMt19937Gen>).scan(mt19937::scan::<rt::php_random::PhpMt19937Gen>).identify_unbounded(mt19937::identify).notes(mt19937::NOTES).page(pages::PHP).done(),
        entry::<rt::php_random::PhpPcg64Gen>().page(pages::PHP).done(),
        entry::<rt::php_random::PhpXoshiro256ssGen>().jump().distance().period(periods::p256).recover(crate::generators::xoshiro256ss::recover_php).notes(crate::generators::xoshiro256ss::NOTES_PHP).page(pages::PHP).done(),
        entry::<rt::python::PythonGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::python::PythonGen>).scan(crate::generators::python::scan::<rt::python::PythonGen>).seeds_u32().unseeded("an unseeded `random` (CPython seeds it from os.urandom: 624 words through init_by_array) can never be found by a seed search").identify(crate::generators::python::identify).notes(crate::generators::python::NOTES).page(pages::CPYTHON).done(),
        entry::<rt::ruby::RubyGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::ruby::RubyGen>).scan(mt19937::scan::<rt::ruby::RubyGen>).seeds_u32().identify(crate::generators::ruby::identify).notes(crate::generators::ruby::NOTES).page(pages::RUBY).done(),
        entry::<rt::numpy_legacy::NumpyLegacyGen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::numpy_legacy::NumpyLegacyGen>).scan(mt19937::scan::<rt::numpy_legacy::NumpyLegacyGen>).identify(crate::generators::numpy_legacy::identify).notes(crate::generators::numpy_legacy::NOTES).page(pages::NUMPY).done(),
        entry::<rt::r::RGen>().jump().distance().period(periods::p19937).recover(crate::generators::r::recover).scan(crate::generators::r::scan::<rt::r::RGen>).identify(crate::generators::r::identify).notes(crate::generators::r::NOTES).page(pages::R).done(),
        entry::<rt::glibc::GlibcGen>().jump().recover(crate::generators::glibc::recover::<rt::glibc::GlibcGen>).scan(crate::generators::glibc::scan::<rt::glibc::GlibcGen>).notes(crate::generators::glibc::NOTES).page(pages::GLIBC).done(),
        entry::<rt::go::GoGen>().recover(crate::generators::go::recover).scan(crate::generators::go::scan).notes(crate::generators::go::NOTES).page(pages::GO).done(),
        entry::<rt::go_v2::GoPcgGen>().jump().distance().period(periods::p2_128).notes(crate::generators::go_v2::NOTES_PCG).page(pages::GO_V2).done(),
        entry::<rt::go_v2::GoChaCha8Gen>().seeds_u32().notes(crate::generators::go_v2::NOTES_CHACHA8).page(pages::GO_V2).done(),
        entry::<rt::numpy::NumpyGen>().jump().distance().period(periods::p2_128).seeds_u32().notes(crate::generators::numpy::NOTES_PCG64).page(pages::NUMPY).done(),
        entry::<rt::numpy::NumpyPcg64DxsmGen>().jump().distance().period(periods::p2_128).seeds_u32().notes(crate::generators::numpy::NOTES_PCG64).page(pages::NUMPY).done(),
        entry::<rt::numpy::NumpyPhiloxGen>().jump().distance().period(crate::generators::numpy::philox_period).seeds_u32().notes(crate::generators::numpy::NOTES_OTHER).page(pages::NUMPY).done(),
        entry::<rt::numpy::NumpySfc64Gen>().seeds_u32().notes(crate::generators::numpy::NOTES_OTHER).page(pages::NUMPY).done(),
        entry::<rt::numpy::NumpyMt19937Gen>().jump().distance().period(periods::p19937).recover(mt19937::recover::<rt::numpy::NumpyMt19937Gen>).seeds_u32().notes(crate::generators::numpy::NOTES_MT19937).page(pages::NUMPY).done(),
        entry::<rt::lua::Lua54Gen>().jump().distance().period(periods::p256).recover(crate::generators::lua::recover_lua54).notes(crate::generators::lua::NOTES_LUA54).page(pages::LUA).done(),
        entry::<rt::lua::LuaJitGen>().jump().distance().period(crate::generators::lua::luajit_period).linear().notes(crate::generators::lua::NOTES_LUAJIT).page(pages::LUAJIT).done(),
        entry::<rt::cpp::Mt19937_64Gen>().jump().distance().period(periods::p19937).recover(crate::generators::cpp::recover_mt19937_64::<rt::cpp::Mt19937_64Gen>).notes(crate::generators::cpp::NOTES_MT64).page(pages::CPP).done(),
        entry::<rt::cpp::MinstdRandGen>().jump().distance().period(crate::generators::cpp::minstd_period).recover(crate::generators::cpp::recover_minstd::<rt::cpp::MinstdRandGen, 48271>).notes(crate::generators::cpp::NOTES_MINSTD).page(pages::CPP).done(),
        entry::<rt::cpp::MinstdRand0Gen>().jump().distance().period(crate::generators::cpp::minstd_period).recover(crate::generators::cpp::recover_minstd::<rt::cpp::MinstdRand0Gen, 16807>).notes(crate::generators::cpp::NOTES_MINSTD).page(pages::CPP).done(),
        entry::<rt::cpp::Ranlux24Gen>().jump().distance().period(crate::generators::ranlux::ranlux24_period).recover(crate::generators::ranlux::recover_ranlux24::<rt::cpp::Ranlux24Gen>).notes(crate::generators::ranlux::NOTES_RANLUX).page(pages::CPP).done(),
        entry::<rt::cpp::Ranlux48Gen>().jump().distance().period(crate::generators::ranlux::ranlux48_period).recover(crate::generators::ranlux::recover_ranlux48::<rt::cpp::Ranlux48Gen>).notes(crate::generators::ranlux::NOTES_RANLUX).page(pages::CPP).done(),
        entry::<rt::cpp::KnuthBGen>().recover(crate::generators::cpp::recover_knuth_b::<rt::cpp::KnuthBGen>).notes(crate::generators::cpp::NOTES_KNUTH_B).page(pages::CPP).done(),
        entry::<rt::drand48::Drand48Gen>().jump().distance().period(crate::generators::lcg48::period).recover(crate::generators::drand48::recover).notes(crate::generators::drand48::NOTES).page(pages::GLIBC).done(),
        entry::<rt::java::JavaGen>().jump().distance().period(crate::generators::lcg48::period).recover(crate::generators::java::recover).scan(crate::generators::java::scan).notes(crate::generators::java::NOTES).page(pages::JAVA).done(),
        entry::<rt::java_splittable::SplittableRandomGen>().page(pages::JAVA).done(),
        entry::<rt::dotnet::DotnetLegacyGen>().recover(crate::generators::dotnet::recover).scan(crate::generators::dotnet::scan).notes(crate::generators::dotnet::NOTES).page(pages::DOTNET).done(),
        entry::<rt::dotnet_xoshiro::DotnetGen>().jump().distance().period(periods::p256).recover(crate::generators::dotnet_xoshiro::recover::<rt::dotnet_xoshiro::DotnetGen>).notes(crate::generators::dotnet_xoshiro::NOTES).page(pages::DOTNET).done(),
        entry::<rt::dotnet_xoshiro::Dotnet6Gen>().jump().distance().period(periods::p256).recover(crate::generators::dotnet_xoshiro::recover::<rt::dotnet_xoshiro::Dotnet6Gen>).notes(crate::generators::dotnet_xoshiro::NOTES).page(pages::DOTNET).done(),
        entry::<rt::dotnet_xoshiro::Dotnet32Gen>().jump().distance().period(periods::p128).recover(crate::generators::dotnet_xoshiro::recover::<rt::dotnet_xoshiro::Dotnet32Gen>).notes(crate::generators::dotnet_xoshiro::NOTES_32).page(pages::DOTNET).done(),
        entry::<rt::dotnet_xoshiro::Dotnet6x32Gen>().jump().distance().period(periods::p128).recover(crate::generators::dotnet_xoshiro::recover::<rt::dotnet_xoshiro::Dotnet6x32Gen>).notes(crate::generators::dotnet_xoshiro::NOTES_32).page(pages::DOTNET).done(),
        entry::<rt::javascript::V8Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8).scan(crate::generators::javascript::scan_v8::<rt::javascript::V8Gen>).recovery_cost(RecoveryCost::Slow).notes(crate::generators::javascript::NOTES_V8_SUM).page(pages::V8).done(),
        entry::<rt::javascript::V814Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_era::<rt::javascript::V814Gen>).scan(crate::generators::javascript::scan_v8::<rt::javascript::V814Gen>).recovery_cost(RecoveryCost::Slow).notes(crate::generators::javascript::NOTES_V8_SUM).page(pages::V8).done(),
        entry::<rt::javascript::V813Gen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_era::<rt::javascript::V813Gen>).scan(crate::generators::javascript::scan_v8::<rt::javascript::V813Gen>).notes(crate::generators::javascript::NOTES_V8_ONE_WORD).page(pages::V8).done(),
        entry::<rt::javascript::V8LegacyGen>().jump().distance().period(crate::generators::javascript::v8_period).recover(crate::generators::javascript::recover_v8_legacy).scan(crate::generators::javascript::scan_v8::<rt::javascript::V8LegacyGen>).notes(crate::generators::javascript::NOTES_V8_ONE_WORD).page(pages::V8).done(),
        entry::<rt::javascript::SpiderMonkeyGen>().jump().distance().period(periods::p128).recover(crate::generators::javascript::recover_spidermonkey).recovery_cost(RecoveryCost::Search).notes(crate::generators::javascript::NOTES_SPIDERMONKEY).page(pages::SPIDERMONKEY).done(),
        entry::<rt::javascript::JavaScriptCoreGen>().jump().distance().period(periods::p128).recover(crate::generators::javascriptcore::recover_javascriptcore).recovery_cost(RecoveryCost::Search).notes(crate::generators::javascriptcore::NOTES).page(pages::JAVASCRIPTCORE).done(),
        entry::<rt::libgdx::LibgdxGen>().jump().distance().period(periods::p128).recover(crate::generators::libgdx::recover).recovery_cost(RecoveryCost::Slow).notes(crate::generators::libgdx::NOTES).page(pages::LIBGDX).done(),
        entry::<rngkit::engines::godot::GodotGen>().jump().distance().period(periods::p2_64).recover(crate::generators::godot::recover).recovery_cost(RecoveryCost::Unbounded).notes(crate::generators::pcg32::NOTES).page(pages::GODOT).done(),
        entry::<rngkit::engines::unreal::UnrealGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::unreal::UnrealGen, _>).notes(crate::generators::lcg::NOTES).page(pages::UNREAL).done(),
        entry::<rngkit::engines::pokemon::lcrng::PokeRngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::PokeRngGen, _>).notes(crate::generators::lcg::NOTES).page(pages::POKEMON_LCRNG).done(),
        entry::<rngkit::engines::pokemon::lcrng::XdRngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::XdRngGen, _>).notes(crate::generators::lcg::NOTES).page(pages::POKEMON_LCRNG).done(),
        entry::<rngkit::engines::pokemon::lcrng::ARngGen>().jump().distance().period(periods::p2_32).recover(crate::generators::lcg::recover_lcg32::<rngkit::engines::pokemon::lcrng::ARngGen, _>).notes(crate::generators::lcg::NOTES).page(pages::POKEMON_LCRNG).done(),
        entry::<rngkit::engines::pokemon::bwrng::BwRngGen>().jump().distance().period(periods::p2_64).page(pages::BWRNG).done(),
        entry::<rngkit::engines::pokemon::sfmt::SfmtGen>().jump().distance().scan(crate::generators::sfmt::scan::<rngkit::engines::pokemon::sfmt::SfmtGen>).notes(crate::generators::sfmt::NOTES).page(pages::SFMT).done(),
        entry::<rngkit::engines::pokemon::swsh::SwshGen>().jump().distance().period(periods::p128).recover(crate::generators::swsh::recover).notes(crate::generators::swsh::NOTES).page(pages::SWSH).done(),
    ]
}

/// Where the documentation describes the GENs (see [`Page`]): one
/// constant per runtime, so the GENs of a runtime share its page.
mod pages {
    use crate::notes::Page;

    const fn page(runtime: &'static str, file: &'static str) -> Page {
        Page { runtime, file }
    }

    pub const PHP: Page = page("PHP", "runtimes-php.md");
    pub const CPYTHON: Page = page("CPython", "runtimes-python-ruby-c.md");
    pub const RUBY: Page = page("Ruby", "runtimes-python-ruby-c.md");
    pub const GLIBC: Page = page("glibc", "runtimes-python-ruby-c.md");
    pub const NUMPY: Page = page("numpy", "runtimes-numpy.md");
    pub const R: Page = page("R", "runtimes-r.md");
    pub const GO: Page = page("Go's math/rand", "runtimes-go.md");
    pub const GO_V2: Page = page(
        "Go's math/rand/v2",
        "runtimes-go.md#mathrandv2-go-pcg-and-go-chacha8",
    );
    pub const LUA: Page = page("Lua", "runtimes-lua.md");
    pub const LUAJIT: Page = page("LuaJIT", "runtimes-lua.md");
    pub const CPP: Page = page("C++", "runtimes-cpp.md");
    pub const JAVA: Page = page("Java", "runtimes-java-dotnet.md");
    pub const DOTNET: Page = page(".NET", "runtimes-java-dotnet.md");
    pub const V8: Page = page("V8", "runtimes-javascript.md");
    pub const SPIDERMONKEY: Page = page("SpiderMonkey", "runtimes-javascript.md");
    pub const JAVASCRIPTCORE: Page = page("JavaScriptCore", "runtimes-javascript.md");
    pub const LIBGDX: Page = page("libGDX", "runtimes-libgdx.md");
    pub const GODOT: Page = page("", "engines.md#godot");
    pub const UNREAL: Page = page("", "engines.md#unreal");
    pub const POKEMON_LCRNG: Page = page("", "engines.md#pokémon-lcrngs-pokerng-xdrng-arng");
    pub const BWRNG: Page = page("", "engines.md#bwrng");
    pub const SFMT: Page = page("", "engines.md#sfmt-19937");
    pub const SWSH: Page = page("", "engines.md#swordshield");
}

/// Periods in raw steps.
mod periods {
    use rngkit::number::BigInt;

    pub fn p32() -> BigInt {
        BigInt::mersenne(32)
    }
    pub fn p127() -> BigInt {
        BigInt::mersenne(127)
    }
    pub fn p128() -> BigInt {
        BigInt::mersenne(128)
    }
    pub fn p256() -> BigInt {
        BigInt::mersenne(256)
    }
    pub fn p19937() -> BigInt {
        BigInt::mersenne(19937)
    }
    pub fn p2_32() -> BigInt {
        BigInt::from(1u128 << 32)
    }
    pub fn p2_64() -> BigInt {
        BigInt::from(1u128 << 64)
    }
    pub fn p2_128() -> BigInt {
        BigInt::mersenne(128).mul_add_small(1, 1)
    }
}
