// @vitest-environment happy-dom
import { Calls, CodeFlag, wgs84ToGcj02 } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { completeCompany, employee, freshCompany, owner } from './fixtures';
import ChooseAddressPage from './pages/ChooseAddressPage';
import EditManagerAddressPage from './pages/EditManagerAddressPage';
import ManagerAddressPage from './pages/ManagerAddressPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.managerAddress]: ManagerAddressPage,
      [Paths.editManagerAddress]: EditManagerAddressPage,
      [Paths.chooseAddress]: ChooseAddressPage,
      [Paths.userCenter]: Elsewhere,
      [Paths.login]: Elsewhere,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const fieldError = (field: string) => h.container.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent;
const path = () => h.router.state.location.pathname;
/** The newest match: a popup or dialog that just closed may still be fading out. */
const inBody = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((e) => e.textContent?.trim() === label).at(-1);

/** Chooses a province → city → district in the cascading picker and confirms. */
async function pickRegion(...names: string[]) {
  await click(testId('region-picker'));
  for (const name of names) {
    await until(() => inBody('.adm-cascader-view .adm-list-item', name) !== undefined, name);
    await click(inBody('.adm-cascader-view .adm-list-item', name));
  }
  await click(inBody('.adm-cascader-header-button', '确定'));
}

/** The browser's geolocation, answering with `outcome`. */
function stubGeolocation(outcome: { lon: number; lat: number; accuracy: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in outcome) {
      failure?.({
        code: outcome.code,
        message: '',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
    } else {
      success({
        coords: { longitude: outcome.lon, latitude: outcome.lat, accuracy: outcome.accuracy },
        timestamp: Date.now(),
      } as GeolocationPosition);
    }
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(async () => {
  await h.cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('manager_address', () => {
  it('shows the address and that its map point is the district centre, with the way to edit', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(completeCompany()));
    await render(Paths.managerAddress);
    await until(() => text().includes('南海区中心点'), 'the point source');
    expect(testId('address-card')?.textContent).toContain('广东省 佛山市 南海区');
    expect(testId('address-card')?.textContent).toContain('大沥镇广佛路1号');
    expect(testId('address-point')?.textContent).toContain('经度 113.1456，纬度 23.0316');
    await click(testId('address-edit'));
    expect(path()).toBe(Paths.editManagerAddress);
  });

  it('says a saved point is not the centre, and how far from it', async () => {
    setSession(owner);
    const address = { ...completeCompany().manageAddress, lng: 113.1607, lat: 23.0512 };
    h.serve(Calls.companyInfo, ok(completeCompany({ manageAddress: address })));
    await render(Paths.managerAddress);
    await until(() => text().includes('已保存的位置'), 'the point source');
    expect(testId('address-point')?.textContent).toMatch(/距南海区中心 2\.\d 公里/);
  });

  it('offers a new user to add one, and an employee only to look', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    await render(Paths.managerAddress);
    await until(() => text().includes('尚未填写经营地址'), 'the empty state');
    await click([...h.container.querySelectorAll('button')].find((b) => b.textContent === '填写经营地址'));
    expect(path()).toBe(Paths.editManagerAddress);
    await h.cleanup();

    h.install();
    setSession(employee);
    h.serve(Calls.companyInfo, ok(completeCompany({ editable: false })));
    await render(Paths.managerAddress);
    await until(() => testId('address-card') !== null, 'the address');
    expect(testId('address-edit')).toBeNull();
  });
});

describe('edit_manager_address', () => {
  it('picks the region from the table, needs the street address, and saves at the district centre', async () => {
    setSession(owner);
    const saved = completeCompany();
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(Calls.saveAddress, ok(saved));
    await render(Paths.editManagerAddress);
    await until(() => testId('region-picker') !== null, 'the form (after the region table loads)');

    await click(testId('address-save'));
    expect(fieldError('region')).toBe('请选择正确的省、市、区');
    expect(fieldError('detail')).toBe('请填写详细地址');
    expect(showFail).toHaveBeenCalledWith('请选择正确的省、市、区');
    expect(h.calls(Calls.saveAddress)).toEqual([]);

    await pickRegion('广东省', '佛山市', '南海区');
    await until(() => testId('region-picker')?.textContent === '广东省 佛山市 南海区', 'the chosen region');
    expect(fieldError('region')).toBeUndefined();
    expect(testId('point-summary')?.textContent).toContain('南海区中心点');
    await typeInto(h.container.querySelector('textarea[name="detail"]'), ' 大沥镇广佛路1号 ');
    await click(testId('address-save'));
    await until(() => h.calls(Calls.saveAddress).length === 1, 'save_address');
    const sent = h.calls(Calls.saveAddress)[0];
    expect(sent).toMatchObject({ province: '广东省', city: '佛山市', district: '南海区', detail: '大沥镇广佛路1号' });
    // Without a point the server stores the district's centre.
    expect(sent).not.toHaveProperty('lng');
    await until(() => path() === Paths.managerAddress, 'back to manager_address');
    expect(showSuccess).toHaveBeenCalledWith('已保存');
    expect(sessionStorage.getItem('metal.companies.address.7')).toBeNull();
  });

  it('shows a municipality once and keeps the draft when the server refuses', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    h.serve(
      Calls.saveAddress,
      fail(CodeFlag.invalidInput, '请选择正确的省、市、区', { errors: { province: '请选择正确的省、市、区' } }),
    );
    await render(Paths.editManagerAddress);
    await until(() => testId('region-picker') !== null, 'the form');
    await pickRegion('北京市', '北京市', '朝阳区');
    await until(() => testId('region-picker')?.textContent === '北京市 朝阳区', 'the chosen region');
    await typeInto(h.container.querySelector('textarea[name="detail"]'), '建国路1号');
    await click(testId('address-save'));
    await until(() => fieldError('region') !== undefined, 'the server’s error');
    expect(path()).toBe(Paths.editManagerAddress);
    expect((h.container.querySelector('textarea[name="detail"]') as HTMLTextAreaElement).value).toBe('建国路1号');
  });

  it('is not for employees', async () => {
    setSession(employee);
    h.serve(Calls.companyInfo, ok(completeCompany({ editable: false })));
    await render(Paths.editManagerAddress);
    await until(() => text().includes('修改需要“公司信息与认证”权限'), 'the notice');
    expect(testId('address-save')).toBeNull();
  });
});

describe('choose_address', () => {
  it("uses the browser's location corrected to GCJ-02, and the edit page saves it", async () => {
    setSession(owner);
    const gps = { lon: 113.1612, lat: 23.0431, accuracy: 25 };
    const locate = stubGeolocation(gps);
    h.serve(Calls.companyInfo, ok(completeCompany()));
    h.serve(Calls.saveAddress, ok(completeCompany()));
    await render(Paths.editManagerAddress);
    await until(() => testId('point-picker') !== null, 'the form');
    await click(testId('point-picker'));
    expect(path()).toBe(Paths.chooseAddress);
    await until(() => testId('locate') !== null, 'the choices');
    expect(testId('option-centre')?.textContent).toContain('已选');

    await click(testId('locate'));
    expect(locate).toHaveBeenCalledTimes(1);
    const gcj = wgs84ToGcj02(gps);
    await until(() => testId('option-located')?.textContent?.includes('已选') === true, 'the located point chosen');
    expect(testId('option-located')?.textContent).toContain(`经度 ${gcj.lon.toFixed(4)}，纬度 ${gcj.lat.toFixed(4)}`);
    expect(testId('option-located')?.textContent).toContain('精度约 25 米');
    await click(testId('point-confirm'));
    expect(path()).toBe(Paths.editManagerAddress);
    await until(() => testId('point-summary')?.textContent?.includes('我的当前位置') === true, 'the point on the form');

    await click(testId('address-save'));
    await until(() => h.calls(Calls.saveAddress).length === 1, 'save_address');
    const sent = h.calls(Calls.saveAddress)[0]!;
    expect(Number(sent.lng)).toBeCloseTo(gcj.lon, 6);
    expect(Number(sent.lat)).toBeCloseTo(gcj.lat, 6);
    // GCJ-02 sits a few hundred metres off the GPS reading around Foshan.
    expect(Math.abs(Number(sent.lng) - gps.lon)).toBeGreaterThan(0.003);
  });

  it("says 'Failed to get location', explains the settings, and offers the district centre", async () => {
    setSession(owner);
    stubGeolocation({ code: 1 });
    const saved = { ...completeCompany().manageAddress, lng: 113.1607, lat: 23.0512 };
    h.serve(Calls.companyInfo, ok(completeCompany({ manageAddress: saved })));
    await render(Paths.chooseAddress);
    await until(() => testId('locate') !== null, 'the choices');
    expect(testId('option-saved')?.textContent).toContain('已选');

    await click(testId('locate'));
    await until(() => document.body.querySelector('[data-testid="locate-failed"]') !== null, 'the failure');
    expect(document.body.textContent).toContain('获取位置失败');
    expect(document.body.textContent).toContain('您未允许本网站获取位置。');
    await click(inBody('.adm-dialog button', '前往设置'));
    await until(() => document.body.textContent?.includes('在“权限”中将“位置”设为“允许”') === true, 'the steps');
    await click(inBody('.adm-dialog button', '我知道了'));

    await click(testId('locate'));
    await until(() => inBody('.adm-dialog button', '使用地区中心点') !== undefined, 'the failure again');
    await click(inBody('.adm-dialog button', '使用地区中心点'));
    await until(() => testId('option-centre')?.textContent?.includes('已选') === true, 'the centre chosen');
    await click(testId('point-confirm'));
    expect(JSON.parse(sessionStorage.getItem('metal.companies.address.7') ?? '{}')).toMatchObject({ point: null });
  });

  it('asks for the region first when none is chosen', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(freshCompany()));
    await render(Paths.chooseAddress);
    await until(() => text().includes('请先选择所在地区'), 'the empty state');
    await click([...h.container.querySelectorAll('button')].find((b) => b.textContent === '去选择地区'));
    expect(path()).toBe(Paths.editManagerAddress);
  });
});
