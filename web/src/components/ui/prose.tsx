// Long-form text (the About story, the legal pages): comfortable line length, spacing and lists.
import type { ReactNode } from 'react';
import './prose.css';

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={['prose', className].filter(Boolean).join(' ')}>{children}</div>;
}
