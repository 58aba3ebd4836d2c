//! The `lua54` and `luajit` GENs against Lua 5.4 and LuaJIT themselves.
//!
//! Oracles: `lua5.4` and `luajit` run as processes (Debian packages `lua5.4`
//! and `luajit`; `scripts/install-runtimes` installs them). For each seed
//! and each draw the test writes a Lua program that calls
//! `math.randomseed(seed)` and prints 1000 values of the draw: integers in
//! decimal, doubles with `%.17g` (which reads back to the same bits). Our
//! side evaluates the same draws through the registry; doubles are compared
//! as their bits.
//!
//! Without the runtimes the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::draw::DrawValue;
use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::lua::{Lua54Gen, LuaJitGen};

use crate::oracles;

const DRAWS: usize = 1000;

/// A draw: its arguments for `gen` and the same call in Lua.
struct Case {
    args: Vec<&'static str>,
    lua: String,
}

fn case(args: &[&'static str]) -> Case {
    Case {
        args: args.to_vec(),
        lua: format!("math.random({})", args.join(", ")),
    }
}

/// Seeds: ours, and the same value as a Lua expression.
const LUA54_SEEDS: [(&str, &str); 10] = [
    ("0", "0"),
    ("1", "1"),
    ("42", "42"),
    ("-1", "-1"),
    ("1234", "1234"),
    ("2147483648", "2147483648"),
    ("-9223372036854775808", "math.mininteger"),
    ("9223372036854775807", "math.maxinteger"),
    ("123456789012345", "123456789012345"),
    ("3735928559", "0xdeadbeef"),
];

fn lua54_cases() -> Vec<Case> {
    let mut cases = vec![case(&[]), case(&["0"])];
    for m in "1 6 10 100 1000000007 4294967296 4611686018427387905 9223372036854775807".split(' ') {
        cases.push(case(&[m]));
    }
    for (m, n) in [
        ("1", "6"),
        ("-5", "5"),
        ("0", "255"),
        ("3", "3"),
        ("7", "1000"),
        ("0", "4294967296"),
        ("10", "4611686018427387914"),
        ("-4611686018427387904", "4611686018427387904"),
        ("-9223372036854775808", "-1"),
    ] {
        cases.push(case(&[m, n]));
    }
    // The whole range (n - m + 1 wraps to 0: one full word).
    cases.push(Case {
        args: vec!["-9223372036854775808", "9223372036854775807"],
        lua: "math.random(math.mininteger, math.maxinteger)".into(),
    });
    cases
}

/// LuaJIT seeds are doubles: `--seed S` is the integer S converted (2^53+1
/// rounds to 2^53 on both sides).
const LUAJIT_SEEDS: [&str; 10] = [
    "0",
    "1",
    "42",
    "-1",
    "1234",
    "2147483648",
    "-987654321",
    "123456789012345",
    "9007199254740993",
    "3735928559",
];

fn luajit_cases() -> Vec<Case> {
    let mut cases = vec![case(&[])];
    for m in ["1", "6", "100", "1000000007", "2.5", "0", "-3", "1e15"] {
        cases.push(case(&[m]));
    }
    for (m, n) in [
        ("1", "6"),
        ("-5", "5"),
        ("0", "255"),
        ("10", "20"),
        ("5", "1"),
        ("0.5", "3.25"),
        ("-1e9", "1e9"),
        ("1", "1099511627776"),
    ] {
        cases.push(case(&[m, n]));
    }
    cases
}

/// The program printing one line of `DRAWS` values per seed and case.
fn program(seeds: &[&str], cases: &[Case], lua54: bool) -> String {
    let fmt = if lua54 {
        "local function fmt(x) if math.type(x) == 'integer' then return string.format('%d', x) end return string.format('%.17g', x) end\n"
    } else {
        "local function fmt(x) return string.format('%.17g', x) end\n"
    };
    let mut p = String::from(fmt);
    p.push_str("local seeds = {");
    p.push_str(&seeds.join(", "));
    p.push_str("}\nlocal cases = {\n");
    for c in cases {
        p.push_str(&format!("  function() return {} end,\n", c.lua));
    }
    p.push_str(&format!(
        "}}\nlocal out = {{}}\nfor _, s in ipairs(seeds) do\n  for _, f in ipairs(cases) do\n    math.randomseed(s)\n    local t = {{}}\n    for i = 1, {DRAWS} do t[i] = fmt(f()) end\n    out[#out + 1] = table.concat(t, ' ')\n  end\nend\nio.write(table.concat(out, '\\n'), '\\n')\n"
    ));
    p
}

/// Compares every line of `output` with our draws.
fn compare(who: &str, g: &dyn DynGen, seeds: &[&str], cases: &[Case], output: &str) {
    let mut lines = output.split('\n');
    let mut compared = 0;
    for s in seeds {
        let seed: Seed = s.parse().expect("seed");
        for c in cases {
            let draw = g.parse_draw("random", &c.args).expect("parse");
            let mut rng = g.seed(&seed, &Default::default()).expect("seed");
            let values: Vec<DrawValue> = (0..DRAWS).map(|_| draw.eval(&mut rng)).collect();
            let theirs = lines.next().expect("a line per seed and case");
            // Doubles as their bits on both sides; integers in decimal.
            let theirs: Vec<String> = theirs
                .split(' ')
                .zip(&values)
                .map(|(t, v)| match v {
                    DrawValue::F64(_) => match t.parse::<f64>() {
                        Ok(x) => DrawValue::F64(x).format(true),
                        Err(_) => t.to_string(),
                    },
                    _ => t.to_string(),
                })
                .collect();
            let ours: Vec<String> = values
                .iter()
                .map(|v| match v {
                    DrawValue::F64(_) => v.format(true),
                    _ => v.format(false),
                })
                .collect();
            oracles::compare_tokens(
                who,
                &format!("seed {s} random {:?}", c.args),
                &ours.join(" "),
                &theirs.join(" "),
            );
            compared += DRAWS;
        }
    }
    assert_eq!(compared, seeds.len() * cases.len() * DRAWS);
}

#[test]
fn lua54_matches_lua_5_4() {
    let cases = lua54_cases();
    let lua_seeds: Vec<&str> = LUA54_SEEDS.iter().map(|s| s.1).collect();
    let Some(output) = oracles::run_script(
        "lua5.4",
        "lua",
        "lua5.4",
        &program(&lua_seeds, &cases, true),
    ) else {
        return;
    };
    let seeds: Vec<&str> = LUA54_SEEDS.iter().map(|s| s.0).collect();
    compare("Lua 5.4", of::<Lua54Gen>(), &seeds, &cases, &output);
}

#[test]
fn luajit_matches_luajit() {
    let cases = luajit_cases();
    let Some(output) = oracles::run_script(
        "luajit",
        "lua",
        "luajit",
        &program(&LUAJIT_SEEDS, &cases, false),
    ) else {
        return;
    };
    compare("LuaJIT", of::<LuaJitGen>(), &LUAJIT_SEEDS, &cases, &output);
}

#[test]
fn luajit_unseeded_is_randomseed_zero() {
    // LuaJIT opens its math library with random_init(0.0).
    let Some(output) = oracles::run_script(
        "luajit",
        "lua",
        "luajit",
        "local t = {} for i = 1, 100 do t[i] = string.format('%.17g', math.random()) end print(table.concat(t, ' '))",
    ) else {
        return;
    };
    let g = of::<LuaJitGen>();
    let draw = g.parse_draw("random", &[]).unwrap();
    let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
    let ours: Vec<String> = (0..100).map(|_| draw.eval(&mut rng).format(true)).collect();
    let theirs: Vec<String> = output
        .trim()
        .split(' ')
        .map(|t| DrawValue::F64(t.parse().expect("a double")).format(true))
        .collect();
    oracles::compare_tokens("LuaJIT", "unseeded", &ours.join(" "), &theirs.join(" "));
}

#[test]
fn draws_reject_bad_arguments_like_lua() {
    let lua = of::<Lua54Gen>();
    for args in [&["-1"][..], &["5", "1"], &["1.5"], &["1", "2", "3"]] {
        let e = lua.parse_draw("random", args).unwrap_err().to_string();
        assert!(!e.is_empty() && !e.contains('\n'), "{args:?}: {e}");
    }
    let jit = of::<LuaJitGen>();
    assert!(jit.parse_draw("random", &["nan"]).is_err());
    assert!(jit.parse_draw("random", &["1", "2", "3"]).is_err());
    // LuaJIT does not check M <= N.
    assert!(jit.parse_draw("random", &["5", "1"]).is_ok());
}
