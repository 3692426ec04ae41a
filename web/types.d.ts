// The page's types that JSDoc cannot say: the collaborators a class takes in its
// constructor as one object and keeps with Object.assign(this, {...}) (TypeScript does not
// read that), as the constructor's parameter type and, merged into the class, its fields.
// Type-checking only (tsc over jsconfig.json): not shipped, not imported at run time.

import type { Board } from "./board.js";
import type { Dialogs } from "./dialogs.js";
import type { EditMode } from "./edit.js";
import type { Engine } from "./engine.js";
import type { Explainer } from "./explain.js";
import type { Feedback } from "./feedback.js";
import type { Hand } from "./hand.js";
import type { Hints } from "./hints.js";
import type { LessonMode } from "./lesson.js";
import type { Lessons } from "./lessons.js";
import type { Loader } from "./loader.js";
import type { Midend } from "./midend.js";
import type { PauseControl } from "./pause.js";
import type { PlayMode } from "./play.js";
import type { Played } from "./played.js";
import type { Session } from "./session.js";
import type { Settings } from "./settings.js";
import type { Shell } from "./shell.js";
import type { Snapshot } from "./snapshot.js";
import type { Stage } from "./stage.js";
import type { Toolbar } from "./toolbar.js";
import type { Tray } from "./tray.js";

/** What every mode holds (mode.js): the page's parts it acts through. */
export interface ModeParts {
  engine: Engine; stage: Stage; hand: Hand; feedback: Feedback; midend: Midend;
}

/** Words, or a function that says them in the page's language (said again on a change). */
export type Words = string | (() => string);

/** A question put to the player (confirm.js): its words and its two buttons'. */
export interface Question { title: Words; text: Words; yes: Words; no?: Words }

export interface MidendParts {
  engine: Engine; feedback: Feedback; tray: Tray; toolbar: Toolbar; shell: Shell;
  snapshot: Snapshot; sync: () => void; drop: () => void; refresh: () => void;
}

export interface HintsParts extends Omit<ModeParts, "midend"> {
  play: PlayMode; played: Played; midend: Midend; save: () => void; stuckFound?: () => void;
}

export interface SolvingParts extends ModeParts {
  play: PlayMode; played: Played; hints: Hints; session: Session; toolbar: Toolbar;
  refresh: () => void; ask: (question: Question) => Promise<boolean>;
}

export interface StuckParts {
  play: PlayMode; settings: Settings; engine: Engine; stage: Stage; feedback: Feedback;
  shown: () => boolean;
}

export interface LessonsParts {
  engine: Engine; midend: Midend; lesson: LessonMode; play: PlayMode; pause: PauseControl;
  hand: Hand;
}

export interface LoaderParts extends ModeParts {
  play: PlayMode; edit: EditMode; board: Board; tray: Tray; shell: Shell; explainer: Explainer;
  snapshot: Snapshot; pause: PauseControl; lessons: Lessons; opened?: () => void;
  renamed?: () => void;
}

export interface NavigationParts extends ModeParts {
  loader: Loader; play: PlayMode; edit: EditMode; dialogs: Dialogs; settings: Settings;
  pause: PauseControl; arrive?: (value: string) => void;
}

export interface StatsPageParts {
  dialogs: Dialogs; loader: Loader; settings: Settings; save: () => void;
}

export interface WinningParts {
  play: PlayMode; played: Played; session: Session; settings: Settings; feedback: Feedback;
  save: () => void; next: () => void; all: () => void; parent: HTMLElement;
}

declare module "./mode.js" { interface Mode extends ModeParts { name: string } }
declare module "./midend.js" { interface Midend extends MidendParts {} }
declare module "./hints.js" { interface Hints extends HintsParts {} }
declare module "./solving.js" { interface Solving extends SolvingParts {} }
declare module "./stuck.js" { interface Stuck extends StuckParts {} }
declare module "./lessons.js" { interface Lessons extends LessonsParts {} }
declare module "./loader.js" { interface Loader extends LoaderParts {} }
declare module "./navigation.js" { interface Navigation extends NavigationParts {} }
declare module "./statspage.js" { interface StatsPage extends StatsPageParts {} }
declare module "./winning.js" {
  interface Winning extends Omit<WinningParts, "next" | "all" | "parent"> {}
}

declare global {
  /** What the page shows its tests and benchmarks (boot.js): the bridge, the app, a ping. */
  interface Window { iq: { python: import("./bridge.js").PythonBridge; app?: import("./app.js").App; pong?: unknown } }
}
