//! Compiles the catalogue's boards for the page: parses and compiles every board file with the
//! catalogue's own code (the modules below are the library's files, included as they are) and
//! writes each layout in `encode.rs`'s compact form to `$OUT_DIR/catalogue.bin`, which the
//! page decodes at first use (src/catalogue/decode.rs). So the page's wasm links neither the
//! board parser nor the compiler, nor any board text: 17.3 KB gzip less page wasm (299.6 to
//! 282.3 KB) and 22.5 KB less play worker (docs/download.md).
//! The native build parses and compiles its board files itself, as before; a board file that
//! does not compile stops this build with its error.

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

use std::path::Path;

use catalogue::LayoutId;

fn main() {
    println!("cargo:rerun-if-changed=src/catalogue/boards");
    let mut out = encode::Writer::default();
    for id in LayoutId::every() {
        out.board(id);
    }
    let path =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalogue.bin");
    std::fs::write(path, out.finish()).expect("OUT_DIR is writable");
}
