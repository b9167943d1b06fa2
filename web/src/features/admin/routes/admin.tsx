// /admin, the operator console (issue 16): the overview, the contact inbox, reports and moderation,
// listings, sellers with their payments, and the audit log. Its own chunk, fetched only when an admin
// opens it; everyone else gets 'Admins only' (and signed-out visitors the sign-in page).
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { Tabs } from '@/components/ui/tabs';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatKsh, formatNairobiDate } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import {
  act,
  adminUrls,
  read,
  type AdminService,
  type AuditEntry,
  type ContactMessage,
  type Overview,
  type Query,
  type Report,
  type SellerPage,
  type AdminSeller,
} from '../api/admin';
import './admin.css';

export default function AdminRoute() {
  useDocumentTitle('Operator console');
  const session = useSession();
  if (!session) return <Navigate to={paths.signIn.getHref()} replace />;
  if (session.user.accountType !== 'admin') {
    return (
      <div className="container page">
        <StatusMessage role="alert" title="Admins only" description="This part of Mtaani is for its operators." />
      </div>
    );
  }
  return <Console />;
}

const TABS = ['overview', 'messages', 'reports', 'listings', 'sellers', 'audit'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = {
  overview: 'Overview',
  messages: 'Messages',
  reports: 'Reports',
  listings: 'Listings',
  sellers: 'Sellers',
  audit: 'Audit log',
};

function Console() {
  const [tab, setTab] = useState<Tab>('overview');
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
        <h1>Operator console</h1>
      </header>
      <Tabs
        label="Console sections"
        value={tab}
        onChange={(id) => setTab(id as Tab)}
        tabs={TABS.map((id) => ({ id, label: LABELS[id], panel: id === tab ? panels[id] : null }))}
      />
    </div>
  );
}

type Loaded<Data> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; data: Data };

/** `url` with `params`, loaded again whenever they change or `reload()` is called. */
function useAdminData<Data>(url: string, params: Query = {}) {
  const [version, setVersion] = useState(0);
  const want = JSON.stringify([url, params, version]);
  const [result, setResult] = useState<{ for: string; state: Loaded<Data> } | null>(null);
  useEffect(() => {
    const [address, query] = JSON.parse(want) as [string, Query];
    const controller = new AbortController();
    read<Data>(address, query, controller.signal).then(
      (data) => setResult({ for: want, state: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = apiErrorMessage(error) ?? 'Failed to load. Please try again.';
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
  if (state.status === 'loading') return <p role="status">Loading…</p>;
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
        toast.success('Done.');
        onDone();
      },
      (e: unknown) => {
        setBusy(false);
        setError(apiFieldErrors(e).reason ?? apiErrorMessage(e) ?? 'That did not work. Please try again.');
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
        label={required ? 'Reason' : 'Reason (optional)'}
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
          Cancel
        </Button>
      </div>
    </form>
  );
}

function when(instant: string | null | undefined): string {
  return instant ? formatNairobiDate(instant) : '—';
}

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
            <Figure term="Listings shown" value={o.listingsVisible} />
            <Figure term="Listings hidden" value={o.listingsHidden} />
            <Figure term="New sellers this week" value={o.newSellersThisWeek} />
            <Figure term="Bookings this week" value={o.bookingsThisWeek} />
            <Figure term="Revenue this month" value={formatKsh(o.revenueThisMonthTotal)} />
            <Figure term="Payments pending" value={o.paymentsPending} />
            <Figure term="Open reports" value={o.openReports} />
            <Figure term="Unanswered messages" value={o.unansweredMessages} />
          </dl>
          <h2 className="admin__subtitle">Revenue this month by package</h2>
          {o.revenueThisMonth.length === 0 ? (
            <p>No payments yet this month.</p>
          ) : (
            <ul className="admin__list">
              {o.revenueThisMonth.map((p) => (
                <li key={p.packageId}>
                  {p.name}: {formatKsh(p.amount)} ({p.payments} {p.payments === 1 ? 'payment' : 'payments'})
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

function StatusFilter<S extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: S;
  options: readonly S[];
  onChange: (value: S) => void;
}) {
  return (
    <div className="admin__filter" role="group" aria-label={label}>
      {options.map((o) => (
        <Button key={o} variant={o === value ? 'primary' : 'secondary'} aria-pressed={o === value} onClick={() => onChange(o)}>
          {o[0]!.toUpperCase() + o.slice(1)}
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
      <StatusFilter label="Messages" value={status} options={['new', 'answered'] as const} onChange={setStatus} />
      <Shown state={state}>
        {({ messages, total }) =>
          messages.length === 0 ? (
            <p>{status === 'new' ? 'No unanswered messages.' : 'No answered messages yet.'}</p>
          ) : (
            <>
              <p className="admin__count">{total} {total === 1 ? 'message' : 'messages'}</p>
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
                        <strong>Reply by {m.repliedBy}</strong> ({when(m.repliedAt)}): {m.reply}
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
        toast.success(`Reply sent to ${message.email}.`);
        onDone();
      },
      (e: unknown) => {
        setBusy(false);
        setError(apiFieldErrors(e).message ?? apiErrorMessage(e) ?? 'The reply was not sent. Please try again.');
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="admin__reply-form">
      <TextareaField
        label={`Reply to ${message.name}`}
        name={`reply-${message.id}`}
        rows={3}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send reply'}
      </Button>
    </form>
  );
}

const REASONS: Record<string, string> = {
  scam: 'Scam or fraud',
  offensive: 'Offensive or inappropriate',
  misleading: 'Wrong or misleading information',
  duplicate: 'Duplicate listing',
  other: 'Something else',
};

function ReportsPanel() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const { state, reload } = useAdminData<{ reports: Report[]; total: number }>(adminUrls.reports, { status, limit: 50 });
  return (
    <>
      <StatusFilter label="Reports" value={status} options={['open', 'closed'] as const} onChange={setStatus} />
      <Shown state={state}>
        {({ reports }) =>
          reports.length === 0 ? (
            <p>{status === 'open' ? 'No open reports.' : 'No closed reports yet.'}</p>
          ) : (
            <ul className="admin__cards">
              {reports.map((r) => (
                <li key={r.id} className="card admin__card">
                  <h3 className="admin__card-title">
                    {r.review && 'Review on '}
                    {r.listing ? <Link to={paths.service.getHref(r.listing._id)}>{r.listing.name}</Link> : r.targetId}
                  </h3>
                  <p className="admin__meta">
                    {REASONS[r.reason] ?? r.reason} · {when(r.createdAt)}
                    {r.resolution &&
                      ` · ${r.resolution === 'hidden' ? (r.review ? 'Review hidden' : 'Listing hidden') : 'Dismissed'}`}
                  </p>
                  {r.details && <p className="admin__text">{r.details}</p>}
                  {r.review && (
                    <blockquote className="admin__text">
                      {r.review.rating} ★ · {r.review.reviewer}: {r.review.text || '(stars only)'}
                      {r.review.hidden && ' · Hidden by Mtaani'}
                    </blockquote>
                  )}
                  {r.review && r.status === 'closed' && r.review.hidden && (
                    <div className="admin__actions">
                      <ReasonAction
                        label="Show review again"
                        confirmLabel="Show review"
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
                          label="Hide review"
                          confirmLabel="Hide review"
                          variant="danger"
                          required
                          onDone={reload}
                          action={(reason) => act(adminUrls.hideReview(r.targetId), { reason })}
                        />
                      )}
                      {!r.review && r.listing && !r.listing.hidden && (
                        <ReasonAction
                          label="Hide listing"
                          confirmLabel="Hide listing"
                          variant="danger"
                          required
                          onDone={reload}
                          action={(reason) => act(adminUrls.hide(r.targetId), { reason })}
                        />
                      )}
                      <ReasonAction
                        label="Dismiss"
                        confirmLabel="Dismiss report"
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
        {listing.location} · {listing.category}/{listing.subcategory} ·{' '}
        <span className={listing.visible ? 'admin__badge' : 'admin__badge admin__badge--off'}>
          {listing.hidden ? 'Hidden by Mtaani' : listing.visible ? 'Shown' : 'Not shown (package or suspension)'}
        </span>
      </p>
      {listing.hiddenReason && <p className="admin__text">Why: {listing.hiddenReason}</p>}
      <div className="admin__actions">
        {listing.hidden ? (
          <ReasonAction
            label="Restore"
            confirmLabel="Restore listing"
            required={false}
            onDone={onChanged}
            action={(reason) => act(adminUrls.restore(listing._id), { reason })}
          />
        ) : (
          <ReasonAction
            label="Hide"
            confirmLabel="Hide listing"
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
      <Button type="submit">
        Search
      </Button>
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
      <SearchBox label="Find listings by name" onSearch={setQuery} />
      <StatusFilter label="Listings" value={hidden} options={['all', 'hidden', 'shown'] as const} onChange={setHidden} />
      <Shown state={state}>
        {({ services, total }) => (
          <>
            <p className="admin__count">{total} {total === 1 ? 'listing' : 'listings'}</p>
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
  if (s.suspended) return 'Suspended';
  const status = s.subscription?.status;
  return status ? { pending_payment: 'Waiting for payment', active: 'Active', grace: 'Grace period', expired: 'Expired' }[status] : '—';
}

function SellersPanel() {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const { state } = useAdminData<{ sellers: AdminSeller[]; total: number }>(adminUrls.sellers, { query, limit: 50 });
  if (chosen) return <SellerDetail id={chosen} onBack={() => setChosen(null)} />;
  return (
    <>
      <SearchBox label="Find a seller by name, e-mail or phone" onSearch={setQuery} />
      <Shown state={state}>
        {({ sellers, total }) => (
          <>
            <p className="admin__count">{total} {total === 1 ? 'seller' : 'sellers'}</p>
            <Table headers={['Seller', 'Package', 'Status', 'Paid until', 'Listings']}>
                  {sellers.map((s) => (
                    <tr key={s.user.id}>
                      <td>
                        <button type="button" className="admin__link" onClick={() => setChosen(s.user.id)}>
                          {s.user.userName}
                        </button>
                        <br />
                        {s.user.email} · {s.user.phoneNumber}
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
        ← All sellers
      </Button>
      <Shown state={state}>
        {({ seller, listings, payments }) => (
          <>
            <h2 className="admin__subtitle">{seller.user.userName}</h2>
            <p className="admin__meta">
              {seller.user.email} · {seller.user.phoneNumber} · joined {when(seller.createdAt)} ·{' '}
              {seller.subscription?.packageName ?? 'no package'} · {statusLabel(seller)}
            </p>
            {seller.suspended && <p className="admin__text">Suspended: {seller.suspendedReason}</p>}
            <div className="admin__actions">
              <ReasonAction
                label={seller.suspended ? 'Lift suspension' : 'Suspend seller'}
                confirmLabel={seller.suspended ? 'Lift suspension' : 'Suspend seller'}
                variant={seller.suspended ? 'primary' : 'danger'}
                required={!seller.suspended}
                onDone={reload}
                action={(reason) => act(adminUrls.suspend(id, seller.suspended), { reason })}
              />
            </div>
            <h3 className="admin__subtitle">Listings ({listings.length})</h3>
            <ul className="admin__cards">
              {listings.map((l) => (
                <ListingRow key={l._id} listing={l} onChanged={reload} />
              ))}
            </ul>
            <h3 className="admin__subtitle">M-Pesa payments</h3>
            {payments.length === 0 ? (
              <p>No payments yet.</p>
            ) : (
              <Table headers={['Date', 'For', 'Amount', 'Status', 'Receipt']}>
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

function AuditPanel() {
  const { state } = useAdminData<{ entries: AuditEntry[]; total: number }>(adminUrls.audit, { limit: 100 });
  return (
    <Shown state={state}>
      {({ entries }) =>
        entries.length === 0 ? (
          <p>No operator actions yet.</p>
        ) : (
          <Table headers={['When', 'Who', 'What', 'Record', 'Reason']}>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{when(e.at)}</td>
                    <td>{e.adminName}</td>
                    <td>{e.action}</td>
                    <td>
                      {e.targetKind} {e.targetId}
                    </td>
                    <td>{e.reason}</td>
                  </tr>
                ))}
              </Table>
        )
      }
    </Shown>
  );
}
