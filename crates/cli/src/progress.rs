//! Progress bars on stderr for the long commands.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on stderr for work counted by an engine callback. indicatif draws
/// nothing when stderr is not a terminal, so pipes and logs stay clean.
pub(super) fn progress_bar(what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg} [{bar:30}] {percent}% ({eta} left)")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// Runs `work` with a progress bar that its callback moves, then clears the bar.
pub(super) fn with_progress<R>(what: &str, work: impl FnOnce(&mut dyn FnMut(u64, u64)) -> R) -> R {
    let bar = progress_bar(what);
    let result = work(&mut |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    result
}
