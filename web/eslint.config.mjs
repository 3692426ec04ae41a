// ESLint over the page's modules, the engine's worker, the service worker and the build's
// Node tools (tests/test_lint.py runs it): a small set of rules that each catch a bug, not
// a style (types are tsc's: jsconfig.json). Each rule with why it is here.
import globals from "globals";

const rules = {
  "no-undef": "error", // a name nobody declared: a typo, or a global of another runtime
  "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }], // dead code, or a name mistyped where it is used
  "no-unreachable": "error", // code after return/throw never runs
  "eqeqeq": ["error", "smart"], // == coerces ("0" == 0); `== null` alone is allowed (null or undefined)
  "no-implicit-globals": "error", // a classic script's top-level name leaks to every script of its global
  "no-shadow-restricted-names": "error", // undefined, NaN, eval... rebound
  "no-self-compare": "error", // x === x is a mistyped comparison (Number.isNaN says NaN)
  "no-constant-condition": ["error", { checkLoops: false }], // if (x = 1), if ("a" || b): a test that cannot change
  "no-dupe-keys": "error", // the second key silently wins
  "no-import-assign": "error", // an imported binding is read-only
  "no-fallthrough": "error", // a case that runs into the next without saying so
  "use-isnan": "error", // x === NaN is always false
  "valid-typeof": "error", // typeof x === "strng" is always false
};

export default [
  { files: ["*.js", "*/*.js"], ignores: ["worker.js", "sw.js", "tools/**"], languageOptions: { sourceType: "module", globals: globals.browser }, rules },
  { files: ["worker.js"], languageOptions: { sourceType: "module", globals: globals.worker }, rules },
  // the service worker is a classic script alone in its global: its top-level names are
  // its own, so no-implicit-globals would only flag its functions
  { files: ["sw.js"], languageOptions: { sourceType: "script", globals: globals.serviceworker },
    rules: { ...rules, "no-implicit-globals": "off" } },
  { files: ["tools/*.mjs"], languageOptions: { sourceType: "module", globals: globals.node }, rules },
  // inlined into index.html by build.py, which writes the boards in place of __BOARDS__
  { files: ["tools/prepaint.js"], languageOptions: { sourceType: "script", globals: { ...globals.browser, __BOARDS__: "readonly" } }, rules },
];
