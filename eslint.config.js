// ESLint over the browser scripts (web/static): the recommended rules, plus those that
// catch real mistakes in plain ES modules run without a build step.
import js from "@eslint/js";
import globals from "globals";

const bugs = {
  "array-callback-return": "error",
  eqeqeq: ["error", "always"],
  "no-constructor-return": "error",
  "no-eval": "error",
  "no-implied-eval": "error",
  "no-new-func": "error",
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "error",
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-unused-expressions": "error",
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
  "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
  "no-var": "error",
  "prefer-const": "error",
};

export default [
  { ignores: ["node_modules/", "build/", "dist/", "artifacts/", ".venv/"] },
  js.configs.recommended,
  {
    files: ["web/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: bugs,
  },
  {
    files: ["web/static/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.serviceworker },
    rules: bugs,
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
    rules: bugs,
  },
];
