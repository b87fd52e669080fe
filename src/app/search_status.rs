//! How the board is being, or was, chosen, under Regenerate: a progress bar while the play
//! worker plays candidate boards, and a word on a balanced board it did not choose (the
//! first board of a visit comes before the simulator has loaded). A view function, not a
//! component: each component type is code in the first visit's download (docs/download.md).

use yew::prelude::*;

use super::chance_words as words;
use super::state::{Chosen, State};

pub fn search_status(state: &State) -> Html {
    if let Some((done, total)) = state.search_progress {
        return html! {
            <div class="search-progress" data-testid="search-progress">
                <p role="status">{ words::CHOOSING }</p>
                <progress aria-label={words::CHOOSING_LABEL} max={total.to_string()} value={done.to_string()}></progress>
            </div>
        };
    }
    if state.pending.is_none() && state.now.chosen == Chosen::OnPaper {
        return html! {
            <p class="hint" data-testid="on-paper">{ words::on_paper(state.player_failed.is_some()) }</p>
        };
    }
    Html::default()
}

/// How the board on screen was chosen, as the page's `data-chosen` says it (for tests).
pub fn chosen_name(chosen: Chosen) -> &'static str {
    match chosen {
        Chosen::BySearch => "search",
        Chosen::ByPlay => "play",
        Chosen::OnPaper => "paper",
    }
}
