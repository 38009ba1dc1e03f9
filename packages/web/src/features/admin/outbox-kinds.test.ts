import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { adminEn } from '../../i18n/admin.en';
import { adminZhCN } from '../../i18n/admin.zh-CN';
import { isOutboxKind, OUTBOX_KINDS, outboxKindKey } from './outbox-kinds';

const SERVER = join(__dirname, '../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The verification codes' kind: a template of the purpose and "_code". */
function isPurposeCode(value: ts.Expression, file: ts.SourceFile): boolean {
  if (!ts.isTemplateExpression(value) || value.head.text !== '' || value.templateSpans.length !== 1)
    return false;
  const [span] = value.templateSpans;
  return span.expression.getText(file) === 'input.purpose' && span.literal.text === '_code';
}

/**
 * The kinds the server writes: each `kind` given inside an `outbox.send(...)` call, a string as
 * it is and the verification codes' `${input.purpose}_code` for every purpose of the table.
 */
function serverKinds(): Set<string> {
  const kinds = new Set<string>();
  const schema = readFileSync(join(SERVER, 'db/schema.ts'), 'utf8');
  const purposes = schema.match(/interface VerificationCodesTable[^}]*?purpose: ([^;]+);/)?.[1] ?? '';
  for (const path of sources(SERVER)) {
    const text = readFileSync(path, 'utf8');
    if (!text.includes('outbox.send(')) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node, inSend: boolean) => {
      const isSend = ts.isCallExpression(node) && node.expression.getText(file).endsWith('outbox.send');
      if (inSend && ts.isPropertyAssignment(node) && node.name.getText(file) === 'kind') {
        const value = node.initializer;
        if (ts.isStringLiteral(value)) kinds.add(value.text);
        else if (isPurposeCode(value, file))
          for (const p of purposes.matchAll(/'([a-z_]+)'/g)) kinds.add(`${p[1]}_code`);
        else kinds.add(`unreadable: ${value.getText(file)}`);
      }
      ts.forEachChild(node, (child) => visit(child, inSend || isSend));
    };
    visit(file, false);
  }
  return kinds;
}

describe('outbox kinds', () => {
  test('every kind the server writes has a label', () => {
    const written = serverKinds();
    expect(written.size).toBeGreaterThanOrEqual(OUTBOX_KINDS.length);
    expect([...written].filter((k) => !isOutboxKind(k))).toEqual([]);
    expect([...OUTBOX_KINDS].filter((k) => !written.has(k))).toEqual([]);
  });

  test.each(OUTBOX_KINDS)('%s reads as words in English and Chinese', (kind) => {
    const name = `kind_${kind}` as const;
    expect(adminEn.outbox[name]).toMatch(/^[A-Z][a-z]/);
    expect(adminZhCN.outbox[name]).toMatch(/[\u4e00-\u9fff]/);
    expect(outboxKindKey(kind)).toBe(`admin.outbox.${name}`);
  });

  test('an unknown kind has no label (the console shows it as it came)', () => {
    expect(outboxKindKey('something_new')).toBeNull();
  });
});
