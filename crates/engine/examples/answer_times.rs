//! How long every kind of generation request takes to answer (a board, a named conflict or
//! a give-up), over every layout and number placement: single rules over their parameter
//! range, every pair of rule kinds, every rule on, random rule sets and lock sets.
//!
//! `cargo run --release --example answer_times [-- --random N] [--tsv FILE] [--layout L]
//! [--family single|pair|all|random|locks]` prints the slowest requests and the distribution
//! per layout; `--tsv` also writes one line per request (to compare outcomes between
//! versions, and to fit the work weights in `solve.rs` to the times).

use std::io::Write;
use std::time::Instant;

use hexfair::bench::{answer_report, answer_requests, answer_times, AnswerTime};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let random_sets: usize = value("--random").map_or(40, |v| v.parse().expect("--random N"));
    let tsv = value("--tsv");

    // The machine may be shared, so wall time would count other programs too: time this
    // thread's own CPU time where the platform reports it, wall time elsewhere.
    let origin = Instant::now();
    let now = move || thread_cpu_ms().unwrap_or_else(|| origin.elapsed().as_secs_f64() * 1000.0);
    println!(
        "timing by {}",
        if thread_cpu_ms().is_some() {
            "this thread's CPU time"
        } else {
            "wall clock"
        }
    );
    // `--layout L` and `--family F` narrow the sweep (seeds stay as in the full sweep).
    let layout_filter = value("--layout");
    let family_filter = value("--family");
    let requests: Vec<_> = answer_requests(random_sets)
        .into_iter()
        .filter(|r| {
            layout_filter
                .as_deref()
                .is_none_or(|l| r.settings.layout.name() == l)
        })
        .filter(|r| family_filter.as_deref().is_none_or(|f| r.family == f))
        .collect();
    let mut progress = |i: usize, total: usize, t: &AnswerTime| {
        if t.ms > 500.0 || (i + 1) % 100 == 0 || i + 1 == total {
            eprintln!(
                "[{}/{total}] {:>8.1} ms {:>13} work {} {}",
                i + 1,
                t.ms,
                t.done.work(),
                t.answer.name(),
                t.request.describe()
            );
        }
    };
    let times = answer_times(requests, &now, &mut progress);

    if let Some(path) = tsv {
        let mut file = std::fs::File::create(&path).expect("writable --tsv file");
        for t in &times {
            let d = &t.done;
            writeln!(
                file,
                "{}\t{:.1}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                t.request.describe(),
                t.ms,
                d.work(),
                d.positions,
                d.checks,
                d.drawn_cells,
                d.attempt_cells,
                t.answer.name(),
                t.detail
            )
            .expect("write");
        }
    }
    print!("{}", answer_report(&times));
}

/// This thread's CPU time in milliseconds, from POSIX `clock_gettime` (std links the C
/// library already; `/proc` figures only move at scheduler ticks).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_ms() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid, writable timespec (64-bit Linux layout) for the call.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| time.seconds as f64 * 1e3 + time.nanoseconds as f64 / 1e6)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_ms() -> Option<f64> {
    None
}
