// ESLint flat config for the browser client: plain ES modules, no build step
// (src/iridescia/web/static/js/*.js and src/iridescia/web/static/games/*/*.js).
// Run: npm ci && npx eslint src/iridescia/web/static (also in .ci/run).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    files: ["src/iridescia/web/static/**/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["src/iridescia/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
