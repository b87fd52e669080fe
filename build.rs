//! Writes the board files as the browser build carries them: the same statements on the same
//! lines, without comments and the `source`, `note` and `edition` lines. Those are for whoever
//! reads or checks a board file (the native build keeps them); in the page they would be 9 KB
//! of the download that nothing shows. The `title` and `legacy` lines keep their keyword and
//! lose their English: the page names boards and says their notices from its language tables
//! (src/app/names.rs). See `src/catalogue/store.rs`.

use std::fs;
use std::path::Path;

fn main() {
    let boards = Path::new("src/catalogue/boards");
    println!("cargo:rerun-if-changed={}", boards.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("boards");
    copy_stripped(boards, &out);
}

fn copy_stripped(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("OUT_DIR is writable");
    for entry in fs::read_dir(from).expect("the board folder is readable") {
        let path = entry.expect("a readable folder entry").path();
        let target = to.join(path.file_name().expect("a named entry"));
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            copy_stripped(&path, &target);
        } else if path.extension().is_some_and(|e| e == "board") {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a board file is UTF-8 text");
            fs::write(target, stripped(&text)).expect("OUT_DIR is writable");
        }
    }
}

/// Each line kept in its place, so a parse error names the same line number; a line the
/// parser ignores (comments) or only records (sources, notes, the edition) becomes empty,
/// which the parser reads as it reads a comment line.
fn stripped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() / 2);
    for line in text.lines() {
        let content = line.split('#').next().unwrap_or("").trim_end();
        let keyword = content.split_whitespace().next().unwrap_or("");
        if ["title", "legacy"].contains(&keyword) {
            out.push_str(keyword);
            out.push_str(" -");
        } else if !["source", "note", "edition"].contains(&keyword) {
            out.push_str(content);
        }
        out.push('\n');
    }
    out
}
