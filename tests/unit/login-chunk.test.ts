import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the login page's chunk is made of: every module the browser entry (src/main.tsx) reaches
 * through static imports (type-only imports are erased, `import()` starts another chunk). The
 * declarations and the catalogue must not be among them, so the login page does not grow with
 * each declared resource; they come with the console's routes after sign-in.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => fs.existsSync(file) && fs.statSync(file).isFile() && /\.tsx?$/.test(file),
  );
}

/** The specifiers of a module's imports and re-exports that survive compilation. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) found.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

function loginModules(): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, 'src/main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const target = resolveModule(file, specifier);
      if (target) queue.push(target);
    }
  }
  return new Set([...seen].map((file) => path.relative(ROOT, file).split(path.sep).join('/')));
}

describe('the login page chunk', () => {
  const modules = loginModules();

  it('carries the shell pages outside the console and the providers', () => {
    for (const file of ['src/App.tsx', 'src/shell/login-page.tsx', 'src/shell/app-routes.tsx', 'providers/auth.ts', 'providers/i18n.ts']) {
      expect(modules, file).toContain(file);
    }
  });

  it('renders without refine: refine, its data and access providers come with the console', () => {
    expect([...modules].filter((file) => ['providers/data.ts', 'providers/access-control.ts'].includes(file))).toEqual([]);
    const refineImports = [...modules].filter((file) =>
      staticImports(path.join(ROOT, file)).some((specifier) => specifier.startsWith('@refinedev/')),
    );
    expect(refineImports).toEqual([]);
  });

  it('carries no declaration, no catalogue and no screen registry', () => {
    const heavy = [...modules].filter(
      (file) =>
        file.endsWith('.resource.ts') ||
        [
          'resources/index.ts',
          'resources/catalog/index.ts',
          'resources/access.ts',
          'src/screens/resource-screens.ts',
          'src/screens/manifests.ts',
          'src/shell/shell-layout.tsx',
        ].includes(file),
    );
    expect(heavy).toEqual([]);
  });
});
