//! Replays every kept input of `fuzz/corpus/NAME/` through its target, once, as
//! `cargo fuzz run NAME corpus/NAME -- -runs=0` does (without the sanitizer build): a parser
//! change that makes a kept input panic fails here, naming the file. Also checks that
//! `fuzz/` has exactly these targets, each a thin call of its function here.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn names_in(dir: &Path, strip: &str) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .map(|n| n.strip_suffix(strip).map_or(n.clone(), str::to_owned))
        .collect();
    names.sort();
    names
}

fn target_names() -> Vec<String> {
    let mut names: Vec<String> = fuzz_targets::TARGETS
        .iter()
        .map(|(n, _)| (*n).to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_corpus_input_replays_without_a_finding() {
    let mut failures = Vec::new();
    let mut inputs = 0;
    for (name, target) in fuzz_targets::TARGETS {
        let dir = fuzz_dir().join("corpus").join(name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}: no inputs", dir.display());
        for file in files {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            inputs += 1;
            if catch_unwind(AssertUnwindSafe(|| target(&data))).is_err() {
                failures.push(file.display().to_string());
            }
        }
    }
    assert!(inputs > 1000, "only {inputs} corpus inputs found");
    assert!(failures.is_empty(), "inputs with a finding: {failures:#?}");
}

#[test]
fn fuzz_has_exactly_these_targets_each_calling_its_function() {
    assert_eq!(names_in(&fuzz_dir().join("corpus"), ""), target_names());
    assert_eq!(
        names_in(&fuzz_dir().join("fuzz_targets"), ".rs"),
        target_names()
    );
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml"))
        .unwrap_or_else(|e| panic!("fuzz/Cargo.toml: {e}"));
    for (name, _) in fuzz_targets::TARGETS {
        let path = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let source =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            source.contains(&format!("fuzz_targets::{name}(data)")),
            "{}: does not call fuzz_targets::{name}",
            path.display()
        );
        assert!(
            manifest.contains(&format!("path = \"fuzz_targets/{name}.rs\"")),
            "fuzz/Cargo.toml has no [[bin]] for {name}"
        );
    }
}
