import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Values = Record<string, string | boolean>;
type NamesOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/**
 * What the checks found, by field: the message to show, or '' to only mark the field invalid (product.md §5:
 * an empty login field has no text). A valid field has none.
 */
export type FieldErrors<V> = { [K in keyof V]?: string };

/**
 * State and checks of the login screen's forms. They used react-hook-form + zod, which would put ~40 KB
 * gzip on the login route (ADR 0012); this keeps the behaviour they had with its defaults: fields are
 * checked on submit, which focuses the first invalid one, and after a submit each change re-checks its
 * own field.
 */
export function useAuthForm<V extends Values>(initialValues: V, validate: (values: V) => FieldErrors<V>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Shows the errors of `names` (all fields by default), focuses the first invalid one; true if none is. */
  const check = (names = Object.keys(values) as (keyof V & string)[]): boolean => {
    const found = validate(values);
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) next[name] = found[name];
      return next;
    });
    const invalid = names.filter((name) => found[name] !== undefined);
    const fields = Array.from(formRef.current?.elements ?? []) as HTMLInputElement[];
    fields.find((field) => invalid.includes(field.name))?.focus();
    return invalid.length === 0;
  };

  const onSubmit = (submit: (values: V) => unknown) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (check()) void submit(values);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, type, checked, value } = event.target;
    const next = { ...values, [name]: type === 'checkbox' ? checked : value } as V;
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [name]: validate(next)[name as keyof V] }));
  };

  return {
    values,
    errors,
    check,
    /** Spread into the <form>, with what to do with valid values. */
    form: (submit: (values: V) => unknown) => ({
      ref: formRef,
      onSubmit: onSubmit(submit),
      noValidate: true,
    }),
    /** Spread into a text input. */
    text: (name: NamesOf<V, string>) => ({ name, value: values[name] as string, onChange }),
    /** Spread into a checkbox. */
    checkbox: (name: NamesOf<V, boolean>) => ({ name, checked: values[name] as boolean, onChange }),
  };
}
