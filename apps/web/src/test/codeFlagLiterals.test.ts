import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Code names codeFlags through the shared `CodeFlag` constants (and, in clients, `NETWORK_CODE_FLAG`),
 * never as bare numbers, so a reader sees what a check means and a search finds every use. This scans
 * the web app, the console, the e2e specs and the server's code, tests and benches (it sits with the
 * web app's tests because vitest runs those).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const trees = ['apps/web/src', 'apps/console/src', 'e2e', 'apps/server/src', 'apps/server/test', 'apps/server/bench'];

const endsWithCodeFlag = (node: ts.Node) => /codeFlag$/.test(node.getText());
const namesCodeFlags = (name: ts.Node | undefined) => name !== undefined && /code_?flags?$/i.test(name.getText());
const comparisons = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Whether a number literal (with its sign) stands for a codeFlag where it is written. */
function isCodeFlag(literal: ts.Expression): boolean {
  const parent = literal.parent;
  if (ts.isPropertyAssignment(parent)) return parent.initializer === literal && namesCodeFlags(parent.name);
  if (ts.isArrayLiteralExpression(parent)) {
    const holder = parent.parent;
    return (ts.isPropertyAssignment(holder) || ts.isVariableDeclaration(holder)) && namesCodeFlags(holder.name);
  }
  if (ts.isBinaryExpression(parent) && comparisons.has(parent.operatorToken.kind)) {
    return endsWithCodeFlag(parent.left === literal ? parent.right : parent.left);
  }
  if (ts.isCaseClause(parent)) return endsWithCodeFlag(parent.parent.parent.expression);
  if (ts.isNewExpression(parent))
    return ['ApiError', 'AppError'].includes(parent.expression.getText()) && parent.arguments?.[0] === literal;
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression)) {
    // expect(body.codeFlag).toBe(0)
    const asserted = parent.expression.expression;
    return (
      ts.isCallExpression(asserted) &&
      asserted.expression.getText() === 'expect' &&
      asserted.arguments[0] !== undefined &&
      endsWithCodeFlag(asserted.arguments[0])
    );
  }
  return false;
}

/** `line: text` of every bare codeFlag number in one source file. */
export function bareCodeFlags(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: ts.Expression | undefined;
    if (ts.isNumericLiteral(node)) literal = ts.isPrefixUnaryExpression(node.parent) ? node.parent : node;
    if (literal && isCodeFlag(literal)) {
      const line = file.getLineAndCharacterOfPosition(literal.getStart()).line + 1;
      found.push(`${line}: ${literal.getText()} in ${literal.parent.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('codeFlags in code', () => {
  it('are named, never bare numbers', () => {
    const found = trees
      .flatMap((tree) => sourceFiles(join(root, tree)))
      .flatMap((path) =>
        bareCodeFlags(path, readFileSync(path, 'utf8')).map((hit) => `${relative(root, path)}:${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('are found in every form a number takes', () => {
    const source = [
      'if (error.codeFlag === 7) go();',
      'if (4 !== failure.codeFlag) go();',
      "answer({ codeFlag: 5, mesg: '' });",
      'callApi(call, input, { quietCodeFlags: [3, 4] });',
      'const GONE_CODE_FLAGS = [4];',
      'switch (error.codeFlag) { case 9: break; }',
      'expect(body.codeFlag).toBe(0);',
      "reject(new ApiError(-1, 'offline'));",
      "throw new AppError(2, 'common.invalid');",
    ].join('\n');
    expect(bareCodeFlags('example.ts', source).map((hit) => hit.split(':')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it('leave other numbers alone', () => {
    const source = [
      'if (error.codeFlag === CodeFlag.notFound) go();',
      "answer({ codeFlag: CodeFlag.ok, mesg: '', data: 5 });",
      'expect(calls.length).toBe(2);',
      'if (count === 3) go();',
    ].join('\n');
    expect(bareCodeFlags('example.ts', source)).toEqual([]);
  });
});
