// /favourites: the listings saved with the heart. A visitor's are kept in this browser
// (signing in keeps them in the account); a signed-in user's are their account's.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useSession } from '@/lib/use-session';
import { FavouritesView } from '../components/favourites-view';

export default function FavouritesRoute() {
  useDocumentTitle(t('My Favourites'));
  const session = useSession();
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{t('My Favourites')}</h1>
        {session ? (
          <p>{t('Saved to your account: they are here on any phone you sign in on.')}</p>
        ) : (
          <p>
            {tx('Saved in this browser. {signIn} to keep them in your account.', {
              signIn: <Link to={paths.signIn.getHref()}>{t('Sign in')}</Link>,
            })}
          </p>
        )}
      </header>
      {/* A new session loads the list again (a visitor's favourites join the account's at sign-in). */}
      <FavouritesView key={session?.token ?? 'visitor'} layout="cards" />
    </div>
  );
}
