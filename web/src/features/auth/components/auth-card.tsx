// The frame of the account forms: a centred card with the page's heading, the form and a footer line.
import type { ReactNode } from 'react';
import './auth.css';

interface AuthCardProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** A line under the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
  size?: 'narrow' | 'wide';
}

export function AuthCard({ title, description, children, footer, size = 'narrow' }: AuthCardProps) {
  return (
    <div className="container page auth-page">
      <div className={`card auth-card auth-card--${size}`}>
        <header className="auth-card__header">
          <h1 className="auth-card__title">{title}</h1>
          {description && <div className="auth-card__description">{description}</div>}
        </header>
        {children}
      </div>
      {footer && <p className="auth-page__footer">{footer}</p>}
    </div>
  );
}
