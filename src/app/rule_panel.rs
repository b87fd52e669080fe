//! The rule toggles, one labelled checkbox a rule in the words players use, with a stepper
//! for numeric rules. (The stable names stay for links and the command line.)

use yew::prelude::*;

use hexfair::rules::{Rule, RuleSet};

use super::names::{rule_label, step_end, step_words};
use super::words::{Key, Text, Words};

#[derive(Properties, PartialEq)]
pub struct RulePanelProps {
    pub words: Words,
    pub rules: RuleSet,
    pub on_change: Callback<(Rule, bool)>,
}

/// The range a rule's number can take (what a link can carry).
/// (The lowest is 0: a u8 cannot go below it.)
const LOWEST: u8 = 0;
const HIGHEST: u8 = 99;

#[component]
pub fn RulePanel(props: &RulePanelProps) -> Html {
    let words = &props.words;
    html! {
        <fieldset class="rules">
            <legend>{ words.text(Key::RulesLegend) }</legend>
            { for Rule::ALL.into_iter().map(|kind| {
                let active = props.rules.rules().iter().copied().find(|r| r.same_kind(kind));
                let rule = active.unwrap_or(kind);
                let on_change = props.on_change.clone();
                let toggle = Callback::from(move |_: Event| on_change.emit((rule, active.is_none())));
                let id = format!("rule-{}", kind.kind_name());
                html! {
                    <div class="rule">
                        <input type="checkbox" id={id.clone()} name={kind.kind_name()} checked={active.is_some()} onchange={toggle} />
                        <label for={id}>{ rule_label(words, rule) }</label>
                        { rule.parameter().map(|n| stepper(words, rule, n, active.is_some(), &props.on_change)).unwrap_or_default() }
                    </div>
                }
            }) }
        </fieldset>
    }
}

/// Minus and plus buttons for a numeric rule; changing the number switches the rule on. At
/// the end of the range a button is disabled, and says why.
fn stepper(
    words: &Words,
    rule: Rule,
    value: u8,
    active: bool,
    on_change: &Callback<(Rule, bool)>,
) -> Html {
    let button = |next: Option<u8>, face: &'static str| {
        let why_id = format!(
            "{}-{}-why",
            rule.kind_name(),
            if face == "+" { "up" } else { "down" }
        );
        match next {
            Some(next) => {
                let on_change = on_change.clone();
                let onclick = Callback::from(move |_: MouseEvent| {
                    on_change.emit((rule.with_parameter(next), true))
                });
                html! {
                    <button type="button" aria-label={step_words(words, rule, next)} {onclick}>{ face }</button>
                }
            }
            None => {
                let (label, why) =
                    step_end(words, rule, face == "+", (LOWEST, HIGHEST)).unwrap_or_default();
                html! {
                    <>
                        <button type="button" disabled=true title={why.clone()} aria-describedby={why_id.clone()}
                                aria-label={label}>{ face }</button>
                        <span class="visually-hidden" id={why_id}>{ why }</span>
                    </>
                }
            }
        }
    };
    html! {
        <span class="stepper" data-active={active.to_string()}>
            { button(value.checked_sub(1), "−") }
            <output aria-live="polite">{ value }</output>
            { button(value.checked_add(1).filter(|&n| n <= HIGHEST), "+") }
        </span>
    }
}
