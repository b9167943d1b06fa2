// /blogs (SPEC §2 Blogs): the six sample articles and a 'Load More Articles' button that does nothing.
import { Button } from '@/components/ui/button';
import { PageHero } from '@/components/ui/page-hero';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { ArticleCard } from '../components/article-card';
import { sampleArticles } from '../data/sample-articles';
import '../components/blog.css';

export default function BlogsRoute() {
  useDocumentTitle(t('Blog'));
  if (import.meta.env.SSR) {
    describePage({ description: t('Beauty, wellness and lifestyle tips from Kenyan providers and the Mtaani team.') });
  }

  return (
    <div className="container page blogs-page">
      <PageHero
        eyebrow={t('Blog')}
        title={t('Mtaani Blog')}
        lead={t('Beauty, wellness and lifestyle tips from Kenyan providers and the Mtaani team.')}
      />
      <ul className="plain-list article-grid" aria-label={t('Articles')}>
        {sampleArticles.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
      <div className="blogs-page__more">
        {/* SPEC §2: the button does nothing; there are no further articles yet. */}
        <Button variant="secondary" size="lg" aria-describedby="blogs-more-note">
          {t('Load More Articles')}
        </Button>
        <p id="blogs-more-note" className="blogs-page__more-note">
          {t('More articles are on their way. Check back soon.')}
        </p>
      </div>
    </div>
  );
}
