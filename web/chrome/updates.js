// Releases of the site: the service worker that keeps it for offline play (sw.js) is
// registered here, and a next release, which that worker finds and installs while this
// one runs, is applied here. A new release waits until no tab runs the old one; the page
// says in one line under the status that a new version is ready, and applies it when the
// player presses Update, or by itself at a safe moment: as a page starts with a release
// already waiting (until the player's first press or key there, at most START_MS: nothing
// played in it yet; a page that reloads is two tabs until the one going is gone, which
// may be after the new one is playable) or when the player
// opens another challenge (App: `between`), in both only when no other tab runs the site.
// Applying it: the game in progress is saved, the new worker takes over, and the page
// reloads into the new release, where the game resumes. A page whose worker is replaced
// by another tab's update reloads the same way. The take-over is the browser's: it waits
// until the release before has no event in hand, and Chromium can hold one for minutes
// after a page reloads (a test here stalled so 1 time in 4); a page that asked and saw no
// take-over in TAKEOVER_MS reloads anyway (the document going lets it through, and the
// start after applies the release if it is still waiting), once a minute at most.

import { h } from "../lib/dom.js";
import { t, onChange } from "../words/i18n.js";
import { mark } from "../lib/built.js";
import { aPause } from "../lib/idle.js";

const SCRIPT = "./sw.js";
// a tab left open asks for a new release again when it is shown after this long
const CHECK_EVERY = 30 * 60 * 1000;
// how long a start goes on trying to apply a release waiting (see above)
const START_MS = 5000;
// how long a page that asked waits for the take-over before it reloads anyway (see above)
const TAKEOVER_MS = 3000;
const RELOADED_AT = "iqpuzzles.v1.takeover-reload"; // (sessionStorage) when this tab last did
const RELOAD_AGAIN_MS = 60_000; // ...and how long before it may again (never a loop)
// A reload sent as the worker is replaced can go to the one going, which never answers it:
// Chromium then leaves the tab loading for good, this document still running (seen here
// 1 time in 20 on a loaded machine, the stalled reload meeting the take-over it let
// through). So a reload is asked again when the new worker takes over, and again while
// this document is still here after RELOAD_RETRY_MS, then twice that, and so on.
const RELOAD_RETRY_MS = 4000;
// a first visit keeps the site for offline play once the player pauses this long, or is
// gone from the tab, or after the longest wait at the latest (see playable)
const PAUSE_MS = 1500;
const PAUSE_AT_MOST_MS = 30_000;

export class Releases {
  /** `bar`: where the line goes (the message bar); `save`: keep the game in progress. */
  constructor({ bar, save }) {
    this.bar = bar;
    this.save = save;
    this.registration = null;
    this.touched = false; // the player pressed or typed on this page
    for (const type of ["pointerdown", "keydown"]) {
      document.addEventListener(type, () => { this.touched = true; }, { capture: true, once: true });
    }
    this.applying = false;
    this.reloading = false;
    this.retry = 0; // the timer that reloads again (navigate)
    this.checked = 0; // when the server was last asked (performance.now())
    this.line = null; // made when there is something to say
    this.registered = null; // the registration under way or done (start, playable)
  }

  /** Register the service worker now if one serves this page already (a release waiting
   *  is then applied at its start, before anything is played). A first visit's registers
   *  once the page is playable and the player pauses (`playable`): until then it would
   *  pass each of the page's downloads through its own thread and into its cache, beside
   *  the first board and Python's start on a phone's few cores (issue 41); what the page
   *  fetched before comes from the HTTP cache then (sw.js complete), downloaded once all
   *  the same. */
  start() {
    if (navigator.serviceWorker?.controller) this.registered = this.register();
  }

  /** The page is playable: register the service worker, if `start` did not, once the
   *  player pauses (a first visit's worker fetches and checks the whole site: on a phone's
   *  few cores, beside a player's first moves, the first piece placed took 150-190 ms to
   *  show, not 60; bench-web's hand at 4x). Resolves once registered; never rejects. */
  playable() {
    this.registered ??= aPause(PAUSE_MS, PAUSE_AT_MOST_MS).then(() => this.register());
    return this.registered;
  }

  /** Register the service worker (a first visit: it keeps what the page downloads), and
   *  watch for a release it installs. Resolves once registered; never rejects. */
  async register() {
    // (none, or one that is undefined: a private window of some browsers, workers blocked)
    if (!navigator.serviceWorker) return;
    mark("release:register"); // (when: tests/browser/test_first_visit.py)
    const workers = navigator.serviceWorker;
    let controlled = Boolean(workers.controller);
    workers.addEventListener("controllerchange", () => {
      // (a first visit's worker takes over a page no worker had: nothing to reload)
      const replaced = controlled || this.applying;
      controlled = true;
      if (this.reloading) this.navigate(); // (the reload under way may be the one going's)
      else if (replaced) this.reload();
    });
    // a release installed before this page started is applied at once: nothing is played
    // yet (register() would answer only once the browser's own check for a release is
    // done, maybe long after the start)
    workers.getRegistration().then((known) => {
      this.registration ??= known ?? null;
      this.applyAtStart();
    }, () => {});
    try {
      this.registration = await workers.register(SCRIPT);
    } catch (e) {
      console.warn("service worker:", e);
      return;
    }
    if (!this.registration) return; // (none given: a browser whose workers are blocked)
    this.registration.addEventListener("updatefound", () => this.follow(this.registration.installing));
    this.follow(this.registration.installing);
    if (this.waiting()) this.show();
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && performance.now() - this.checked > CHECK_EVERY) this.check();
    });
  }

  /** Ask the server for a new release now (once the page is playable: its own files
   *  first). Offline, or with no worker, nothing happens. */
  check() {
    this.checked = performance.now();
    this.registration?.update().catch(() => {});
  }

  /** A safe moment to apply a release (a challenge was opened: the game left is saved). */
  between() {
    if (this.waiting()) this.apply({ alone: true });
  }

  /** The release installed and waiting to take over from the one this page runs, if any. */
  waiting() {
    const registration = this.registration;
    return registration?.waiting && registration.active ? registration.waiting : null;
  }

  /** Once a worker being installed is installed, say that its release is ready. */
  follow(worker) {
    worker?.addEventListener("statechange", () => {
      if (this.waiting() === worker) this.show();
      else if (worker.state === "redundant" && !this.waiting()) this.hide();
    });
  }

  /** Apply the waiting release, if any, before anything is played on this page (no press
   *  or key yet, for START_MS at most), as soon as no other tab runs the site (a page that
   *  reloads is two tabs for a moment: the document going and the one coming). */
  async applyAtStart() {
    const until = performance.now() + START_MS;
    while (this.waiting() && !this.touched && performance.now() < until) {
      if (await this.apply({ alone: true })) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Let the waiting release take over (the page then reloads: `register`); `alone`: only
   *  if no other tab runs the site. Resolves to whether the worker took over. */
  apply({ alone = false } = {}) {
    const worker = this.waiting();
    if (!worker || this.applying) return Promise.resolve(false);
    this.applying = true;
    this.save();
    this.line?.classList.add("applying");
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => {
        if (event.data?.applied) {
          setTimeout(() => this.reloadIfStalled(), TAKEOVER_MS);
          return resolve(true); // the reload follows
        }
        this.applying = false;
        this.line?.classList.remove("applying");
        resolve(false);
      };
      worker.postMessage({ type: "skip-waiting", alone }, [channel.port2]);
    });
  }

  /** Reload into the release that took over, the game in progress saved first. */
  reload() {
    if (this.reloading) return;
    this.reloading = true;
    this.save();
    this.navigate();
  }

  /** Reload now, and again if this document is still here after a while (see
   *  RELOAD_RETRY_MS): a new navigation replaces one left unanswered. */
  navigate(wait = RELOAD_RETRY_MS) {
    clearTimeout(this.retry);
    window.location.reload();
    this.retry = setTimeout(() => this.navigate(wait * 2), wait);
  }

  /** The page asked for the take-over TAKEOVER_MS ago and it has not come: reload, unless
   *  this tab did so less than RELOAD_AGAIN_MS ago (the next start asks again). */
  reloadIfStalled() {
    if (this.reloading) return;
    let reload = false;
    try {
      reload = Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) >= RELOAD_AGAIN_MS;
      if (reload) sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // no storage to stop a loop of reloads with: wait for the browser
    }
    mark("release:stalled", { reload });
    if (reload) this.reload();
  }

  show() {
    if (!this.line) {
      this.line = h("p", { class: "update-line", role: "status" },
        h("span", { class: "update-text" }), " ",
        h("button", { type: "button", class: "update-now", onclick: () => this.apply() }));
      this.words();
      onChange(() => this.words());
      this.bar.append(this.line);
    }
    this.line.hidden = false;
  }

  /** The line's words in the page's language. */
  words() {
    this.line.querySelector(".update-text").textContent = t("A new version is ready.");
    this.line.querySelector(".update-now").textContent = t("Update");
  }

  hide() {
    if (this.line) this.line.hidden = true;
  }
}
