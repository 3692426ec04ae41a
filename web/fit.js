// The tray's slot size where the layout gives the tray a fixed box (phones: the room left
// under or beside the board; style.css says so with `--tray-fit: 1`): the largest square
// slot at which every piece shows without scrolling. Elsewhere the tray grows with its
// pieces and keeps style.css's --slot.

const MIN_SLOT = 40; // a finger still hits it; below this the tray scrolls instead
const MAX_SLOT = 104;

export function fitTray(node) {
  const fit = () => {
    const style = getComputedStyle(node);
    if (style.getPropertyValue("--tray-fit").trim() !== "1") {
      node.style.removeProperty("--slot");
      return;
    }
    const count = node.querySelectorAll(".tray-piece, .tray-slot").length;
    if (!count) return;
    const gap = parseFloat(style.columnGap) || 0;
    const width = node.clientWidth - 1 - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = node.clientHeight - 1 - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    node.style.setProperty("--slot", `${slotFor(count, width, height, gap)}px`);
  };
  new ResizeObserver(fit).observe(node);
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
