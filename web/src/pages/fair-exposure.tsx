/**
 * One lazily loaded chunk for the two surfaces of fair exposure: the home page's New & rising strip and
 * the /moderation page. Sharing one dynamic import keeps the landing page's JavaScript within its
 * budget (docs/performance.md): each further chunk adds its file names to the landing code.
 */
export { RisingStrip } from '../features/projects/components/rising-strip';
export { ModerationPage } from './moderation';
