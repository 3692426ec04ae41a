"""Browser tests (a package, so their module names never clash with tests/ ones)."""
