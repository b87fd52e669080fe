// Table mode's two browser services: the board full screen (Fullscreen API) and the screen
// kept awake (Screen Wake Lock API). Either may be missing (iPhone Safari has no element
// fullscreen; older browsers no wake lock): the app then shows the board in a fixed
// full-window view and says the screen may dim. Nothing here throws.

let wakeLock = null;
let wanted = false;
let onLeave = null;

async function lockScreenOn() {
  if (!('wakeLock' in navigator)) return false;
  try {
    wakeLock = await navigator.wakeLock.request('screen');
    return true;
  } catch (e) {
    return false;
  }
}

// The search worker loads this module too (one module for page and worker), and has no
// document: the listeners are the page's alone.
const page = globalThis.document;

// The browser drops the lock whenever the page is hidden; take it again on return.
page?.addEventListener('visibilitychange', () => {
  if (wanted && document.visibilityState === 'visible' && !wakeLock) lockScreenOn();
});

// Leaving full screen by the browser's own means (its Escape, a back gesture) leaves
// table mode too.
page?.addEventListener('fullscreenchange', () => {
  if (!document.fullscreenElement && wanted && onLeave) onLeave();
});

// Shows `element` full screen where the browser can and keeps the screen on. Resolves to
// "fullscreen" or "window" (how the board is shown) and whether the screen stays awake,
// as "fullscreen awake", "window dims" and so on.
export async function enterTable(element, leave) {
  wanted = true;
  onLeave = leave;
  let shown = 'window';
  try {
    if (element.requestFullscreen && document.fullscreenEnabled) {
      await element.requestFullscreen({ navigationUI: 'hide' });
      shown = 'fullscreen';
    }
  } catch (e) {
    shown = 'window';
  }
  const awake = await lockScreenOn();
  if (wakeLock) wakeLock.addEventListener('release', () => { wakeLock = null; });
  return `${shown} ${awake ? 'awake' : 'dims'}`;
}

// Leaves full screen (if the board is) and lets the screen sleep again.
export async function exitTable() {
  wanted = false;
  onLeave = null;
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
  } catch (e) {
    // Already left.
  }
  try {
    if (wakeLock) await wakeLock.release();
  } catch (e) {
    // Already released.
  }
  wakeLock = null;
}
