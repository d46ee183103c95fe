import { Button, NumberInput, Select, TextInput } from '@mantine/core';
import { optionalText } from '@portal/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithMantine } from '../../testing/render';
import { recordToasts } from '../../testing/toasts';
import { ApiError } from '../api';
import { type SchemaForm, useSchemaForm } from './use-schema-form';

const toasts = recordToasts();
const correctFields = 'Please correct the highlighted fields.';

// A small attestation: nested owner fields and a child list whose rows are added and removed in place.
const schema = z.object({
  last_name: z.string().trim().min(1, 'Enter the last name.'),
  profile: z.object({ city: optionalText(), _firm: z.number({ error: 'Select a firm.' }).int() }),
  children: z.array(z.object({ name: z.string().trim().min(1, 'Name the child.'), shares: z.number().nullable() })),
});
type Body = z.output<typeof schema>;
type Child = { name: string | null; shares: number | null };

const FIRMS = [
  { value: '1', label: 'Demo Wealth' },
  { value: '2', label: 'Harbor Point' },
];

interface DemoProps {
  children: Child[];
  firm?: number | null;
  onSubmit?: (body: Body) => void;
  /** Hands the form to the test, which plays the server's part. */
  onForm?: (form: SchemaForm<unknown, Body>) => void;
}

function Demo({ children: initialChildren, firm = null, onSubmit = () => {}, onForm }: DemoProps) {
  const form = useSchemaForm(schema, {
    last_name: null,
    profile: { city: null, _firm: firm },
    children: initialChildren,
  });
  onForm?.(form as unknown as SchemaForm<unknown, Body>);
  const children = form.list<Child>('children');
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <TextInput label="Last name" {...form.text('last_name')} />
      <TextInput label="City" {...form.text('profile.city')} />
      <Select label="Firm" data={FIRMS} {...form.select('profile._firm')} />
      {children.rows.map((row) => (
        <fieldset key={row.key}>
          <TextInput label={`Child ${row.index + 1} name`} {...form.text(row.path('name'))} />
          <NumberInput label={`Child ${row.index + 1} shares`} {...form.number(row.path('shares'))} />
          <Button onClick={() => children.remove(row.index)}>Remove child {row.index + 1}</Button>
        </fieldset>
      ))}
      <Button onClick={() => children.add({ name: null, shares: null })}>Add child</Button>
      <Button type="submit">Save</Button>
    </form>
  );
}

/** The message an input announces as its error (Mantine links it with aria-describedby). */
function errorOf(label: string): string | null {
  // A Select's listbox carries its label too; the input is the one that shows the error.
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || null
  );
}

const children = (...names: string[]) => names.map((name) => ({ name, shares: null }));

function renderDemo(props: DemoProps) {
  let form: SchemaForm<unknown, Body> | undefined;
  renderWithMantine(<Demo {...props} onForm={(f) => (form = f)} />);
  const serverSays = (fields: Record<string, string>) => {
    const error = new ApiError(400, 'The request is not valid.', fields);
    act(() => form?.setServerErrors(error));
    return { shownInline: form?.errorMeta.showsInline(error) };
  };
  return { serverSays };
}

describe('a schema form', () => {
  it("puts the server's nested and child-row field messages on the inputs they name", () => {
    const { serverSays } = renderDemo({ children: children('Ann', 'Bob') });

    const { shownInline } = serverSays({ 'profile.city': 'Unknown city.', 'children.1.name': 'Name is taken.' });

    expect(errorOf('City')).toBe('Unknown city.');
    expect(errorOf('Child 2 name')).toBe('Name is taken.');
    expect(errorOf('Child 1 name')).toBeNull();
    expect(errorOf('Last name')).toBeNull();
    // Every message is beside an input, so the query client does not toast the detail as well.
    expect(shownInline).toBe(true);
  });

  it('leaves a message for a field no input shows to the toast', () => {
    const { serverSays } = renderDemo({ children: children('Ann') });
    expect(serverSays({ non_field_errors: 'Try again later.' }).shownInline).toBe(false);
    // A row that is not on the screen is not "shown" either.
    expect(serverSays({ 'children.4.name': 'Name the child.' }).shownInline).toBe(false);
  });

  it('removes a row in place: the rows after it move up with their values, inputs and errors', async () => {
    const user = userEvent.setup();
    const { serverSays } = renderDemo({ children: children('Ann', 'Bob', 'Cy') });
    serverSays({ 'children.2.name': 'Name is taken.' });
    const cyInput = screen.getByLabelText('Child 3 name');

    await user.click(screen.getByRole('button', { name: 'Remove child 1' }));

    expect(screen.queryByLabelText('Child 3 name')).toBeNull();
    expect(screen.getByLabelText('Child 1 name')).toHaveProperty('value', 'Bob');
    expect(screen.getByLabelText('Child 2 name')).toHaveProperty('value', 'Cy');
    // The same DOM input: a row keeps its identity (focus, caret) when a row above it goes.
    expect(screen.getByLabelText('Child 2 name')).toBe(cyInput);
    expect(errorOf('Child 2 name')).toBe('Name is taken.');
    expect(errorOf('Child 1 name')).toBeNull();
  });

  it('adds a row whose inputs are addressed by index, and submits the body nested like the wire', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderDemo({ children: children('Ann'), firm: 1, onSubmit });

    // A stored id shows as its option's label.
    expect(screen.getByRole('combobox', { name: 'Firm' })).toHaveProperty('value', 'Demo Wealth');

    await user.click(screen.getByRole('button', { name: 'Add child' }));
    await user.type(screen.getByLabelText('Child 2 name'), 'Dee');
    await user.type(screen.getByLabelText('Child 2 shares'), '5');
    await user.type(screen.getByLabelText('Last name'), '  Doe ');
    await user.type(screen.getByLabelText('City'), '   ');
    await user.click(screen.getByRole('combobox', { name: 'Firm' }));
    await user.click(screen.getByRole('option', { name: 'Harbor Point' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      last_name: 'Doe',
      // Blank text goes as null; the chosen option goes as the number the schema stores.
      profile: { city: null, _firm: 2 },
      children: [
        { name: 'Ann', shares: null },
        { name: 'Dee', shares: 5 },
      ],
    });
  });

  it('validates with the same schema before sending: messages land on nested inputs and child rows', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderDemo({ children: children('Ann', ''), onSubmit });

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('Last name')).toBe('Enter the last name.');
    expect(errorOf('Firm')).toBe('Select a firm.');
    expect(errorOf('Child 2 name')).toBe('Name the child.');
    expect(errorOf('Child 1 name')).toBeNull();

    // Typing clears that input's message, and only that one.
    await user.type(screen.getByLabelText('Child 2 name'), 'Bo');
    expect(errorOf('Child 2 name')).toBeNull();
    expect(errorOf('Last name')).toBe('Enter the last name.');
  });

  it('on a failed submit, focuses the first input in error in page order and says so in a toast', async () => {
    const user = userEvent.setup();
    renderDemo({ children: children('Ann', ''), firm: 1 });
    await user.type(screen.getByLabelText('Last name'), 'Doe');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(document.activeElement).toBe(screen.getByLabelText('Child 2 name'));
    expect(toasts.shown).toEqual([correctFields]);

    // Put right and saved: the toast goes, rather than linger over the form's success.
    expect(toasts.hidden).toEqual([]);
    await user.type(screen.getByLabelText('Child 2 name'), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toasts.hidden).toEqual([`error:${correctFields}`]);
  });

  it("focuses the first input the server's answer names, and toasts when every message is inline", async () => {
    const { serverSays } = renderDemo({ children: children('Ann', 'Bob') });
    serverSays({ 'children.1.name': 'Name is taken.', 'profile.city': 'Unknown city.' });
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
    expect(toasts.shown).toEqual([correctFields]);

    // A message no input shows: the query client toasts the server's detail instead.
    serverSays({ non_field_errors: 'Try again later.' });
    expect(toasts.shown).toEqual([correctFields]);
  });
});
