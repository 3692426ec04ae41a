// Rings that breathe (a hint's spots, a lesson's): their layer's --breath steps between 1
// and 0.56, five steps a breath out and five in, three breaths, then it stays at 1.
// A timer, not a CSS animation: a spot is part of the board's SVG, which the main thread
// paints, and Chromium restyles an animated SVG shape at every frame even in steps: the
// lesson's first spot kept the page's main thread drawing 60 frames a second for 8 s of
// its first seconds (issue 41); the timer restyles one layer 30 times.

const LEVELS = [1, 0.89, 0.78, 0.67, 0.56];
const HALF_BREATHS = 6;
const STEP_MS = 280; // a breath out in 1.4 s, as before
const breathing = new WeakMap(); // layer -> its timer

const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Let the rings in `layer` breathe from now (again from the start if they were). */
export function breathe(layer) {
  clearTimeout(breathing.get(layer));
  let step = 0;
  const next = () => {
    // (rings taken away, or a board gone: nothing left to breathe)
    if (step >= HALF_BREATHS * LEVELS.length || !layer.hasChildNodes() || !layer.isConnected || still()) {
      layer.style.removeProperty("--breath");
      breathing.delete(layer);
      return;
    }
    const half = Math.floor(step / LEVELS.length);
    const within = step % LEVELS.length;
    layer.style.setProperty("--breath", String(LEVELS[half % 2 ? LEVELS.length - 1 - within : within]));
    step += 1;
    breathing.set(layer, setTimeout(next, STEP_MS));
  };
  next();
}
