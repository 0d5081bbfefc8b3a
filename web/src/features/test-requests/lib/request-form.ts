import { z } from '@vitrine/domain/zod';
import { testRequestCreateSchema } from '@vitrine/domain/schemas/test-request';
import type { TestRequestView } from '@vitrine/domain/answers';

/** The request form's own values: skills as comma-separated text, the deadline as a date field. */
export interface RequestFormValues {
  /** The project's id as the picker holds it ('' until chosen); ignored when the form is for a given project. */
  projectId: string;
  title: string;
  description: string;
  skillsNeeded: string;
  deadline: string;
  maxTesters: string;
}

/** Empty form for a new request: 5 testers, no deadline. */
export const EMPTY_REQUEST_FORM: RequestFormValues = {
  projectId: '',
  title: '',
  description: '',
  skillsNeeded: '',
  deadline: '',
  maxTesters: '5',
};

/** The form values of an existing request (edit). */
export function requestFormValues(request: TestRequestView): RequestFormValues {
  return {
    projectId: String(request.projectId),
    title: request.title,
    description: request.description,
    skillsNeeded: request.skillsNeeded.join(', '),
    deadline: request.deadline ? request.deadline.slice(0, 10) : '',
    maxTesters: String(request.maxTesters),
  };
}

/** Splits 'a, b , c' into tags. */
export function splitSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The form checked with the server's own schema (same messages); field names match the form. With a
 * `projectId` the request is for that project; with null the form's project picker says which.
 */
export function requestFormSchema(projectId: number | null) {
  return z.preprocess((raw) => {
    const v = raw as RequestFormValues;
    return {
      ...v,
      projectId: projectId ?? v.projectId,
      skillsNeeded: splitSkills(v.skillsNeeded),
      deadline: v.deadline || null,
    };
  }, testRequestCreateSchema);
}
