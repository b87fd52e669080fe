//! Compiles the catalogue's boards for the page: parses and compiles every board file with the
//! catalogue's own code (the modules below are the library's files, included as they are) and
//! writes each layout in `encode.rs`'s compact form to `$OUT_DIR/catalogue.bin`, which the
//! page decodes at first use (src/catalogue/decode.rs). So the page's wasm links neither the
//! board parser nor the compiler, nor any board text: 17.3 KB gzip less page wasm (299.6 to
//! 282.3 KB) and 22.5 KB less play worker (docs/download.md).
//! The native build parses and compiles its board files itself, as before; a board file that
//! does not compile stops this build with its error, worded by `fault_words.rs` as
//! `file:line: message` (the library's store panics with the `BoardError` itself: data).

// The library's own files, so that the page's layouts are the command line's to the bit:
// only what the catalogue needs, and much of it unused here.
#[allow(unused)]
#[path = "src/catalogue/mod.rs"]
mod catalogue;
#[allow(unused)]
#[path = "src/geometry/mod.rs"]
mod geometry;
#[allow(unused)]
#[path = "src/model/mod.rs"]
mod model;
#[allow(unused)]
#[path = "src/order.rs"]
mod order;

#[path = "src/catalogue/encode.rs"]
mod encode;

// The board faults' words: this build's, not the library's.
#[path = "fault_words.rs"]
mod fault_words;

use std::path::Path;

use catalogue::LayoutId;

fn main() {
    println!("cargo:rerun-if-changed=src/catalogue/boards");
    // A broken board file: its `BoardError` (the payload the store panics with) in words.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        match info.payload().downcast_ref::<catalogue::BoardError>() {
            Some(error) => eprintln!("{}", fault_words::error_words(error)),
            None => default_hook(info),
        }
    }));
    let mut out = encode::Writer::default();
    for id in LayoutId::every() {
        out.board(id);
    }
    let path =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalogue.bin");
    std::fs::write(path, out.finish()).expect("OUT_DIR is writable");
}
