/**
 * The mock tools a tester sees in mock mode only (issue 16): a small button in the bottom-left corner with
 * "reset mock data". Plain DOM, outside the React tree, so the portal's own screens are exactly the real build's.
 */
import { resetMockState } from './persist';
import { activeScenarioText, switchScenario } from './tester-scenarios';

const TEXTS = {
  'zh-chs': {
    button: '模拟数据',
    reset: '重置模拟数据',
    confirm: '重置模拟数据？新增和修改的数据以及登录状态都会丢失。',
    scenario: '测试场景',
    none: '无',
    ask: '测试场景开关，逗号分隔（如 error:500、error:403@/User/GetOrgInfo、wrapped-error、legacy-error、empty、slow:2000、expired、captcha:off；none 关闭）：',
  },
  en: {
    button: 'Mock data',
    reset: 'Reset mock data',
    confirm: 'Reset the mock data? What was added or changed, and the login, are lost.',
    scenario: 'Test scenario',
    none: 'none',
    ask: 'Test scenario switches, comma-separated (e.g. error:500, error:403@/User/GetOrgInfo, wrapped-error, legacy-error, empty, slow:2000, expired, captcha:off; none turns them off):',
  },
};

const languageOf = (): keyof typeof TEXTS => (/(?:^|;\s*)language=en\b/.test(document.cookie) ? 'en' : 'zh-chs');

export function mountMockTools(): void {
  const texts = TEXTS[languageOf()];
  const panel = document.createElement('div');
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', texts.button);
  panel.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:2000;font:12px sans-serif;';
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.textContent = texts.reset;
  reset.title = texts.confirm;
  reset.style.cssText = 'padding:2px 8px;border:1px solid #d9d9d9;border-radius:4px;background:#fffbe6;color:#614700;cursor:pointer;opacity:.85;';
  reset.addEventListener('click', async () => {
    if (!window.confirm(texts.confirm)) return;
    await resetMockState();
    // The session went with the data: the portal starts over at its login page.
    window.location.assign('/login');
  });
  const scenario = document.createElement('button');
  scenario.type = 'button';
  scenario.style.cssText = reset.style.cssText + 'margin-left:4px;';
  const showScenario = () => (scenario.textContent = `${texts.scenario}: ${activeScenarioText() || texts.none}`);
  showScenario();
  scenario.addEventListener('click', () => {
    const text = window.prompt(texts.ask, activeScenarioText());
    if (text === null) return;
    try {
      switchScenario(text.trim() || 'none');
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    }
    showScenario();
  });
  panel.append(reset, scenario);
  document.body.append(panel);
}
