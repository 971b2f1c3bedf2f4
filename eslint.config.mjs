// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_VSCODE = {
  name: 'vscode',
  message: 'src/core, src/server, src/cli and src/mcp must not depend on VS Code.',
};

/** For each stage of src/core/deprecations, the stages (and files) it must not import. */
const FINDER_STAGES_ABOVE = {
  model: [
    'lexers',
    'judges',
    'recognisers',
    'engine',
    'workspace',
    'crossFile',
    'migration',
    'fixes',
    'reports',
  ],
  lexers: [
    'judges',
    'recognisers',
    'engine',
    'workspace',
    'crossFile',
    'migration',
    'fixes',
    'reports',
  ],
  judges: [
    'lexers',
    'recognisers',
    'engine',
    'workspace',
    'crossFile',
    'migration',
    'fixes',
    'reports',
  ],
  recognisers: ['lexers', 'engine', 'workspace', 'crossFile', 'migration', 'fixes', 'reports'],
  workspace: ['judges', 'recognisers', 'engine', 'crossFile', 'migration', 'fixes', 'reports'],
  crossFile: ['migration', 'fixes', 'reports'],
  migration: ['fixes', 'reports'],
  fixes: ['reports'],
};
/** The workspace pipeline runs the stages: none of them imports it. */
const PIPELINE = 'pipeline';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      // The npm package npm run package:cli (and its test) builds.
      'build/**',
      'out/**',
      '.demo/**',
      'test/fixtures/**',
      'node_modules/**',
      '.vscode-test/**',
      'test-results/**',
      'bench/.corpus/**',
      'bench/.corpus-git/**',
      'bench/.huge/**',
      'bench/.dense/**',
      'bench/ast-grep/node_modules/**',
      'build/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // The core is shared by the CLI, the language server and the extension: it must run without VS Code.
  {
    files: ['src/core/**', 'src/server/**', 'src/cli/**', 'src/mcp/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_VSCODE] }] },
  },
  // The finder is a pipeline: each stage imports only the stages below it (ARCHITECTURE.md).
  ...Object.entries(FINDER_STAGES_ABOVE).map(([stage, stages]) => {
    const above = [...stages, PIPELINE];
    return {
      files: [`src/core/deprecations/${stage}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [NO_VSCODE],
            patterns: [
              {
                group: above.map((upper) => `../${upper}`).flatMap((p) => [p, `${p}/*`]),
                message: `The finder's ${stage}/ stage must not import a later stage (${above.join(', ')}).`,
              },
            ],
          },
        ],
      },
    };
  }),
  // The workspace pipeline runs in the browser too: only its Node adapters touch the disk or start
  // processes (a unit test checks the modules it reaches as well).
  {
    files: ['src/core/deprecations/pipeline/**'],
    ignores: ['src/core/deprecations/pipeline/node*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            NO_VSCODE,
            ...['node:fs', 'node:fs/promises', 'node:child_process', 'node:worker_threads'].map(
              (name) => ({
                name,
                message: 'The workspace pipeline reads through its port (workspacePort.ts).',
              }),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
);
