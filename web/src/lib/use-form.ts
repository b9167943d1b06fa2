// Form state for the app's few forms: values, the validator's messages and messages set from outside.
import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { hasErrors, validate, type FieldErrors, type Schema } from './validation';

/** The fields of `Values` whose value is a `Type` (the text fields: string; the checkboxes: boolean). */
type FieldsOf<Values, Type> = { [Field in keyof Values]-?: Values[Field] extends Type ? Field : never }[keyof Values] &
  string;

/** What a TextField or PasswordField needs to show and edit one text field of the form. */
export interface TextFieldBinding<Field extends string> {
  name: Field;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** What a Checkbox needs to show and edit one true/false field of the form. */
export interface CheckboxBinding<Field extends string> {
  name: Field;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface Form<Values> {
  values: Values;
  /** The message to show under each field: the validator's first, else one set by setFieldErrors. */
  errors: FieldErrors<Values>;
  setValue: <Field extends keyof Values>(field: Field, value: Values[Field]) => void;
  /** The props that bind a text input to a field: `<TextField label="Email" {...form.field('email')} />`. */
  field: <Field extends FieldsOf<Values, string>>(name: Field) => TextFieldBinding<Field>;
  /** The props that bind a checkbox to a true/false field: `<Checkbox label="…" {...form.checkbox('rememberMe')} />`. */
  checkbox: <Field extends FieldsOf<Values, boolean>>(name: Field) => CheckboxBinding<Field>;
  /**
   * Messages from outside the rules (the server's per-field answer, a check made on submit), shown
   * until their field is edited. The first such field gets the focus.
   */
  setFieldErrors: (errors: FieldErrors<Values>) => void;
  /** Validates, focuses the first invalid field, and calls `onValid` only when every rule passes. */
  handleSubmit: (onValid: (values: Values) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * Checks the rules on submit, then again on every change once the visitor has tried to submit (the
 * "validate on submit, re-validate on change" habit of common form libraries), so a message goes
 * away as soon as the field is fixed.
 */
export function useForm<Values extends object>(
  schema: Schema<Values>,
  initialValues: Values,
  /**
   * Text the browser knows and the server does not (the router's state, e.g. the e-mail just
   * registered): in the first render when the browser renders the form, but when the app hydrates a
   * form the server rendered, only afterwards and only into a field still empty and not being typed
   * into. The server's render and the client's first render then agree, and text typed before the app
   * hydrated (handed over by app/before-hydration.ts) is kept once, never joined to the prefilled text.
   */
  prefill: Partial<Record<FieldsOf<Values, string>, string>> = {},
): Form<Values> {
  const hydrating = useSyncExternalStore(noChanges, () => false, () => true);
  const [values, setValues] = useState(() => (hydrating ? initialValues : { ...initialValues, ...prefill }));
  const hydratedPrefill = useRef(hydrating ? prefill : null);
  // A count, not a flag: every submit re-renders, so the focus moves again on a second invalid try.
  const [submitCount, setSubmitCount] = useState(0);
  const [outsideErrors, setOutsideErrors] = useState<FieldErrors<Values>>({});
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusRequest = useRef<string[] | null>(null);

  // Focus moves after the render that marks the fields invalid, so a screen reader reads the field
  // together with its new message.
  useEffect(() => {
    if (!focusRequest.current || !formRef.current) return;
    focusFirstInvalid(formRef.current, focusRequest.current);
    focusRequest.current = null;
  });

  useEffect(() => {
    const later = hydratedPrefill.current;
    hydratedPrefill.current = null;
    if (!later) return;
    const typing = document.activeElement instanceof HTMLInputElement ? document.activeElement.name : undefined;
    setValues((current) => {
      const empty = (Object.entries(later) as [keyof Values, string | undefined][]).filter(
        ([name, value]) => value && current[name] === '' && name !== typing,
      );
      return empty.length === 0 ? current : { ...current, ...Object.fromEntries(empty) };
    });
  }, []);

  const errors: FieldErrors<Values> = { ...outsideErrors, ...(submitCount > 0 ? validate(schema, values) : {}) };

  function setValue<Field extends keyof Values>(field: Field, value: Values[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    setOutsideErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  function field<Field extends FieldsOf<Values, string>>(name: Field): TextFieldBinding<Field> {
    return {
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (event) => setValue(name, event.target.value as Values[Field]),
    };
  }

  function checkbox<Field extends FieldsOf<Values, boolean>>(name: Field): CheckboxBinding<Field> {
    return {
      name,
      checked: values[name] as boolean,
      onChange: (event) => setValue(name, event.target.checked as Values[Field]),
    };
  }

  function setFieldErrors(found: FieldErrors<Values>) {
    setOutsideErrors(found);
    focusRequest.current = Object.keys(found);
  }

  function handleSubmit(onValid: (values: Values) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setSubmitCount((count) => count + 1);
      const found = validate(schema, values);
      if (hasErrors(found)) {
        focusRequest.current = Object.keys(found);
        return;
      }
      onValid(values);
    };
  }

  return { values, errors, setValue, field, checkbox, setFieldErrors, handleSubmit };
}

/** useSyncExternalStore's subscription for a value that never changes after the first render. */
function noChanges(): () => void {
  return () => undefined;
}

/**
 * Focuses the invalid control that comes first in the form, so keyboard and screen-reader users land on it.
 * A field that is a list of rows names its controls by row (`options[2].priceKsh`): of those, the first
 * marked invalid.
 */
function focusFirstInvalid(form: HTMLFormElement, fields: string[]): void {
  const invalid = new Set(fields);
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      (invalid.has(element.name) ||
        (invalid.has(element.name.split('[')[0]!) && element.getAttribute('aria-invalid') === 'true')),
  );
  first?.focus();
}
