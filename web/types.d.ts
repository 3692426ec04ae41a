// The page's types that JSDoc cannot say: the collaborators a class takes in its
// constructor as one object and keeps with Object.assign(this, {...}) (TypeScript does not
// read that), as the constructor's parameter type and, merged into the class, its fields.
// Type-checking only (tsc over jsconfig.json): not shipped, not imported at run time.

import type { Dialogs } from "./dialogs/dialogs.js";
import type { EditMode } from "./modes/edit.js";
import type { Engine } from "./python/engine.js";
import type { Feedback } from "./chrome/feedback.js";
import type { Hand } from "./board/hand.js";
import type { LessonMode } from "./modes/lesson.js";
import type { Lessons } from "./routes/lessons.js";
import type { Loader } from "./routes/loader.js";
import type { Midend } from "./midend/midend.js";
import type { PauseControl } from "./chrome/pause.js";
import type { PlayMode } from "./modes/play.js";
import type { Session } from "./midend/session.js";
import type { Settings } from "./progress/settings.js";
import type { Snapshot } from "./board/snapshot.js";
import type { Stage } from "./midend/stage.js";
import type { Toolbar } from "./chrome/toolbar.js";

/** What every mode holds (mode.js): the page's parts it acts through. */
export interface ModeParts {
  stage: Stage; hand: Hand; feedback: Feedback;
}

/** One step of a mode's steps in a row (questions.js): a question for Python, or what the
 *  mid-end does for the mode. */
export type Step =
  | { op: string; args?: object }
  | { restore: { list: string[]; index?: number; steps?: string; mark?: string | null } }
  | { view: string }
  | { draw: object; how?: object; inParts?: boolean }
  | { present: object }
  | { opened: import("./routes/resume.js").Plan; push: boolean }
  | { fit: true };

/** A mode's steps in a row, each given its answer; it returns a T. */
export type Steps<T = void> = Generator<Step, T, any>;

/** What play borrows of the mid-end (app.js wires it; play holds no mid-end): the game's
 *  clock, the save, the buttons' refresh, an aside asked now, whether a mark waits
 *  elsewhere, Stop shown or hidden. */
export interface PlayLent {
  clock: Session; save: () => void; refresh: () => void; aside: (name: string) => void;
  awayFromMark: () => boolean; showStop: (shown: boolean) => void;
}

/** The mid-end's part of a mode's saved state (midend.js `save`): its history, the kind of
 *  step that made each entry (a letter each), its mark and the clock's time. */
export interface SavedSteps {
  history: string[]; index: number; steps: string; mark: string | null; elapsed: number;
}

/** A mode's request for the mid-end's one path of a player's action (midend.js `act`),
 *  given when its turn in the engine's queue comes: null then asks nothing. */
export type Ask = () => object | null;

/** Words, or a function that says them in the page's language (said again on a change). */
export type Words = string | (() => string);

/** A question put to the player (confirm.js): its words and its two buttons'. */
export interface Question { title: Words; text: Words; yes: Words; no?: Words }

export interface MidendParts {
  engine: Engine; feedback: Feedback; stage: Stage; toolbar: Toolbar; snapshot: Snapshot; clock: Session;
}

export interface HintsParts {
  play: PlayMode; stage: Stage; feedback: Feedback; save: () => void; stuckFound?: () => void;
}

export interface SolvingParts {
  play: PlayMode; stage: Stage; feedback: Feedback; refresh: () => void; showStop: (shown: boolean) => void;
  ask: (question: Question) => Promise<boolean>;
}

export interface StuckParts {
  play: PlayMode; settings: Settings; stage: Stage; feedback: Feedback;
}

export interface LessonsParts {
  engine: Engine; midend: Midend; lesson: LessonMode; play: PlayMode; pause: PauseControl;
  hand: Hand;
}

export interface LoaderParts {
  engine: Engine; midend: Midend; play: PlayMode; stage: Stage; lessons: Lessons; feedback: Feedback;
}

export interface NavigationParts {
  loader: Loader; engine: Engine; midend: Midend; dialogs: Dialogs; feedback: Feedback; hand: Hand;
}

export interface EditingParts {
  loader: Loader; engine: Engine; midend: Midend; play: PlayMode; edit: EditMode; pause: PauseControl;
}

export interface PickerPageParts {
  loader: Loader; play: PlayMode; dialogs: Dialogs; settings: Settings;
}

export interface TodayPageParts {
  loader: Loader; play: PlayMode; dialogs: Dialogs; settings: Settings; feedback: Feedback;
  save: () => void;
}

export interface StatsPageParts {
  dialogs: Dialogs; loader: Loader; settings: Settings; save: () => void;
}

export interface WinningParts {
  play: PlayMode; settings: Settings; feedback: Feedback; next: () => void; all: () => void;
  parent: HTMLElement;
}

declare module "./midend/mode.js" { interface Mode extends ModeParts { name: string } }
declare module "./midend/midend.js" { interface Midend extends MidendParts {} }
declare module "./modes/hints.js" { interface Hints extends HintsParts {} }
declare module "./modes/solving.js" { interface Solving extends SolvingParts {} }
declare module "./modes/stuck.js" { interface Stuck extends StuckParts {} }
declare module "./routes/lessons.js" { interface Lessons extends LessonsParts {} }
declare module "./routes/loader.js" { interface Loader extends LoaderParts {} }
declare module "./routes/navigation.js" { interface Navigation extends NavigationParts {} }
declare module "./routes/editing.js" { interface Editing extends EditingParts {} }
declare module "./dialogs/pickerpage.js" { interface PickerPage extends PickerPageParts {} }
declare module "./dialogs/todaypage.js" { interface TodayPage extends TodayPageParts {} }
declare module "./dialogs/statspage.js" { interface StatsPage extends StatsPageParts {} }
declare module "./modes/winning.js" {
  interface Winning extends Omit<WinningParts, "next" | "all" | "parent"> {}
}

declare global {
  /** What the page shows its tests and benchmarks (boot.js): the bridge, the app, a ping. */
  interface Window { iq: { python: import("./python/bridge.js").PythonBridge; app?: import("./app.js").App; pong?: unknown } }
}
