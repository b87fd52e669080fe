// Words only English says, for the tests that a page in another language has none left
// (languages.test.mjs, guide.test.mjs).

// Words only English says (whole words, case as written). Proper nouns (Catan, Hexfair),
// "PNG" and "QR", and the language menu's "English" are left out on purpose.
export const ENGLISH = [
  'the', 'and', 'with', 'never', 'side', 'every', 'board', 'Board', 'boards', 'Regenerate',
  'Searching', 'Seed', 'seed', 'Share', 'Turn', 'Back', 'Rules', 'Balance', 'Balanced',
  'Unbalanced', 'Random', 'Players', 'players', 'Saved', 'Score', 'Layout', 'Numbers',
  'locked', 'lock', 'tap', 'Tap', 'pips', 'Pips', 'Forest', 'Fields', 'Hills', 'Mountains',
  'Pasture', 'Desert', 'Sea', 'harbour', 'Harbour', 'settlement', 'settlements', 'Show', 'Hide',
  'Open', 'Delete', 'Rename', 'Cancel', 'Close', 'Seat', 'seats', 'Spread', 'Colours', 'Device',
  'Light', 'Dark', 'Skip', 'Whole', 'fog', 'Fog', 'resource', 'Resources', 'Lumber', 'Wool',
  'Grain', 'Brick', 'Ore', 'Robber', 'robber', 'Target', 'Table', 'presets', 'Spiral', 'yet',
  'games', 'game', 'win', 'wins', 'chance', 'favoured', 'order', 'played', 'simulated',
  'Detail', 'snake', 'draft', 'start', 'Playing', 'Drawing', 'link', 'saved', 'Save',
  'History', 'Language',
];

/** The words of `words` (default: ENGLISH) that `text` holds, whole words as written. */
export function englishIn(text, words = ENGLISH) {
  return words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u').test(text));
}
