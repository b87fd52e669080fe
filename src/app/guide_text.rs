//! The build guide in the page's language, worded in the play worker: a [`GuideRequest`]
//! (the board as a share token, the table, the turn on screen, the page's language and its
//! words) in, the guide's steps as the words crate words them out ([`ShownGuide`]:
//! `hexfair_words::guide_text`, which the command line prints in English), sent as the
//! markup the page shows ([`WrittenGuide`]: each step's, and the print sheet's checklist).

use super::guide_words::{request_words, GuideKey, GuideWords};
use super::names;
use super::protocol::play::{FromPlayer, GuideRequest, WrittenGuide};
use hexfair::guide::Guide;
use hexfair::share;
pub use hexfair_words::guide_text::{guide_refusal, word_guide, ShownGuide, ShownStep};

/// The worker's answer to a guide request: the guide as the page shows it, or why there is
/// none, in words.
pub fn reply(request: &GuideRequest) -> FromPlayer {
    let written = worded(request).map(|(shown, said)| markup(&shown, &said));
    FromPlayer::Guide(request.id, written)
}

/// The guide a request asks for, worded, or why there is none in the page's language (in
/// English when the language itself is unknown).
pub fn shown_guide(request: &GuideRequest) -> Result<ShownGuide, String> {
    worded(request).map(|(shown, _)| shown)
}

/// The guide as the page shows it: each step's title, "Step 3 of 12", heading and lines, and
/// the checklist of every step for the print sheet, every text escaped.
pub fn markup(shown: &ShownGuide, said: &GuideWords) -> WrittenGuide {
    let title = escape(&shown.title);
    let count = shown.steps.len();
    let steps = shown
        .steps
        .iter()
        .enumerate()
        .map(|(at, step)| {
            let place = said.fill(GuideKey::StepOf, &[("step", &(at + 1)), ("count", &count)]);
            let lines: String = step
                .lines
                .iter()
                .map(|line| format!("<li>{}</li>", escape(line)))
                .collect();
            // The title on the first step only: later steps give the room to their lines.
            let title = match at {
                0 => format!("<p class=\"guide-title\">{title}</p>"),
                _ => String::new(),
            };
            let markup = format!(
                "{title}<p class=\"guide-count\" data-testid=\"guide-count\">{}</p>\
                 <h2 data-testid=\"guide-heading\">{}</h2>\
                 <ul class=\"guide-lines\" data-testid=\"guide-lines\">{lines}</ul>",
                escape(&place),
                escape(&step.heading)
            );
            (markup, step.cells.clone())
        })
        .collect();
    let checklist: String = shown
        .steps
        .iter()
        .map(|step| {
            let what = match step.lines.as_slice() {
                [] => step.heading.clone(),
                lines => format!("{}: {}", step.heading, lines.join("; ")),
            };
            format!("<li>{}</li>", escape(&what))
        })
        .collect();
    WrittenGuide(
        steps,
        format!(
            "<h2>{} · {title}</h2><ol>{checklist}</ol>",
            escape(said.get(GuideKey::Checklist))
        ),
    )
}

/// `text` as markup shows it: the five characters markup reads escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The guide a request asks for, worded, with the guide's words in its language; or why
/// there is none.
fn worded(request: &GuideRequest) -> Result<(ShownGuide, GuideWords), String> {
    let (words, said) = request_words(&request.lang, &request.words)?;
    let link = share::decode_token(&request.token).map_err(|e| {
        said.fill(
            GuideKey::BadLink,
            &[("why", &names::link_fault(&words, &e))],
        )
    })?;
    // Board tokens always carry their board (`share::decode_token`); a seed link's board
    // would be the generator's to rebuild, which the guide does not do.
    let board = link
        .board
        .ok_or_else(|| said.fill(GuideKey::BadLink, &[("why", &"no board")]))?;
    let expansion = link.settings.expansion;
    let guide = Guide::for_table(&board, request.players, request.turns, expansion)
        .map_err(|e| guide_refusal(&words, &said, &e))?;
    let shown = word_guide(&guide, &board, expansion, &words, &said);
    Ok((shown, said))
}

#[cfg(test)]
mod tests;
