// ESLint flat config: type-aware TypeScript rules, the React hooks rules, and the app's layering as
// bulletproof-react draws it: no import cycles; shared code (components, config, lib, types) imports no
// feature and no app code; a feature imports no other feature and nothing of app/ (pages that need
// several features are composed in app/).
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync(new URL('./src/features', import.meta.url));

export default defineConfig([
  globalIgnores(['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report']),
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat.recommended,
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests may render a page inside the app's hosts.
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature uses shared code and its own folder only.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Compose features in src/app, not inside another feature.',
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
            {
              target: ['./src/components', './src/config', './src/lib', './src/types', './src/styles'],
              from: ['./src/features', './src/app', './src/server'],
              message: 'Shared code imports no feature, app or server code.',
            },
          ],
        },
      ],
    },
  },
]);
