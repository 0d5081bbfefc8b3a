import type { ProjectDetail } from '@vitrine/domain/answers';
import { Card } from '../../../../components/ui/card';
import { tagList } from '../../../../lib/tags';
import { RatingBadge } from '../rating-badge';
import { TagList } from '../tag-list';
import { ProjectActions } from './project-actions';
import { ProjectStats } from './project-stats';

/** The project page's main card: title and rating badge, stats, author, description, tags and buttons. */
export function ProjectSummary({
  project,
  onEdit,
  onReport,
}: {
  project: ProjectDetail;
  onEdit: () => void;
  onReport: () => void;
}) {
  const tags = tagList(project.tags);
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
          {project.title}
        </h1>
        <RatingBadge average={project.averageRating} count={project.totalRatings} className="mt-1.5" />
      </div>
      <ProjectStats project={project} />
      <p className="mt-5 whitespace-pre-line break-words text-zinc-700 dark:text-zinc-300">{project.description}</p>
      {tags.length > 0 ? <TagList tags={tags} className="mt-4" /> : null}
      <ProjectActions project={project} onEdit={onEdit} onReport={onReport} />
    </Card>
  );
}
