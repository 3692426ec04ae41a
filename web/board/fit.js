// The tray's slot size where the layout gives the tray a fixed box (phones: the room left
// under or beside the board; style.css says so with `--tray-fit: 1`): the largest square
// slot at which every piece shows without scrolling. Elsewhere the tray grows with its
// pieces and keeps style.css's --slot.
//
// Computed without forcing a layout: the tray's box is read where the browser hands it
// over, after its own layout (a ResizeObserver's entry, and the style just computed); a
// change of the tray's pieces only recounts them against that box. (Reading sizes in a
// MutationObserver, while the tray's new pieces were still being built, made the browser
// lay the page out again and again: a 300-480 ms task on a phone.)

const MIN_SLOT = 40; // a finger still hits it; below this the tray scrolls instead
const MAX_SLOT = 104;

export function fitTray(node) {
  let box = null; // the tray's room at the last layout: {fits, width, height, gap}
  const fit = () => {
    if (!box) return;
    const count = node.querySelectorAll(".tray-piece, .tray-slot, .tray-gap").length;
    if (box.fits && !count) return; // nothing to fit: the last size stays
    const slot = box.fits ? `${slotFor(count, box.width, box.height, box.gap)}px` : "";
    if (node.style.getPropertyValue("--slot") === slot) return; // nothing to lay out again
    if (slot) node.style.setProperty("--slot", slot);
    else node.style.removeProperty("--slot");
  };
  new ResizeObserver(([entry]) => {
    const style = getComputedStyle(node); // computed already: this layout's
    box = {
      fits: style.getPropertyValue("--tray-fit").trim() === "1",
      width: entry.contentRect.width - 1, // the content box: inside the padding
      height: entry.contentRect.height - 1,
      gap: parseFloat(style.columnGap) || 0,
    };
    fit();
  }).observe(node);
  new MutationObserver(fit).observe(node, { childList: true });
}

/** The largest slot (MIN_SLOT..MAX_SLOT) at which `count` slots fit a box in rows. */
export function slotFor(count, width, height, gap) {
  for (let slot = MAX_SLOT; slot > MIN_SLOT; slot--) {
    const columns = Math.floor((width + gap) / (slot + gap));
    if (columns < 1) continue;
    if (Math.ceil(count / columns) * (slot + gap) - gap <= height) return slot;
  }
  return MIN_SLOT;
}
