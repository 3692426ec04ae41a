// The picker's challenges as one Tab stop (a roving tabindex): the arrow keys move between
// the cells as they are laid out, across the level sections; Home and End to the row's
// ends, Ctrl+Home and Ctrl+End to the first and last, Page Up and Page Down to the level
// before or after.

const ROW_SLACK = 4; // px: cells whose tops differ by less are in one row

export class CellGrid {
  /** `list`: the element that holds the sections (`.level-section`) and their cells. */
  constructor(list) {
    this.list = list;
    this.cells = [];
    list.addEventListener("keydown", (event) => this.key(event));
    list.addEventListener("focusin", (event) => {
      if (event.target.classList?.contains("challenge-cell")) this.rove(event.target, false);
    });
  }

  /** The cells drawn now, in their order. */
  load(cells) {
    this.cells = cells;
  }

  /** The cell that is the Tab stop. */
  rovingCell() {
    return this.cells.find((c) => c.tabIndex === 0) ?? this.cells[0] ?? null;
  }

  /** Make `cell` the challenges' one Tab stop (and focus it). */
  rove(cell, focus = true) {
    for (const other of this.cells) if (other !== cell && other.tabIndex !== -1) other.tabIndex = -1;
    cell.tabIndex = 0;
    if (focus) {
      cell.focus({ preventScroll: true });
      cell.scrollIntoView({ block: "nearest" });
    }
  }

  key(event) {
    const cell = event.target;
    if (!cell.classList?.contains("challenge-cell") || event.altKey || event.metaKey) return;
    const i = this.cells.indexOf(cell);
    let next = null;
    if (event.ctrlKey && (event.key === "Home" || event.key === "End")) next = event.key === "Home" ? this.cells[0] : this.cells.at(-1);
    else if (event.ctrlKey) return;
    else if (event.key === "ArrowLeft") next = this.cells[i - 1];
    else if (event.key === "ArrowRight") next = this.cells[i + 1];
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") next = this.vertical(cell, event.key === "ArrowDown" ? 1 : -1);
    else if (event.key === "Home" || event.key === "End") {
      const row = this.rowOf(cell);
      next = event.key === "Home" ? row[0] : row.at(-1);
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      const sections = [...this.list.querySelectorAll(".level-section")].filter((s) => s.querySelector(".challenge-cell"));
      const at = sections.indexOf(cell.closest(".level-section"));
      const to = sections[at + (event.key === "PageDown" ? 1 : -1)];
      next = to?.querySelector(".challenge-cell") ?? null;
    } else return;
    event.preventDefault();
    if (next) this.rove(next);
  }

  /** The cells laid out in the same row as `cell`. */
  rowOf(cell) {
    const top = cell.getBoundingClientRect().top;
    return this.cells.filter((c) => Math.abs(c.getBoundingClientRect().top - top) < ROW_SLACK);
  }

  /** The cell in the next row down (dir 1) or up (-1), nearest in its column. */
  vertical(cell, dir) {
    const here = cell.getBoundingClientRect();
    const x = here.left + here.width / 2;
    const rects = this.cells.map((c) => [c, c.getBoundingClientRect()]);
    const beyond = rects.filter(([, r]) => (dir > 0 ? r.top > here.top + ROW_SLACK : r.top < here.top - ROW_SLACK));
    if (!beyond.length) return null;
    const rowTop = dir > 0 ? Math.min(...beyond.map(([, r]) => r.top)) : Math.max(...beyond.map(([, r]) => r.top));
    const row = beyond.filter(([, r]) => Math.abs(r.top - rowTop) < ROW_SLACK);
    return row.reduce((best, item) => (Math.abs(item[1].left + item[1].width / 2 - x) < Math.abs(best[1].left + best[1].width / 2 - x) ? item : best))[0];
  }
}
