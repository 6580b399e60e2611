import {
  type CallRequest,
  Calls,
  CodeFlag,
  shanghaiInstant,
  VERIFICATION_DAILY_ATTEMPTS,
  validateIdNumber,
} from '@metal/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { expectRefusedAsChanged, olderVersion } from '../../../test/review-fixtures';
import { createSecretBox } from '../../platform/crypto-box';
import { type IdentityProvider, SandboxIdentity } from '../../platform/identity';
import { users } from '../accounts/accounts.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { isRealNameVerified } from './verification.policy';
import { realNameVerifications, verificationAttempts, verificationEscalations } from './verification.table';

/** The sandbox, behind a switch that slows it (to make calls overlap) or makes it throw. */
const sandbox = new SandboxIdentity({ info: () => {} });
const provider = { delayMs: 0, throws: false };
const identity: IdentityProvider = {
  async verify(request) {
    if (provider.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, provider.delayMs));
    if (provider.throws) throw new Error('connection reset');
    return sandbox.verify(request);
  },
};

let t: TestApp;
let operator: Awaited<ReturnType<TestApp['buildOperator']>>;
beforeAll(async () => {
  t = await buildTestApp({ identity });
  operator = await t.buildOperator();
});
afterAll(() => t.close());

const MORNING = shanghaiInstant('2026-11-20', '10:00');
beforeEach(() => {
  t.clock.set(MORNING);
  provider.delayMs = 0;
  provider.throws = false;
  sandbox.requests.length = 0;
});

/** A number from its first 17 digits with the right check character (GB 11643), whatever else is wrong with it. */
function withCheckCharacter(first17: string): string {
  const id = [...'0123456789X']
    .map((c) => first17 + c)
    .find((candidate) => {
      const result = validateIdNumber(candidate, '2099-12-31');
      return result.ok || result.reason !== 'checksum';
    });
  if (!id) throw new Error(`no check character for ${first17}`);
  return id;
}
let serial = 100;
/** A fresh number the sandbox matches: sequences 100-997 (998 and 999 are the sandbox's failures). */
const freshId = () => withCheckCharacter(`44060519850312${String(++serial).padStart(3, '0')}`);
/** The sandbox's documented outage number. */
const UNAVAILABLE_ID = '110105194901019982';
/** Names containing 不符 never match in the sandbox. */
const WRONG_NAME = '张不符';

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const status = (person: Person, lang?: string) =>
  t.call(Calls.verificationStatus, {}, { session: person.session, ...(lang ? { lang } : {}) });
const submit = (person: Person, realName: string, idNumber: string, lang?: string) =>
  t.call(Calls.verificationSubmit, { realName, idNumber }, { session: person.session, ...(lang ? { lang } : {}) });
const escalate = (person: Person, note: string, lang?: string) =>
  t.call(Calls.verificationEscalate, { note }, { session: person.session, ...(lang ? { lang } : {}) });
const queue = (session = operator.session) => t.call(Calls.pendingVerificationEscalations, {}, { session });
/** The version the operators' queue shows of a request (when it was asked for): what a decision names. */
const versionOf = async (id: number) =>
  (
    (await t.db.select().from(verificationEscalations).where(eq(verificationEscalations.id, id)))[0]?.createdAt ??
    t.clock.now()
  ).toISOString();
type ReviewFields = Omit<CallRequest<typeof Calls.reviewVerificationEscalation>, 'submittedAt'> & {
  submittedAt?: string;
};
/** A decision as the console sends it: naming the version listed, unless the test names another. */
const review = async (input: ReviewFields, session = operator.session) =>
  t.call(
    Calls.reviewVerificationEscalation,
    { submittedAt: await versionOf(Number(input.id) || 0), ...input },
    { session },
  );

const attemptsOf = (userId: number) =>
  t.db
    .select()
    .from(verificationAttempts)
    .where(eq(verificationAttempts.userId, userId))
    .orderBy(asc(verificationAttempts.id));
const countedAttemptsOf = async (userId: number) =>
  (await attemptsOf(userId)).filter((a) => a.outcome !== 'unavailable').length;
const verificationOf = async (userId: number) =>
  (await t.db.select().from(realNameVerifications).where(eq(realNameVerifications.userId, userId)))[0];

/** Uses up a person's attempts today with mismatches. */
async function exhaust(person: Person, idNumber = freshId()) {
  for (let i = 0; i < VERIFICATION_DAILY_ATTEMPTS; i++) {
    expect((await submit(person, WRONG_NAME, idNumber)).body.codeFlag).toBe(CodeFlag.ok);
  }
  return idNumber;
}

describe('verify/status', () => {
  it('shows a new person unverified, with every attempt of the day left', async () => {
    const person = await t.buildUser();
    expect((await status(person)).body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: {
        state: 'unverified',
        verified: false,
        realName: '',
        idNumber: '',
        verifiedAt: null,
        verifiedBy: null,
        attemptsLeft: VERIFICATION_DAILY_ATTEMPTS,
        dailyLimit: VERIFICATION_DAILY_ATTEMPTS,
        retryAt: null,
        lastAttempt: null,
        escalation: null,
        canEscalate: false,
      },
    });
  });

  it('requires login', async () => {
    expect((await t.call(Calls.verificationStatus)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.verificationSubmit, { realName: '李明', idNumber: freshId() })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
    expect((await t.call(Calls.verificationEscalate, { note: '帮帮我' })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('verify/submit', () => {
  it('verifies a matching name and number, stores them sealed and shows them only masked', async () => {
    const person = await t.buildUser();
    const idNumber = freshId();
    const { body } = await submit(person, ' 欧阳小明 ', idNumber.toLowerCase());
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({
      state: 'verified',
      verified: true,
      realName: '欧**明',
      idNumber: `4****************${idNumber.at(-1)}`,
      verifiedAt: MORNING.toISOString(),
      verifiedBy: 'provider',
      attemptsLeft: VERIFICATION_DAILY_ATTEMPTS - 1,
      lastAttempt: { outcome: 'match', realName: '欧**明' },
    });
    expect(await isRealNameVerified(t.db, person.user.id)).toBe(true);
    // The provider got the trimmed name and the normalized number.
    expect(sandbox.requests.map((r) => [r.realName, r.idNumber])).toEqual([['欧阳小明', idNumber]]);

    const box = createSecretBox(t.keys.idEncryption);
    const stored = await verificationOf(person.user.id);
    expect(stored).toMatchObject({ method: 'provider', idDigest: box.digest(idNumber), reviewerId: null });
    expect(box.open(stored!.idNumberSealed)).toBe(idNumber);
    expect(box.open(stored!.realNameSealed)).toBe('欧阳小明');
    const everything = JSON.stringify([stored, await attemptsOf(person.user.id)]);
    expect(everything).not.toContain(idNumber);
    expect(everything).not.toContain(idNumber.slice(6, 14));
    expect(everything).not.toContain('欧阳小明');

    expect((await status(person, 'en-US')).body.data).toMatchObject({ state: 'verified', realName: '欧**明' });
    expect((await submit(person, '欧阳小明', idNumber, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'Already verified',
    });
    expect(await countedAttemptsOf(person.user.id)).toBe(1);
  });

  const badInputs: [string, Record<string, unknown>, string, string, string][] = [
    ['no name', { idNumber: '11010519491231002X' }, 'realName', 'Enter the name on your ID card', 'en-US'],
    [
      'a one-character name',
      { realName: '李', idNumber: '11010519491231002X' },
      'realName',
      '请输入身份证上的姓名',
      'zh-CN',
    ],
    [
      'digits in the name',
      { realName: '李明2', idNumber: '11010519491231002X' },
      'realName',
      'Enter the name on your ID card',
      'en-US',
    ],
    ['no number', { realName: '李明' }, 'idNumber', '请输入正确的身份证号码', 'zh-CN'],
    ['17 digits', { realName: '李明', idNumber: '11010519491231002' }, 'idNumber', 'Enter a valid ID number', 'en-US'],
    [
      'a wrong check character',
      { realName: '李明', idNumber: '110105194912310021' },
      'idNumber',
      '请输入正确的身份证号码',
      'zh-CN',
    ],
    [
      'a wrong check character',
      { realName: '李明', idNumber: '110105194912310021' },
      'idNumber',
      'Enter a valid ID number',
      'en-US',
    ],
    [
      '31 February',
      { realName: '李明', idNumber: withCheckCharacter('11010519900231002') },
      'idNumber',
      '请输入正确的身份证号码',
      'zh-CN',
    ],
    [
      'an unknown region',
      { realName: '李明', idNumber: withCheckCharacter('99010519900101002') },
      'idNumber',
      'Enter a valid ID number',
      'en-US',
    ],
  ];

  it.each(badInputs)(
    'refuses %s with a localized field error, spending no attempt and writing nothing',
    async (_case, input, field, mesg, lang) => {
      const person = await t.buildUser();
      const { body } = await t.callRaw(Calls.verificationSubmit, input, { session: person.session, lang });
      expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg, errors: { [field]: mesg } });
      expect(await attemptsOf(person.user.id)).toEqual([]);
      expect(sandbox.requests).toEqual([]);
      expect((await status(person)).body.data?.attemptsLeft).toBe(VERIFICATION_DAILY_ATTEMPTS);
    },
  );

  it("refuses a birth date after the server's day, whatever the device's day", async () => {
    const person = await t.buildUser();
    // Born the day after the server's today: the birth date check uses the server's clock.
    const tomorrow = withCheckCharacter('11010520261121002');
    const { body } = await submit(person, '李明', tomorrow, 'en-US');
    expect(body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      errors: { idNumber: 'Enter a valid ID number' },
    });
    expect(await attemptsOf(person.user.id)).toEqual([]);
    t.clock.set(shanghaiInstant('2026-11-21', '00:00'));
    expect((await submit(person, '李明', tomorrow)).body.data?.state).toBe('verified');
  });

  it('counts mismatches down to the last attempt, then refuses with SPEC’s message until the next day', async () => {
    const person = await t.buildUser();
    const idNumber = freshId();
    const first = await submit(person, WRONG_NAME, idNumber);
    expect(first.body.data).toMatchObject({
      state: 'failed',
      verified: false,
      attemptsLeft: 2,
      retryAt: null,
      canEscalate: false,
      lastAttempt: { outcome: 'mismatch', realName: '张*符', idNumber: `4****************${idNumber.at(-1)}` },
    });
    expect((await submit(person, WRONG_NAME, idNumber)).body.data).toMatchObject({ state: 'failed', attemptsLeft: 1 });

    // The last attempt is still taken, and leaves none.
    const last = await submit(person, WRONG_NAME, idNumber);
    expect(last.body.data).toMatchObject({
      state: 'limitReached',
      attemptsLeft: 0,
      retryAt: shanghaiInstant('2026-11-21', '00:00').toISOString(),
      canEscalate: true,
    });

    // The first over the limit: refused before the provider is asked, in both languages.
    const asked = sandbox.requests.length;
    const over = await submit(person, '欧阳小明', freshId());
    expect(over.body).toMatchObject({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: '认证失败，已达最大尝试次数',
      // The wait until the attempts come back at midnight, Asia/Shanghai, for "try again in N hours".
      data: {
        state: 'limitReached',
        attemptsLeft: 0,
        retryAfter: (shanghaiInstant('2026-11-21', '00:00').getTime() - t.clock.now().getTime()) / 1000,
      },
    });
    expect((await submit(person, '欧阳小明', freshId(), 'en-US')).body.mesg).toBe(
      'Verification failed, maximum attempts reached',
    );
    expect(sandbox.requests.length).toBe(asked);
    expect(await countedAttemptsOf(person.user.id)).toBe(VERIFICATION_DAILY_ATTEMPTS);

    // Still the same Asia/Shanghai day one millisecond before midnight.
    t.clock.set(new Date(shanghaiInstant('2026-11-21', '00:00').getTime() - 1));
    expect((await submit(person, '欧阳小明', freshId())).body.codeFlag).toBe(CodeFlag.tooManyRequests);

    // The next day brings every attempt back.
    t.clock.set(shanghaiInstant('2026-11-21', '00:00'));
    expect((await status(person)).body.data).toMatchObject({
      state: 'unverified',
      attemptsLeft: VERIFICATION_DAILY_ATTEMPTS,
      retryAt: null,
      canEscalate: false,
    });
    expect((await submit(person, '欧阳小明', freshId())).body.data).toMatchObject({
      state: 'verified',
      attemptsLeft: VERIFICATION_DAILY_ATTEMPTS - 1,
    });
  });

  it('verifies on the last attempt of the day', async () => {
    const person = await t.buildUser();
    const idNumber = freshId();
    await submit(person, WRONG_NAME, idNumber);
    await submit(person, WRONG_NAME, idNumber);
    expect((await submit(person, '欧阳小明', idNumber)).body.data).toMatchObject({
      state: 'verified',
      attemptsLeft: 0,
      retryAt: expect.any(String),
      canEscalate: false,
    });
  });

  it('spends no attempt when the provider is unavailable, and says to try later', async () => {
    const person = await t.buildUser();
    await submit(person, WRONG_NAME, freshId());
    await submit(person, WRONG_NAME, freshId());
    // SPEC §8's 'Submission failed, please try again', with the status that shows the attempt kept.
    expect((await submit(person, '李明', UNAVAILABLE_ID)).body).toMatchObject({
      codeFlag: CodeFlag.serverFault,
      mesg: '提交失败，请重试',
      data: { state: 'failed', attemptsLeft: 1 },
    });
    provider.throws = true;
    expect((await submit(person, '李明', freshId(), 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.serverFault,
      mesg: 'Submission failed, please try again',
      data: { attemptsLeft: 1 },
    });
    provider.throws = false;
    expect((await status(person)).body.data).toMatchObject({ state: 'failed', attemptsLeft: 1 });
    expect((await attemptsOf(person.user.id)).map((a) => a.outcome)).toEqual([
      'mismatch',
      'mismatch',
      'unavailable',
      'unavailable',
    ]);
    expect((await submit(person, '李明', freshId())).body.data?.state).toBe('verified');
  });

  it('does not let a check cut off by a restart block the person or count', async () => {
    const person = await t.buildUser();
    const box = createSecretBox(t.keys.idEncryption);
    await t.db.insert(verificationAttempts).values({
      userId: person.user.id,
      realNameSealed: box.seal('李明'),
      idNumberSealed: box.seal('11010519491231002X'),
      idDigest: box.digest('11010519491231002X'),
      realNameMasked: '*明',
      idNumberMasked: '1****************X',
      requestId: 'cut-off',
      createdAt: new Date(MORNING.getTime() - 60_000),
    });
    expect((await submit(person, '李明', freshId(), 'en-US')).body).toEqual({
      codeFlag: CodeFlag.tooManyRequests,
      mesg: 'Too many requests, please try again later',
      // The check in flight expires two minutes after it began, one minute from now.
      data: { retryAfter: 60 },
    });
    t.clock.advance(61);
    expect((await submit(person, '李明', freshId())).body.data).toMatchObject({
      state: 'verified',
      attemptsLeft: VERIFICATION_DAILY_ATTEMPTS - 1,
    });
    expect((await attemptsOf(person.user.id)).map((a) => a.outcome)).toEqual(['unavailable', 'match']);
  });

  it('verifies one account per ID number: a number verified elsewhere goes to customer service', async () => {
    const holder = await t.buildUser();
    const other = await t.buildUser();
    const idNumber = freshId();
    expect((await submit(holder, '李明', idNumber)).body.data?.state).toBe('verified');

    // A wrong name says nothing about whether the number is in use.
    expect((await submit(other, WRONG_NAME, idNumber)).body.data).toMatchObject({
      state: 'failed',
      canEscalate: false,
    });
    const taken = await submit(other, '李明', idNumber);
    expect(taken.body.data).toMatchObject({
      state: 'idInUse',
      verified: false,
      realName: '',
      idNumber: '',
      attemptsLeft: 1,
      canEscalate: true,
      lastAttempt: { outcome: 'idInUse' },
    });
    expect(JSON.stringify(taken.body)).not.toContain(holder.phone);
    expect(await isRealNameVerified(t.db, other.user.id)).toBe(false);
    expect((await verificationOf(holder.user.id))?.userId).toBe(holder.user.id);
  });

  it('lets employees verify themselves: verification belongs to the person, not the company', async () => {
    const owner = await t.buildUser();
    const employee = await t.buildUser();
    await t.db.update(users).set({ rootId: owner.user.id }).where(eq(users.id, employee.user.id));
    expect((await submit(owner, '李明', freshId())).body.data?.state).toBe('verified');
    expect((await status(employee)).body.data).toMatchObject({ state: 'unverified', verified: false });
    expect(await isRealNameVerified(t.db, employee.user.id)).toBe(false);

    expect((await submit(employee, '王芳', freshId())).body.data).toMatchObject({ state: 'verified', realName: '*芳' });
    expect((await status(owner)).body.data).toMatchObject({ realName: '*明' });
  });

  it("never reads or changes another person's verification", async () => {
    const mine = await t.buildUser();
    const theirs = await t.buildUser();
    await submit(theirs, '欧阳小明', freshId());
    // Fields naming another user are not part of the calls and change nothing.
    const mineNow = await t.callRaw(Calls.verificationStatus, { userId: theirs.user.id }, { session: mine.session });
    expect(mineNow.body.data).toMatchObject({ state: 'unverified', realName: '', idNumber: '' });
    await t.callRaw(
      Calls.verificationSubmit,
      { userId: theirs.user.id, realName: WRONG_NAME, idNumber: freshId() },
      { session: mine.session },
    );
    expect((await attemptsOf(theirs.user.id)).map((a) => a.outcome)).toEqual(['match']);
    expect((await status(theirs)).body.data).toMatchObject({ state: 'verified', realName: '欧**明' });
    expect((await attemptsOf(mine.user.id)).map((a) => a.outcome)).toEqual(['mismatch']);
  });
});

describe('verify/escalate and the customer-service queue', () => {
  it('takes a request only at the limit, with a note, one at a time', async () => {
    const person = await t.buildUser();
    await submit(person, WRONG_NAME, freshId());
    expect((await escalate(person, '名字是对的', 'en-US')).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'No help request is needed now',
    });
    await submit(person, WRONG_NAME, freshId());
    await submit(person, WRONG_NAME, freshId());
    for (const note of ['', '   ']) {
      expect((await escalate(person, note)).body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '此项为必填项',
        errors: { note: '此项为必填项' },
      });
    }
    expect((await escalate(person, '长'.repeat(201), 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Too long',
    });
    expect(
      await t.db.select().from(verificationEscalations).where(eq(verificationEscalations.userId, person.user.id)),
    ).toEqual([]);

    const asked = await escalate(person, ' 我改过名字，身份证是新的 ');
    expect(asked.body.data).toMatchObject({
      state: 'escalationPending',
      canEscalate: false,
      escalation: { kind: 'limitReached', note: '我改过名字，身份证是新的', status: 'pending', reason: '' },
    });
    expect((await escalate(person, '再问一次')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '客服处理中',
    });
    // No checks while customer service has the request, not even the next day.
    t.clock.set(shanghaiInstant('2026-11-21', '09:00'));
    expect((await submit(person, '欧阳小明', freshId(), 'en-US')).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'Customer service has your request',
    });
  });

  it('is for operators only (codeFlag 3 for users), and shows the masked values beside the attempts', async () => {
    const person = await t.buildUser({ nickName: '申请人' });
    const idNumber = await exhaust(person);
    await escalate(person, '名字没错');
    expect((await queue(person.session)).body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    const listed = (await queue()).body.data?.find((item) => item.userId === person.user.id);
    expect(listed).toMatchObject({
      kind: 'limitReached',
      status: 'pending',
      note: '名字没错',
      account: person.phone,
      nickName: '申请人',
      realName: '张*符',
      idNumber: `4****************${idNumber.at(-1)}`,
      holder: null,
    });
    expect(listed?.attempts.map((a) => [a.outcome, a.realName])).toEqual([
      ['mismatch', '张*符'],
      ['mismatch', '张*符'],
      ['mismatch', '张*符'],
    ]);
    expect(JSON.stringify(listed)).not.toContain(idNumber);

    const before = await t.db.select().from(verificationEscalations).where(eq(verificationEscalations.id, listed!.id));
    expect((await review({ id: listed!.id, approve: 1 }, person.session)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await review({ id: listed!.id, approve: 0 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '驳回时请填写原因',
    });
    expect((await review({ id: 'abc', approve: 1 })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await review({ id: 999_999, approve: 1 })).body.codeFlag).toBe(CodeFlag.notFound);
    expect(await t.db.select().from(verificationEscalations).where(eq(verificationEscalations.id, listed!.id))).toEqual(
      before,
    );
    expect(await isRealNameVerified(t.db, person.user.id)).toBe(false);
  });

  it('rejects with a reason the person sees and is told; the same attempt cannot be asked about again', async () => {
    const person = await t.buildUser();
    await exhaust(person);
    const pending = await escalate(person, '名字没错');
    const id = pending.body.data!.escalation!.id;
    const rejected = await review({ id, approve: 0, reason: '请本人携带身份证到营业厅办理' });
    expect(rejected.body.data).toMatchObject({ id, status: 'rejected', reason: '请本人携带身份证到营业厅办理' });
    expect((await review({ id, approve: 1 })).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '该申请已处理',
    });

    expect((await status(person)).body.data).toMatchObject({
      state: 'escalationRejected',
      verified: false,
      canEscalate: false,
      escalation: { status: 'rejected', reason: '请本人携带身份证到营业厅办理' },
    });
    expect((await escalate(person, '再看看', 'en-US')).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'No help request is needed now',
    });
    expect(await t.db.select().from(notices).where(eq(notices.userId, person.user.id))).toMatchObject([
      {
        messageKey: 'notice.verificationRejected',
        params: { reason: '请本人携带身份证到营业厅办理' },
        subject: `verification_escalation:${id}`,
      },
    ]);
    expect(
      await t.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.target, `verification_escalation:${id}`)),
    ).toMatchObject([
      {
        operatorId: operator.user.id,
        action: 'verification.reject',
        detail: { userId: person.user.id, kind: 'limitReached', reason: '请本人携带身份证到营业厅办理' },
      },
    ]);

    // A new day, a new attempt: the person may verify again.
    t.clock.set(shanghaiInstant('2026-11-21', '09:00'));
    expect((await submit(person, '欧阳小明', freshId())).body.data?.state).toBe('verified');
  });

  it('refuses a decision naming another version than the one listed, in the operator’s language, deciding nothing', async () => {
    const person = await t.buildUser();
    await exhaust(person);
    await escalate(person, '名字没错');
    const listed = (await queue()).body.data!.find((item) => item.userId === person.user.id)!;
    expect(listed.submittedAt).toBe(listed.createdAt);
    await expectRefusedAsChanged(t, {
      review: Calls.reviewVerificationEscalation,
      id: listed.id,
      submittedAt: olderVersion(listed.submittedAt),
      session: operator.session,
      subject: `verification_escalation:${listed.id}`,
    });
    expect(
      await t.db.select().from(verificationEscalations).where(eq(verificationEscalations.id, listed.id)),
    ).toMatchObject([{ status: 'pending', reviewerId: null }]);
    expect(await isRealNameVerified(t.db, person.user.id)).toBe(false);
    const approved = await t.call(
      Calls.reviewVerificationEscalation,
      { id: listed.id, approve: 1, submittedAt: listed.submittedAt },
      { session: operator.session },
    );
    expect(approved.body.data).toMatchObject({ id: listed.id, status: 'approved' });
    expect(await isRealNameVerified(t.db, person.user.id)).toBe(true);
  });

  it('approves: customer service verifies the person with the values asked about', async () => {
    const person = await t.buildUser();
    const idNumber = await exhaust(person);
    const id = (await escalate(person, '我叫张不符，真名')).body.data!.escalation!.id;
    const approved = await review({ id, approve: 1 });
    expect(approved.body.data).toMatchObject({ id, status: 'approved', reason: '' });
    expect((await status(person)).body.data).toMatchObject({
      state: 'verified',
      verifiedBy: 'operator',
      realName: '张*符',
      idNumber: `4****************${idNumber.at(-1)}`,
      verifiedAt: MORNING.toISOString(),
    });
    expect(await verificationOf(person.user.id)).toMatchObject({ method: 'operator', reviewerId: operator.user.id });
    expect((await queue()).body.data?.some((item) => item.id === id)).toBe(false);
    expect(await t.db.select().from(notices).where(eq(notices.userId, person.user.id))).toMatchObject([
      { messageKey: 'notice.verificationApproved', subject: `verification_escalation:${id}` },
    ]);
    expect(
      (
        await t.db
          .select()
          .from(operatorActions)
          .where(eq(operatorActions.target, `verification_escalation:${id}`))
      ).map((a) => a.action),
    ).toEqual(['verification.approve']);
  });

  it('moves a number to the account customer service finds is its owner, telling the one that loses it', async () => {
    const holder = await t.buildUser();
    const owner = await t.buildUser();
    const idNumber = freshId();
    await submit(holder, '李明', idNumber);
    expect((await submit(owner, '李明', idNumber)).body.data?.state).toBe('idInUse');
    const asked = await escalate(owner, '这是我的身份证，另一个账号不是我注册的');
    expect(asked.body.data).toMatchObject({ state: 'escalationPending', escalation: { kind: 'idInUse' } });
    const listed = (await queue()).body.data?.find((item) => item.userId === owner.user.id);
    expect(listed).toMatchObject({ kind: 'idInUse', holder: { userId: holder.user.id, account: holder.phone } });

    await review({ id: listed!.id, approve: 1 });
    expect(await isRealNameVerified(t.db, holder.user.id)).toBe(false);
    expect((await status(owner)).body.data).toMatchObject({ state: 'verified', verifiedBy: 'operator' });
    expect((await status(holder)).body.data).toMatchObject({ state: 'unverified', verified: false });
    expect(await t.db.select().from(notices).where(eq(notices.userId, holder.user.id))).toMatchObject([
      { messageKey: 'notice.verificationRevoked' },
    ]);
    const [action] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `verification_escalation:${listed!.id}`));
    expect(action?.detail).toMatchObject({ userId: owner.user.id, kind: 'idInUse', revokedUserId: holder.user.id });
  });
});

describe('concurrency', () => {
  it('never lets one person spend more than the daily limit, however many submissions overlap', async () => {
    const person = await t.buildUser();
    provider.delayMs = 30;
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(person, WRONG_NAME, freshId())));
    for (const { body } of answers) expect([0, CodeFlag.conflict, CodeFlag.tooManyRequests]).toContain(body.codeFlag);
    expect(await countedAttemptsOf(person.user.id)).toBeLessThanOrEqual(VERIFICATION_DAILY_ATTEMPTS);

    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 4 }, () => submit(person, WRONG_NAME, freshId())));
    }
    expect(await countedAttemptsOf(person.user.id)).toBe(VERIFICATION_DAILY_ATTEMPTS);
    expect((await status(person)).body.data).toMatchObject({ state: 'limitReached', attemptsLeft: 0 });
  });

  it('verifies only one of two accounts racing with one ID number', async () => {
    provider.delayMs = 20;
    for (let round = 0; round < 3; round++) {
      const racers = [await t.buildUser(), await t.buildUser()];
      const idNumber = freshId();
      const answers = await Promise.all(racers.map((racer) => submit(racer, '李明', idNumber)));
      expect(answers.map((a) => a.body.data?.state).sort()).toEqual(['idInUse', 'verified']);
      const verified = await t.db
        .select()
        .from(realNameVerifications)
        .where(
          and(
            inArray(
              realNameVerifications.userId,
              racers.map((r) => r.user.id),
            ),
            eq(realNameVerifications.idDigest, createSecretBox(t.keys.idEncryption).digest(idNumber)),
          ),
        );
      expect(verified).toHaveLength(1);
    }
  });
});
