import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database, port 3000 and the sandbox SMS', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smsSandbox: false,
      demoData: false,
      sms: { provider: 'sandbox' },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads PORT, DATA_DIR, SMS_SANDBOX and the demo-data flag', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/metal', SMS_SANDBOX: '1' }, [
      'node',
      'main.js',
      '--demo-data',
    ]);
    expect(config).toMatchObject({ port: 8080, dataDir: '/srv/metal', smsSandbox: true, demoData: true });
  });

  it('starts the clock at CLOCK_START when given, for demonstrations', () => {
    expect(loadConfig({}, []).clockStart).toBeUndefined();
    expect(loadConfig({ CLOCK_START: '2026-11-20T22:00:00+08:00' }, []).clockStart?.toISOString()).toBe(
      '2026-11-20T14:00:00.000Z',
    );
    expect(() => loadConfig({ CLOCK_START: 'friday evening' }, [])).toThrow(/CLOCK_START/);
  });

  it('caps SMS codes per address a day at 30 unless SMS_DAILY_CAP_PER_IP says otherwise (end-to-end runs)', () => {
    expect(loadConfig({}, []).smsDailyCapPerIp).toBe(30);
    expect(loadConfig({ SMS_DAILY_CAP_PER_IP: '500' }, []).smsDailyCapPerIp).toBe(500);
    expect(() => loadConfig({ SMS_DAILY_CAP_PER_IP: '0' }, [])).toThrow(/SMS_DAILY_CAP_PER_IP/);
    expect(() => loadConfig({ SMS_DAILY_CAP_PER_IP: 'many' }, [])).toThrow(/SMS_DAILY_CAP_PER_IP/);
  });

  it('refuses settings it cannot use, naming them', () => {
    expect(() => loadConfig({ PORT: 'abc' }, [])).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' }, [])).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' }, [])).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID/);
  });

  it('configures Aliyun SMS when asked to, with all of its settings', () => {
    const config = loadConfig(
      {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '有色汇',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      },
      [],
    );
    expect(config.sms).toMatchObject({
      provider: 'aliyun',
      aliyun: { signName: '有色汇', endpoint: 'https://dysmsapi.aliyuncs.com' },
    });
  });

  it('checks identities in the sandbox unless Aliyun ID Verification is configured with its keys', () => {
    expect(loadConfig({}, []).identity).toEqual({ provider: 'sandbox' });
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'aliyun' }, [])).toThrow(/ALIYUN_IDENTITY_ACCESS_KEY_ID/);
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'tencent' }, [])).toThrow(/IDENTITY_PROVIDER/);
    const config = loadConfig(
      {
        IDENTITY_PROVIDER: 'aliyun',
        ALIYUN_IDENTITY_ACCESS_KEY_ID: 'id',
        ALIYUN_IDENTITY_ACCESS_KEY_SECRET: 'secret',
      },
      [],
    );
    expect(config.identity).toEqual({
      provider: 'aliyun',
      aliyun: {
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        endpoint: 'https://cloudauth.aliyuncs.com',
        timeoutMs: 10_000,
      },
    });
  });
});

describe('maps configuration', () => {
  it('uses the offline region table unless Tianditu is configured with its key', () => {
    expect(loadConfig({}, []).maps).toEqual({ provider: 'offline' });
    expect(() => loadConfig({ MAPS_PROVIDER: 'tianditu' }, [])).toThrow(/TIANDITU_KEY/);
    expect(() => loadConfig({ MAPS_PROVIDER: 'amap' }, [])).toThrow(/MAPS_PROVIDER/);
    expect(loadConfig({ MAPS_PROVIDER: 'tianditu', TIANDITU_KEY: 'k' }, []).maps).toEqual({
      provider: 'tianditu',
      tianditu: { key: 'k', endpoint: 'https://api.tianditu.gov.cn', timeoutMs: 60_000 },
    });
    expect(
      loadConfig({ MAPS_PROVIDER: 'tianditu', TIANDITU_KEY: 'k', TIANDITU_ENDPOINT: 'http://127.0.0.1:9/' }, []).maps,
    ).toMatchObject({ tianditu: { endpoint: 'http://127.0.0.1:9' } });
  });

  describe('payments', () => {
    const live = {
      PAY_PROVIDER: 'live',
      PAY_PUBLIC_URL: 'https://metal.example.com/',
      PAY_OFFLINE_ACCOUNT_NAME: '某某金属有限公司',
      PAY_OFFLINE_BANK_NAME: '中国工商银行佛山分行',
      PAY_OFFLINE_ACCOUNT_NO: '2013 0000 0000 0000',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nxyz\\n-----END PUBLIC KEY-----',
    };

    it('uses the sandbox by default, on the embedded database', () => {
      expect(loadConfig({}, []).payments).toMatchObject({ provider: 'sandbox', wxpay: undefined, alipay: undefined });
    });

    it('lets the sandbox cashier take payments only when PAY_SANDBOX=1 asks for it', () => {
      expect(loadConfig({}, []).payments.sandboxPayable).toBe(false);
      expect(loadConfig({ DATABASE_URL: 'postgres://db.example/metal' }, []).payments.sandboxPayable).toBe(false);
      expect(loadConfig({ PAY_SANDBOX: '1' }, []).payments.sandboxPayable).toBe(true);
      expect(loadConfig({ ...live, PAY_SANDBOX: '1' }, []).payments.sandboxPayable).toBe(false);
    });

    it('reads the live providers, their keys (\\n as line breaks) and the transfer account', () => {
      const payments = loadConfig(live, []).payments;
      expect(payments).toMatchObject({
        provider: 'live',
        publicUrl: 'https://metal.example.com',
        wxpay: undefined,
        alipay: { appId: '2021000000000001', gateway: 'https://openapi.alipay.com/gateway.do' },
        offline: { accountNo: '2013 0000 0000 0000' },
      });
      expect(payments.alipay?.privateKey).toBe('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
    });

    it('refuses live payments without a public URL, an account, a provider, or with half a provider', () => {
      const { PAY_PUBLIC_URL: _url, ...noUrl } = live;
      expect(() => loadConfig(noUrl, [])).toThrow(/PAY_PUBLIC_URL/);
      const { PAY_OFFLINE_ACCOUNT_NO: _no, ...noAccount } = live;
      expect(() => loadConfig(noAccount, [])).toThrow(/PAY_OFFLINE_ACCOUNT_NO/);
      const { ALIPAY_APP_ID: _a, ALIPAY_PRIVATE_KEY: _b, ALIPAY_PUBLIC_KEY: _c, ...none } = live;
      expect(() => loadConfig(none, [])).toThrow(/WXPAY_\*\) or Alipay/);
      expect(() => loadConfig({ ...live, WXPAY_APP_ID: 'wx1' }, [])).toThrow(/WXPAY_MCH_ID/);
    });
  });
});
