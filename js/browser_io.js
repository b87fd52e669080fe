// The two browser services the app asks for by name: the share sheet (or the clipboard)
// and saving the board as a PNG. Everything else is Rust.

// Shares `url` with the native share sheet where the browser has one, else copies it.
// Resolves to "shared", "copied" or "failed".
export async function shareLink(url, title) {
  try {
    if (navigator.share) {
      await navigator.share({ title, url });
      return 'shared';
    }
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch (e) {
    return e && e.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

// Draws an SVG document onto a canvas at twice its size and downloads it as a PNG.
// Resolves to the PNG's size in bytes (0 if the browser could not draw it).
export async function downloadPng(svgText, fileName) {
  const blob = new Blob([svgText], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = reject;
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    const context = canvas.getContext('2d');
    context.fillStyle = '#f7f3e8';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) return 0;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(png);
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    return png.size;
  } catch (e) {
    return 0;
  } finally {
    URL.revokeObjectURL(url);
  }
}
