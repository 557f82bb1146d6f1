//! Output files written atomically, the one way every botforge crate writes replays, logs,
//! traces, reports and CSV files: the content goes to a temporary file in the same directory
//! that is renamed over `path` on success (`atomic-write-file`), so readers see the old file
//! or the complete new one, never a half-written one. A new file gets the permissions a plain
//! `File::create` would give (0644 under umask 022); a replaced one keeps its own.
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("scores.csv");
//! outfile::write_with(&path, |w| writeln!(w, "bot,score"))?;
//! assert_eq!(std::fs::read_to_string(&path)?, "bot,score\n");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{BufWriter, Write};
use std::path::Path;

use atomic_write_file::AtomicWriteFile;

/// Writes `bytes` to `path` atomically (see [`write_with`]).
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, |w| w.write_all(bytes))
}

/// Creates `path` from what `fill` writes (buffered), atomically. If `fill` or the commit
/// fails, the previous file (if any) is left untouched and no temporary file remains.
/// Callers add the path to the error.
pub fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut file = AtomicWriteFile::open(path)?;
    let mut out = BufWriter::new(&mut file);
    fill(&mut out)?;
    out.flush()?;
    drop(out);
    file.commit()
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn new_file_gets_the_permissions_of_a_plain_create() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let out = dir.path().join("out.json");
        write(&out, b"{}").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"{}");
        assert_eq!(mode(&out), mode(&plain));
        assert_ne!(
            mode(&out) & 0o044,
            0,
            "readable by group/others under umask 022"
        );
    }

    #[test]
    fn failure_midway_keeps_the_previous_file() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("replay.json");
        write(&out, b"old").unwrap();
        let err = write_with(&out, |w| {
            w.write_all(b"half of the new")?;
            Err(std::io::Error::other("serialisation failed"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("serialisation failed"), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn missing_directory_is_an_error_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("missing").join("replay.json");
        assert!(write(&out, b"x").is_err());
        assert!(!out.exists());
    }
}
