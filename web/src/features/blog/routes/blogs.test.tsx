import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderWithRouter } from '@/testing/test-utils';
import { sampleArticles } from '../data/sample-articles';
import BlogsRoute from './blogs';

describe('BlogsRoute', () => {
  it('shows the six sample articles, each linking to /blog/{id}', async () => {
    renderWithRouter(<BlogsRoute />, { route: '/blogs' });

    expect(screen.getByRole('heading', { level: 1, name: 'Mtaani Blog' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Blog · Mtaani'));
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(6);

    const first = sampleArticles[0]!;
    const card = screen.getByRole('article', { name: first.title });
    expect(within(card).getByRole('link', { name: first.title })).toHaveAttribute('href', `/blog/${first.id}`);
    expect(card).toHaveTextContent(first.excerpt);
    expect(card).toHaveTextContent(first.author);
    expect(card).toHaveTextContent(first.readTime);
    expect(card).toHaveTextContent(`${first.comments} comments`);
    expect(within(card).getByText('Mon, 16 Nov 2026')).toHaveAttribute('datetime', '2026-11-16');
  });

  it('has the SPEC §3 fields, and pictures that need no network', () => {
    expect(new Set(sampleArticles.map((a) => a.id)).size).toBe(6);
    for (const article of sampleArticles) {
      expect(Object.keys(article).sort()).toEqual(
        ['author', 'authorImage', 'comments', 'date', 'excerpt', 'id', 'image', 'readTime', 'title'].sort(),
      );
      expect(article.image).toMatch(/^data:image\/svg\+xml,/);
      expect(article.authorImage).toMatch(/^data:image\/svg\+xml,/);
    }
    expect(decodeURIComponent(sampleArticles[0]!.authorImage)).toContain('>WM</text>');
  });

  it("has a focusable 'Load More Articles' button that does nothing", async () => {
    const adapter = mockApi({});
    renderWithRouter(<BlogsRoute />, { route: '/blogs' });

    const button = screen.getByRole('button', { name: 'Load More Articles' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription('More articles are on their way. Check back soon.');
    await userEvent.tab();
    while (document.activeElement !== button) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);

    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(currentUrl()).toBe('/blogs');
    expect(adapter).not.toHaveBeenCalled();
  });
});
