"""A child process's output read a line at a time, with a limit on the wait: a process
that stops answering (a browser's driver, Pyodide under Node) fails its caller with a
message saying what it waited for, instead of blocking it for good."""

from __future__ import annotations

import queue
import threading
from typing import IO


class Lines:
    """The lines of `stream` (a text pipe), read by a thread of their own."""

    def __init__(self, stream: IO[str], name: str):
        self.name = name
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True,
                         name=f"lines of {name}").start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put("")  # the end of the stream: readline's answer

    def next(self, seconds: float, waiting_for: str) -> str:
        """The next line ("" once the stream ended); TimeoutError if none comes within
        `seconds`."""
        try:
            return self._lines.get(timeout=seconds)
        except queue.Empty:
            raise TimeoutError(f"{self.name} said nothing in {seconds:.0f} s "
                               f"(waiting for {waiting_for})") from None
