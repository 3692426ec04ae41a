"""What `python build.py` runs, one job a module (standard library only at import time):

    common    paths, logging, running commands, file hashes
    node      the pinned npm packages (web/package.json): npm ci, the web/tools/ programs
    wheel     the package's wheel, reproducible, and the site's cut of it
    engine    Pyodide's files as the site ships them: the standard library precompiled
              and cut, the memory snapshot
    page      the page's files: early answers, bundle, pre-rendered HTML, app icons
    icons     PNG icons rasterised from web/icon.svg (pure Python)
    site      dist/: every part above put together, with its service worker and record
    release   two builds from fresh clones, the second one JS file changed
    server    the site's HTTP server: gzip as GitHub Pages, throttle and hold for tests
    browsers  the browsers the tests drive, from Debian
    runner    the test runner: install what is missing, build, pytest
    catalogs  the message catalogs: extract, update, pseudo-language, compile (Babel)
    bench     bench-web: visits, Lighthouse, generation and hints in Chromium
"""
