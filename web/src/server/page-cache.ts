// The rendered pages, by path and query, each kept with the API answers it was rendered from: a page
// is rendered again as soon as an answer changes (a listing edited, hidden or removed changes the
// gateway's answer, whose cache follows the catalog's change generation), never served stale.
export class PageCache<Page> {
  private readonly pages = new Map<string, { answers: string; page: Page }>();

  /** At most `capacity` pages; the one used longest ago goes first. */
  constructor(private readonly capacity: number) {}

  /** The page kept for `key` if it was rendered from the same `answers`. */
  get(key: string, answers: string): Page | undefined {
    const kept = this.pages.get(key);
    if (!kept || kept.answers !== answers) return undefined;
    // Used now: moved to the end of the Map's order.
    this.pages.delete(key);
    this.pages.set(key, kept);
    return kept.page;
  }

  set(key: string, answers: string, page: Page): void {
    if (this.capacity === 0) return;
    this.pages.delete(key);
    this.pages.set(key, { answers, page });
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value!);
  }

  get size(): number {
    return this.pages.size;
  }
}
