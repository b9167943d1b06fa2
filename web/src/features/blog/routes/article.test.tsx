import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import { articleBodies } from '../data/article-bodies';
import { sampleArticles } from '../data/sample-articles';
import ArticleRoute, { ARTICLE_NOT_FOUND } from './article';

function open(id: string) {
  renderWithRouter(
    <Routes>
      <Route path="/blog/:id" element={<ArticleRoute />} />
    </Routes>,
    { route: `/blog/${id}` },
  );
}

describe('ArticleRoute', () => {
  it('every sample article has its text', () => {
    for (const article of sampleArticles) {
      const sections = articleBodies[article.id];
      expect(sections?.length, article.id).toBeGreaterThan(2);
      const words = sections!.flatMap((s) => [...s.paragraphs, ...(s.list ?? [])]).join(' ').split(/\s+/).length;
      expect(words, article.id).toBeGreaterThan(150);
    }
  });

  it('shows the title, author, date, reading time, picture and text, and more articles to read', async () => {
    const article = sampleArticles[1]!;
    open(article.id);
    expect(screen.getByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${article.title} · Mtaani`));
    const shown = within(screen.getByRole('article', { name: article.title }));
    expect(shown.getByText(article.author)).toBeInTheDocument();
    expect(shown.getByText(article.readTime)).toBeInTheDocument();
    expect(shown.getByText('Mon, 9 Nov 2026')).toHaveAttribute('datetime', article.date);
    expect(shown.getByRole('heading', { level: 2, name: 'Book a trial, and wear it all day' })).toBeInTheDocument();
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blogs');
    const more = within(screen.getByRole('navigation', { name: 'More from the blog' }));
    expect(more.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `/blog/${sampleArticles[0]!.id}`,
      `/blog/${sampleArticles[2]!.id}`,
      `/blog/${sampleArticles[3]!.id}`,
      '/blogs',
    ]);
  });

  it('says so for an article that does not exist', () => {
    open('no-such-article');
    expect(screen.getByText(ARTICLE_NOT_FOUND)).toBeInTheDocument();
  });
});
