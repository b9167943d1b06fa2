// The rendered pages, by path and query, at most `capacity` of them (the one used longest ago goes
// first). Each is kept with the calls it was rendered from; main.ts serves one only after the gateway
// has said each of those answers is still the same (a listing edited, hidden or removed changes the
// gateway's answer, whose cache follows the catalog's changes), so a page is never served stale.
export class PageCache<Page> {
  private readonly pages = new Map<string, Page>();

  constructor(private readonly capacity: number) {}

  get(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (page === undefined) return undefined;
    // Used now: moved to the end of the Map's order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: Page): void {
    if (this.capacity === 0) return;
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value!);
  }

  get size(): number {
    return this.pages.size;
  }
}
