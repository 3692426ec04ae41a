// The rules of a win (web/progress/winrules.js) on the games of tests/test_win_rules.py:
// argv is a JSON list of games, each a list of wins as they happen ({elapsed, hints,
// solve, fromStart, mine, given}); prints, per game, each win's verdicts and the stored
// win after it (storedWin folded over the game's wins, as record.js stores them).
import { winNow, withHelp, counts, isFair, isWon, storedWin, winTime, howWon } from "../web/progress/winrules.js";

const games = JSON.parse(process.argv[2]);
console.log(JSON.stringify(games.map((wins) => {
  let stored;
  return wins.map((w, k) => {
    const win = winNow({ ...w, mine: new Set(w.mine), given: new Set(w.given) });
    const after = storedWin(stored, win, { at: `t${k}`, level: "Expert" });
    if (after.stored) stored = after.stored;
    return {
      helped: withHelp(win), counts: counts(win), fair: isFair(win), best: after.best,
      logged: after.log !== null, stored, own: isWon(stored), time: winTime(stored), how: howWon(stored),
    };
  });
})));
