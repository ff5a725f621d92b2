// Puts each procedure's docstring back into the bundled declarations. TypeScript writes the
// router's type from inference and keeps no comments there, so an editor showed nothing on
// `kith.labels.assign`. This reads the docstrings from the API's router sources (the objects
// of procedures in packages/api/src/**/*.router.ts, composed in root.ts) and writes each one
// above its procedure in the `procedures` declaration of the .d.ts that holds it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const apiSrc = resolve(import.meta.dirname, '../../api/src');

/** The node under `as`, `satisfies` and parentheses. */
function unwrap(node) {
  while (
    node &&
    (ts.isSatisfiesExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isParenthesizedExpression(node))
  ) {
    node = node.expression;
  }
  return node;
}

/** The last `/** ... *\/` comment before `node`, as its lines of text (no stars), or null. */
function docLines(text, node) {
  const ranges = ts.getLeadingCommentRanges(text, node.pos) ?? [];
  const last = ranges.filter((r) => text.startsWith('/**', r.pos)).at(-1);
  if (!last) return null;
  return text
    .slice(last.pos + 3, last.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1));
}

/** Every `const NAME = { ... }` in the file: NAME -> its object literal. */
function objectConsts(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = unwrap(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && init && ts.isObjectLiteralExpression(init)) {
        found.set(declaration.name.text, { text, object: init, statement });
      }
    }
  }
  return found;
}

function routerFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routerFiles(path);
    return entry.name.endsWith('.router.ts') ? [path] : [];
  });
}

/** `labels.assign` -> the docstring's lines, for every procedure with one; `labels` -> its router's. */
export function procedureDocs() {
  const routers = new Map();
  for (const file of routerFiles(apiSrc))
    for (const [name, value] of objectConsts(file)) routers.set(name, value);
  const root = objectConsts(join(apiSrc, 'root.ts')).get('procedures');
  if (!root) throw new Error('packages/api/src/root.ts has no `procedures` object');
  const docs = new Map();
  for (const property of root.object.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
    const value = unwrap(property.initializer);
    const names = ts.isIdentifier(value)
      ? [value.text]
      : ts.isObjectLiteralExpression(value)
        ? value.properties.filter(ts.isSpreadAssignment).map((s) => unwrap(s.expression).getText())
        : [];
    for (const name of names) {
      const router = routers.get(name);
      if (!router) continue;
      const routerLines = names.length === 1 ? docLines(router.text, router.statement) : null;
      if (routerLines) docs.set(property.name.text, routerLines);
      for (const procedure of router.object.properties) {
        if (!procedure.name || !ts.isIdentifier(procedure.name)) continue;
        const lines = docLines(router.text, procedure);
        if (lines) docs.set(`${property.name.text}.${procedure.name.text}`, lines);
      }
    }
  }
  return docs;
}

/**
 * Writes the docstrings into every declaration file in `files` that declares `procedures`;
 * answers how many it wrote.
 */
export function addProcedureDocs(files, docs = procedureDocs()) {
  let written = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('declare const procedures: {')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const edits = [];
    const visit = (node, path) => {
      if (ts.isPropertySignature(node) && node.name && ts.isIdentifier(node.name)) {
        const here = [...path, node.name.text];
        const lines = docs.get(here.join('.'));
        if (lines && !/^\s*\/\*\*/.test(text.slice(node.pos, node.getStart()))) {
          const indent = ' '.repeat(
            source.getLineAndCharacterOfPosition(node.getStart()).character,
          );
          const comment =
            lines.length === 1
              ? `/** ${lines[0]} */`
              : ['/**', ...lines.map((line) => ` *${line ? ` ${line}` : ''}`), ' */'].join(
                  `\n${indent}`,
                );
          edits.push({ at: node.getStart(), insert: `${comment}\n${indent}` });
        }
        if (here.length < 2) ts.forEachChild(node, (child) => visit(child, here));
        return;
      }
      ts.forEachChild(node, (child) => visit(child, path));
    };
    for (const statement of source.statements) {
      if (
        ts.isVariableStatement(statement) &&
        statement.declarationList.declarations[0]?.name.getText() === 'procedures'
      ) {
        visit(statement.declarationList.declarations[0].type, []);
      }
    }
    let out = text;
    for (const { at, insert } of edits.sort((a, b) => b.at - a.at))
      out = out.slice(0, at) + insert + out.slice(at);
    writeFileSync(file, out);
    written += edits.length;
  }
  return written;
}
