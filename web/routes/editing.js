// The editor's way in and out: opened from the picker over the game shown (no clock, no
// Pause over it), left for the game played as it was.

export class Editing {
  /** `loader`: the game shown, and the way back to play; `play`: the game shown again
   *  once the editor is left; `edit`: the editor (edit.js); `pause`: the clock's Pause. */
  constructor({ loader, engine, midend, play, edit, pause }) {
    Object.assign(this, { loader, engine, midend, play, edit, pause });
  }

  open() {
    if (!this.loader.info) return;
    this.engine.run(async () => {
      if (this.midend.shows(this.edit)) return;
      this.pause.set(false); // the editor has no clock (nor has a lesson): no pause over it
      await this.midend.answer(this.edit, this.edit.prepare());
      await this.midend.use(this.edit);
      await this.midend.answer(this.edit, this.edit.enter());
    });
  }

  leave() {
    this.engine.run(async () => {
      if (!this.midend.shows(this.edit)) return;
      await this.loader.backToPlay();
      await this.midend.answer(this.play, this.play.enter());
    });
  }
}
