//! Boards in the text format (`hexfair check` / `score`): any layout name, terrain letters and
//! numbers CSV must be read or refused, and what is read must check and score
//! without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    hexfair::fuzzing::board_text(data);
});
