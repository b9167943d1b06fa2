// tx(): t() (lib/i18n.ts) for a sentence holding elements, in a module of its own because it needs
// React, which lib/i18n.ts (imported by the entry, boot.ts) must not.
import { createElement, Fragment, type ReactNode } from 'react';
import { PLACEHOLDER } from './i18n';

/**
 * `text` in this build's language (the `i18n` plugin replaces the literal, as for t()), its
 * placeholders filled with nodes, so the word order stays the translation's:
 * tx('By creating an account, you agree to our {terms}.', { terms: <Link to="/terms">{t('Terms of Service')}</Link> })
 */
export function tx(text: string, parts: Record<string, ReactNode>): ReactNode {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!(name in parts)) continue;
    nodes.push(text.slice(last, match.index), parts[name]);
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  return createElement(Fragment, null, ...nodes);
}
