//! Share links: any query string or token must be decoded or refused, and what
//! decodes must re-encode to itself and check and score without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    hexfair::fuzzing::link(data);
});
