// After the server named a form's wrong fields: the first control marked invalid gets the focus, once
// the render that marks them is on screen, so a screen reader reads it with its message.
import { useEffect, useId, useState } from 'react';

/** The form's id (for its `id`), and what to call when the server's answer named fields. */
export function useFocusFirstInvalid(): [string, () => void] {
  const formId = useId();
  // A count, not a flag: a second refusal moves the focus again.
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [aria-invalid="true"]`)?.focus();
  }, [request, formId]);
  return [formId, () => setRequest((n) => n + 1)];
}
