// What a visitor does on a server-rendered page before the app has hydrated it. The DOM nodes stay
// (hydrateRoot adopts them), so focus, the cursor and typed text stay where they are; what React cannot
// know of is handed to it once it has hydrated: the text typed into its fields (as the change it is)
// and a press on a button or a form's submission, which the page cannot do before React is there and
// holds until then. From the moment hydrateRoot is called, React takes the presses itself (it hydrates
// the part pressed at once). Free of React: boot.ts starts it as soon as the document is parsed.

let held: (() => void) | null = null;
let holding = false;

function onClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A submit button's press arrives as the form's submit event (below); a link works as a link.
  if (!holding || !button || button.disabled || button.type === 'submit') return;
  event.preventDefault();
  held = () => button.click();
}

function onSubmit(event: SubmitEvent): void {
  if (!holding || !(event.target instanceof HTMLFormElement)) return;
  // Without the app the browser would send the form to the page's own address, fields in the URL.
  event.preventDefault();
  const form = event.target;
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  held = () => form.requestSubmit(submitter);
}

/** Holds presses on `root` until releasePresses(). */
export function holdPresses(root: HTMLElement): void {
  holding = true;
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Tells React of text typed into `root`'s fields before it hydrated them. React keeps the DOM's value
 * while hydrating but not in its state, and records it as the value it last saw, so an input event
 * alone would go unnoticed: the field goes back to the server's value for React (its last seen
 * value, through the element's own setter), gets the typed text back through the prototype's setter,
 * which React does not watch, and an input event then carries it into the component's state.
 */
function carryTypedText(root: HTMLElement): void {
  const fields = root.querySelectorAll<Field>('input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea');
  for (const field of fields) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const focused = document.activeElement === field;
    const [start, end] = [field.selectionStart, field.selectionEnd];
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (focused && start !== null && end !== null) field.setSelectionRange(start, end);
  }
}

/**
 * Likewise a box ticked (or a radio button chosen) before: put back as the server rendered it, React
 * sees it as it rendered it, and a click then makes the visitor's change again, as the change it is.
 */
function carryTicks(root: HTMLElement): void {
  for (const box of root.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')) {
    const changed = box.type === 'radio' ? box.checked && !box.defaultChecked : box.checked !== box.defaultChecked;
    if (!changed) continue;
    box.checked = box.defaultChecked;
    box.click();
  }
}

/** Called as React starts hydrating `root`: presses from now on are React's. */
export function stopHoldingPresses(root: HTMLElement): void {
  holding = false;
  root.removeEventListener('click', onClick, true);
  root.removeEventListener('submit', onSubmit, true);
}

/**
 * Called once React has hydrated `root` (after stopHoldingPresses): hands it the typed text and
 * ticks, then, once React has rendered those, the press held before it started.
 */
export function releasePresses(root: HTMLElement): void {
  carryTypedText(root);
  carryTicks(root);
  const press = held;
  held = null;
  // React renders the changes above in a microtask; a task runs after it.
  if (press) setTimeout(press, 0);
}
