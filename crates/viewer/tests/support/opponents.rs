//! The 2011 opponents of `../shared/ants/opponents` (beside the repository) built so that they
//! draw: BenJackson's C++ bot with `-DVISUALIZER`, xathis's Java bot with `DEBUG = true`. The
//! sources are copied from the shared folder into a build folder under the target directory
//! (`target/tmp/opponents/NAME-HASH`, the hash of the sources and the build flags) and built
//! there once; nothing is copied into the project. A missing shared folder, source file or
//! tool (`make`, `g++`, `javac`, `java`) fails the calling test, naming it.
#![allow(dead_code)] // each test binary uses its own part of it

use std::hash::{DefaultHasher, Hash as _, Hasher as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `../shared/ants/opponents/NAME` beside the repository; fails the test when it is missing.
pub fn source(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/ants/opponents")
        .join(name);
    assert!(
        dir.is_dir(),
        "the 2011 opponent `{name}` is missing: {} (the shared reference folder beside the \
         repository holds it; tests build a copy of it, never the project)",
        dir.display()
    );
    dir
}

/// Fails the calling test, naming `tool`, when `tool ARG` does not run successfully.
pub fn require(tool: &str, arg: &str, why: &str) {
    let ok = Command::new(tool)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "{tool} not found: {why}");
}

/// The files of `dir` whose names end with one of `exts`, sorted by name.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| exts.iter().any(|x| n.ends_with(x)))
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no {exts:?} files in {}", dir.display());
    out
}

/// Builds `name` from `sources` once per content: copies them (through `edit`, which gets
/// each file's name and text) into a fresh folder, runs `build` there and keeps the folder as
/// `target/tmp/opponents/NAME-HASH`. Returns that folder.
fn build_once(
    name: &str,
    sources: &[PathBuf],
    flags: &str,
    edit: impl Fn(&str, String) -> String,
    build: impl Fn(&Path),
) -> PathBuf {
    let mut hash = DefaultHasher::new();
    flags.hash(&mut hash);
    let mut texts = Vec::new();
    for path in sources {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = edit(&file, text);
        file.hash(&mut hash);
        text.hash(&mut hash);
        texts.push((file, text));
    }
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("opponents");
    let done = root.join(format!("{name}-{:016x}", hash.finish()));
    if done.join("built").is_file() {
        return done;
    }
    std::fs::create_dir_all(&root).unwrap();
    let work = tempfile::tempdir_in(&root).unwrap();
    for (file, text) in &texts {
        std::fs::write(work.path().join(file), text).unwrap();
    }
    build(work.path());
    std::fs::write(work.path().join("built"), flags).unwrap();
    let work = work.keep();
    // Another test may have finished the same build meanwhile: keep either.
    if std::fs::rename(&work, &done).is_err() {
        assert!(
            done.join("built").is_file(),
            "cannot keep {}",
            done.display()
        );
        let _ = std::fs::remove_dir_all(&work);
    }
    done
}

fn run(dir: &Path, program: &str, args: &[&str]) {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?} in {} failed: {}\n{}",
        dir.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The command (for `cmd:`) of BenJackson's bot built with `-DVISUALIZER` (about 20 s the
/// first time; needs `make` and `g++`).
pub fn benjackson_visualizer() -> String {
    require(
        "make",
        "--version",
        "BenJackson's bot is built with make (Debian's make)",
    );
    require("g++", "--version", "BenJackson's bot is C++ (Debian's g++)");
    let src = source("benjackson");
    let mut sources = files(&src, &[".cc", ".h"]);
    sources.push(src.join("Makefile"));
    // As the shared run.sh builds it (the 2011 source needs unistd.h and -fpermissive with
    // a current g++), with the visualizer on and -O1 to keep the build short.
    let cc = "g++ -include unistd.h -fpermissive -w";
    let cflags = "-c -O1 -DVISUALIZER";
    let dir = build_once(
        "benjackson-visualizer",
        &sources,
        &format!("{cc}|{cflags}"),
        |_, text| text,
        |dir| {
            run(
                dir,
                "make",
                &[
                    "-s",
                    "-j2",
                    &format!("CC={cc}"),
                    &format!("CFLAGS={cflags}"),
                ],
            );
        },
    );
    let bot = dir.join("MyBot");
    assert!(bot.is_file(), "the build left no {}", bot.display());
    bot.display().to_string()
}

/// The command (for `cmd:`) of xathis's bot with `DEBUG = true` in `Strategy.java` (needs
/// `javac` and `java`). It runs in its build folder, where its debug log goes to `logs/`.
pub fn xathis_debug() -> String {
    require(
        "javac",
        "-version",
        "xathis's bot is Java (Debian's openjdk-17-jdk-headless)",
    );
    require(
        "java",
        "-version",
        "xathis's bot is Java (Debian's openjdk-17-jdk-headless)",
    );
    let src = source("xathis");
    let sources = files(&src, &[".java"]);
    let off = "public static boolean DEBUG = false;";
    let dir = build_once(
        "xathis-debug",
        &sources,
        "javac",
        |file, text| {
            if file == "Strategy.java" {
                assert!(
                    text.contains(off),
                    "Strategy.java has no `{off}` to turn on"
                );
                text.replace(off, "public static boolean DEBUG = true;")
            } else {
                text
            }
        },
        |dir| {
            let java: Vec<String> = files(dir, &[".java"])
                .iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect();
            let mut args = vec!["-nowarn", "-d", "."];
            args.extend(java.iter().map(String::as_str));
            run(dir, "javac", &args);
            std::fs::create_dir_all(dir.join("logs")).unwrap();
        },
    );
    assert!(
        dir.join("MyBot.class").is_file(),
        "javac left no MyBot.class"
    );
    format!("cd '{}' && exec java -Xss16m -cp . MyBot", dir.display())
}
