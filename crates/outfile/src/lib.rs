//! Files botforge writes and reads. Input files are read with a size limit
//! ([`read_bounded`]), so `/dev/zero` or a huge file is a clear error instead of exhausted
//! memory. Output files are written atomically, the one way every botforge crate writes
//! replays, logs, traces, reports and CSV files: the content goes to a temporary file in the same directory
//! that is renamed over `path` on success (`atomic-write-file`), so readers see the old file
//! or the complete new one, never a half-written one. A new file gets the permissions a plain
//! `File::create` would give (0644 under umask 022); a replaced one keeps its own.
//! A symbolic link is followed (its final target is written, the link stays); a target that
//! exists but is not a regular file (directory, FIFO, device) is refused.
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("scores.csv");
//! outfile::write_with(&path, |w| writeln!(w, "bot,score"))?;
//! assert_eq!(std::fs::read_to_string(&path)?, "bot,score\n");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{BufWriter, ErrorKind, Write};
use std::path::{Path, PathBuf};

use atomic_write_file::AtomicWriteFile;

/// Reads the text file at `path`, refusing one of more than `limit` bytes with an error of
/// kind `FileTooLarge` that says "`what` file larger than `limit` bytes" (at most
/// `limit + 1` bytes are read, also from a device or a pipe that never ends). Callers add
/// the path to the error.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("big.txt");
/// std::fs::write(&path, "0123456789")?;
/// assert_eq!(outfile::read_bounded(&path, 10, "text")?, "0123456789");
/// let err = outfile::read_bounded(&path, 9, "text").unwrap_err();
/// assert_eq!(err.to_string(), "text file larger than 9 bytes");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_bounded(path: &Path, limit: u64, what: &str) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(limit.saturating_add(1))
        .read_to_string(&mut text)?;
    if text.len() as u64 > limit {
        return Err(std::io::Error::new(
            ErrorKind::FileTooLarge,
            format!("{what} file larger than {limit} bytes"),
        ));
    }
    Ok(text)
}

/// Checks, before any work, that [`write()`] can later create or replace `path`: its
/// directory exists and takes a new file, and `path` is not something other than a regular
/// file. Commands call it for every output path they are given, so a typo in a directory
/// fails at once instead of after a whole game or series. Callers add the path to the
/// error.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// assert!(outfile::check_writable(&dir.path().join("new.replay")).is_ok());
/// assert!(outfile::check_writable(&dir.path().join("no/such/dir/x.replay")).is_err());
/// assert!(outfile::check_writable(dir.path()).is_err()); // a directory
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    let file = target(path)?;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(std::io::Error::new(
            ErrorKind::NotFound,
            format!("directory {} does not exist", dir.display()),
        ));
    }
    // The atomic write creates a temporary file beside the target: try exactly that.
    let probe = AtomicWriteFile::open(&file)?;
    probe.discard()
}

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
    let mut file = AtomicWriteFile::open(target(path)?)?;
    let mut out = BufWriter::new(&mut file);
    fill(&mut out)?;
    out.flush()?;
    drop(out);
    file.commit()
}

/// The file to replace: `path` with every symbolic link followed (also a dangling one,
/// whose target is created). An existing target that is not a regular file is an error.
fn target(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(m) if !m.is_file() => {
                return Err(std::io::Error::new(
                    ErrorKind::InvalidInput,
                    format!("{} is not a regular file", p.display()),
                ));
            }
            Ok(_) => return Ok(p),
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(p),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        ErrorKind::InvalidInput,
        format!("{}: too many levels of symbolic links", path.display()),
    ))
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};

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

    #[test]
    fn a_symlink_is_followed_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.replay");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.replay");
        std::os::unix::fs::symlink("real.replay", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");

        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("created"), &dangling).unwrap();
        write(&dangling, b"x").unwrap();
        assert_eq!(std::fs::read(dir.path().join("created")).unwrap(), b"x");
    }

    #[test]
    fn non_regular_targets_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = write(dir.path(), b"x").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if made {
            let err = write(&fifo, b"x").unwrap_err();
            assert!(err.to_string().contains("not a regular file"), "{err}");
            let link = dir.path().join("to-fifo");
            std::os::unix::fs::symlink(&fifo, &link).unwrap();
            assert!(write(&link, b"x").is_err());
            assert!(
                std::fs::symlink_metadata(&fifo)
                    .unwrap()
                    .file_type()
                    .is_fifo()
            );
        }
    }
}
