// Firefox for the engine tests (drivers.py): Debian's firefox-esr, driven by puppeteer-core
// over WebDriver BiDi (Playwright drives only its own build of Firefox). One command a
// line on stdin, one answer a line on stdout, both JSON:
//
//   {"do": "open", "url": ...}            -> {"ok": true, "value": null}
//   {"do": "reload"}                      -> the page reloaded (its load event)
//   {"do": "js", "expr": "..."}           -> the expression's value (JSON)
//   {"do": "wait", "expr": "...", "timeout": ms}   -> its first truthy value
//   {"do": "click", "selector": "..."}    -> a real click at the element's centre
//   {"do": "size", "width": w, "height": h}        -> the viewport's size
//   {"do": "screenshot", "path": "..."}   -> the viewport as PNG
//   {"do": "tab", "index": n}             -> commands go to tab n from now on (n = the
//                                            number of tabs: a new tab of the same profile)
//   {"do": "gesture", "pointer": "touch" | "mouse", "steps": [[kind, x, y], ...]}
//                                         -> real input: kind "down", "move", "up" (a
//                                            finger's or a mouse's), "wheel" (y: deltaY),
//                                            "pause" (x: ms)
//   {"do": "key", "key": "R", "shift": true}  -> a key pressed (with Shift held)
//   {"do": "close"}                       -> the browser closed, then this process ends
//
// A failure answers {"ok": false, "error": "..."}; the browser's version is the first line.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

// puppeteer-core is a test tool pinned in web/package.json, installed in web/node_modules
const puppeteer = createRequire(new URL("../../../web/package.json", import.meta.url))("puppeteer-core");

const [executablePath = "/usr/bin/firefox-esr", scheme = "light"] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  // the system's colour scheme as pages see it (prefers-color-scheme): 0 dark, 1 light
  extraPrefsFirefox: { "layout.css.prefers-color-scheme.content-override": scheme === "dark" ? 0 : 1 },
});
const errors = [];
const watched = async (tab) => {
  tab.on("pageerror", (error) => errors.push(String(error?.message ?? error)));
  return tab;
};
const tabs = [await watched(await browser.newPage())];
let page = tabs[0];

const commands = {
  tab: async ({ index }) => {
    if (index === tabs.length) tabs.push(await watched(await browser.newPage()));
    page = tabs[index];
    await page.bringToFront();
    return null;
  },
  open: ({ url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  reload: () => page.reload({ waitUntil: "load" }).then(() => null),
  js: ({ expr }) => page.evaluate(`(${expr})`),
  wait: ({ expr, timeout }) =>
    page.waitForFunction(`(${expr})`, { timeout, polling: 50 }).then((handle) => handle.jsonValue()),
  click: ({ selector }) => page.click(selector).then(() => null),
  size: ({ width, height }) => page.setViewport({ width, height }).then(() => null),
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  errors: () => errors.splice(0),
  // One chain of WebDriver BiDi actions, timed by the browser: its pauses are kept to the
  // millisecond however busy this process is (a call a step, with Node's setTimeout for a
  // pause, held a 400 ms press a second or more on a loaded machine: a long press's flip,
  // not the tap the walk made).
  gesture: async ({ pointer, steps }) => {
    const moves = [], wheel = [];
    let at = [1, 1];
    for (const [kind, x, y] of steps) {
      if (kind === "pause") moves.push({ type: "pause", duration: Math.round(x) });
      else if (kind === "wheel") { // (a tick's pause: the scroll comes after the pointer's move)
        wheel.push({ type: "pause", duration: 0 }, { type: "scroll", x: at[0], y: at[1], deltaX: 0, deltaY: Math.round(y) });
      } else {
        at = [Math.round(x), Math.round(y)];
        moves.push({ type: "pointerMove", x: at[0], y: at[1], duration: kind === "move" ? 60 : 0 });
        if (kind === "down") moves.push({ type: "pointerDown", button: 0 });
        if (kind === "up") moves.push({ type: "pointerUp", button: 0 });
      }
    }
    const actions = [];
    if (moves.length) {
      actions.push({ type: "pointer", id: pointer === "touch" ? "finger" : "__puppeteer_mouse", // (page.click's mouse)
                     parameters: { pointerType: pointer === "touch" ? "touch" : "mouse" }, actions: moves });
    }
    if (wheel.length) actions.push({ type: "wheel", id: "wheel", actions: wheel });
    if (actions.length) await page.mainFrame().browsingContext.performActions(actions);
    return null;
  },
  key: async ({ key, shift }) => {
    if (shift) await page.keyboard.down("Shift");
    await page.keyboard.press(key);
    if (shift) await page.keyboard.up("Shift");
    return null;
  },
};

const say = (answer) => process.stdout.write(JSON.stringify(answer) + "\n");
say({ ok: true, value: await browser.version() });

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (command.do === "close") break;
  try {
    say({ ok: true, value: (await commands[command.do](command)) ?? null });
  } catch (error) {
    say({ ok: false, error: String(error?.message ?? error) });
  }
}
await browser.close();
