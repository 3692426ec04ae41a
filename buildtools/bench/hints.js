// bench-web's hints (in_page.py), evaluated in the page with [game, walks]: the
// milliseconds of each `solvable` check and of each hint rung as the page asks them of its
// Python worker, over every position of the walks (challenge, [placement, ...]).
async ([game, walks]) => {
  const py = window.iq.python, time = {solvable: [], 1: [], 2: [], 3: []};
  // not timed: the game's first calls build its tables once (a player waits for that on
  // the game's first move, not on every one)
  const [first, firstSteps] = walks[0];
  await py.call("solvable", {game, challenge: first, placement: firstSteps[0]});
  await py.call("hint", {game, challenge: first, placement: firstSteps[0], level: 1});
  for (const [challenge, steps] of walks) {
    for (const placement of steps) {
      const position = {game, challenge, placement};
      let t0 = performance.now();
      await py.call("solvable", position);
      time.solvable.push(performance.now() - t0);
      for (const level of [1, 2, 3]) {
        t0 = performance.now();
        await py.call("hint", {...position, level});
        time[level].push(performance.now() - t0);
      }
    }
  }
  return time;
}
