// 'Report this listing', at /contact?report={id}, and 'Report this review', at
// /contact?report={listing id}&review={id}: a reason from a short list and optional details, sent to
// Mtaani's team (POST /api/reports), then the team's thanks and the way back. Part of the contact
// page's chunk, so the listing's page carries only the link to it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { paths } from '@/config/paths';
import { REPORT_REASONS } from '@/config/report-reasons';
import { api, apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';

const CHOOSE = t('Please choose a reason');

export function ReportListing({ id, review }: { id: string; review?: string }) {
  const title = review ? t('Report this review') : t('Report this listing');
  useDocumentTitle(title);
  const [name, setName] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    api.get<{ name: string }>(`/api/service/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (response) => setName(response.data.name),
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState('');
  const back = paths.service.getHref(id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: CHOOSE });
      return;
    }
    setBusy(true);
    const target = review ? { kind: 'review', id: review } : { kind: 'listing', id };
    api.post<{ message: string }>('/api/reports', { ...target, reason, details }).then(
      (response) => setThanks(response.data.message),
      (error: unknown) => {
        setBusy(false);
        const fields = apiFieldErrors(error);
        const form = fields.reason || fields.details ? '' : (apiErrorMessage(error) ?? t('Your report was not sent. Please try again.'));
        setErrors({ ...fields, form });
      },
    );
  }

  return (
    <div className="container page report-listing">
      <div className="card report-listing__card">
        <h1 className="report-listing__title">{title}</h1>
        {name && <p className="report-listing__name">{name}</p>}
        {thanks ? (
          <>
            <p role="status">{thanks}</p>
            <Link to={review ? `${back}#reviews` : back}>{t('Back to the listing')}</Link>
          </>
        ) : (
          <form className="report-listing__form" onSubmit={submit} noValidate>
            <fieldset className="report-listing__reasons" aria-describedby={errors.reason ? errorId : undefined}>
              <legend>{t('Why are you reporting it?')}</legend>
              {REPORT_REASONS.map(([value, label]) => (
                <label key={value} className="report-listing__reason">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setErrors({});
                    }}
                  />
                  {label}
                </label>
              ))}
              {errors.reason && (
                <p id={errorId} className="field__error" role="alert">
                  {errors.reason}
                </p>
              )}
            </fieldset>
            <TextareaField
              label={t('Details (optional)')}
              name="details"
              rows={3}
              maxLength={1000}
              value={details}
              error={errors.details}
              onChange={(event) => setDetails(event.target.value)}
            />
            {errors.form && (
              <p className="field__error" role="alert">
                {errors.form}
              </p>
            )}
            <div className="report-listing__actions">
              <Button type="submit" disabled={busy}>
                {busy ? t('Sending…') : t('Send report')}
              </Button>
              <Link to={back}>{t('Cancel')}</Link>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
