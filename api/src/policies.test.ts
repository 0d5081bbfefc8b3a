import { describe, expect, it } from 'vitest';
import { projectRead } from '@vitrine/db/queries/project-access';
import { can, type Actor } from './policies';

const actors: Array<Actor | null> = [
  null,
  { id: 1, isAdmin: false, isPaused: false },
  { id: 1, isAdmin: false, isPaused: true },
  { id: 2, isAdmin: false, isPaused: false },
  { id: 3, isAdmin: true, isPaused: false },
];
const projects = [false, true].flatMap((isHidden) => [1, null].map((userId) => ({ isHidden, userId })));

describe("the policies read 'project.read' from projectRead (db/src/queries/project-access.ts)", () => {
  it('project.read and the project half of testRequest.read answer as projectRead does, visitors included', () => {
    for (const user of actors)
      for (const project of projects) {
        const rule = projectRead.allows(user, project);
        expect(can(user, 'project.read', project)).toBe(rule);
        const request = {
          userId: 9,
          isHidden: false,
          projectHidden: project.isHidden,
          projectOwnerId: project.userId,
          joined: false,
        };
        expect(can(user, 'testRequest.read', request)).toBe(rule);
      }
  });
});

describe("'project.postUpdate': a project's updates are its owner's alone", () => {
  it('lets the unpaused owner write, never a paused owner, another member, an admin or a visitor', () => {
    const project = { isHidden: false, userId: 1 };
    expect(actors.map((user) => can(user, 'project.postUpdate', project))).toEqual([false, true, false, false, false]);
    // A project whose owner is gone has no one to write its updates.
    expect(actors.map((user) => can(user, 'project.postUpdate', { isHidden: false, userId: null }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
