import { cn } from '../../../lib/cn';

/** The skills a request asks for, as small tags. */
export function SkillList({ skills, className }: { skills: string[]; className?: string }) {
  if (skills.length === 0) return null;
  return (
    <ul aria-label="Skills needed" className={cn('flex flex-wrap gap-1.5', className)}>
      {skills.map((skill) => (
        <li
          key={skill}
          className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}
