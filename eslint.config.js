// Lint rules that keep the architecture honest (STYLE.md): domain code never imports the HTTP
// framework or a driver, and files stay small.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const DRIVERS = ['fastify', 'fastify-plugin', '@fastify/*', 'prom-client', '@opentelemetry/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*', 'ioredis', '@aws-sdk/*'];

export default tseslint.config(
  // Generated and checked by a test: the typed client's schema.ts (`npm run openapi`), the eFTI schema tables (`npm run efti-schema`).
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'data/**', 'clients/typescript/src/schema.ts', 'src/modules/efti/efti-schema.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/modules/**/*.ts', 'src/core/**/*.ts', 'src/ports/**/*.ts', 'src/jobs/**/*.ts'],
    // A module's HTTP-layer files: its route tables and its credentials' checks (src/http/credential.ts).
    ignores: ['src/modules/**/*.routes.ts', 'src/modules/**/*-access.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: DRIVERS, message: 'Domain code stays free of the framework and drivers: go through a port (STYLE.md).' }] }],
    },
  },
  {
    // The signing, validator and contact pages' scripts run in the browser.
    files: ['src/modules/sign-app/assets/**/*.js', 'src/modules/validator/assets/**/*.js', 'src/modules/contact/assets/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // The driver app's scripts run in the page, and its worker in a service worker (issue 19).
    files: ['src/modules/driver-app/assets/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'max-lines': 'off' },
  },
);
