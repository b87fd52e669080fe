//! The build guide as the print sheet's checklist: every step with a box to tick, under the
//! board on the printed page, hidden on screen (style.css, `@media print`).

use yew::prelude::*;

use crate::play_protocol::ShownGuide;

use super::words::{Key, Words};

#[derive(Properties, PartialEq)]
pub struct PrintChecklistProps {
    pub words: Words,
    pub guide: std::rc::Rc<ShownGuide>,
}

#[component]
pub fn PrintChecklist(props: &PrintChecklistProps) -> Html {
    let guide = &props.guide;
    html! {
        <section class="print-checklist" data-testid="print-checklist">
            <h2>{ props.words.text(Key::GuideChecklist) }{ " · " }{ &guide.title }</h2>
            <ol>
                { for guide.steps.iter().map(|step| html! {
                    <li>
                        <strong>{ &step.heading }</strong>
                        if !step.lines.is_empty() {
                            <ul>{ for step.lines.iter().map(|line| html! { <li>{ line }</li> }) }</ul>
                        }
                    </li>
                }) }
            </ol>
        </section>
    }
}
