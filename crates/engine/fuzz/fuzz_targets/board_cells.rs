//! Boards built from bytes (a layout, then a terrain and token a cell), written in the text
//! format and read like `board_text`: explores odd boards rather than syntax.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    hexfair::fuzzing::board_cells(data);
});
