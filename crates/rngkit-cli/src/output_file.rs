//! Output files (`-o FILE`) written whole or not at all: the data goes to
//! a temporary name beside FILE and is renamed onto it once complete, so a
//! signal, a full disk or a crash midway never leaves a partial file under
//! the name asked for that looks complete (at most a hidden temporary,
//! `.FILE.rngkit-tmp-PID`, which a later write of the same process
//! replaces). A FILE that exists and is no regular file (`/dev/stdout`, a
//! pipe, a symbolic link) is written in place, as before: renaming onto it
//! would replace the device or the link instead of writing through it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `data` to `path` through a temporary name and a rename (see the
/// module's text).
pub fn write(path: &Path, data: impl AsRef<[u8]>) -> io::Result<()> {
    let special = fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file());
    if special {
        return fs::write(path, data);
    }
    let temporary = temporary_name(path)?;
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(data.as_ref())?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// `.NAME.rngkit-tmp-PID` in `path`'s directory (the same file system, so
/// the rename is atomic).
fn temporary_name(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the output path names no file (it ends in `/` or `..`)",
        )
    })?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(format!(".rngkit-tmp-{}", std::process::id()));
    Ok(path.with_file_name(hidden))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rngkit-output-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_written_whole_and_no_temporary_stays() {
        let dir = scratch("whole");
        let path = dir.join("state.bin");
        write(&path, b"old").unwrap();
        write(&path, b"new contents").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new contents");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("state.bin")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_neither_file_nor_temporary() {
        let dir = scratch("failed");
        // The target is a directory: the rename fails after the data was
        // written to the temporary name.
        let path = dir.join("taken");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), b"x").unwrap();
        assert!(write(&path, b"data").is_err());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("taken")]);
        assert!(write(&dir.join("missing/state.bin"), b"data").is_err());
        assert!(!dir.join("missing").exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        write(Path::new("/dev/null"), b"data").unwrap();
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
}
