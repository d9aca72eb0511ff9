// Lint rules that catch what the type checker does not: promises nobody awaits, import
// cycles, and the usual JavaScript traps. Type-aware rules read tsconfig.check.json (the
// sources and the tests). Formatting is Prettier's job (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'editors/vscode/dist/',
      'site-dist/',
      'node_modules/',
      '.gpuhost/',
      'bench/results/',
      'test-results/',
      'bench-results/',
      'tmp/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    languageOptions: { parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.check.json' })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // tsc's noUnusedLocals/noUnusedParameters report these already.
      '@typescript-eslint/no-unused-vars': 'off',
      // Non-null assertions are the codebase's explicit "this index is in range" marks
      // under noUncheckedIndexedAccess.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        navigator: 'readonly',
        GPUQueue: 'readonly',
        GPUBufferUsage: 'readonly',
        GPUMapMode: 'readonly',
      },
    },
  },
);
