// /admin, the operator console: the overview, the contact inbox, reports and moderation,
// listings, sellers with their payments, and the audit log. Its own chunk, fetched only when an admin
// opens it; everyone else gets 'Admins only' (and signed-out visitors the sign-in page).
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { Tabs } from '@/components/ui/tabs';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { reportReasonLabel } from '@/config/report-reasons';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { nairobiNow } from '@/lib/dates';
import { formatKsh, formatNairobiDate, formatTime, twentyFourHourTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { categoryLabel, subcategoryLabel } from '@/lib/listing';
import { useSession } from '@/lib/use-session';
import {
  act,
  adminUrls,
  read,
  type AdminService,
  type AuditEntry,
  type AuditKind,
  type ContactMessage,
  type Overview,
  type Query,
  type Report,
  type SellerPage,
  type AdminSeller,
} from '../api/admin';
import './admin.css';

export default function AdminRoute() {
  useDocumentTitle(t('Operator console'));
  const session = useSession();
  if (!session) return <Navigate to={paths.signIn.getHref()} replace />;
  if (session.user.accountType !== 'admin') {
    return (
      <div className="container page">
        <StatusMessage role="alert" title={t('Admins only')} description={t('This part of Mtaani is for its operators.')} />
      </div>
    );
  }
  return <Console adminName={session.user.userName} />;
}

const TABS = ['overview', 'messages', 'reports', 'listings', 'sellers', 'audit'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  overview: t('Overview'),
  messages: t('Messages'),
  reports: t('Reports'),
  listings: t('Listings'),
  sellers: t('Sellers'),
  audit: t('Audit log'),
};

/** A tab's address: `?tab=audit&seller=…` (the other parameters are the tab's own). */
function tabHref(tab: Tab, params: Record<string, string> = {}): string {
  return `${paths.admin.getHref()}?${new URLSearchParams({ tab, ...params }).toString()}`;
}

/** One of the open tab's parameters in the address (a reload keeps it), and a setter keeping the rest. */
function useTabParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [name, setParams],
  );
  return [params.get(name) ?? '', set];
}

/** The open tab, from the address (`?tab=reports`): a reload keeps it, Back returns to the previous one. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((id) => id === asked) ?? 'overview';
  const open = useCallback(
    (id: Tab) => setParams(id === 'overview' ? {} : { tab: id }),
    [setParams],
  );
  return [tab, open];
}

function Console({ adminName }: { adminName: string }) {
  const [tab, setTab] = useTab();
  const panels: Record<Tab, ReactNode> = {
    overview: <OverviewPanel />,
    messages: <MessagesPanel />,
    reports: <ReportsPanel />,
    listings: <ListingsPanel />,
    sellers: <SellersPanel />,
    audit: <AuditPanel />,
  };
  return (
    <div className="container page admin">
      <header className="page-header">
        <h1>{t('Operator console')}</h1>
        <p className="admin__greeting">{t('Welcome, {name}', { name: adminName })}</p>
      </header>
      <Tabs
        label={t('Console sections')}
        value={tab}
        onChange={(id) => setTab(id as Tab)}
        tabs={TABS.map((id) => ({ id, label: LABELS[id], panel: id === tab ? panels[id] : null }))}
      />
    </div>
  );
}

type Loaded<Data> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; data: Data };

/** `url` with `params`, loaded again whenever they change or `reload()` is called (null: nothing yet). */
function useAdminData<Data>(url: string | null, params: Query = {}) {
  const [version, setVersion] = useState(0);
  const want = JSON.stringify([url, params, version]);
  const [result, setResult] = useState<{ for: string; state: Loaded<Data> } | null>(null);
  useEffect(() => {
    const [address, query] = JSON.parse(want) as [string | null, Query];
    if (address === null) return;
    const controller = new AbortController();
    read<Data>(address, query, controller.signal).then(
      (data) => setResult({ for: want, state: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = apiErrorMessage(error) ?? t('Failed to load. Please try again.');
        setResult({ for: want, state: { status: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [want]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const state: Loaded<Data> = result?.for === want ? result.state : { status: 'loading' };
  return { state, reload };
}

function Shown<Data>({ state, children }: { state: Loaded<Data>; children: (data: Data) => ReactNode }) {
  if (state.status === 'loading') return <p role="status">{t('Loading…')}</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  return <>{children(state.data)}</>;
}

/** A button that opens a reason field and then does `action` with it; the server's errors shown. */
function ReasonAction({
  label,
  confirmLabel,
  required,
  onDone,
  action,
  variant = 'secondary',
}: {
  label: string;
  confirmLabel: string;
  required: boolean;
  onDone: () => void;
  action: (reason: string) => Promise<unknown>;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    action(reason).then(
      () => {
        setBusy(false);
        setOpen(false);
        setReason('');
        toast.success(t('Done.'));
        onDone();
      },
      (e: unknown) => {
        setBusy(false);
        setError(apiFieldErrors(e).reason ?? apiErrorMessage(e) ?? t('That did not work. Please try again.'));
      },
    );
  }

  const look = variant === 'danger' ? { variant: 'secondary' as const, className: 'admin__danger' } : { variant };
  if (!open) {
    return (
      <Button {...look} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <form className="admin__reason" onSubmit={submit} noValidate>
      <TextField
        label={required ? t('Reason') : t('Reason (optional)')}
        name={`reason-${name}`}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
        autoFocus
      />
      <div className="admin__actions">
        <Button type="submit" {...look} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}

function when(instant: string | null | undefined): string {
  return instant ? formatNairobiDate(instant) : '—';
}

/** An instant as its day and time in Nairobi: 'Tue, 24 Nov 2026, 11:05 AM' ('…, 11:05' in Kiswahili). */
function whenExactly(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatNairobiDate(date)}, ${formatTime(twentyFourHourTime(nairobiNow(date).minutes))}`;
}

/** The audit log's actions (the services' codes, e.g. `listing.restore`), as the console says them. */
const ACTIONS: Record<string, string> = {
  'listing.post': t('Listing posted'),
  'listing.edit': t('Listing edited'),
  'listing.delete': t('Listing deleted'),
  'listing.hide': t('Listing hidden'),
  'listing.restore': t('Listing restored'),
  'review.hide': t('Review hidden'),
  'review.restore': t('Review shown again'),
  'report.file': t('Report received'),
  'report.dismiss': t('Report dismissed'),
  'seller.register': t('Seller registered'),
  'seller.suspend': t('Seller suspended'),
  'seller.unsuspend': t('Suspension lifted'),
  'payment.paid': t('Payment received'),
  'contact.reply': t('Message answered'),
  'admin.sign_in': t('Admin signed in'),
  'admin.create': t('Admin created'),
  'admin.reset_totp': t('Authenticator reset'),
};

/** The log's kinds (`?kind=`), as its filter offers them. */
const KINDS: Record<AuditKind, string> = {
  listing: t('Listings'),
  review: t('Reviews'),
  report: t('Reports'),
  seller: t('Sellers'),
  payment: t('Payments'),
  admin: t('Admin sign-ins and accounts'),
  contact: t('Contact messages'),
};

/** The actions whose entry carries an operator's reason; any other shows none (an older entry of an
 * admin created may hold an e-mail address there, and of a message answered the reply). */
const REASONED = new Set([
  'listing.hide',
  'listing.restore',
  'review.hide',
  'review.restore',
  'report.dismiss',
  'seller.suspend',
  'seller.unsuspend',
]);

/** Words the services once wrote where no reason was given, in this language. */
const NO_REASON_GIVEN: Record<string, string> = {
  Dismissed: t('Dismissed'),
  Restored: t('Restored'),
  'Suspension lifted': t('Suspension lifted'),
};

/** A plain table that scrolls sideways on a phone. */
function Table({ headers, children }: { headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="admin__table-wrap">
      <table className="admin__table">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function OverviewPanel() {
  const { state } = useAdminData<Overview>(adminUrls.overview);
  return (
    <Shown state={state}>
      {(o) => (
        <>
          <dl className="admin__figures">
            <Figure term={t('Listings shown')} value={o.listingsVisible} />
            <Figure term={t('Listings hidden')} value={o.listingsHidden} />
            <Figure term={t('New sellers this week')} value={o.newSellersThisWeek} />
            <Figure term={t('Bookings this week')} value={o.bookingsThisWeek} />
            <Figure term={t('Revenue this month')} value={formatKsh(o.revenueThisMonthTotal)} />
            <Figure term={t('Payments pending')} value={o.paymentsPending} />
            <Figure term={t('Open reports')} value={o.openReports} />
            <Figure term={t('Unanswered messages')} value={o.unansweredMessages} />
          </dl>
          <h2 className="admin__subtitle">{t('Revenue this month by package')}</h2>
          {o.revenueThisMonth.length === 0 ? (
            <p>{t('No payments yet this month.')}</p>
          ) : (
            <ul className="admin__list">
              {o.revenueThisMonth.map((p) => (
                <li key={p.packageId}>
                  {p.payments === 1
                    ? t('{name}: {amount} (1 payment)', { name: p.name, amount: formatKsh(p.amount) })
                    : t('{name}: {amount} ({count} payments)', {
                        name: p.name,
                        amount: formatKsh(p.amount),
                        count: p.payments,
                      })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Shown>
  );
}

function Figure({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="card admin__figure">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Buttons choosing one of `options`, each shown by its label. */
function StatusFilter<S extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: S;
  options: Readonly<Record<S, string>>;
  onChange: (value: S) => void;
}) {
  return (
    <div className="admin__filter" role="group" aria-label={label}>
      {(Object.keys(options) as S[]).map((o) => (
        <Button key={o} variant={o === value ? 'primary' : 'secondary'} aria-pressed={o === value} onClick={() => onChange(o)}>
          {options[o]}
        </Button>
      ))}
    </div>
  );
}

function MessagesPanel() {
  const [status, setStatus] = useState<'new' | 'answered'>('new');
  const { state, reload } = useAdminData<{ messages: ContactMessage[]; total: number }>(adminUrls.messages, { status, limit: 50 });
  return (
    <>
      <StatusFilter
        label={t('Messages')}
        value={status}
        options={{ new: t('New'), answered: t('Answered') }}
        onChange={setStatus}
      />
      <Shown state={state}>
        {({ messages, total }) =>
          messages.length === 0 ? (
            <p>{status === 'new' ? t('No unanswered messages.') : t('No answered messages yet.')}</p>
          ) : (
            <>
              <p className="admin__count">{total === 1 ? t('1 message') : t('{count} messages', { count: total })}</p>
              <ul className="admin__cards">
                {messages.map((m) => (
                  <li key={m.id} className="card admin__card">
                    <h3 className="admin__card-title">{m.subject}</h3>
                    <p className="admin__meta">
                      {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a> · {m.phone} · {when(m.createdAt)}
                    </p>
                    <p className="admin__text">{m.message}</p>
                    {m.status === 'answered' ? (
                      <p className="admin__reply">
                        <strong>{t('Reply by {name}', { name: m.repliedBy ?? '' })}</strong> ({when(m.repliedAt)}): {m.reply}
                      </p>
                    ) : (
                      <ReplyForm message={m} onDone={reload} />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </Shown>
    </>
  );
}

function ReplyForm({ message, onDone }: { message: ContactMessage; onDone: () => void }) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    act(adminUrls.reply(message.id), { message: text }).then(
      () => {
        setBusy(false);
        toast.success(t('Reply sent to {email}.', { email: message.email }));
        onDone();
      },
      (e: unknown) => {
        setBusy(false);
        setError(apiFieldErrors(e).message ?? apiErrorMessage(e) ?? t('The reply was not sent. Please try again.'));
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="admin__reply-form">
      <TextareaField
        label={t('Reply to {name}', { name: message.name })}
        name={`reply-${message.id}`}
        rows={3}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('Sending…') : t('Send reply')}
      </Button>
    </form>
  );
}

/** What a report is about: its listing's link, else the id reported. */
function reportTarget(report: Report): ReactNode {
  return report.listing ? (
    <Link to={paths.service.getHref(report.listing._id)}>{report.listing.name}</Link>
  ) : (
    report.targetId
  );
}

function ReportsPanel() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const { state, reload } = useAdminData<{ reports: Report[]; total: number }>(adminUrls.reports, { status, limit: 50 });
  return (
    <>
      <StatusFilter
        label={t('Reports')}
        value={status}
        options={{ open: t('Open'), closed: t('Closed') }}
        onChange={setStatus}
      />
      <Shown state={state}>
        {({ reports }) =>
          reports.length === 0 ? (
            <p>{status === 'open' ? t('No open reports.') : t('No closed reports yet.')}</p>
          ) : (
            <ul className="admin__cards">
              {reports.map((r) => (
                <li key={r.id} className="card admin__card">
                  <h3 className="admin__card-title">
                    {r.review ? tx('Review on {listing}', { listing: reportTarget(r) }) : reportTarget(r)}
                  </h3>
                  <p className="admin__meta">
                    {reportReasonLabel(r.reason)} · {when(r.createdAt)}
                    {r.resolution &&
                      ` · ${r.resolution === 'hidden' ? (r.review ? t('Review hidden') : t('Listing hidden')) : t('Dismissed')}`}
                  </p>
                  {r.resolutionReason && <p className="admin__text">{tx('Why: {reason}', { reason: r.resolutionReason })}</p>}
                  {r.details && <p className="admin__text">{r.details}</p>}
                  {r.review && (
                    <blockquote className="admin__text">
                      {r.review.rating} ★ · {r.review.reviewer}: {r.review.text || t('(stars only)')}
                      {r.review.hidden && ` · ${t('Hidden by Mtaani')}`}
                    </blockquote>
                  )}
                  {r.review && r.status === 'closed' && r.review.hidden && (
                    <div className="admin__actions">
                      <ReasonAction
                        label={t('Show review again')}
                        confirmLabel={t('Show review')}
                        required={false}
                        onDone={reload}
                        action={(reason) => act(adminUrls.restoreReview(r.targetId), { reason })}
                      />
                    </div>
                  )}
                  {r.status === 'open' && (
                    <div className="admin__actions">
                      {r.review && !r.review.hidden && (
                        <ReasonAction
                          label={t('Hide review')}
                          confirmLabel={t('Hide review')}
                          variant="danger"
                          required
                          onDone={reload}
                          action={(reason) => act(adminUrls.hideReview(r.targetId), { reason })}
                        />
                      )}
                      {!r.review && r.listing && !r.listing.hidden && (
                        <ReasonAction
                          label={t('Hide listing')}
                          confirmLabel={t('Hide listing')}
                          variant="danger"
                          required
                          onDone={reload}
                          action={(reason) => act(adminUrls.hide(r.targetId), { reason })}
                        />
                      )}
                      <ReasonAction
                        label={t('Dismiss')}
                        confirmLabel={t('Dismiss report')}
                        required={false}
                        onDone={reload}
                        action={(reason) => act(adminUrls.dismiss(r.id), { reason })}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Shown>
    </>
  );
}

function ListingRow({ listing, onChanged }: { listing: AdminService; onChanged: () => void }) {
  return (
    <li className="card admin__card">
      <h3 className="admin__card-title">
        {listing.visible ? <Link to={paths.service.getHref(listing._id)}>{listing.name}</Link> : listing.name}
      </h3>
      <p className="admin__meta">
        {listing.location} · {categoryLabel(listing)} › {subcategoryLabel(listing)} ·{' '}
        <span className={listing.visible ? 'admin__badge' : 'admin__badge admin__badge--off'}>
          {listing.hidden
            ? t('Hidden by Mtaani')
            : listing.visible
              ? t('Shown')
              : t('Not shown (package or suspension)')}
        </span>
      </p>
      {listing.hiddenReason && <p className="admin__text">{t('Why: {reason}', { reason: listing.hiddenReason })}</p>}
      <div className="admin__actions">
        {listing.hidden ? (
          <ReasonAction
            label={t('Restore')}
            confirmLabel={t('Restore listing')}
            required={false}
            onDone={onChanged}
            action={(reason) => act(adminUrls.restore(listing._id), { reason })}
          />
        ) : (
          <ReasonAction
            label={t('Hide')}
            confirmLabel={t('Hide listing')}
            variant="danger"
            required
            onDone={onChanged}
            action={(reason) => act(adminUrls.hide(listing._id), { reason })}
          />
        )}
      </div>
    </li>
  );
}

function SearchBox({ label, onSearch }: { label: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState('');
  const name = useId();
  return (
    <form
      className="admin__search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField label={label} name={`search-${name}`} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit">{t('Search')}</Button>
    </form>
  );
}

function ListingsPanel() {
  const [query, setQuery] = useState('');
  const [hidden, setHidden] = useState<'all' | 'hidden' | 'shown'>('all');
  const params = { query, hidden: hidden === 'all' ? undefined : hidden, limit: 50 };
  const { state, reload } = useAdminData<{ services: AdminService[]; total: number }>(adminUrls.listings, params);
  return (
    <>
      <SearchBox label={t('Find listings by name')} onSearch={setQuery} />
      <StatusFilter
        label={t('Listings')}
        value={hidden}
        options={{ all: t('All'), hidden: t('Hidden'), shown: t('Shown') }}
        onChange={setHidden}
      />
      <Shown state={state}>
        {({ services, total }) => (
          <>
            <p className="admin__count">{total === 1 ? t('1 listing') : t('{count} listings', { count: total })}</p>
            <ul className="admin__cards">
              {services.map((l) => (
                <ListingRow key={l._id} listing={l} onChanged={reload} />
              ))}
            </ul>
          </>
        )}
      </Shown>
    </>
  );
}

function statusLabel(s: AdminSeller): string {
  if (s.suspended) return t('Suspended');
  const status = s.subscription?.status;
  return status
    ? {
        pending_payment: t('Waiting for payment'),
        active: t('Active'),
        grace: t('Grace period'),
        expired: t('Expired'),
      }[status]
    : '—';
}

function SellersPanel() {
  const [query, setQuery] = useState('');
  // The seller open is in the address, so the log links to them and a reload keeps them.
  const [chosen, setChosen] = useTabParam('seller');
  const { state } = useAdminData<{ sellers: AdminSeller[]; total: number }>(adminUrls.sellers, { query, limit: 50 });
  if (chosen) return <SellerDetail id={chosen} onBack={() => setChosen('')} />;
  return (
    <>
      <SearchBox label={t('Find a seller by name, e-mail or phone')} onSearch={setQuery} />
      <Shown state={state}>
        {({ sellers, total }) => (
          <>
            <p className="admin__count">{total === 1 ? t('1 seller') : t('{count} sellers', { count: total })}</p>
            <Table headers={[t('Seller'), t('Package'), t('Status'), t('Paid until'), t('Listings')]}>
                  {sellers.map((s) => (
                    <tr key={s.user.id}>
                      <td>
                        <button type="button" className="admin__link" onClick={() => setChosen(s.user.id)}>
                          {s.user.userName}
                        </button>
                        <br />
                        {s.user.email} · {s.user.phoneNumber}
                        <br />
                        <Link to={tabHref('audit', { seller: s.user.id })}>{t('See their log')}</Link>
                      </td>
                      <td>{s.subscription?.packageName ?? '—'}</td>
                      <td>{statusLabel(s)}</td>
                      <td>{when(s.subscription?.paidUntil ?? undefined)}</td>
                      <td>{s.listingCount}</td>
                    </tr>
                  ))}
                </Table>
          </>
        )}
      </Shown>
    </>
  );
}

function SellerDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { state, reload } = useAdminData<SellerPage>(adminUrls.seller(id));
  return (
    <>
      <Button variant="ghost" onClick={onBack}>
        {t('← All sellers')}
      </Button>
      <Shown state={state}>
        {({ seller, listings, payments }) => (
          <>
            <h2 className="admin__subtitle">{seller.user.userName}</h2>
            <p className="admin__meta">
              {seller.user.email} · {seller.user.phoneNumber} · {t('joined {date}', { date: when(seller.createdAt) })} ·{' '}
              {seller.subscription?.packageName ?? t('no package')} · {statusLabel(seller)}
            </p>
            {seller.suspended && (
              <p className="admin__text">{t('Suspended: {reason}', { reason: seller.suspendedReason ?? '' })}</p>
            )}
            <p>
              <Link to={tabHref('audit', { seller: id })}>{t('See their log')}</Link>
            </p>
            <div className="admin__actions">
              <ReasonAction
                label={seller.suspended ? t('Lift suspension') : t('Suspend seller')}
                confirmLabel={seller.suspended ? t('Lift suspension') : t('Suspend seller')}
                variant={seller.suspended ? 'primary' : 'danger'}
                required={!seller.suspended}
                onDone={reload}
                action={(reason) => act(adminUrls.suspend(id, seller.suspended), { reason })}
              />
            </div>
            <h3 className="admin__subtitle">{t('Listings ({count})', { count: listings.length })}</h3>
            <ul className="admin__cards">
              {listings.map((l) => (
                <ListingRow key={l._id} listing={l} onChanged={reload} />
              ))}
            </ul>
            <h3 className="admin__subtitle">{t('M-Pesa payments')}</h3>
            {payments.length === 0 ? (
              <p>{t('No payments yet.')}</p>
            ) : (
              <Table headers={[t('Date'), t('For'), t('Amount'), t('Status'), t('Receipt')]}>
                    {payments.map((p) => (
                      <tr key={p.id}>
                        <td>{when(p.createdAt)}</td>
                        <td>
                          {p.packageId} ({p.purpose})
                        </td>
                        <td>{formatKsh(p.amount)}</td>
                        <td>{p.status}</td>
                        <td>{p.mpesaReceipt ?? '—'}</td>
                      </tr>
                    ))}
                  </Table>
            )}
          </>
        )}
      </Shown>
    </>
  );
}

const AUDIT_PAGE = 50;

function AuditPanel() {
  const [kind, setKind] = useTabParam('kind');
  const [seller, setSeller] = useTabParam('seller');
  const [offset, setOffset] = useState(0);
  const kindId = useId();
  const params = { kind: kind || undefined, seller: seller || undefined, limit: AUDIT_PAGE, offset };
  const { state } = useAdminData<{ entries: AuditEntry[]; total: number }>(adminUrls.audit, params);
  function filter(set: (value: string) => void, value: string) {
    setOffset(0);
    set(value);
  }
  return (
    <>
      <div className="admin__filters">
        <div className="field">
          <label htmlFor={kindId} className="field__label">
            {t('Kind')}
          </label>
          <select id={kindId} className="field__input" value={kind} onChange={(event) => filter(setKind, event.target.value)}>
            <option value="">{t('All kinds')}</option>
            {Object.entries(KINDS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <SellerFilter seller={seller} onChange={(id) => filter(setSeller, id)} />
      </div>
      <Shown state={state}>
        {({ entries, total }) =>
          entries.length === 0 ? (
            <p>{kind || seller ? t('Nothing in the log for this filter.') : t('No operator actions yet.')}</p>
          ) : (
            <>
              <p className="admin__count">
                {t('{from}–{to} of {total}', { from: offset + 1, to: offset + entries.length, total })}
              </p>
              <Table headers={[t('When'), t('Who'), t('What'), t('Record'), t('Reason')]}>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{whenExactly(e.at)}</td>
                    <td>
                      <AuditActor entry={e} />
                    </td>
                    <td>{ACTIONS[e.action] ?? e.action}</td>
                    <td>
                      <AuditRecord entry={e} />
                    </td>
                    <td>{auditReason(e)}</td>
                  </tr>
                ))}
              </Table>
              <div className="admin__actions">
                {offset > 0 && (
                  <Button variant="secondary" onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE))}>
                    {t('Newer')}
                  </Button>
                )}
                {offset + entries.length < total && (
                  <Button variant="secondary" onClick={() => setOffset(offset + AUDIT_PAGE)}>
                    {t('Older')}
                  </Button>
                )}
              </div>
            </>
          )
        }
      </Shown>
    </>
  );
}

/** The log's seller: found by name, e-mail or phone as it is typed, or the one a link chose. */
function SellerFilter({ seller, onChange }: { seller: string; onChange: (id: string) => void }) {
  return seller ? <ChosenSeller id={seller} onClear={() => onChange('')} /> : <SellerSearch onPick={onChange} />;
}

function ChosenSeller({ id, onClear }: { id: string; onClear: () => void }) {
  const { state } = useAdminData<SellerPage>(adminUrls.seller(id));
  const name = state.status === 'success' ? state.data.seller.user.userName : id;
  return (
    <p className="admin__chosen">
      {tx('Seller: {name}', { name: <Link to={tabHref('sellers', { seller: id })}>{name}</Link> })}{' '}
      <Button variant="ghost" onClick={onClear}>
        {t('All sellers')}
      </Button>
    </p>
  );
}

function SellerSearch({ onPick }: { onPick: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const query = typed.trim();
  const found = useAdminData<{ sellers: AdminSeller[] }>(query.length >= 2 ? adminUrls.sellers : null, { query, limit: 8 });
  const options =
    query.length >= 2 && found.state.status === 'success'
      ? found.state.data.sellers.map((s) => ({ id: s.user.id, label: s.user.userName, detail: s.user.email }))
      : [];
  return (
    <Combobox
      label={t('Seller')}
      name="audit-seller"
      value={typed}
      options={options}
      hint={t('Type a name, e-mail or phone')}
      onValueChange={setTyped}
      onPick={(option) => {
        setTyped('');
        onPick(option.id);
      }}
    />
  );
}

/** Who did it: an admin by name, a seller with a link to them, a visitor, or Mtaani itself. */
function AuditActor({ entry: e }: { entry: AuditEntry }) {
  switch (e.actorKind) {
    case 'seller':
      return tx('{name} (seller)', { name: <Link to={tabHref('sellers', { seller: e.actorId })}>{e.actorName}</Link> });
    case 'visitor':
      return t('A visitor');
    case 'system':
      return e.actorId === 'cli' ? t('The command line') : e.actorId === 'seed' ? t('The demo data') : e.actorName;
    default:
      return e.actorName;
  }
}

/** What it was done to, by name, with a link: a listing's page, or the seller in this console. Entries
 * from before names were kept show the record's kind and id. */
function AuditRecord({ entry: e }: { entry: AuditEntry }) {
  const label = RECORDS[e.targetKind] ?? e.targetKind;
  if (!e.targetName) return `${label} ${e.targetId}`;
  const linked =
    e.listingId && e.action !== 'listing.delete' ? (
      <Link to={paths.service.getHref(e.listingId)}>{e.targetName}</Link>
    ) : e.sellerId && (e.targetKind === 'seller' || e.targetKind === 'payment') ? (
      <Link to={tabHref('sellers', { seller: e.sellerId })}>{e.targetName}</Link>
    ) : (
      <strong>{e.targetName}</strong>
    );
  switch (e.targetKind) {
    case 'review':
      return tx('Review on {listing}', { listing: linked });
    case 'report':
      return tx('Report on {listing}', { listing: linked });
    case 'payment':
      return tx('{package} package', { package: linked });
    default:
      return linked;
  }
}

/** The kinds of record, for entries that have no name. */
const RECORDS: Record<string, string> = {
  listing: t('Listing'),
  review: t('Review'),
  report: t('Report'),
  seller: t('Seller'),
  payment: t('Payment'),
  admin: t('Admin'),
  contact_message: t('Message'),
};

/** The entry's reason: an operator's, a report's chosen reason; '—' where an action has none. */
function auditReason(e: AuditEntry): string {
  if (e.action === 'report.file') return reportReasonLabel(e.reason);
  if (!REASONED.has(e.action) || !e.reason) return '—';
  return NO_REASON_GIVEN[e.reason] ?? e.reason;
}
