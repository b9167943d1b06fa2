import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { matchPath } from './first-screen';
import { pageTable } from './page-table';

describe('pageTable', () => {
  it('has a page for every path of config/paths.ts, each path once', () => {
    const tablePaths = Object.values(pageTable).map((page) => page.path);
    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    expect([...tablePaths].sort()).toEqual([...Object.values(paths).map((entry) => entry.path), '*'].sort());
  });

  it('matches each first screen as the router ranks it (a static segment before a parameter)', () => {
    const screens = Object.values(pageTable).filter((page) => page.firstScreen);
    for (const screen of screens) {
      const example = screen.path.replace(/:\w+/g, 'x1');
      expect(screens.find((other) => matchPath(other.path, example))?.path, example).toBe(screen.path);
    }
  });
});
