import { type LooseKeys, type UseFormReturnType, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { messages } from '@portal/domain';
import { type ChangeEvent, type FocusEvent, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../api';
import { clearError, notifyError } from '../notify';
import { getPath, hasPath } from './form-paths';
import { blankToNull, isNumberAt, schemaDeclares, schemaErrors } from './schema-errors';

/**
 * Form values shaped exactly like the wire body, except that any leaf may be null while it is being
 * edited (an empty text input, a Select with nothing chosen), and a text may be any text until the
 * schema says otherwise (a stored salutation outside today's list).
 */
export type FormDraft<T> = T extends File | Blob | Date
  ? T | null
  : T extends readonly (infer Item)[]
    ? FormDraft<Item>[]
    : T extends object
      ? { [K in keyof T]: FormDraft<T[K]> }
      : T extends string
        ? string | null
        : T | null;

/** What can take focus inside an input's wrapper (a radio group's first radio). */
const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** A child-row input's path as `ListRow.path` builds it, say `children.2.name`. */
export type RowFieldPath = `${string}.${number}.${string}`;

type Path<Values> = (LooseKeys<Values> & string) | RowFieldPath;

interface BoundProps {
  /** The field's path on its input element, so a failed submit can find the first input in error. */
  'data-path': string;
  error: React.ReactNode;
  onFocus: (event?: FocusEvent) => void;
  onBlur: (event?: FocusEvent) => void;
}

/** For TextInput, PasswordInput, Textarea: null shows as '', '' is stored as null. */
export interface TextProps extends BoundProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** For Select: Mantine speaks strings, the wire numbers (ids) or strings, as the schema says. */
export interface SelectProps extends BoundProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** For NumberInput: '' while empty, null on the wire. */
export interface NumberProps extends BoundProps {
  value: number | '';
  onChange: (value: number | string) => void;
}

/** For a NumberInput of dollars: the text Mantine hands over ('500.00' keeps its cents), null while empty. */
export interface DecimalProps extends BoundProps {
  value: number | string;
  onChange: (value: number | string) => void;
}

export interface CheckboxProps extends BoundProps {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** One row of a child list: a stable React key and the paths of its inputs. */
export interface ListRow {
  key: string;
  index: number;
  /** `field` of this row as a form path, say `children.2.name`. */
  path: (field: string) => RowFieldPath;
}

export interface ChildList<Item> {
  rows: ListRow[];
  /** Appends a row (or inserts it at `index`); errors of later rows move with them. */
  add: (item: Item, index?: number) => void;
  /** Removes a row in place; errors of later rows move up with them. */
  remove: (index: number) => void;
}

/** Put this in a mutation's `meta`: the query client then toasts only what no input shows. */
export type FormErrorMeta = {
  showsInline: (error: ApiError) => boolean;
};

export interface SchemaForm<Values, Output> extends UseFormReturnType<Values, Output> {
  text: (path: Path<Values>) => TextProps;
  select: (path: Path<Values>) => SelectProps;
  number: (path: Path<Values>) => NumberProps;
  decimal: (path: Path<Values>) => DecimalProps;
  checkbox: (path: Path<Values>) => CheckboxProps;
  /** Any other input (a FileInput) bound to the value as it is. */
  input: (path: Path<Values>) => ReturnType<UseFormReturnType<Record<string, unknown>>['getInputProps']>;
  list: <Item = unknown>(path: Path<Values>) => ChildList<Item>;
  /** Puts a server error's `fields` (`profile.city`, `children.2.name`) on the inputs they name. */
  setServerErrors: (error: unknown) => void;
  errorMeta: FormErrorMeta;
}

/**
 * A Mantine form over a domain zod schema. The values nest like the wire body, so a server field
 * key is also the input's path; the same schema validates on submit, and `onSubmit` hands over the
 * schema's parsed output (trimmed) with every empty text as null, ready to send.
 */
export interface SchemaFormOptions {
  /**
   * The toast after a submit the schema refused, when the screen has its own (a strategy's
   * 'Required fields not provided.'); the house's 'Please correct the highlighted fields.' otherwise.
   */
  invalidToast?: string;
}

export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  initialValues: FormDraft<z.input<S>>,
  options: SchemaFormOptions = {},
): SchemaForm<FormDraft<z.input<S>>, z.output<S>> {
  type Values = FormDraft<z.input<S>>;
  // The schema may depend on what the screen shows (a field required only for a super admin).
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  // Paths bound to an input since the form was mounted: a server message for one of them is shown there.
  const bound = useRef(new Set<string>()).current;
  const listKeys = useRef(new Map<string, string[]>()).current;

  // Mantine types values as a record; the screen-facing type is restored on return.
  const form = useForm<Record<string, unknown>, z.output<S>>({
    mode: 'controlled',
    initialValues: initialValues as Record<string, unknown>,
    validate: (values) => schemaErrors(schemaRef.current, values),
    transformValues: (values) => {
      const parsed = schemaRef.current.safeParse(values);
      return (parsed.success ? blankToNull(parsed.data) : values) as z.output<S>;
    },
  });
  const valuesRef = useRef(form.values);
  valuesRef.current = form.values;

  const errorMeta = useMemo<FormErrorMeta>(
    () => ({
      showsInline: (error) => {
        const keys = Object.keys(error.fields);
        return keys.length > 0 && keys.every((key) => bound.has(key) && hasPath(valuesRef.current, key));
      },
    }),
    [bound],
  );

  const bind = (path: string) => {
    // A misspelt path would bind an input to nothing; say so while developing.
    if (
      import.meta.env.DEV &&
      !bound.has(path) &&
      !hasPath(form.values, path) &&
      !schemaDeclares(schemaRef.current, path)
    ) {
      console.warn(`useSchemaForm: "${path}" is neither in the values nor in the schema`);
    }
    bound.add(path);
    const { error, onFocus, onBlur } = form.getInputProps(path);
    return { 'data-path': path, error, onFocus, onBlur } as BoundProps;
  };

  // The form element last submitted: a server answer arrives after the event, and two forms may be on
  // screen (a page and a modal), so the first input in error is looked for inside this one.
  const formElement = useRef<HTMLFormElement | null>(null);
  /**
   * Brings the first input in error (in the order of the page, not of the object) into view and gives
   * it focus, so the person sees what to correct where they are looking. False when none is on screen.
   */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const inError = new Set(Object.keys(errors).filter((key) => errors[key]));
    const root: ParentNode = formElement.current?.isConnected ? formElement.current : document;
    const input = Array.from(root.querySelectorAll<HTMLElement>('[data-path]')).find((element) =>
      inError.has(element.dataset.path ?? ''),
    );
    if (!input) return false;
    const focusable = input.matches(FOCUSABLE) ? input : input.querySelector<HTMLElement>(FOCUSABLE);
    (focusable ?? input).scrollIntoView?.({ block: 'center' });
    focusable?.focus({ preventScroll: true });
    return true;
  };
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => (event) => {
    if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
    const invalid = options.invalidToast ?? messages.validation.correctHighlighted;
    // A submit that passes takes back the toast of the one that did not.
    const passed: typeof handleSubmit = (values, submitEvent) => {
      clearError(invalid);
      return handleSubmit(values, submitEvent);
    };
    return form.onSubmit(passed, (errors, values, failedEvent) => {
      focusFirstError(errors);
      notifyError(invalid);
      handleValidationFailure?.(errors, values, failedEvent);
    })(event);
  };
  const valueAt = (path: string) => getPath(form.values, path);
  const set = (path: string, value: unknown) => form.setFieldValue(path, value);

  const schemaForm: SchemaForm<Record<string, unknown>, z.output<S>> = {
    ...form,
    onSubmit,
    errorMeta,
    text: (path) => {
      const value = valueAt(path);
      return {
        ...bind(path),
        value: value == null ? '' : String(value),
        onChange: (event) => {
          const next = event.currentTarget.value;
          set(path, next === '' ? null : next);
        },
      };
    },
    select: (path) => {
      const value = valueAt(path);
      const numeric = typeof value === 'number' || isNumberAt(schemaRef.current, path);
      return {
        ...bind(path),
        value: value == null || value === '' ? null : String(value),
        onChange: (next) => set(path, next == null || next === '' ? null : numeric ? Number(next) : next),
      };
    },
    number: (path) => {
      const value = valueAt(path);
      return {
        ...bind(path),
        value: typeof value === 'number' ? value : '',
        onChange: (next) => set(path, typeof next === 'number' ? next : null),
      };
    },
    decimal: (path) => {
      const value = valueAt(path);
      return {
        ...bind(path),
        value: typeof value === 'number' || typeof value === 'string' ? value : '',
        onChange: (next) => set(path, next === '' ? null : next),
      };
    },
    checkbox: (path) => ({
      ...bind(path),
      checked: Boolean(valueAt(path)),
      onChange: (event) => set(path, event.currentTarget.checked),
    }),
    input: (path) => {
      bind(path);
      return form.getInputProps(path);
    },
    list: <Item>(path: string): ChildList<Item> => {
      const items = valueAt(path);
      const length = Array.isArray(items) ? items.length : 0;
      let keys = listKeys.get(path);
      if (!keys) {
        keys = [];
        listKeys.set(path, keys);
      }
      // Values replaced wholesale (reset, a reload) may change the length behind our back.
      while (keys.length < length) keys.push(randomId());
      keys.length = length;
      const rowKeys = keys;
      return {
        rows: rowKeys.map((key, index) => ({ key, index, path: (field): RowFieldPath => `${path}.${index}.${field}` })),
        add: (item, index) => {
          rowKeys.splice(index ?? rowKeys.length, 0, randomId());
          form.insertListItem(path, item, index);
        },
        remove: (index) => {
          rowKeys.splice(index, 1);
          form.removeListItem(path, index);
        },
      };
    },
    setServerErrors: (error) => {
      if (!isApiError(error)) return;
      form.setErrors(error.fields);
      // Every message beside its input: the query client toasts nothing, so say it here. Otherwise
      // the query client toasts the server's detail.
      if (focusFirstError(error.fields) && errorMeta.showsInline(error))
        notifyError(messages.validation.correctHighlighted);
    },
  };
  return schemaForm as unknown as SchemaForm<Values, z.output<S>>;
}
