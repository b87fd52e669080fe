//! The rule toggles, one labelled checkbox a rule, with a stepper for numeric rules.

use yew::prelude::*;

use crate::rules::{Rule, RuleSet};

#[derive(Properties, PartialEq)]
pub struct RulePanelProps {
    pub rules: RuleSet,
    /// Why the last change could not be met, shown beside the toggles that caused it.
    pub message: Option<String>,
    pub on_change: Callback<(Rule, bool)>,
}

#[component]
pub fn RulePanel(props: &RulePanelProps) -> Html {
    html! {
        <fieldset class="rules">
            <legend>{ "Rules" }</legend>
            if let Some(message) = &props.message {
                <p class="message" data-testid="rules-message">{ message }</p>
            }
            { for Rule::ALL.into_iter().map(|kind| {
                let active = props.rules.rules().iter().copied().find(|r| r.same_kind(kind));
                let rule = active.unwrap_or(kind);
                let on_change = props.on_change.clone();
                let toggle = Callback::from(move |_: Event| on_change.emit((rule, active.is_none())));
                let id = format!("rule-{}", kind.kind_name());
                html! {
                    <div class="rule">
                        <input type="checkbox" id={id.clone()} name={kind.kind_name()} checked={active.is_some()} onchange={toggle} />
                        <label for={id}>
                            <span class="rule-name">{ rule.name() }</span>
                            <span class="rule-words">{ rule.describe() }</span>
                        </label>
                        { rule.parameter().map(|n| stepper(rule, n, active.is_some(), &props.on_change)).unwrap_or_default() }
                    </div>
                }
            }) }
        </fieldset>
    }
}

/// Minus and plus buttons for a numeric rule; changing the number switches the rule on.
fn stepper(rule: Rule, value: u8, active: bool, on_change: &Callback<(Rule, bool)>) -> Html {
    let step = |delta: i16| {
        let on_change = on_change.clone();
        let next = (i16::from(value) + delta).clamp(0, 99) as u8;
        Callback::from(move |_: MouseEvent| on_change.emit((rule.with_parameter(next), true)))
    };
    html! {
        <span class="stepper" data-active={active.to_string()}>
            <button type="button" aria-label={format!("{} lower", rule.kind_name())} onclick={step(-1)}>{ "−" }</button>
            <output aria-live="polite">{ value }</output>
            <button type="button" aria-label={format!("{} higher", rule.kind_name())} onclick={step(1)}>{ "+" }</button>
        </span>
    }
}
