// /favourites (issue 20): the listings saved with the heart. A visitor's are kept in this browser
// (signing in keeps them in the account); a signed-in user's are their account's.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useSession } from '@/lib/use-session';
import { FavouritesView } from '../components/favourites-view';

export default function FavouritesRoute() {
  useDocumentTitle('My Favourites');
  const session = useSession();
  return (
    <div className="container page">
      <header className="page-header">
        <h1>My Favourites</h1>
        {session ? (
          <p>Saved to your account: they are here on any phone you sign in on.</p>
        ) : (
          <p>
            Saved in this browser. <Link to={paths.signIn.getHref()}>Sign in</Link> to keep them in your account.
          </p>
        )}
      </header>
      {/* A new session loads the list again (a visitor's favourites join the account's at sign-in). */}
      <FavouritesView key={session?.token ?? 'visitor'} layout="cards" />
    </div>
  );
}
