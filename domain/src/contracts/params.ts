import { z } from '../zod';
import { idSchema } from '../schemas/project';

/** Path parameters: a numeric id (400 'Invalid id' otherwise). */
export const idParams = z.object({ id: idSchema });
/** Path parameters of the admin user routes. */
export const userIdParams = z.object({ userId: idSchema });
/** Path parameters of the admin visibility route. */
export const projectIdParams = z.object({ projectId: idSchema });
/** Path parameters of a profile. */
export const usernameParams = z.object({ username: z.string() });
