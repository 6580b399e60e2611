import { describe, expect, it } from 'vitest';
import { isLandline, isMobile, isPhoneNumber, maskMobile, maskPhone } from './phone';

describe('isMobile', () => {
  it.each(['13012345678', '14512345678', '15012345678', '16612345678', '17712345678', '18812345678', '19912345678'])(
    'accepts %s',
    (value) => {
      expect(isMobile(value)).toBe(true);
    },
  );

  it('accepts surrounding spaces', () => {
    expect(isMobile(' 13812345678 ')).toBe(true);
  });

  it.each([
    '12812345678', // 12x is not a mobile prefix
    '11012345678',
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '23812345678',
    '1381234567a',
    '138 1234 5678',
    '+8613812345678',
    '',
  ])('refuses %j', (value) => {
    expect(isMobile(value)).toBe(false);
  });
});

describe('isLandline', () => {
  it.each(['010-12345678', '0755-1234567', '02112345678', '0571-87654321', '010-12345678-123', '0755-1234567-8001'])(
    'accepts %s',
    (value) => {
      expect(isLandline(value)).toBe(true);
    },
  );

  it.each([
    '010-123456', // 6-digit number
    '010-123456789', // 9-digit number
    '10-12345678', // no leading 0
    '01-12345678',
    '010-12345678-', // empty extension
    '010-12345678-1234567', // extension too long
    '010 12345678',
    '13812345678',
    '',
  ])('refuses %j', (value) => {
    expect(isLandline(value)).toBe(false);
  });
});

describe('isPhoneNumber', () => {
  it('accepts a mobile or a landline and nothing else', () => {
    expect(isPhoneNumber('13812345678')).toBe(true);
    expect(isPhoneNumber('0755-1234567')).toBe(true);
    expect(isPhoneNumber('12812345678')).toBe(false);
    expect(isPhoneNumber('12345')).toBe(false);
  });
});

describe('maskMobile', () => {
  it('hides the middle four digits of a mobile', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile(' 13812345678 ')).toBe('138****5678');
  });

  it('leaves anything that is not a mobile as it is', () => {
    expect(maskMobile('010-12345678')).toBe('010-12345678');
    expect(maskMobile('1381234567')).toBe('1381234567');
    expect(maskMobile('')).toBe('');
  });
});

describe('maskPhone', () => {
  it('hides a mobile as maskMobile does and the last four digits of a landline', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('0757-86001234')).toBe('0757-8600****');
    expect(maskPhone('07578600123')).toBe('0757860****');
    expect(maskPhone('010-12345678-808')).toBe('010-1234****');
  });

  it('shows nothing of a value it does not recognise', () => {
    expect(maskPhone('12345')).toBe('****');
    expect(maskPhone('')).toBe('');
  });
});
