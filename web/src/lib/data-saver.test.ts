// Where the data saver starts: as the server rendered the page (its mark on #root), else the visitor's
// choice (the mtaani_data cookie), else the browser's hint (navigator.connection.saveData).
import { afterEach, describe, expect, it, vi } from 'vitest';

async function startWith({ root, cookie, saveData }: { root?: string; cookie?: string; saveData?: boolean }) {
  vi.resetModules();
  document.body.innerHTML = root ?? '';
  document.cookie = cookie ?? 'mtaani_data=; path=/; max-age=0';
  vi.stubGlobal('navigator', { ...navigator, connection: saveData === undefined ? undefined : { saveData } });
  const { useDataSaver } = await import('./data-saver');
  const { renderHook } = await import('@testing-library/react');
  return renderHook(() => useDataSaver()).result.current;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.cookie = 'mtaani_data=; path=/; max-age=0';
});

describe('the data saver at start', () => {
  it('is the server’s on a page it rendered, whatever the browser says now', async () => {
    expect(await startWith({ root: '<div id="root" data-rendered="server" data-saver></div>' })).toBe(true);
    expect(
      await startWith({ root: '<div id="root" data-rendered="server"></div>', cookie: 'mtaani_data=saver', saveData: true }),
    ).toBe(false);
  });

  it('is the visitor’s choice, else the browser’s hint, on a page the browser renders', async () => {
    const shell = '<div id="root"></div>';
    expect(await startWith({ root: shell, cookie: 'mtaani_data=saver' })).toBe(true);
    expect(await startWith({ root: shell, cookie: 'mtaani_data=full', saveData: true })).toBe(false);
    expect(await startWith({ root: shell, saveData: true })).toBe(true);
    expect(await startWith({ root: shell, saveData: false })).toBe(false);
    expect(await startWith({ root: shell })).toBe(false);
  });
});
