// ESLint (flat config): typescript-eslint's recommended rules without type information (fast on
// a small machine), the rules of hooks, Prettier's switch-offs, and the import boundaries of
// DESIGN.md §2, which hold the layers apart:
//
//   src/ -> providers/ -> resources/        server/ -> resources/
//
// tests/, bench/ and the build configs may import anything.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { moduleGraph, moduleOf, pathBetween } from './eslint/module-graph.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * What each folder may not import, as repository paths (a folder, or a file / folder prefix).
 * The first matching `from` prefix decides, so the narrower rule of a sub-folder comes first.
 */
const BOUNDARIES = [
  // The engine is handed the hooks that use it (server/modules/resource-hooks.ts); importing
  // them (or the list) would close an import circle through every domain module.
  { from: 'server/crud/', forbidden: ['src/', 'providers/', 'server/modules/resource-hooks', 'server/modules/*/*.hooks'] },
  { from: 'server/', forbidden: ['src/', 'providers/'] },
  { from: 'src/', forbidden: ['server/'] },
  { from: 'providers/', forbidden: ['server/', 'src/'] },
  { from: 'resources/', forbidden: ['server/', 'src/', 'providers/'] },
];

/** True when the repository path `target` (no extension) falls under `rule`. */
function matches(target, rule) {
  if (rule.endsWith('/')) return target.startsWith(rule);
  if (rule.includes('*')) {
    const pattern = new RegExp(
      `^${rule
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}(\\.ts)?$`,
    );
    return pattern.test(target);
  }
  return target === rule || target === `${rule}.ts`;
}

/**
 * `layers/boundaries`: resolves every relative module specifier (static imports, `import type`,
 * `export … from`, `import()` and `import('…')` types) against the importing file and reports
 * one that lands in a folder the importer's layer may not use. Bare specifiers are packages.
 */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the layers of DESIGN.md §2 apart (src, providers, resources, server).' },
    schema: [],
    messages: { forbidden: '{{from}} may not import {{target}} (DESIGN.md §2: {{rule}} is out of bounds for {{layer}}).' },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const layer = BOUNDARIES.find((b) => file.startsWith(b.from));
    if (!layer) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const rule = layer.forbidden.find((forbidden) => matches(target, forbidden));
      if (rule) context.report({ node, messageId: 'forbidden', data: { from: file, target, rule, layer: layer.from } });
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
    };
  },
};

let graph = null;

/**
 * `layers/module-arrows`: the domain modules (folders of server/modules/) import each other one
 * way only (issue 23 §4). An import from module A into module B is refused when B already reaches
 * A through the modules' imports (read from the sources once per run, eslint/module-graph.js):
 * two modules importing each other, or a longer circle, would tie them into one. What both need
 * goes below them (the money kernel, server/money) or into the one that uses the other (the till
 * sale, modules/sale, uses points, activities and levels).
 */
const moduleArrows = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other one way only: no module circles.' },
    schema: [],
    messages: {
      circle:
        'server/modules/{{from}} may not import server/modules/{{to}}: {{back}} already; module arrows go one way (server/README.md).',
    },
  },
  create(context) {
    const from = moduleOf(path.relative(ROOT, context.filename).split(path.sep).join('/'));
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const to = moduleOf(target);
      if (!to || to === from) return;
      graph ??= moduleGraph(ROOT);
      const back = pathBetween(graph, to, from);
      if (back) context.report({ node, messageId: 'circle', data: { from, to, back: back.join(' -> ') } });
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
    };
  },
};

export default tseslint.config(
  // The API's generated types (npm run api:client) are checked against the generator's output by
  // tests/api/openapi.test.ts; linting their 60,000 lines would only restate that.
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'bench/.data/**',
      'server/db/migrations/**',
      'resources/contract/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { layers: { rules: { boundaries, 'module-arrows': moduleArrows } } },
    rules: {
      'layers/boundaries': 'error',
      'layers/module-arrows': 'error',
      // `_name` marks a value left unused on purpose (a dropped property of a rest destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Where React runs: the app, the providers and the component tests. (The e2e tests drive a
    // browser; a helper there named `use…` is a Vitest set-up, not a hook.)
    files: ['src/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'tests/helpers/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests and benchmarks read untyped JSON answers and poke at them; their assertions are
    // the check. Product code (src, providers, resources, server) has no `any`.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  prettier,
);
