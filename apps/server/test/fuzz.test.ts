import { type CallContract, Calls, CodeFlag } from '@metal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './helpers';
import { plainImage } from './images';
import { inquiryFields } from './inquiry-fixtures';

/**
 * Every call in the registry, each field in turn given hostile values while the other fields hold
 * plausible ones, logged in (as an administrator with a complete company) and, for visitor calls, not.
 * Bad input must be answered as bad input (never codeFlag 99, a fault) and must never be stored.
 */

/** What a field is, as far as its input JSON Schema and its name tell. */
type FieldKind = 'intId' | 'number' | 'date' | 'enum' | 'text' | 'json';

interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  anyOf?: FieldSchema[];
  items?: FieldSchema;
}

const HUGE_TEXT = 'x'.repeat(100_000);
const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const LONE_LOW_SURROGATE = 'a\udc00b';

/**
 * Values each kind of field must refuse (answer neither codeFlag 0 nor 99), and values it must merely
 * not fault on (2^31 names no row of an integer column but may be a valid bigint id).
 */
const HOSTILE: Record<FieldKind, { refused: unknown[]; notFault: unknown[] }> = {
  intId: {
    refused: ['9223372036854775808', -1, 1.5, 'abc', [1], { id: 1 }, NUL_TEXT],
    notFault: [2 ** 31, 2 ** 53],
  },
  number: { refused: ['9223372036854775808', 'abc', [1], { n: 1 }, NUL_TEXT], notFault: [2 ** 31, -1, 1.5] },
  date: {
    refused: ['2099-13-45', '2026-02-30', '2026-00-10', NUL_TEXT, LONE_SURROGATE, [1], { d: 1 }],
    notFault: [HUGE_TEXT],
  },
  enum: { refused: [NUL_TEXT, LONE_SURROGATE, [1], { e: 1 }], notFault: [HUGE_TEXT] },
  text: { refused: [NUL_TEXT, LONE_SURROGATE, LONE_LOW_SURROGATE], notFault: [HUGE_TEXT, [1], { t: 'a' }, 2 ** 63] },
  json: {
    refused: [
      NUL_TEXT,
      JSON.stringify(['a\u0000b']),
      JSON.stringify([{ name: 'a\u0000b' }]),
      JSON.stringify(['\ud800']),
    ],
    notFault: ['not json', '[', HUGE_TEXT, 2 ** 63, '[9223372036854775808]', '[{"id":2147483648}]'],
  },
};

const ID_NAME = /(^id$|Id$)/;
const DATE_NAME = /date$|Date$|^day$|Day$/;

function kindOf(name: string, schema: FieldSchema): FieldKind {
  const types = new Set<string>();
  const collect = (s: FieldSchema) => {
    if (Array.isArray(s.type)) for (const t of s.type) types.add(t);
    else if (s.type) types.add(s.type);
    for (const option of s.anyOf ?? []) collect(option);
  };
  collect(schema);
  if (ID_NAME.test(name) && (types.has('integer') || types.has('number') || types.size === 0)) return 'intId';
  if (types.has('integer') || types.has('number')) return 'number';
  if (schema.enum || schema.anyOf?.some((s) => s.enum)) return 'enum';
  if (DATE_NAME.test(name)) return 'date';
  if (types.has('string')) return 'text';
  return 'json';
}

/** A value of the field's kind its schema likely accepts, so that a hostile value in another field is what gets judged. */
function plausible(name: string, kind: FieldKind, schema: FieldSchema): unknown {
  switch (kind) {
    case 'intId':
    case 'number':
      return 1;
    case 'date':
      return '2026-12-01';
    case 'enum':
      return (schema.enum ?? schema.anyOf?.find((s) => s.enum)?.enum)?.[0];
    case 'text':
      return /phone|mobile|account/i.test(name) ? '13800138000' : 'a';
    case 'json':
      return undefined;
  }
}

/** Complete requests for calls whose plausible values alone would not pass their own rules. */
const VALID_BODIES: Partial<Record<keyof typeof Calls, Record<string, unknown>>> = {
  stockSave: {
    sortId: 13,
    specifications: 'AL99.70',
    quantity: '30.5',
    pieceWeight: '0.025',
    productName: 'A00铝锭',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    productionDate: '2026-10-08',
    priceType: 'fixed',
    price: '20500',
  },
  inquirySave: { ...inquiryFields(), deliveryDate: '2026-12-01' },
};

interface Probe {
  call: string;
  field: string;
  kind: FieldKind;
  value: unknown;
  mustRefuse: boolean;
  loggedIn: boolean;
}

function describeValue(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text);
}

function fieldsOf(contract: CallContract): Record<string, FieldSchema> {
  const schema = z.toJSONSchema(contract.request, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, FieldSchema>;
  };
  return schema.properties ?? {};
}

let t: TestApp;
let session = '';
let picture: Buffer;

/** Rows per table, so that a stored hostile value shows even when its call answered something else. */
async function rowCounts() {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [result] = rowsOf<{ n: string | number }>(
      await t.db.execute(sql.raw(`select count(*) as n from "${table_name}"`)),
    );
    counts[table_name] = Number(result?.n);
  }
  return counts;
}

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.buildOperator('admin');
  await t.buildCompany(admin.user.id);
  session = admin.session;
  picture = await plainImage('png');
});

afterAll(async () => {
  await t?.close();
});

describe('hostile input to every call', () => {
  it('is answered as bad input, never as a fault, and nothing is written', async () => {
    const probes: Probe[] = [];
    const bodies = new Map<string, Record<string, unknown>>();
    // Calls that would end the session or the account go last, so the others run logged in.
    const entries = Object.entries(Calls).sort(
      ([a], [b]) =>
        Number(/logout|delete|cancel|modifyPassword/i.test(a)) - Number(/logout|delete|cancel|modifyPassword/i.test(b)),
    );
    for (const [name, contract] of entries) {
      const fields = fieldsOf(contract);
      const kinds = Object.fromEntries(Object.entries(fields).map(([field, schema]) => [field, kindOf(field, schema)]));
      const body: Record<string, unknown> = { ...VALID_BODIES[name as keyof typeof Calls] };
      if (!VALID_BODIES[name as keyof typeof Calls]) {
        for (const [field, schema] of Object.entries(fields)) {
          const value = plausible(field, kinds[field]!, schema);
          if (value !== undefined) body[field] = value;
        }
      }
      for (const [field, kind] of Object.entries(kinds)) {
        for (const loggedIn of contract.auth === 'visitor' ? [true, false] : [true]) {
          for (const value of HOSTILE[kind].refused)
            probes.push({ call: name, field, kind, value, mustRefuse: true, loggedIn });
          for (const value of HOSTILE[kind].notFault)
            probes.push({ call: name, field, kind, value, mustRefuse: false, loggedIn });
        }
      }
      bodies.set(name, body);
    }

    const before = await rowCounts();
    const faults: string[] = [];
    const accepted: string[] = [];
    let sessionLost = '';
    for (const probe of probes) {
      const contract: CallContract = Calls[probe.call as keyof typeof Calls];
      const fields = { ...bodies.get(probe.call), [probe.field]: probe.value };
      const answer = contract.multipart
        ? await t.upload([{ name: 'a.png', data: picture }], {
            fields: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ),
            ...(probe.loggedIn ? { session } : {}),
          })
        : await t.callRaw(contract, fields, { json: true, ...(probe.loggedIn ? { session } : {}) });
      const label = `${contract.path} ${probe.field}(${probe.kind})=${describeValue(probe.value)}${probe.loggedIn ? '' : ' visitor'}`;
      if (answer.status >= 500 || answer.body.codeFlag === CodeFlag.serverFault) faults.push(label);
      else if (probe.mustRefuse && answer.body.codeFlag === CodeFlag.ok) accepted.push(label);
      if (probe.loggedIn && answer.body.codeFlag === CodeFlag.notLoggedIn && !sessionLost) sessionLost = label;
    }
    const after = await rowCounts();
    const written = Object.keys(after).filter((table) => after[table] !== before[table] && table !== 'login_failures');

    expect({ probes: probes.length > 3000, faults, accepted, written, sessionLost }).toEqual({
      probes: true,
      faults: [],
      accepted: [],
      written: [],
      sessionLost: '',
    });
  }, 300_000);
});

describe('ids, dates and text at their limits', () => {
  it('refuses an id past its integer column with a localized message, and looks up one within it', async () => {
    const past = await t.call(Calls.companyAlbums, { rootId: 2 ** 31 }, { lang: 'en-US' });
    expect(past.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
      errors: { rootId: 'Some input is invalid, please check and try again' },
    });
    expect((await t.call(Calls.companyAlbums, { rootId: 2 ** 31 - 1 })).body.codeFlag).not.toBe(CodeFlag.invalidInput);
  });

  it('takes a bigint listing id past 2^31 (not found), and refuses one past 2^53', async () => {
    expect((await t.call(Calls.stockDetail, { id: 2 ** 31 })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.stockDetail, { id: '9007199254740993' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('refuses text carrying NUL or an unpaired surrogate, saying why in the language asked', async () => {
    const nul = await t.call(Calls.factoryList, { keyword: 'a\u0000b' }, { json: true, lang: 'en-US' });
    expect(nul.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The text contains characters that cannot be stored, please remove them and try again',
      errors: { keyword: 'The text contains characters that cannot be stored, please remove them and try again' },
    });
    const surrogate = await t.call(Calls.factoryList, { keyword: '铝\ud83d' }, { json: true });
    expect(surrogate.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '内容含有无法保存的字符，请删除后重试',
    });
    expect((await t.call(Calls.factoryList, { keyword: '铝😀' }, { json: true })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses impossible dates on a listing and writes nothing; a real one is stored', async () => {
    const listings = async () =>
      Number(
        ((await t.db.execute(sql`select count(*) as n from stocks`)) as unknown as { rows: { n: string }[] }).rows[0]
          ?.n,
      );
    const before = await listings();
    for (const productionDate of ['2099-13-45', '2026-02-30']) {
      const refused = await t.callRaw(
        Calls.stockSave,
        { ...VALID_BODIES.stockSave, productionDate },
        { session, lang: 'en-US' },
      );
      expect(refused.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        errors: { productionDate: 'The date is not valid' },
      });
    }
    const inquiry = await t.callRaw(
      Calls.inquirySave,
      { ...VALID_BODIES.inquirySave, deliveryDate: '2026-02-30', quoteDeadline: '2026-11-31T17:00:00+08:00' },
      { session },
    );
    expect(inquiry.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      errors: { deliveryDate: expect.any(String), quoteDeadline: expect.any(String) },
    });
    expect(await listings()).toBe(before);
    const stored = await t.callRaw(
      Calls.stockSave,
      { ...VALID_BODIES.stockSave, productionDate: '2028-02-29' },
      { session },
    );
    expect(stored.body.codeFlag).toBe(CodeFlag.ok);
    expect(await listings()).toBe(before + 1);
  });
});
