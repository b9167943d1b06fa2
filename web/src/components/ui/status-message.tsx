// A centred message for a list's empty and error states, with an optional action.
import type { ReactNode } from 'react';
import './status-message.css';

interface StatusMessageProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** 'alert' for failures so screen readers announce them. */
  role?: 'alert' | 'status';
  children?: ReactNode;
}

export function StatusMessage({ title, description, icon, role = 'status', children }: StatusMessageProps) {
  return (
    <div className="status-message" role={role}>
      {icon && <div className="status-message__icon">{icon}</div>}
      <p className="status-message__title">{title}</p>
      {description && <p className="status-message__description">{description}</p>}
      {children && <div className="status-message__actions">{children}</div>}
    </div>
  );
}
