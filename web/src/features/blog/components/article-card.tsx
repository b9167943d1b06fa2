// One article of the blog list: picture, date and reading time, title, excerpt, author and comments.
import { Link } from 'react-router-dom';
import { CalendarIcon } from '@/components/ui/icons';
import { ChatIcon, ClockIcon } from '@/components/ui/page-icons';
import { paths } from '@/config/paths';
import { formatNairobiDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { BlogArticle } from '../data/sample-articles';

export function ArticleCard({ article }: { article: BlogArticle }) {
  const titleId = `article-${article.id}`;
  return (
    <article className="article-card" aria-labelledby={titleId}>
      {/* The title says what the picture shows. */}
      <img className="article-card__image" src={article.image} alt="" width={400} height={240} />
      <div className="article-card__body">
        <p className="article-card__meta">
          <span>
            <CalendarIcon size={16} />
            <time dateTime={article.date}>{formatNairobiDate(article.date)}</time>
          </span>
          <span>
            <ClockIcon size={16} />
            {article.readTime}
          </span>
        </p>
        <h2 id={titleId} className="article-card__title">
          {/* The link covers the whole card (see .article-card__link::after). */}
          <Link to={paths.blog.getHref(article.id)} className="article-card__link">
            {article.title}
          </Link>
        </h2>
        <p className="article-card__excerpt">{article.excerpt}</p>
        <footer className="article-card__footer">
          <span className="article-card__author">
            <img src={article.authorImage} alt="" width={36} height={36} />
            {article.author}
          </span>
          <span className="article-card__comments">
            <ChatIcon size={16} />
            {/* The count alone on screen; the whole phrase (its word order is the language's) for screen readers. */}
            <span aria-hidden="true">{article.comments}</span>
            <span className="visually-hidden">{t('{count} comments', { count: article.comments })}</span>
          </span>
        </footer>
      </div>
    </article>
  );
}
