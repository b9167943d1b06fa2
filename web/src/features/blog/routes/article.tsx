// /blog/:id (SPEC §2 defines no screen for it): one sample article with its title, author, date,
// reading time, picture and text, and the other articles to read next (no dead end).
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { ClockIcon } from '@/components/ui/page-icons';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { formatNairobiDate } from '@/lib/format';
import { describePage, useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { articleBodies } from '../data/article-bodies';
import { sampleArticles, type BlogArticle } from '../data/sample-articles';
import '../components/blog.css';

export const ARTICLE_NOT_FOUND = t('Article Not Found');

export default function ArticleRoute() {
  const id = (useParams().id ?? '').trim();
  const article = sampleArticles.find((a) => a.id === id);
  if (!article) return <ArticleNotFound />;
  return <Article article={article} />;
}

function ArticleNotFound() {
  useDocumentTitle(ARTICLE_NOT_FOUND);
  if (import.meta.env.SSR) describePage({ description: '', notFound: true });
  return (
    <div className="container page">
      <StatusMessage title={ARTICLE_NOT_FOUND} description={t('This article is not on the Mtaani blog.')}>
        <Link to={paths.blogs.getHref()} className={buttonClass()}>
          {t('Read the blog')}
        </Link>
      </StatusMessage>
    </div>
  );
}

function Article({ article }: { article: BlogArticle }) {
  useDocumentTitle(article.title);
  if (import.meta.env.SSR) {
    describePage({
      description: article.excerpt,
      type: 'article',
      jsonLd: [
        {
          '@type': 'BlogPosting',
          headline: article.title,
          description: article.excerpt,
          datePublished: article.date,
          author: { '@type': 'Person', name: article.author },
          url: paths.blog.getHref(article.id),
        },
      ],
    });
  }
  const body = articleBodies[article.id] ?? [{ paragraphs: [article.excerpt] }];
  const others = sampleArticles.filter((a) => a.id !== article.id).slice(0, 3);
  return (
    <div className="container page article-page">
      <Breadcrumb
        crumbs={[
          { label: t('Home'), to: paths.home.getHref() },
          { label: t('Blog'), to: paths.blogs.getHref() },
          { label: article.title },
        ]}
      />
      <article className="article" aria-labelledby="article-title">
        <header className="article__header">
          <h1 id="article-title">{article.title}</h1>
          <p className="article__meta">
            <span className="article-card__author">
              <img src={article.authorImage} alt="" width={36} height={36} />
              {article.author}
            </span>
            <span>
              <CalendarIcon size={16} />
              <time dateTime={article.date}>{formatNairobiDate(article.date)}</time>
            </span>
            <span>
              <ClockIcon size={16} />
              {article.readTime}
            </span>
          </p>
        </header>
        <img className="article__image" src={article.image} alt="" width={800} height={480} />
        <div className="article__body">
          <p className="article__lead">{article.excerpt}</p>
          {body.map((section, index) => (
            <section key={index} aria-label={section.heading}>
              {section.heading && <h2>{section.heading}</h2>}
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </article>
      <nav className="article__more" aria-labelledby="article-more">
        <h2 id="article-more">{t('More from the blog')}</h2>
        <ul className="plain-list">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={paths.blog.getHref(other.id)}>{other.title}</Link>
            </li>
          ))}
        </ul>
        <Link to={paths.blogs.getHref()}>{t('All articles')}</Link>
      </nav>
    </div>
  );
}
