import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { languageFromAcceptHeader, normalizeLanguage } from './helpers/language';
import { isMessageKey, MESSAGES, translate } from './messages';

describe('MESSAGES', () => {
  it.each(Object.entries(MESSAGES))('%s has non-empty text in every language', (_key, entry) => {
    expect(Object.keys(entry).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(entry[lang].trim().length, lang).toBeGreaterThan(0);
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, entry] of Object.entries(MESSAGES)) {
      // push.subscribeInvalid's English text shows the literal pattern price-{sortId}, not a parameter.
      if (key === 'push.subscribeInvalid') continue;
      expect(placeholders(entry['en-US']), key).toEqual(placeholders(entry['zh-CN']));
    }
  });

  it("carries SPEC's company-info prompt", () => {
    expect(MESSAGES['companyInfo.incomplete']['en-US'].toLowerCase()).toBe(
      'your company info is incomplete, go complete it now?',
    );
  });
});

describe('translate', () => {
  it('picks the language', () => {
    expect(translate('common.notLoggedIn', 'zh-CN')).toBe('请先登录');
    expect(translate('common.notLoggedIn', 'en-US')).toBe('Please log in first');
  });

  it('fills {params}, and leaves a placeholder without a value as it is', () => {
    expect(translate('code.tooSoon', 'zh-CN', { seconds: 42 })).toBe('验证码发送太频繁，请42秒后再试');
    expect(translate('code.tooSoon', 'en-US', { seconds: '7' })).toBe('Please wait 7 s before asking for another code');
    expect(translate('code.tooSoon', 'en-US')).toBe('Please wait {seconds} s before asking for another code');
  });

  it('falls back to the generic invalid-input message for an unknown key', () => {
    expect(isMessageKey('no.such.key')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(translate('no.such.key', 'en-US')).toBe('Some input is invalid, please check and try again');
    expect(translate('toString', 'zh-CN')).toBe('输入有误，请检查后重试');
  });
});

describe('languageFromAcceptHeader', () => {
  it('defaults to Chinese without a header or a supported language', () => {
    expect(languageFromAcceptHeader(undefined)).toBe('zh-CN');
    expect(languageFromAcceptHeader('')).toBe('zh-CN');
    expect(languageFromAcceptHeader('fr-FR,de;q=0.8')).toBe('zh-CN');
  });

  it('picks the supported language with the highest q', () => {
    expect(languageFromAcceptHeader('en-US')).toBe('en-US');
    expect(languageFromAcceptHeader('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(languageFromAcceptHeader('fr-FR,en;q=0.8,zh;q=0.9')).toBe('zh-CN');
    expect(languageFromAcceptHeader('zh;q=0.5, en-GB;q=0.7')).toBe('en-US');
    expect(languageFromAcceptHeader('en-GB,en;q=0.9,zh;q=0.5')).toBe('en-US');
  });

  it('keeps the listed order among equal q', () => {
    expect(languageFromAcceptHeader('en, zh')).toBe('en-US');
    expect(languageFromAcceptHeader('zh;q=0.8, en;q=0.8')).toBe('zh-CN');
  });

  it('never picks a language marked not acceptable (q=0)', () => {
    expect(languageFromAcceptHeader('en;q=0')).toBe('zh-CN');
    expect(languageFromAcceptHeader('zh;q=0, en;q=0.1')).toBe('en-US');
  });
});

describe('normalizeLanguage', () => {
  it('maps language tags to the supported languages', () => {
    expect(normalizeLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(normalizeLanguage('EN-us')).toBe('en-US');
    expect(normalizeLanguage('ja')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
    expect(normalizeLanguage(null)).toBeUndefined();
  });
});
