// The six sample articles of /blogs (SPEC §2 Blogs, §3 Blog sample, §9), newest first.
import { t } from '@/lib/i18n';
import { articleIllustration, initialsAvatar } from './illustrations';

export interface BlogArticle {
  /** Also the article's address: /blog/{id}. */
  id: string;
  title: string;
  excerpt: string;
  author: string;
  /** The publication day, YYYY-MM-DD. */
  date: string;
  readTime: string;
  comments: number;
  /** The article's picture (a data URI: it needs no download). */
  image: string;
  /** The author's initials avatar (a data URI). */
  authorImage: string;
}

function article(fields: Omit<BlogArticle, 'authorImage'>, avatarColour: string): BlogArticle {
  return { ...fields, authorImage: initialsAvatar(fields.author, avatarColour) };
}

export const sampleArticles: readonly BlogArticle[] = [
  article(
    {
      id: 'natural-hair-dry-season',
      title: t("Protecting your natural hair in Nairobi's dry season"),
      excerpt:
        t('Dusty roads, strong sun and chilly evenings can leave coily hair thirsty. Our stylists share a simple routine, from the LOC method to low-manipulation protective styles, to keep breakage away until the rains return.'),
      author: 'Wanjiku Mwangi',
      date: '2026-11-16',
      readTime: t('{minutes} min read', { minutes: 5 }),
      comments: 24,
      image: articleIllustration('comb', { from: '#b23c13', to: '#e08a2c', ink: '#fff3e6', accent: '#ffd27a' }),
    },
    '#8c2d0b',
  ),
  article(
    {
      id: 'choosing-a-bridal-makeup-artist',
      title: t("How to choose a bridal makeup artist you'll love"),
      excerpt:
        t('Book a trial, look for brides with your skin tone in their portfolio, and ask how the look will hold up through the church service, the photos and a long evening reception. Here is our checklist.'),
      author: 'Achieng Odhiambo',
      date: '2026-11-09',
      readTime: t('{minutes} min read', { minutes: 6 }),
      comments: 18,
      image: articleIllustration('rings', { from: '#7a2e52', to: '#d9728f', ink: '#fff1f4', accent: '#f5b83d' }),
    },
    '#7a2e52',
  ),
  article(
    {
      id: 'planning-a-ruracio-on-a-budget',
      title: t('Planning a ruracio on a budget'),
      excerpt:
        t("The guest list, food, tents, decor and matching outfits add up fast. Couples and their families share how they planned a beautiful ruracio without borrowing for it, and where it's worth spending a little more."),
      author: 'Njeri Kamau',
      date: '2026-11-02',
      readTime: t('{minutes} min read', { minutes: 7 }),
      comments: 31,
      image: articleIllustration('kiondo', { from: '#2f6b3a', to: '#9bbf4a', ink: '#fdf6e3', accent: '#f5b83d' }),
    },
    '#2f6b3a',
  ),
  article(
    {
      id: 'your-first-gym-visit',
      title: t('Your first gym visit: what to expect and what to bring'),
      excerpt:
        t("Nervous about walking into a gym for the first time? A Nairobi personal trainer explains what to wear, what to pack and how to start with a simple routine that won't leave you too sore to climb the stairs."),
      author: 'Brian Kiprotich',
      date: '2026-10-26',
      readTime: t('{minutes} min read', { minutes: 4 }),
      comments: 12,
      image: articleIllustration('dumbbell', { from: '#114e63', to: '#2a9d8f', ink: '#eefaf8', accent: '#f5b83d' }),
    },
    '#114e63',
  ),
  article(
    {
      id: 'sunscreen-for-melanin-rich-skin',
      title: t('Sunscreen for melanin-rich skin: yes, you need it'),
      excerpt:
        t('Nairobi sits high up and close to the equator, so the sun is stronger than it feels. We asked skin specialists why dark skin needs protection too, and how to choose a sunscreen that leaves no white cast.'),
      author: 'Halima Hassan',
      date: '2026-10-19',
      readTime: t('{minutes} min read', { minutes: 5 }),
      comments: 27,
      image: articleIllustration('sun', { from: '#c2561a', to: '#f2b134', ink: '#5a2a0c', accent: '#fff4d6' }),
    },
    '#9a4a12',
  ),
  article(
    {
      id: 'five-ways-to-style-kitenge',
      title: t('Five ways to style kitenge for the office and beyond'),
      excerpt:
        t('Kitenge is not just for weddings and Fridays. A Nairobi designer shares five ways to wear African print at work, at church and on a night out, and how to brief your tailor so the fit is right the first time.'),
      author: 'Mwende Musyoka',
      date: '2026-10-12',
      readTime: t('{minutes} min read', { minutes: 4 }),
      comments: 9,
      image: articleIllustration('dress', { from: '#3b2a6b', to: '#8a5cc2', ink: '#fff8ec', accent: '#f5b83d' }),
    },
    '#3b2a6b',
  ),
];
