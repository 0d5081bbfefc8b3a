import { describe, expect, it } from 'vitest';
import { requestFormSchema, splitSkills } from './request-form';

describe('request form', () => {
  it('turns comma-separated skills and a date into the API input', () => {
    const parsed = requestFormSchema(4).parse({
      title: 'Test it',
      description: 'Try every level please.',
      skillsNeeded: 'UX, , Mobile',
      deadline: '2099-01-31',
      maxTesters: '3',
    });
    expect(parsed).toMatchObject({ projectId: 4, skillsNeeded: ['UX', 'Mobile'], maxTesters: 3 });
    expect(parsed.deadline?.toISOString()).toBe('2099-01-31T23:59:59.999Z');
    expect(splitSkills(' a ,b,')).toEqual(['a', 'b']);
  });
  it('takes the project from the picker when the form is not for a given project', () => {
    const values = {
      projectId: '',
      title: 'Test it',
      description: 'Try every level please.',
      skillsNeeded: '',
      deadline: '',
      maxTesters: '3',
    };
    const none = requestFormSchema(null).safeParse(values);
    expect(none.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['projectId', 'Please choose a project'],
    ]);
    expect(requestFormSchema(null).parse({ ...values, projectId: '12' })).toMatchObject({
      projectId: 12,
      deadline: null,
    });
    expect(requestFormSchema(4).parse({ ...values, projectId: '12' })).toMatchObject({ projectId: 4 });
  });
  it('reports the schema messages on the form fields', () => {
    const result = requestFormSchema(4).safeParse({
      title: 'x',
      description: 'short',
      skillsNeeded: '',
      deadline: '',
      maxTesters: '0',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Title must be at least 3 characters'],
      ['description', 'What testers should do must be at least 10 characters'],
      ['maxTesters', 'Max testers must be a whole number from 1 to 50'],
    ]);
  });
});
