// Inlined by build.py into dist/index.html, where index.html marks it, to run before the
// first paint: the board's room in the shape of the game the page will show (the address's,
// else the last one played), its line of help under the board, the line of the toggle
// that explains positions if that game has one (<html data-explains>), and whether its
// first lesson will follow (<html data-teaching>), so that nothing moves when they are
// drawn (style.css; App sets the same board shape and help later). build.py writes each
// game's board in place of __BOARDS__.
(() => {
  // each game's board (width and height), whether it has a toggle to explain it, its help
  const boards = __BOARDS__;
  const asked = new URLSearchParams(location.hash.slice(1));
  let game = asked.get("game");
  // a newcomer to the game who asks for no challenge gets its first lesson (app.js)
  let teaching = !["challenge", "seed", "custom", "daily", "placed"].some((key) => asked.has(key));
  try {
    if (!Object.hasOwn(boards, game)) game = localStorage.getItem("iqpuzzles.v1.game");
    if (!Object.hasOwn(boards, game)) game = Object.keys(boards)[0];
    const learned = JSON.parse(localStorage.getItem("iqpuzzles.v1.learned") ?? "[]");
    // new here: app.js's isNewHere, read roughly (a wrong guess costs a tray that moves,
    // or one shown only once the engine is ready)
    const r = JSON.parse(localStorage.getItem(`iqpuzzles.v1.${game}`) ?? "{}") ?? {};
    const some = (table) => table && typeof table === "object" && Object.keys(table).length > 0;
    const played = [r.current, ...(Array.isArray(r.others) ? r.others : [])]
      .some((g) => Array.isArray(g?.history) && g.history.length > 1);
    teaching &&= !(Array.isArray(learned) && learned.includes(game)) && !played
      && !some(r.solved) && !some(r.generated) && !some(r.daily) && !some(r.log);
  } catch {
    game = Object.hasOwn(boards, game) ? game : Object.keys(boards)[0];
    teaching = false;
  }
  const { board: [w, h], explains, help } = boards[game];
  const root = document.documentElement;
  root.style.setProperty("--board-aspect", `${w} / ${h}`);
  root.style.setProperty("--board-ratio", String(w / h));
  // the footer's line of help, its words in their place until the page writes them
  // (style.css: the footer's height is the board's room on a computer)
  root.style.setProperty("--help", JSON.stringify(help ?? ""));
  if (teaching) root.dataset.teaching = "";
  else if (explains) root.dataset.explains = "";
})();
