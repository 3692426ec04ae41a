// What the play and edit modes share: both keep their steps in one History and move
// through it with step(delta, words), which each mode writes for itself.

export class Mode {
  undo() {
    this.step(-1, "Undone.");
  }

  redo() {
    this.step(1, "Redone.");
  }
}
