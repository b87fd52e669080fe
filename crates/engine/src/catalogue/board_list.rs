// The built-in board files, by their path under `boards/`: `include!`d by the catalogue's
// store (src/catalogue/store.rs, which reads them into the command line) and by build.rs
// (which compiles them into the page's encoded layouts), so both list the same boards in the
// same order. The seven from before the catalogue come first and in their old order (their
// `LayoutId` constants point here), then every other board. Appending is free; a board's
// place may change, its name and link code may not.
macro_rules! board_list {
    ($then:ident) => {
        $then![
            "base/base-3-4.board",
            "base/base-5-6.board",
            "seafarers/seafarers.board",
            "seafarers/seafarers-five-six.board",
            "seafarers/new-world-3-4.board",
            "seafarers/new-world-5-6.board",
            "house-rules/mcguire-3-4.board",
            "seafarers/new-shores-3.board",
            "seafarers/new-shores-4.board",
            "seafarers/new-shores-5-6.board",
            "seafarers/four-islands-3.board",
            "seafarers/four-islands-4.board",
            "seafarers/four-islands-5-6.board",
            "seafarers/fog-islands-3.board",
            "seafarers/fog-islands-4.board",
            "seafarers/fog-islands-5-6.board",
            "seafarers/through-the-desert-3.board",
            "seafarers/through-the-desert-4.board",
            "seafarers/through-the-desert-5-6.board",
            "seafarers/forgotten-tribe-3-4.board",
            "seafarers/forgotten-tribe-5-6.board",
            "seafarers/cloth-for-catan-3-4.board",
            "seafarers/cloth-for-catan-5-6.board",
            "seafarers/pirate-islands-3-4.board",
            "seafarers/pirate-islands-5-6.board",
            "seafarers/wonders-of-catan-3-4.board",
            "seafarers/wonders-of-catan-5-6.board",
            "traders-barbarians/fishermen-3-4.board",
            "traders-barbarians/rivers-3-4.board",
            "traders-barbarians/caravans-3-4.board",
            "traders-barbarians/traders-and-barbarians-3-4.board",
            "traders-barbarians/barbarian-attack-3-4.board",
            "traders-barbarians/fishermen-inland-3-4.board",
            "traders-barbarians/rivers-stacked-3-4.board",
            "traders-barbarians/rivers-caravans-3-4.board",
            "traders-barbarians/barbarian-attack-traders-3-4.board",
            "traders-barbarians/rivers-traders-3-4.board",
            "traders-barbarians/caravans-traders-3-4.board",
        ]
    };
}
