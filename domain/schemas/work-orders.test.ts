import { describe, expect, it } from 'vitest';
import { workOrderFormSchema, workOrderInputSchema } from './work-orders';

const machine = '3f1e2d4c-5b6a-4789-8abc-def012345678';
const form = {
  equipmentId: machine,
  title: ' 250-hour service ',
  kind: 'service',
  priority: 'high',
  dueDate: '',
  assigneeId: '',
  vendor: '',
  tasks: 'Change oil\n\n  Replace filter  \n',
  notes: '',
  defectId: '',
};

describe('the New work order form’s schema (the request’s, tasks one a line)', () => {
  it('turns the form’s strings into the request the API parses', () => {
    const out = workOrderFormSchema.parse(form);
    expect(out).toEqual({
      equipmentId: machine,
      title: '250-hour service',
      kind: 'service',
      priority: 'high',
      dueDate: null,
      assigneeId: null,
      vendor: null,
      tasks: [
        { label: 'Change oil', done: false },
        { label: 'Replace filter', done: false },
      ],
      notes: null,
      defectId: null,
    });
    // What the form sends is what the server accepts.
    expect(workOrderInputSchema.parse(out)).toEqual(out);
  });

  it('refuses what the server refuses, with the same messages', () => {
    const issues = (v: Record<string, unknown>) =>
      workOrderFormSchema
        .safeParse({ ...form, ...v })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ title: '  ' })).toEqual([['title', 'Enter a title.']]);
    expect(issues({ assigneeId: machine, vendor: 'Shop' })?.[0]?.[0]).toBe('vendor');
    expect(
      issues({ tasks: Array.from({ length: 51 }, (_, i) => `t${i}`).join('\n') })?.[0]?.[0],
    ).toBe('tasks');
    expect(issues({ equipmentId: '' })?.[0]?.[0]).toBe('equipmentId');
  });
});
