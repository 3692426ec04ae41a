// The page in another site's frame: the game is not played there (that site could lay
// its own buttons over the game's; a static host sends no frame-ancestors header, and a
// page's <meta> policy cannot say it), and the page offers to open in a tab of its own.
import { t } from "../words/i18n.js";
import { h } from "../lib/dom.js";

/** Whether the page is in a frame of a page of another origin. */
export function framedElsewhere(view = globalThis) {
  if (view.top === view.self) return false;
  try {
    return view.top.location.origin !== view.location.origin;
  } catch {
    return true; // (another origin's page: its address cannot be read)
  }
}

/** In place of the loading line, a link that opens the page in a tab of its own. */
export function offerOwnTab(line) {
  line.replaceChildren(h("a", { href: location.href, target: "_blank", rel: "noopener", text: t("Open IQ Puzzles in a tab of its own") }));
}
