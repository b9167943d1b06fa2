// My Account → Your data: download everything Mtaani holds about you, or close your account (with
// your password to confirm). See the privacy page for what is kept and for how long.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { clearSession } from '@/lib/session';
import { deleteMyAccount, exportMyData } from '../api/data-rights';

export const DELETED = t('Your account has been deleted.');

/** `onDeleted` is called once the account is gone (My Account then says so in place of itself). */
export function DataRights({ seller, onDeleted }: { seller: boolean; onDeleted: () => void }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  function download() {
    setDownloading(true);
    exportMyData().then(
      (blob) => {
        setDownloading(false);
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = 'mtaani-data.json';
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
      (e: unknown) => {
        setDownloading(false);
        toast.error(apiErrorMessage(e) ?? t('Your data could not be downloaded. Please try again.'));
      },
    );
  }

  function remove(event: FormEvent) {
    event.preventDefault();
    setDeleting(true);
    deleteMyAccount(password).then(
      () => {
        onDeleted();
        clearSession();
      },
      (e: unknown) => {
        setDeleting(false);
        setError(apiFieldErrors(e).password ?? apiErrorMessage(e) ?? t('Your account was not deleted. Please try again.'));
      },
    );
  }

  return (
    <section className="card account-section" aria-labelledby="account-data">
      <h2 id="account-data" className="account-section__title">
        {t('Your data')}
      </h2>
      <p>
        {tx(
          'Download everything Mtaani holds about you as one file, or delete your account. How long each kind of record is kept is on the {link}.',
          { link: <Link to={paths.privacy.getHref()}>{t('privacy page')}</Link> },
        )}
      </p>
      <div className="account-data__actions">
        <Button variant="secondary" onClick={download} disabled={downloading}>
          {downloading ? t('Preparing…') : t('Download my data')}
        </Button>
        {!confirming && (
          <Button variant="secondary" className="account-data__danger" onClick={() => setConfirming(true)}>
            {t('Delete my account')}
          </Button>
        )}
      </div>
      {confirming && (
        <form className="account-data__confirm" onSubmit={remove} noValidate>
          <p role="note">
            {seller
              ? `${t('Your listings and photos will be deleted, bookings on them cancelled and your customers told.')} `
              : ''}
            {t(
              'You will no longer be able to sign in. Payment receipts are kept as the law requires, without your name or phone. This cannot be undone.',
            )}
          </p>
          <PasswordField
            label={t('Your password')}
            name="delete-password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="account-data__actions">
            <Button type="submit" className="account-data__danger" disabled={deleting}>
              {deleting ? t('Deleting…') : t('Delete my account permanently')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
