/**
 * The mock tools a tester sees in mock mode only (issue 16): a small button in the bottom-left corner with
 * "reset mock data". Plain DOM, outside the React tree, so the portal's own screens are exactly the real build's.
 */
import { resetMockState } from './persist';

const TEXTS = {
  'zh-chs': { button: '模拟数据', reset: '重置模拟数据', confirm: '重置模拟数据？新增和修改的数据以及登录状态都会丢失。', done: '模拟数据已重置' },
  en: { button: 'Mock data', reset: 'Reset mock data', confirm: 'Reset the mock data? What was added or changed, and the login, are lost.', done: 'Mock data reset' },
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
  panel.append(reset);
  document.body.append(panel);
}
