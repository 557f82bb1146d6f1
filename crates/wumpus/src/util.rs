//! Small helpers shared by the crate's modules.

use std::io::{BufWriter, Write};
use std::path::Path;

use atomic_write_file::AtomicWriteFile;

/// Writes `bytes` to `path` atomically (see [`write_atomic_with`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Creates `path` from what `fill` writes, atomically (`atomic_write_file`): readers see
/// the old file or the complete new one, never a half-written one. If `fill` or the commit
/// fails, the previous file (if any) is left untouched. A new file gets the permissions a
/// plain `File::create` would give; a replaced one keeps its own. Callers add the path to
/// the error.
pub fn write_atomic_with(
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
        let out = dir.path().join("world.txt");
        write_atomic(&out, b"#").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"#");
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
        let out = dir.path().join("trace.json");
        write_atomic(&out, b"old").unwrap();
        let err = write_atomic_with(&out, |w| {
            w.write_all(b"half of the new")?;
            Err(std::io::Error::other("serialisation failed"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("serialisation failed"), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp file left"
        );
    }
}
